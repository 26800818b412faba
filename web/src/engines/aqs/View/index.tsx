/*
 * Inside the aqs engine, drawn: each semaphore's permits as a gauge with a
 * zero line and a debt region below it (reducePermits can drive the count
 * negative), its capacity marked when the scenario declares one; its wait
 * queue as a chain of nodes from head to tail, each with its thread, its
 * status (0, WAITING, CANCELLED: a shape and a colour) and the permits it
 * wants; who holds how many permits (the scenario's count, which the
 * semaphore itself does not keep); fair or nonfair; each thread's interrupt
 * flag; the virtual clock.  What changed in the last step pulses, and a node
 * that has just left the queue fades out where it stood.
 *
 * Motion (../../motion): nodes are keyed by semaphore and thread, so a node
 * joining fades in at the tail and the others slide forward once the one that
 * left is gone; permit boxes fill and empty one after another along the way
 * the count went (through zero into the debt region and back); interrupt
 * lamps, on the thread and on the node it cancels, flash when they light.
 */
import { useMemo, useRef } from 'preact/hooks';
import type { MachineState, TraceEvent } from '../../../bridge/types';
import { t } from '../../../i18n';
import { aqsChanges, emptyAqsChanges, queueWithLeft, type AqsChanges } from '../changes';
import { formatMicros, placeText } from '../words';
import { gaugeBar, gaugeCells, gaugeScale, permitHistory, region, type GaugeScale } from '../gauge';
import { interruptFlags, queuedIn, semaphores, type QueueNode, type SemaphoreView } from '../model';
import { actorColour, actorInk } from '../../../model/format';
import { motionScope, MotionSwitch, useMotion } from '../../../motion';
import { ActorBadge } from '../../../components/ActorBadge';
import s from './style.module.css';

export interface AqsViewProps {
  state: MachineState;
  trace: TraceEvent[];
}

/** The changes since the previously rendered snapshot (kept across renders, not across scenarios). */
function useChanges(state: MachineState): AqsChanges {
  const last = useRef<MachineState | null>(null);
  const prev = useRef<MachineState | null>(null);
  if (last.current !== state) {
    const l = last.current;
    const same =
      l &&
      l.objects.map((o) => o.name).join() === state.objects.map((o) => o.name).join() &&
      l.actors.map((a) => a.name).join() === state.actors.map((a) => a.name).join();
    prev.current = same ? l : null;
    last.current = state;
  }
  return useMemo(() => (prev.current ? aqsChanges(prev.current, state) : emptyAqsChanges()), [state]);
}

const pulseKey = (on: boolean, base: string, step: number) => (on ? `${base}-${step}` : base);

/** A node status as a shape (never colour alone): ○ 0, ● WAITING, ✕ CANCELLED. */
function StatusShape({ status }: { status: string }) {
  return (
    <span class={s.shape} aria-hidden="true">
      {status === 'WAITING' ? '●' : status === 'CANCELLED' ? '✕' : '○'}
    </span>
  );
}

function statusClass(status: string): string {
  return status === 'WAITING' ? s.stWaiting! : status === 'CANCELLED' ? s.stCancelled! : s.stZero!;
}

/** A lightning bolt in a lamp: the interrupt flag. */
function Bolt() {
  return (
    <svg class={s.bolt} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M9.2 1.5 3.8 9h3.6l-1 5.5L12.2 7H8.6z" />
    </svg>
  );
}

/**
 * The order in which the boxes between the old and the new count change, as a
 * fraction of the step's motion to wait: the level rises (or falls) box after
 * box, through zero.
 */
function fillDelays(
  cells: readonly { value: number; filled: boolean }[],
  was: number | undefined,
  now: number,
) {
  const out = new Map<number, number>();
  if (was === undefined || was === now) return out;
  const lo = Math.min(was, now);
  const hi = Math.max(was, now);
  // boxes strictly between the two levels, plus the one at the far end: the ones whose fill changed
  const moved = cells
    .map((c) => c.value)
    .filter((v) => (v > 0 ? v > lo && v <= hi : v >= lo && v < hi))
    .sort((a, b) => (now > was ? a - b : b - a));
  moved.forEach((v, k) => out.set(v, moved.length > 1 ? (0.6 * k) / (moved.length - 1) : 0));
  return out;
}

