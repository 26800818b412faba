/*
 * Inside the parking_lot engine, drawn: each one-byte mutex as its two bits
 * (PARKED, LOCKED) with the value in binary; the 64-bucket table as an 8×8
 * grid with each mutex's bucket lit; each busy bucket's lock holder and FIFO
 * of waiters as a chain of actor badges; each actor's parker flag and, while
 * it spins, its SpinWait round.  What changed in the last step pulses.
 *
 * Motion (../../motion): each thread is one token, `token:B`, drawn either in
 * its row of the parkers list or in its bucket's FIFO, so parking carries it
 * into the queue and an unpark (or a requeue) carries it out or across; the
 * state byte's bits and the bucket locks' shackles play an effect when their
 * value changes.  Every statement about a mutex comes from one reading of its
 * byte (holding()): the caption cannot say "held" beside 00.
 */
import { useMemo, useRef } from 'preact/hooks';
import type { MachineState, TraceEvent } from '../../../bridge/types';
import { t } from '../../../i18n';
import { actorColour, actorInk } from '../../../model/format';
import {
  SPIN_BUSY_ROUNDS,
  SPIN_ROUNDS,
  condvars,
  holding,
  isAsleep,
  lotView,
  mutexes,
  parkedOn,
  spinRound,
  type BucketView,
  type CondvarView,
  type MutexView,
} from '../model';
import { emptyChanges, lotChanges, type LotChanges } from '../changes';
import { motionScope, MotionSwitch, useMotion } from '../../../motion';
import { ActorBadge } from '../../../components/ActorBadge';
import s from './style.module.css';

export interface ParkingLotViewProps {
  state: MachineState;
  trace: TraceEvent[];
}

type Snap = { state: MachineState; trace: TraceEvent[] };

/** The changes since the previously rendered snapshot (kept across renders, not across scenarios). */
function useChanges(state: MachineState, trace: TraceEvent[]): LotChanges {
  const last = useRef<Snap | null>(null);
  const prev = useRef<Snap | null>(null);
  if (last.current?.state !== state) {
    const same =
      last.current &&
      last.current.state.objects.map((o) => o.name).join() === state.objects.map((o) => o.name).join() &&
      last.current.state.actors.map((a) => a.name).join() === state.actors.map((a) => a.name).join();
    prev.current = same ? last.current : null;
    last.current = { state, trace };
  }
  return useMemo(() => (prev.current ? lotChanges(prev.current, { state, trace }) : emptyChanges()), [state]);
}

