/*
 * Inside the `spinlocks` engine: one card per lock.  Every card says who holds
 * the lock, who is spinning for it (and how many spin hints each has taken),
 * and who took it in which order, which is where unfairness and FIFO show.
 * Then what the lock is made of: the lock word (tas, ttas); the dispenser and
 * the display with each thread's ticket (ticket); the tail and one node per
 * thread with its `locked` flag and `next` link, and the queue they form
 * (mcs); each thread's `interested` flag and the turn, as memory holds them
 * (peterson).
 */
import type { ActorState, ObjectState, TraceEvent } from '../../../bridge/types';
import { t } from '../../../i18n';
import { ActorBadge } from '../../../components/ActorBadge';
import type { EngineViewProps } from '../../types';
import {
  acquisitions,
  holders,
  mcsHolder,
  mcsLinking,
  mcsNodes,
  mcsQueue,
  ownerOf,
  spinCounts,
  spinning,
  tickets,
} from '../model';
import s from './style.module.css';

type IndexOf = (name: string) => number;

function Badge({ name, indexOf }: { name: string; indexOf: IndexOf }) {
  return (
    <span class={s.who}>
      <ActorBadge name={name} index={Math.max(0, indexOf(name))} size="s" />
      <span class="visually-hidden">{name}</span>
    </span>
  );
}

function Cell({
  label,
  value,
  hint,
  testid,
  pulse,
}: {
  label: string;
  value: string | number;
  hint?: string;
  testid: string;
  pulse: boolean;
}) {
  return (
    <div class={pulse ? `${s.cell} ${s.pulse}` : s.cell}>
      <span class={s.field}>
        {label}
        {hint && <small class={s.hint}>{hint}</small>}
      </span>
      <output class={s.value} data-testid={testid}>
        {value}
      </output>
    </div>
  );
}

function LockWord({ o, pulse }: { o: ObjectState; pulse: boolean }) {
  const held = o.fields.held ?? 0;
  return <Cell label={`${t('spin.word')} held`} value={held} testid={`held-${o.name}`} pulse={pulse} />;
}

/** Peterson's lock: each of the two threads' flags and the turn (the first two actors are threads 0 and 1). */
function PetersonFlags({ o, actors, pulse }: { o: ObjectState; actors: ActorState[]; pulse: boolean }) {
  const name = (i: number) => actors[i]?.name ?? String(i);
  return (
    <>
      {[0, 1].map((i) => (
        <Cell
          key={i}
          label={t('spin.interested', { actor: name(i) })}
          hint={i === 0 ? t('spin.interestedHint') : undefined}
          value={o.fields[`flag${i}`] ?? 0}
          testid={`flag${i}-${o.name}`}
          pulse={pulse}
        />
      ))}
      <Cell
        label={t('spin.turn')}
        hint={t('spin.turnHint')}
        value={name(o.fields.turn ?? 0)}
        testid={`turn-${o.name}`}
        pulse={pulse}
      />
    </>
  );
}