function Gauge({
  sem,
  scale,
  changed,
  was,
}: {
  sem: SemaphoreView;
  scale: GaugeScale;
  changed: boolean;
  was: number | undefined;
  step: number;
}) {
  const where = region(sem.permits);
  const label = t('aqs.gaugeLabel', { name: sem.name, permits: sem.permits });
  if (!scale.units) {
    const bar = gaugeBar(sem.permits, scale);
    const cap = sem.capacity !== null ? gaugeBar(sem.capacity, scale).to : null;
    return (
      <div
        class={`${s.gauge} ${s.barGauge}`}
        role="img"
        aria-label={label}
        data-testid={`gauge-${sem.name}`}
        data-region={where}
      >
        <div class={s.track}>
          <div class={s.debtZone} style={{ height: `${bar.zero * 100}%` }}>
            <span class={s.debtWord}>{t('aqs.debtRegion')}</span>
          </div>
          <div
            class={`${s.bar} ${where === 'debt' ? s.barDebt : ''}`}
            style={{ bottom: `${bar.from * 100}%`, height: `${(bar.to - bar.from) * 100}%` }}
            data-motion={`bar:${sem.name}`}
          />
          <div class={s.zeroLine} style={{ bottom: `${bar.zero * 100}%` }}>
            <span class={s.zeroLabel}>{t('aqs.zeroLine')}</span>
          </div>
          {cap !== null && (
            <div class={s.capLine} style={{ bottom: `${cap * 100}%` }}>
              <span class={s.capLabel}>{sem.capacity}</span>
            </div>
          )}
        </div>
      </div>
    );
  }
  const cells = gaugeCells(sem.permits, scale);
  const delays = fillDelays(cells, was, sem.permits);
  const box = (value: number, filled: boolean) => (
    <span
      class={s.box}
      data-motion={`permit:${sem.name}:${value}`}
      data-motion-fx="fill"
      data-motion-v={filled ? '1' : '0'}
      data-motion-delay={delays.get(value)}
    />
  );
  const above = cells.filter((c) => !c.debt);
  const below = cells.filter((c) => c.debt);
  const rows = cells.length;
  const boxSize = Math.max(10, Math.min(30, Math.floor(176 / rows)));
  const allTicks = rows <= 8;
  return (
    <div
      class={s.gauge}
      role="img"
      aria-label={label}
      data-testid={`gauge-${sem.name}`}
      data-region={where}
      style={{ '--box': `${boxSize}px` }}
    >
      <div class={s.freeCells}>
        {above.map((c) => (
          <div
            key={c.value}
            class={[
              s.cell,
              c.filled ? s.token : '',
              sem.capacity === c.value ? s.capCell : '',
              changed && c.filled && c.value === sem.permits ? s.pulseCell : '',
            ].join(' ')}
            data-value={c.value}
            data-filled={c.filled ? '1' : '0'}
          >
            <span class={s.tick}>
              {allTicks || c.value === scale.top || c.value === sem.capacity || c.value === sem.permits
                ? c.value
                : ''}
            </span>
            {box(c.value, c.filled)}
          </div>
        ))}
      </div>
      <div class={s.zeroRule}>
        <span class={s.tick}>{t('aqs.zeroLine')}</span>
      </div>
      <div class={s.debtCells}>
        <span class={s.debtWord} aria-hidden="true">
          {t('aqs.debtRegion')}
        </span>
        {below.map((c) => (
          <div
            key={c.value}
            class={[s.cell, s.debtCell, c.filled ? s.owed : '', changed && c.filled ? s.pulseCell : ''].join(
              ' ',
            )}
            data-value={c.value}
            data-filled={c.filled ? '1' : '0'}
          >
            <span class={s.tick}>
              {allTicks || c.value === scale.bottom || c.value === sem.permits ? c.value : ''}
            </span>
            {box(c.value, c.filled)}
          </div>
        ))}
      </div>
    </div>
  );
}