/** A padlock, closed or open (drawn: no emoji font is needed); `motion`: its shackle's identity. */
function Lock({ open = false, motion }: { open?: boolean; motion?: string }) {
  return (
    <svg class={s.lockIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="3" y="7" width="10" height="7" rx="1.5" />
      <path
        d={open ? 'M5.5 7V5a2.5 2.5 0 0 1 5-.6' : 'M5.5 7V5a2.5 2.5 0 0 1 5 0v2'}
        fill="none"
        data-motion={motion}
        data-motion-fx={motion && 'shackle'}
        data-motion-v={motion && (open ? '0' : '1')}
      />
    </svg>
  );
}

function Bit({
  mutex,
  name,
  on,
  pulse,
  step,
}: {
  mutex: string;
  name: string;
  on: boolean;
  pulse: boolean;
  step: number;
}) {
  return (
    <div
      key={pulse ? `${name}-${step}` : name}
      class={[s.bit, on ? s.on : '', pulse ? s.pulse : ''].join(' ')}
      data-testid={`bit-${name}`}
      data-on={on ? '1' : '0'}
    >
      <span
        class={s.digit}
        data-motion={`bit:${mutex}.${name}`}
        data-motion-fx="flip"
        data-motion-v={on ? '1' : '0'}
      >
        {on ? '1' : '0'}
      </span>
      <span class={s.bitName}>{name}</span>
    </div>
  );
}

function MutexCard({
  m,
  changes,
  step,
  actorIndex,
}: {
  m: MutexView;
  changes: LotChanges;
  step: number;
  actorIndex: (n: string) => number;
}) {
  const h = holding(m);
  const owner = h.kind === 'held' ? actorIndex(h.actor) : -1;
  return (
    <figure class={s.mutex} data-object={m.name} data-testid={`mutex-${m.name}`}>
      <figcaption class={s.caption}>
        <code class={s.objName}>{m.name}</code>
        <span class={s.type}>mini_mutex</span>
        <span class={s.owner} data-testid={`holder-${m.name}`} data-holding={h.kind}>
          {h.kind === 'held' ? (
            <>
              {t('pl.heldBy')} {owner >= 0 && <ActorBadge name={h.actor} index={owner} size="s" />}
              <span class={owner >= 0 ? 'visually-hidden' : ''}>{h.actor}</span>
            </>
          ) : h.kind === 'locked' ? (
            t('pl.handedOver')
          ) : h.leaving ? (
            t('pl.leaving', { actor: h.leaving })
          ) : (
            t('pl.free')
          )}
        </span>
      </figcaption>
      <div class={s.byte}>
        <span class={s.byteLabel}>state</span>
        <div class={s.bits} role="img" aria-label={t('pl.bitsLabel', { name: m.name, bits: m.bits })}>
          <Bit
            mutex={m.name}
            name="PARKED"
            on={m.parked}
            pulse={changes.bits.has(`${m.name}.parked`)}
            step={step}
          />
          <Bit
            mutex={m.name}
            name="LOCKED"
            on={m.locked}
            pulse={changes.bits.has(`${m.name}.locked`)}
            step={step}
          />
        </div>
        <span class={s.result}>
          <span class={s.eq} aria-hidden="true">
            =
          </span>
          <code class={s.binary} data-testid={`bits-${m.name}`}>
            {m.bits}
          </code>
        </span>
      </div>
      <p class={s.meaning}>{t(`pl.meaning.${m.bits}` as 'pl.meaning.00')}</p>
      {m.key !== undefined && m.bucket !== undefined && (
        <p class={s.hash}>
          <code>
            key 0x{m.key.toString(16)} → lot[{m.bucket}]
          </code>
        </p>
      )}
    </figure>
  );
}

/** A condvar: whether anybody waits on it, and the mutex its waiters hold. */
function CondvarCard({ c }: { c: CondvarView }) {
  return (
    <figure class={s.mutex} data-object={c.name} data-testid={`condvar-${c.name}`}>
      <figcaption class={s.caption}>
        <code class={s.objName}>{c.name}</code>
        <span class={s.type}>condvar</span>
        <span class={s.owner} data-testid={`condvar-state-${c.name}`} data-waiters={c.waiters ? '1' : '0'}>
          {t(c.waiters ? 'pl.cv.waiters' : 'pl.cv.empty')}
        </span>
      </figcaption>
      <p class={s.meaning}>{c.mutex ? t('pl.cv.mutex', { mutex: c.mutex }) : t('pl.cv.noMutex')}</p>
      {c.key !== undefined && c.bucket !== undefined && (
        <p class={s.hash}>
          <code>
            key 0x{c.key.toString(16)} → lot[{c.bucket}]
          </code>
        </p>
      )}
    </figure>
  );
}

function Cell({ c, changed, step }: { c: BucketView; changed: boolean; step: number }) {
  const lit = c.mutexes.length > 0;
  const cls = [
    s.cell,
    lit ? s.lit : '',
    c.lockedBy ? s.locked : '',
    c.waiters.length ? s.busy : '',
    changed ? s.pulse : '',
  ]
    .filter(Boolean)
    .join(' ');
  const title = [
    `lot[${c.index}]`,
    lit ? c.mutexes.join(', ') : '',
    c.lockedBy ? t('pl.bucketHeld', { holder: c.lockedBy }) : '',
    c.waiters.length ? t('pl.waiting', { n: c.waiters.length }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <span key={changed ? `${c.index}-${step}` : c.index} class={cls} title={title} data-bucket={c.index}>
      {lit ? (
        <span class={s.cellName}>{c.mutexes.join(',')}</span>
      ) : (
        <span class={s.cellIndex}>{c.index}</span>
      )}
      {c.lockedBy && (
        <span class={s.lockMark} aria-hidden="true" data-motion={`cell-lock:${c.index}`}>
          <Lock />
        </span>
      )}
      {c.waiters.length > 0 && <span class={s.count}>{c.waiters.length}</span>}
    </span>
  );
}

function Bucket({
  c,
  changes,
  step,
  actorIndex,
}: {
  c: BucketView;
  changes: LotChanges;
  step: number;
  actorIndex: (n: string) => number;
}) {
  const holder = c.lockedBy ? actorIndex(c.lockedBy) : -1;
  const changed = changes.buckets.has(c.index);
  const several = new Set(c.waiters.map((w) => w.object)).size > 1 || c.mutexes.length > 1;
  return (
    <div
      key={changed ? `b${c.index}-${step}` : `b${c.index}`}
      class={changed ? `${s.bucket} ${s.pulseBox}` : s.bucket}
      data-testid={`bucket-${c.index}`}
      data-motion={`bucket:${c.index}`}
    >
      <div class={s.bucketHead}>
        <code class={s.bucketName}>lot[{c.index}]</code>
        {c.mutexes.length > 0 && (
          <span class={s.bucketFor}>{t('pl.bucketOf', { names: c.mutexes.join(', ') })}</span>
        )}
        <span class={s.bucketLock} data-testid={`bucket-lock-${c.index}`}>
          {c.lockedBy ? (
            <>
              <Lock motion={`shackle:${c.index}`} />
              {t('pl.lockedBy')}{' '}
              {holder >= 0 ? <ActorBadge name={c.lockedBy} index={holder} size="s" /> : null}
              <span class={holder >= 0 ? 'visually-hidden' : ''}>{c.lockedBy}</span>
            </>
          ) : (
            <span class={s.dim}>
              <Lock open motion={`shackle:${c.index}`} />
              {t('pl.unlocked')}
            </span>
          )}
        </span>
      </div>
      <ol
        class={s.queue}
        aria-label={t('pl.queueLabel', { bucket: c.index })}
        data-testid={`queue-${c.index}`}
      >
        <li class={s.qEnd} aria-hidden="true">
          {t('pl.head')}
        </li>
        {c.waiters.length === 0 && <li class={s.qEmpty}>{t('pl.queueEmpty')}</li>}
        {c.waiters.map((w, k) => {
          const i = actorIndex(w.actor);
          return (
            <li
              key={w.actor}
              class={changes.joined.has(w.actor) ? `${s.waiter} ${s.joined}` : s.waiter}
              data-actor={w.actor}
            >
              {k > 0 && (
                <span class={s.arrow} aria-hidden="true">
                  →
                </span>
              )}
              <span
                class={s.node}
                style={{ '--actor': actorColour(Math.max(i, 0)), '--actor-ink': actorInk(Math.max(i, 0)) }}
                data-motion={`token:${w.actor}`}
              >
                <span class={s.nodeName}>{w.actor}</span>
                {several && <code class={s.nodeKey}>{w.object ?? `0x${w.key.toString(16)}`}</code>}
              </span>
              <span class="visually-hidden">
                {t('pl.waiterLabel', { actor: w.actor, object: w.object ?? `0x${w.key.toString(16)}` })}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function SpinPips({ round }: { round: number }) {
  return (
    <span class={s.pips} aria-hidden="true">
      {Array.from({ length: SPIN_ROUNDS }, (_, k) => (
        <span
          key={k}
          class={[s.pip, k < SPIN_BUSY_ROUNDS ? s.busyPip : s.yieldPip, k < round ? s.done : ''].join(' ')}
        />
      ))}
    </span>
  );
}

/**
 * A thread's token at home in its row (not queued anywhere), or the empty
 * place it left while it waits in a bucket's FIFO.
 */
function Home({ name, index, away }: { name: string; index: number; away: boolean }) {
  if (away)
    return (
      <span
        class={s.away}
        style={{ '--actor': actorColour(index) }}
        title={t('pl.away')}
        data-testid={`home-${name}`}
        data-away="1"
      >
        <span aria-hidden="true">{name.slice(0, 2)}</span>
      </span>
    );
  return (
    <span class={s.home} data-motion={`token:${name}`} data-testid={`home-${name}`} data-away="0">
      <ActorBadge name={name} index={index} size="s" />
    </span>
  );
}

export function ParkingLotView({ state, trace }: ParkingLotViewProps) {
  const root = useMotion<HTMLDivElement>(state);
  const changes = useChanges(state, trace);
  const ms = mutexes(state);
  const lot = lotView(state);
  const names = state.actors.map((a) => a.name);
  const actorIndex = (n: string) => names.indexOf(n);
  // the buckets worth a closer look: the mutexes' own, and any with a holder or waiters
  const shown = lot.cells.filter((c) => c.mutexes.length > 0 || c.lockedBy || c.waiters.length > 0);
  const cols = Math.max(1, Math.round(Math.sqrt(lot.buckets)));
  const queued = new Set(lot.cells.flatMap((c) => c.waiters.map((w) => w.actor)));
  return (
    <div ref={root} class={`${s.view} ${motionScope}`} data-testid="parking-lot-view">
      <div class={s.mutexes}>
        {ms.map((m) => (
          <MutexCard key={m.name} m={m} changes={changes} step={state.step} actorIndex={actorIndex} />
        ))}
        {condvars(state).map((c) => (
          <CondvarCard key={c.name} c={c} />
        ))}
      </div>

      <section class={s.section} aria-labelledby="lot-title">
        <h3 id="lot-title" class={s.sub}>
          {t('pl.lot', { n: lot.buckets })}
        </h3>
        <p class={s.hint}>{t('pl.lotHint')}</p>
        <div
          class={s.grid}
          style={{ '--cols': cols }}
          role="img"
          aria-label={t('pl.gridLabel', {
            n: lot.buckets,
            lit: shown.map((c) => `lot[${c.index}]`).join(', ') || '—',
          })}
          data-testid="bucket-grid"
        >
          {lot.cells.map((c) => (
            <Cell key={c.index} c={c} changed={changes.buckets.has(c.index)} step={state.step} />
          ))}
        </div>
        <div class={s.buckets}>
          {shown.map((c) => (
            <Bucket key={c.index} c={c} changes={changes} step={state.step} actorIndex={actorIndex} />
          ))}
        </div>
      </section>

      <section class={s.section} aria-labelledby="parkers-title">
        <h3 id="parkers-title" class={s.sub}>
          {t('pl.parkers')}
        </h3>
        <ul class={s.parkers}>
          {state.actors.map((a, i) => {
            const round = spinRound(trace, a.name);
            const spinning = round !== null && a.status !== 'finished';
            const asleep = isAsleep(a);
            const on = parkedOn(state, a.name);
            const flagChanged = changes.parkers.has(a.name);
            return (
              <li key={a.name} class={s.parker} data-actor={a.name} data-testid={`parker-${a.name}`}>
                <Home name={a.name} index={i} away={queued.has(a.name)} />
                <span
                  key={flagChanged ? `f-${state.step}` : 'f'}
                  class={flagChanged ? `${s.flag} ${s.pulse}` : s.flag}
                  title={t('pl.flagHint')}
                  data-testid={`flag-${a.name}`}
                  data-motion={`flag:${a.name}`}
                  data-motion-fx="pop"
                  data-motion-v={a.parker ? '1' : '0'}
                >
                  <span aria-hidden="true">{a.parker ? '●' : '○'}</span>
                  <span class="visually-hidden">{t(a.parker ? 'pl.flagSet' : 'pl.flagClear')}</span>
                </span>
                <span class={s.parkerState}>
                  {a.status === 'finished'
                    ? t('pl.finished')
                    : asleep
                      ? on
                        ? t('pl.asleepOn', { object: on })
                        : t('pl.asleep')
                      : spinning
                        ? t(round <= SPIN_BUSY_ROUNDS ? 'pl.spinBusy' : 'pl.spinYield', {
                            round,
                            total: SPIN_ROUNDS,
                          })
                        : t('pl.awake')}
                </span>
                {spinning && !asleep && (
                  <span
                    key={changes.spins.has(a.name) ? `s-${state.step}` : 's'}
                    class={changes.spins.has(a.name) ? `${s.spin} ${s.pulse}` : s.spin}
                    data-testid={`spin-${a.name}`}
                  >
                    <span aria-hidden="true">↻ </span>
                    <SpinPips round={round} />
                  </span>
                )}
              </li>
            );
          })}
        </ul>
        <p class={s.hint}>{t('pl.flagHint')}</p>
      </section>
      <MotionSwitch />
    </div>
  );
}
