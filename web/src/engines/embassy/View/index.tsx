/*
 * Inside the `embassy` engine: the executor's run queue (the task being
 * polled, the batch in the order it will be polled, the tasks queued for the
 * next batch, the waiting ones), the task table an async console shows (each
 * task's state, polls, wakes, self-wakes, who woke it last and what it
 * awaits), and each primitive: a mutex's locked bit, permits, the one waker
 * slot with who registered it and who evicted whom, a fair semaphore's ticket
 * deque with its holes, a MultiWakerRegistration's list with its free room
 * (Watch, PubSubChannel), a PubSubChannel's queue (each message with the
 * number of subscribers still to read it) and each subscriber's next id.  The state comes from the state JSON (the task table
 * is binding.c's describe(), the run queue the executor model's "sched"); the
 * provenance of wakers from the trace (model/wakers.ts).
 *
 * Motion (../../motion): each task is one token, `task:t1`, drawn in exactly
 * one place of the run queue, so polling, waking and waiting carry it across;
 * each task's waker is one identity, `waker:t1`, drawn in the slot that holds
 * it or, when no slot does, at home in its task's row: a registration flies
 * it into the slot, an eviction flies it back.  Tickets are `ticket:s:7`,
 * queued messages `msg:ch:3`; holes and free room are not keyed.  A row's wake count flashes when it rises.
 */
import { Fragment, type JSX } from 'preact';
import { useMemo } from 'preact/hooks';
import type { MachineState, TraceEvent } from '../../../bridge/types';
import { t, tn } from '../../../i18n';
import { lastEviction, lastWakes, registrationOf, wakerProvenance, type Provenance } from '../wakers';
import { motionScope, MotionSwitch, useMotion } from '../../../motion';
import {
  embassyOf,
  pubsubOf,
  runQueueOf,
  runQueuePicture,
  slotsOf,
  taskState,
  wakerListsOf,
  wakerPlaces,
  type PubSubPicture,
  type RunQueuePicture,
  type Slots,
  type WakerList,
} from '../model';
import { ActorBadge } from '../../../components/ActorBadge';
import { statusView } from '../../../model/format';
import s from './style.module.css';

export interface EmbassyViewProps {
  state: MachineState;
  trace?: TraceEvent[];
}

function Token({ task, index }: { task: string; index: number }) {
  return (
    <span class={s.token} data-motion={`task:${task}`} data-testid={`rq-${task}`}>
      <ActorBadge name={task} index={index} size="s" />
    </span>
  );
}

function Waker({ task, index }: { task: string; index: number }) {
  return (
    <span
      class={s.waker}
      data-motion={`waker:${task}`}
      data-testid={`waker-${task}`}
      title={t('embassy.wakerOf', { task })}
    >
      <ActorBadge name={task} index={index} size="s" />
    </span>
  );
}

function RunQueueStrip({ rq, actorIndex }: { rq: RunQueuePicture; actorIndex: (n: string) => number }) {
  const cell = (label: string, tasks: string[], testid: string, note?: string) => (
    <div class={s.rqCell} data-testid={testid}>
      <div class={s.rqLabel}>
        {label}
        {note && <span class={s.rqNote}>{note}</span>}
      </div>
      <div class={s.rqTokens}>
        {tasks.length ? (
          tasks.map((n) => <Token key={n} task={n} index={actorIndex(n)} />)
        ) : (
          <span class={s.empty}>—</span>
        )}
      </div>
    </div>
  );
  return (
    <div class={s.runQueue} aria-label={t('embassy.runQueue')}>
      {cell(t('embassy.polling'), rq.polling, 'rq-polling')}
      {cell(t('embassy.batch'), rq.batch, 'rq-batch', t('embassy.batchNote'))}
      {cell(t('embassy.nextBatch'), rq.next, 'rq-next', t('embassy.nextBatchNote'))}
      {cell(t('embassy.waiting'), rq.waiting, 'rq-waiting')}
    </div>
  );
}

type WakerAt = (task: string | null, place: string) => JSX.Element | null;