function Node({
  sem,
  n,
  changes,
  step,
  actorIndex,
  interrupted,
  ghost = false,
}: {
  sem: string;
  n: QueueNode;
  changes: AqsChanges;
  step: number;
  actorIndex: (a: string) => number;
  /** its thread's interrupt flag is set */
  interrupted: boolean;
  ghost?: boolean;
}) {
  const id = `${sem}:${n.actor}`;
  const joined = changes.joined.has(id);
  const moved = changes.status.has(id);
  const i = n.actor ? actorIndex(n.actor) : -1;
  const actor = n.actor ?? '?';
  return (
    <li
      key={pulseKey(joined || moved || ghost, `n-${actor}`, step)}
      class={[
        s.node,
        statusClass(n.status),
        joined ? s.joined : '',
        moved ? s.pulseNode : '',
        ghost ? s.ghost : '',
      ]
        .filter(Boolean)
        .join(' ')}
      data-actor={actor}
      data-status={ghost ? 'gone' : n.status}
      data-testid={ghost ? `left-${sem}-${actor}` : `node-${sem}-${actor}`}
      aria-hidden={ghost ? 'true' : undefined}
      // one identity for the node and, for one step, the place it left: the nodes behind it slide
      // forward when that place is gone
      data-motion={`node:${sem}:${actor}`}
    >
      <span class={s.nodeBody}>
        {i >= 0 ? (
          <ActorBadge name={actor} index={i} size="s" />
        ) : (
          <span class={s.unknown} aria-hidden="true">
            ?
          </span>
        )}
        <span class={s.status} data-testid={ghost ? undefined : `status-${sem}-${actor}`}>
          <StatusShape status={n.status} />
          <code>{n.status}</code>
        </span>
        <span class={s.wants}>{t('aqs.wants', { n: n.wants })}</span>
        {!ghost && (
          // always there (hidden while it has nothing to say), so lighting it is a change it can flash
          <span
            class={[
              s.lamp,
              s.nodeLamp,
              interrupted ? s.lampOn : '',
              interrupted || n.status === 'CANCELLED' ? '' : s.lampIdle,
            ].join(' ')}
            title={t(interrupted ? 'aqs.interrupted' : 'aqs.notInterrupted')}
            data-testid={`node-lamp-${sem}-${actor}`}
            data-on={interrupted ? '1' : '0'}
            data-motion={`node-lamp:${sem}:${actor}`}
            data-motion-fx="flash"
            data-motion-v={interrupted ? '1' : '0'}
            aria-hidden="true"
          >
            <Bolt />
          </span>
        )}
        {ghost && <span class={s.leftTag}>{t('aqs.left')}</span>}
      </span>
      {!ghost && (
        <span class="visually-hidden">{t('aqs.nodeLabel', { actor, status: n.status, n: n.wants })}</span>
      )}
    </li>
  );
}