function Tickets({
  o,
  trace,
  indexOf,
  pulse,
}: {
  o: ObjectState;
  trace: TraceEvent[];
  indexOf: IndexOf;
  pulse: boolean;
}) {
  const serving = o.fields.now_serving ?? 0;
  const held = [...tickets(trace, o.name)].filter(([, n]) => n >= serving || ownerOf(o) !== null);
  return (
    <>
      <div class={s.pair}>
        <Cell
          label={t('spin.nextTicket')}
          hint={t('spin.nextTicketHint')}
          value={o.fields.next_ticket ?? 0}
          testid={`next-${o.name}`}
          pulse={pulse}
        />
        <Cell
          label={t('spin.nowServing')}
          hint={t('spin.nowServingHint')}
          value={serving}
          testid={`serving-${o.name}`}
          pulse={pulse}
        />
      </div>
      {held.length > 0 && (
        <div>
          <h4 class={s.sub}>{t('spin.tickets')}</h4>
          <ul class={s.ticketList}>
            {held.map(([actor, n]) => {
              const twin = held.find(([other, m]) => other !== actor && m === n);
              return (
                <li
                  key={actor}
                  class={s.ticket}
                  data-testid={`ticket-${actor}`}
                  data-current={n === serving || undefined}
                  data-twin={twin ? true : undefined}
                >
                  <Badge name={actor} indexOf={indexOf} />
                  <code class={s.ticketNo}>#{n}</code>
                  {n < serving && <span class={s.note}>{t('spin.served')}</span>}
                  {twin && <span class={s.warn}>{t('spin.sameTicket', { other: twin[0] })}</span>}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </>
  );
}

function McsQueue({
  o,
  actors,
  trace,
  indexOf,
  pulse,
}: {
  o: ObjectState;
  actors: readonly ActorState[];
  trace: readonly TraceEvent[];
  indexOf: IndexOf;
  pulse: boolean;
}) {
  const { tail, nodes } = mcsNodes(o);
  const queue = mcsQueue(o, actors, mcsHolder(o, trace));
  return (
    <>
      <Cell
        label={t('spin.tail')}
        value={tail ?? t('spin.tailNone')}
        testid={`tail-${o.name}`}
        pulse={pulse}
      />
      <div>
        <h4 class={s.sub}>{t('spin.queue')}</h4>
        <ol class={s.queue} data-testid={`queue-${o.name}`}>
          {queue.length === 0 && <li class={s.note}>{t('spin.queueEmpty')}</li>}
          {queue.map((a, i) => (
            <li key={a} class={s.queued}>
              {i > 0 && (
                <span class={s.arrow} aria-hidden="true">
                  →
                </span>
              )}
              <Badge name={a} indexOf={indexOf} />
            </li>
          ))}
        </ol>
      </div>
      <div>
        <h4 class={s.sub}>{t('spin.nodes')}</h4>
        <ul class={s.nodes}>
          {nodes.map((n) => {
            const inQueue = queue.includes(n.actor) || n.actor === tail;
            const unlinked = mcsLinking(
              o,
              actors.find((a) => a.name === n.actor),
            );
            return (
              <li
                key={n.actor}
                class={s.node}
                data-testid={`node-${n.actor}`}
                data-queued={inQueue || undefined}
              >
                <Badge name={n.actor} indexOf={indexOf} />
                <code class={s.flag} data-on={n.locked === 1 || undefined}>
                  {t('spin.locked')} = {n.locked}
                </code>
                <code class={s.flag}>
                  {t('spin.next')} = {n.next ?? t('spin.none')}
                </code>
                {unlinked && <span class={s.warn}>{t('spin.linkMissing')}</span>}
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}

function LockCard({
  o,
  props,
  indexOf,
  spins,
}: {
  o: ObjectState;
  props: EngineViewProps;
  indexOf: IndexOf;
  spins: Map<string, number>;
}) {
  // the binding records an MCS holder one step late; the trace knows it at once
  const owner = o.type === 'mcs_lock' ? mcsHolder(o, props.trace) : ownerOf(o);
  // who is inside by the trace: two names when a mistake let a second thread in
  const inside = o.type === 'mcs_lock' ? (owner ? [owner] : []) : holders(props.trace, o);
  const pulse = props.changed.has(o.name);
  const waiting = spinning(props.state, o);
  const order = acquisitions(props.trace, o);
  return (
    <figure class={s.lock} data-object={o.name} data-testid={`lock-${o.name}`}>
      <figcaption class={s.caption}>
        <code class={s.objName}>{o.name}</code>
        <span class={s.type}>{o.type}</span>
        <span class={s.holder} data-testid={`owner-${o.name}`} data-twice={inside.length > 1 || undefined}>
          {inside.length > 0 ? (
            <>
              {inside.map((a) => (
                <Badge key={a} name={a} indexOf={indexOf} />
              ))}{' '}
              {t(inside.length > 1 ? 'spin.heldByTwo' : 'spin.heldBy', {
                actor: inside[0],
                other: inside[1] ?? '',
              })}
            </>
          ) : (
            t('spin.free')
          )}
        </span>
      </figcaption>
      {(o.type === 'tas_lock' || o.type === 'ttas_lock') && <LockWord o={o} pulse={pulse} />}
      {o.type === 'peterson_lock' && <PetersonFlags o={o} actors={props.state.actors} pulse={pulse} />}
      {o.type === 'ticket_lock' && <Tickets o={o} trace={props.trace} indexOf={indexOf} pulse={pulse} />}
      {o.type === 'mcs_lock' && (
        <McsQueue o={o} actors={props.state.actors} trace={props.trace} indexOf={indexOf} pulse={pulse} />
      )}
      <div class={s.row}>
        <h4 class={s.sub}>{t('spin.spinning')}</h4>
        <ul class={s.inline} data-testid={`spinning-${o.name}`}>
          {waiting.length === 0 && <li class={s.note}>{t('spin.nobodySpins')}</li>}
          {waiting.map((a) => (
            <li key={a} class={s.spinner}>
              <Badge name={a} indexOf={indexOf} />
              <span class={s.note}>{t('spin.spins', { n: spins.get(a) ?? 0 })}</span>
            </li>
          ))}
        </ul>
      </div>
      <div class={s.row}>
        <h4 class={s.sub}>{t('spin.order')}</h4>
        <ol class={s.inline} data-testid={`order-${o.name}`}>
          {order.length === 0 && <li class={s.note}>{t('spin.neverTaken')}</li>}
          {order.map((a) => (
            <li key={a.step} data-actor={a.actor}>
              <Badge name={a.actor} indexOf={indexOf} />
            </li>
          ))}
        </ol>
      </div>
    </figure>
  );
}

export function SpinlocksView(props: EngineViewProps) {
  const names = props.state.actors.map((a) => a.name);
  const indexOf = (n: string) => names.indexOf(n);
  const spins = spinCounts(props.trace);
  return (
    <div class={s.view} data-testid="spinlocks-view">
      {props.state.objects.map((o) => (
        <LockCard key={o.name} o={o} props={props} indexOf={indexOf} spins={spins} />
      ))}
    </div>
  );
}