/** A MultiWakerRegistration: its wakers in order, then its free room. */
function WakerListRow({ wl, wakerAt }: { wl: WakerList; wakerAt: WakerAt }) {
  const place = `list:${wl.object}:${wl.list}`;
  const cells = Math.max(wl.cap, wl.tasks.length);
  return (
    <div class={s.slotRow}>
      <span class={s.slotLabel}>{t(`embassy.list.${wl.list}`, { n: wl.cap })}</span>
      <ol class={s.wakerList} data-testid={`list-${wl.object}-${wl.list}`}>
        {Array.from({ length: cells }, (_, i) => {
          const task = wl.tasks[i];
          return (
            <li key={i} class={s.slot} data-task={task ?? ''}>
              {task ? wakerAt(task, place) : <span class={s.empty}>{t('embassy.freeWaker')}</span>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** A PubSubChannel: the queue, oldest first, each message with its readers to go; then each subscriber's next id. */
function PubSubInsides({
  name,
  ps,
  actorIndex,
}: {
  name: string;
  ps: PubSubPicture;
  actorIndex: (n: string) => number;
}) {
  const free = Math.max(0, ps.cap - ps.messages.length);
  return (
    <>
      <div class={s.queueLabel}>{t('embassy.queue', { len: ps.messages.length, cap: ps.cap })}</div>
      <ol class={s.deque} data-testid={`queue-${name}`}>
        {ps.messages.map((m) => (
          <li
            key={`m${m.id}`}
            class={s.ticket}
            data-motion={`msg:${name}:${m.id}`}
            data-id={m.id}
            data-remaining={m.remaining}
            title={tn('embassy.message', m.remaining, { id: m.id, value: m.value })}
          >
            <span class={s.ticketNo}>#{m.id}</span>
            <code class={s.msgValue}>{m.value}</code>
            <span
              class={s.toRead}
              data-motion={`remaining:${name}:${m.id}`}
              data-motion-fx="pop"
              data-motion-v={String(m.remaining)}
            >
              {t('embassy.toRead', { n: m.remaining })}
            </span>
          </li>
        ))}
        {Array.from({ length: free }, (_, i) => (
          <li key={`f${i}`} class={`${s.ticket} ${s.hole}`} data-free="1">
            <span class={s.empty}>{t('embassy.noMessage')}</span>
          </li>
        ))}
      </ol>
      <div class={s.slotRow}>
        <span class={s.slotLabel}>{t('embassy.subscribers')}</span>
        <ul class={s.readers} data-testid={`readers-${name}`}>
          {ps.readers.map((r) => (
            <li key={r.task} data-reader={r.task} data-next={r.next_id} data-lag={r.lag}>
              <ActorBadge name={r.task} index={actorIndex(r.task)} size="s" />{' '}
              <span class={s.ticketNo}>{t('embassy.nextId', { id: r.next_id })}</span>
              {r.lag > 0 && <span class={s.lag}> {t('embassy.lagged', { n: r.lag })}</span>}
            </li>
          ))}
          {ps.readers.length === 0 && <li class={s.empty}>{t('embassy.noSubscriber')}</li>}
        </ul>
      </div>
    </>
  );
}

/** One primitive: its locked bit, permits, other fields, its waker slot or ticket deque,
 * its waker lists and, for a PubSubChannel, its queue and subscribers. */
function ObjectCard({
  o,
  sl,
  lists,
  prov,
  wakerAt,
  actorIndex,
}: {
  o: MachineState['objects'][number];
  sl: Slots | undefined;
  lists: WakerList[];
  prov: Provenance;
  wakerAt: WakerAt;
  actorIndex: (n: string) => number;
}) {
  const ps = pubsubOf(o);
  const list = sl?.tasks;
  const fair = sl?.kind === 'deque';
  const evict = lastEviction(prov, o.name);
  return (
    <figure key={o.name} class={s.object} data-object={o.name} data-testid={`object-${o.name}`}>
      <figcaption>
        <code>{o.name}</code> <span class={s.type}>{o.type}</span>
      </figcaption>
      {typeof o.fields.locked === 'number' && (
        <div class={s.bit} data-testid={`locked-${o.name}`} data-on={o.fields.locked ? '1' : '0'}>
          <span
            class={s.digit}
            data-motion={`bit:${o.name}.locked`}
            data-motion-fx="flip"
            data-motion-v={String(o.fields.locked)}
          >
            {o.fields.locked}
          </span>
          <span class={s.bitName}>locked</span>
        </div>
      )}
      {typeof o.fields.permits === 'number' && (
        <div class={s.permits} data-testid={`permits-${o.name}`}>
          {t('embassy.permits')}{' '}
          <output
            data-motion={`permits:${o.name}`}
            data-motion-fx="pop"
            data-motion-v={String(o.fields.permits)}
          >
            {o.fields.permits}
          </output>
        </div>
      )}
      <dl class={s.fields}>
        {Object.entries(o.fields)
          .filter(([name]) => name !== 'waker' && name !== 'locked' && name !== 'permits' && name !== 'head')
          .map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd aria-label={`${o.name}.${name}`}>{value}</dd>
            </div>
          ))}
      </dl>
      {list && !fair && (
        <div class={s.slotRow}>
          <span class={s.slotLabel}>{t('embassy.slot')}</span>
          <span class={s.slot} data-testid={`slot-${o.name}`}>
            {list[0] ? (
              wakerAt(list[0], `slot:${o.name}`)
            ) : (
              <span class={s.empty}>{t('embassy.emptySlot')}</span>
            )}
          </span>
          <span class={s.provenance} data-testid={`provenance-${o.name}`}>
            {list[0] && registrationOf(prov, o.name, list[0]) && (
              <span>
                {t('embassy.registeredAt', {
                  task: list[0],
                  step: registrationOf(prov, o.name, list[0])!.step,
                })}
              </span>
            )}
            {evict && (
              <span>{t('embassy.evicted', { by: evict.by, task: evict.target, step: evict.step })}</span>
            )}
          </span>
        </div>
      )}
      {list && fair && (
        <ol class={s.deque} data-testid={`deque-${o.name}`} aria-label={t('embassy.deque')}>
          {list.map((task, i) => {
            const ticket = sl.firstTicket + i;
            return task ? (
              <li
                key={`t${ticket}`}
                class={s.ticket}
                data-motion={`ticket:${o.name}:${ticket}`}
                data-ticket={ticket}
              >
                <span class={s.ticketNo}>#{ticket}</span>
                {wakerAt(task, `ticket:${o.name}:${ticket}`)}
              </li>
            ) : (
              <li key={`h${ticket}`} class={`${s.ticket} ${s.hole}`} data-ticket={ticket} data-hole="1">
                <span class={s.ticketNo}>#{ticket}</span>
                <span class={s.empty}>None</span>
              </li>
            );
          })}
          {list.length === 0 && <li class={s.empty}>{t('embassy.noQueue')}</li>}
        </ol>
      )}
      {ps && <PubSubInsides name={o.name} ps={ps} actorIndex={actorIndex} />}
      {lists.map((wl) => (
        <WakerListRow key={wl.list} wl={wl} wakerAt={wakerAt} />
      ))}
    </figure>
  );
}

export function EmbassyView({ state, trace = [] }: EmbassyViewProps) {
  const ex = embassyOf(state);
  const root = useMotion<HTMLDivElement>(state);
  const names = state.actors.map((a) => a.name);
  const actorIndex = (n: string) => names.indexOf(n);
  const prov: Provenance = useMemo(() => wakerProvenance(trace, names), [trace, names.join()]);
  const woke = lastWakes(prov);
  const q = runQueueOf(state);
  const rows = ex?.tasks ?? [];
  const slots = new Map(slotsOf(state).map((x) => [x.object, x]));
  const lists = wakerListsOf(state);
  // each task's waker is drawn in exactly one place (../model.ts): a slot, a ticket, or home
  const places = wakerPlaces(state);
  const wakerAt = (task: string | null, place: string) => {
    if (!task) return null;
    return places.get(task) === place ? (
      <Waker task={task} index={actorIndex(task)} />
    ) : (
      <ActorBadge name={task} index={actorIndex(task)} size="s" />
    );
  };
  const objectCards = state.objects
    .filter((o) => o.type !== 'executor')
    .map((o) => (
      <ObjectCard
        key={o.name}
        o={o}
        sl={slots.get(o.name)}
        lists={lists.filter((wl) => wl.object === o.name)}
        prov={prov}
        wakerAt={wakerAt}
        actorIndex={actorIndex}
      />
    ));
  return (
    <div ref={root} class={`${s.view} ${motionScope}`} data-testid="embassy-view">
      <RunQueueStrip rq={runQueuePicture(state)} actorIndex={actorIndex} />
      <div class={s.tableWrap}>
        <table class={s.tasks} data-testid="embassy-tasks">
          <caption class={s.caption}>{t('embassy.tasks', { ns: ex?.poll_ns ?? 50 })}</caption>
          <colgroup>
            <col class={s.badge} />
            <col />
            <col class={s.count} />
            <col class={s.wakesCol} />
            <col class={s.wakerCol} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{t('embassy.task')}</th>
              <th scope="col" title={t('embassy.col.state')}>
                {t('embassy.state')}
              </th>
              <th scope="col" title={t('embassy.col.polls')}>
                {t('embassy.polls')}
              </th>
              <th scope="col" title={t('embassy.col.wakes')}>
                {t('embassy.wakesSelf')}
              </th>
              <th scope="col" title={t('embassy.col.waker')}>
                {t('embassy.waker')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const st = taskState(row, q);
              const stateWord = (task: string, fallback: string) => {
                const actor = state.actors.find((a) => a.name === task);
                return actor
                  ? statusView(actor).label
                  : t(`embassy.state.${fallback}` as 'embassy.state.idle');
              };
              const w = woke.get(row.task);
              // each task: a row of numbers, then what it awaits and who woke it last, in words
              return (
                <Fragment key={row.task}>
                  <tr data-task={row.task} data-state={st} class={s.withDetail}>
                    <th scope="row">
                      <ActorBadge name={row.task} index={i} size="s" />
                    </th>
                    {/* the lane's word for the task's state: one word per state on the page */}
                    <td data-testid={`task-state-${row.task}`}>{stateWord(row.task, st)}</td>
                    <td class={s.num}>{row.polls}</td>
                    <td class={s.num}>
                      <span
                        data-motion={`wakes:${row.task}`}
                        data-motion-fx="flash"
                        data-motion-v={String(row.wakes)}
                      >
                        {row.wakes}
                      </span>
                      <span class={s.self} data-testid={`self-wakes-${row.task}`}>
                        {' '}
                        {t('embassy.selfCount', { n: row.self_wakes })}
                      </span>
                    </td>
                    <td
                      class={s.home}
                      data-testid={`home-${row.task}`}
                      data-away={places.get(row.task) === 'home' ? '0' : '1'}
                    >
                      {places.get(row.task) === 'home' && <Waker task={row.task} index={i} />}
                    </td>
                  </tr>
                  {/* every row has its words: the time polled and waiting, what it awaits, who woke it */}
                  <tr class={s.detail} data-detail={row.task}>
                    <td colSpan={5}>
                      <span data-testid={`busy-idle-${row.task}`}>
                        {t('embassy.busyIdle', { busy: row.busy_us, idle: row.idle_us })}
                      </span>
                      {row.await !== null && (
                        <span>
                          {t('embassy.awaits')}
                          <code>{row.await}</code>
                        </span>
                      )}
                      {w && st !== 'done' && (
                        <span data-testid={`woken-by-${row.task}`}>
                          {t(`embassy.wokenBy.${w.kind}`, {
                            by: w.by,
                            object: w.object ?? '',
                            step: w.step,
                          })}
                        </span>
                      )}
                      {row.lints.map((l) => (
                        <span key={l} class={s.lint}>
                          {l}
                        </span>
                      ))}
                    </td>
                  </tr>
                </Fragment>
              );
            })}
          </tbody>
        </table>
        <details class={s.columns} data-testid="embassy-columns">
          <summary>{t('embassy.columns')}</summary>
          <dl>
            {(['state', 'polls', 'wakes', 'waker'] as const).map((c) => (
              <div key={c} data-column={c}>
                <dt>
                  {t(c === 'wakes' ? 'embassy.wakesSelf' : `embassy.${c}`)}
                  {t('embassy.colSep')}
                </dt>
                <dd>{t(`embassy.col.${c}`)}</dd>
              </div>
            ))}
          </dl>
        </details>
      </div>
      <div class={s.objects}>{objectCards}</div>
      <MotionSwitch />
    </div>
  );
}