function SemaphoreCard({
  sem,
  trace,
  changes,
  step,
  actorIndex,
  flags,
}: {
  sem: SemaphoreView;
  trace: TraceEvent[];
  changes: AqsChanges;
  step: number;
  actorIndex: (a: string) => number;
  flags: Map<string, boolean>;
}) {
  const history = useMemo(() => permitHistory(trace, sem.name), [trace, sem.name]);
  const scale = gaugeScale(sem, history);
  const was = changes.permits.get(sem.name);
  const changed = was !== undefined;
  const where = region(sem.permits);
  const left = changes.left.get(sem.name) ?? [];
  const firstChanged = changes.first.has(sem.name);
  const meaning =
    where === 'free'
      ? t(sem.permits === 1 ? 'aqs.meaning.one' : 'aqs.meaning.free', { n: sem.permits })
      : where === 'zero'
        ? t('aqs.meaning.zero')
        : t('aqs.meaning.debt', { n: -sem.permits });
  return (
    <figure class={s.sem} data-object={sem.name} data-testid={`sem-${sem.name}`}>
      <figcaption class={s.caption}>
        <code class={s.objName}>{sem.name}</code>
        <span class={s.type}>{t('aqs.type')}</span>
        <span
          class={`${s.mode} ${sem.fair ? s.fair : s.nonfair}`}
          data-testid={`mode-${sem.name}`}
          title={t(sem.fair ? 'aqs.fairHint' : 'aqs.nonfairHint')}
        >
          {t(sem.fair ? 'aqs.fair' : 'aqs.nonfair')}
        </span>
      </figcaption>

      <div class={s.body}>
        <Gauge sem={sem} scale={scale} changed={changed} was={was} step={step} />
        <div class={s.readout}>
          <span class={s.readLabel}>{t('aqs.permits')}</span>
          <span
            key={pulseKey(changed, 'v', step)}
            class={[
              s.value,
              where === 'debt' ? s.valDebt : where === 'zero' ? s.valZero : s.valFree,
              String(sem.permits).length > 8 ? s.valHuge : String(sem.permits).length > 4 ? s.valLong : '',
              changed ? s.pulse : '',
            ].join(' ')}
            data-testid={`permits-${sem.name}`}
            data-region={where}
          >
            {sem.permits}
          </span>
          {changed && (
            <span class={s.delta} data-testid={`delta-${sem.name}`}>
              {t('aqs.change', { old: was })}
            </span>
          )}
          <p class={s.meaning}>{meaning}</p>
          {sem.capacity !== null && (
            <p
              key={pulseKey(changes.capacity.has(sem.name), 'c', step)}
              class={[s.capacity, changes.capacity.has(sem.name) ? s.pulse : ''].join(' ')}
              title={t('aqs.capacityHint')}
              data-testid={`capacity-${sem.name}`}
            >
              {t('aqs.capacity', { n: sem.capacity })}
            </p>
          )}
          {sem.drift > 0 && (
            <p class={s.drift} data-testid={`drift-${sem.name}`}>
              <span aria-hidden="true">⚠ </span>
              {t('aqs.drift', { n: sem.drift })}
            </p>
          )}
        </div>
      </div>
      <p class={s.hint}>{t(sem.fair ? 'aqs.fairHint' : 'aqs.nonfairHint')}</p>

      <section class={s.section} aria-label={t('aqs.queueLabel', { name: sem.name })}>
        <div class={s.subHead}>
          <h4 class={s.sub}>{t('aqs.queue')}</h4>
          <code
            key={pulseKey(firstChanged, 'f', step)}
            class={[s.firstWord, firstChanged ? s.pulse : ''].join(' ')}
            title={t('aqs.firstHint')}
            data-testid={`first-${sem.name}`}
          >
            {t('aqs.first', { actor: sem.first ?? t('aqs.nobody') })}
          </code>
        </div>
        <ol class={s.chain} data-testid={`queue-${sem.name}`}>
          <li class={s.end} aria-hidden="true">
            {t('aqs.head')}
          </li>
          {queueWithLeft(sem.queue, left).map(({ node, gone }) => (
            <Node
              key={`${gone ? 'g' : 'n'}-${node.actor}`}
              sem={sem.name}
              n={node}
              changes={changes}
              step={step}
              actorIndex={actorIndex}
              interrupted={!!node.actor && flags.get(node.actor) === true}
              ghost={gone}
            />
          ))}
          {sem.queue.length === 0 && left.length === 0 && <li class={s.empty}>{t('aqs.queueEmpty')}</li>}
          <li class={`${s.end} ${s.tailEnd}`} aria-hidden="true">
            {t('aqs.tail')}
          </li>
        </ol>
        {left.map(({ node }) => (
          <span key={`l-${node.actor}`} class="visually-hidden">
            {t('aqs.leftLabel', { actor: node.actor ?? '?' })}
          </span>
        ))}
        {(sem.queue.length > 0 || left.length > 0) && (
          <ul class={s.legend}>
            {(['0', 'WAITING', 'CANCELLED'] as const).map((x) => (
              <li key={x} class={statusClass(x)}>
                <StatusShape status={x} />
                <code>{x}</code> {t(`aqs.legend.${x}`)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section class={s.section} aria-labelledby={`holders-${sem.name}`}>
        <h4 class={s.sub} id={`holders-${sem.name}`}>
          {t('aqs.holders')}
        </h4>
        {sem.holders.length === 0 ? (
          <p class={s.empty}>{t('aqs.holdersNone')}</p>
        ) : (
          <ul class={s.holders} data-testid={`holders-${sem.name}`}>
            {sem.holders.map((h) => {
              const i = actorIndex(h.actor);
              const moved = changes.holders.has(`${sem.name}:${h.actor}`);
              return (
                <li
                  key={pulseKey(moved, `h-${h.actor}`, step)}
                  class={[s.holder, moved ? s.pulseRow : ''].join(' ')}
                  data-actor={h.actor}
                  data-testid={`holder-${sem.name}-${h.actor}`}
                >
                  <ActorBadge name={h.actor} index={Math.max(i, 0)} size="s" />
                  <span class="visually-hidden">{h.actor}</span>
                  <span class={s.holds}>{t('aqs.holds', { n: h.permits })}</span>
                  <span class={s.pips} aria-hidden="true">
                    {Array.from({ length: Math.min(Math.abs(h.permits), 8) }, (_, k) => (
                      <span
                        key={k}
                        class={s.pip}
                        style={{
                          '--actor': actorColour(Math.max(i, 0)),
                          '--actor-ink': actorInk(Math.max(i, 0)),
                        }}
                      />
                    ))}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        <p class={s.tally}>
          {t('aqs.heldTotal', { n: sem.held })} · {t('aqs.peak', { n: sem.peakHeld })}
        </p>
        <p class={s.note} data-testid={`holders-note-${sem.name}`}>
          {t('aqs.holdersNote')}
        </p>
      </section>
    </figure>
  );
}

export function AqsView({ state, trace }: AqsViewProps) {
  const root = useMotion<HTMLDivElement>(state);
  const changes = useChanges(state);
  const sems = semaphores(state);
  const names = state.actors.map((a) => a.name);
  const actorIndex = (n: string) => names.indexOf(n);
  const flags = interruptFlags(state);
  return (
    <div ref={root} class={`${s.view} ${motionScope}`} data-testid="aqs-view">
      <p class={s.clock} data-testid="aqs-time">
        <svg class={s.clockIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <circle cx="8" cy="8" r="6.3" />
          <path d="M8 4.2V8l2.6 1.6" />
        </svg>
        {t('aqs.time', { time: formatMicros(state.time) })}
      </p>
      {sems.map((sem) => (
        <SemaphoreCard
          key={sem.name}
          sem={sem}
          trace={trace}
          changes={changes}
          step={state.step}
          actorIndex={actorIndex}
          flags={flags}
        />
      ))}

      <section class={s.section} aria-labelledby="aqs-threads">
        <h3 id="aqs-threads" class={s.sub}>
          {t('aqs.threads')}
        </h3>
        <ul class={s.threads}>
          {state.actors.map((a, i) => {
            const on = flags.get(a.name) === true;
            const flagChanged = changes.flags.has(a.name);
            const q = queuedIn(state, a.name);
            const held = sems.flatMap((x) =>
              x.holders.filter((h) => h.actor === a.name).map((h) => ({ object: x.name, n: h.permits })),
            );
            const where =
              a.status === 'finished'
                ? t('aqs.finished')
                : q
                  ? t('aqs.inQueue', { object: q.object, place: placeText(q.position) })
                  : held.length
                    ? held.map((h) => t('aqs.holding', { n: h.n, object: h.object })).join(', ')
                    : '';
            return (
              <li key={a.name} class={s.thread} data-actor={a.name} data-testid={`thread-${a.name}`}>
                <ActorBadge name={a.name} index={i} size="s" />
                <span
                  key={pulseKey(flagChanged, 'i', state.step)}
                  class={[s.lamp, on ? s.lampOn : '', flagChanged ? s.pulse : ''].join(' ')}
                  title={t(on ? 'aqs.interrupted' : 'aqs.notInterrupted')}
                  data-testid={`interrupt-${a.name}`}
                  data-on={on ? '1' : '0'}
                  data-motion={`lamp:${a.name}`}
                  data-motion-fx="flash"
                  data-motion-v={on ? '1' : '0'}
                >
                  <Bolt />
                  <span class="visually-hidden">{t(on ? 'aqs.interrupted' : 'aqs.notInterrupted')}</span>
                </span>
                <span class={s.threadState}>{where}</span>
                {on && <span class={s.flagWord}>{t('aqs.interrupted')}</span>}
              </li>
            );
          })}
        </ul>
        <p class={s.hint}>{t('aqs.flagHint')}</p>
      </section>
      <MotionSwitch />
    </div>
  );
}
