/*
 * Inside the `embassy` engine: the executor's run queue (the task being
 * polled, the batch in the order it will be polled, the tasks queued for the
 * next batch, the waiting ones), the task table an async console shows (each
 * task's state, polls, wakes, self-wakes, who woke it last and what it
 * awaits), and each primitive: a mutex's locked bit, permits, the one waker
 * slot with who registered it and who evicted whom, a fair semaphore's ticket
 * deque with its holes.  The state comes from the state JSON (the task table
 * is binding.c's describe(), the run queue the executor model's "sched"); the
 * provenance of wakers from the trace (model/wakers.ts).
 *
 * Motion (../../motion): each task is one token, `task:t1`, drawn in exactly
 * one place of the run queue, so polling, waking and waiting carry it across;
 * each task's waker is one identity, `waker:t1`, drawn in the slot that holds
 * it or, when no slot does, at home in its task's row: a registration flies
 * it into the slot, an eviction flies it back.  Tickets are `ticket:s:7`;
 * holes are not keyed.  A row's wake count flashes when it rises.
 */
import { useMemo } from 'preact/hooks';
import type { MachineState, TraceEvent } from '../../engine/types';
import { t } from '../../i18n';
import {
  lastEviction,
  lastWakes,
  registrationOf,
  wakerProvenance,
  type Provenance,
} from '../../model/wakers';
import { motionScope, MotionSwitch, useMotion } from '../../motion';
import { ActorBadge } from '../ActorBadge';
import s from './style.module.css';

/** One row of the task table (binding.c, embassy_describe). */
export interface EmbassyTask {
  task: string;
  state: 'idle' | 'running' | 'done';
  polls: number;
  wakes: number;
  self_wakes: number;
  await_polls: number;
  await: string | null;
  /** exact findings: "woke itself 100% of the time", "polled N times without progress" */
  lints: string[];
}

export interface EmbassyState {
  poll_ns: number;
  tasks: EmbassyTask[];
}

/** The executor model's run queue (core/sim/sched/executor.c, exec_state_json). */
export interface RunQueue {
  polling: string | null;
  /** the batch being polled, next first */
  batch: string[];
  /** queued for the next batch, in the order of enqueueing (polled last-in first) */
  queue: string[];
}

export interface EmbassyViewProps {
  state: MachineState;
  trace?: TraceEvent[];
}

/** The run queue in the state JSON, or an empty one. */
export function runQueueOf(state: MachineState): RunQueue {
  const q = (state as MachineState & { sched?: Partial<RunQueue> }).sched;
  return { polling: q?.polling ?? null, batch: q?.batch ?? [], queue: q?.queue ?? [] };
}

/** A task's state as an async console says it: running (being polled), scheduled, idle, done. */
export function taskState(row: EmbassyTask, q: RunQueue): 'running' | 'scheduled' | 'idle' | 'done' {
  if (row.state === 'done') return 'done';
  if (q.polling === row.task) return 'running';
  if (q.batch.includes(row.task) || q.queue.includes(row.task)) return 'scheduled';
  return 'idle';
}

/** Which task's waker each slot holds: object name -> task names (a deque: one per ticket, null a hole). */
function slotsOf(state: MachineState): Map<string, (string | null)[]> {
  const name = (i: number) => (i >= 0 ? (state.actors[i]?.name ?? null) : null);
  const out = new Map<string, (string | null)[]>();
  for (const o of state.objects) {
    const queue = (o as unknown as { queue?: number[] }).queue;
    if (Array.isArray(queue)) out.set(o.name, queue.map(name));
    else if (typeof o.fields.waker === 'number') out.set(o.name, [name(o.fields.waker)]);
  }
  return out;
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

function RunQueueStrip({
  q,
  actorIndex,
  idle,
}: {
  q: RunQueue;
  actorIndex: (n: string) => number;
  idle: string[];
}) {
  // the next batch is polled last-in first: drawn in the order it will be polled
  const next = [...q.queue].reverse();
  const cell = (label: string, tasks: string[], testid: string, note?: string) => (
    <div class={s.rqCell} data-testid={testid}>
      <div class={s.rqLabel}>
        {label}
        {note && <span class={s.rqNote}> {note}</span>}
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
      {cell(t('embassy.polling'), q.polling ? [q.polling] : [], 'rq-polling')}
      {cell(t('embassy.batch'), q.batch, 'rq-batch', t('embassy.batchNote'))}
      {cell(t('embassy.nextBatch'), next, 'rq-next', t('embassy.nextBatchNote'))}
      {cell(t('embassy.waiting'), idle, 'rq-waiting')}
    </div>
  );
}

/** The task table in the state JSON, or null before the executor ran. */
export function embassyOf(state: MachineState): EmbassyState | null {
  const e = state.engines?.embassy as EmbassyState | null | undefined;
  return e && Array.isArray(e.tasks) ? e : null;
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
  const idle = rows.filter((r) => taskState(r, q) === 'idle').map((r) => r.task);
  const slots = slotsOf(state);
  const inSlot = new Set<string>();
  for (const list of slots.values()) for (const n of list) if (n) inSlot.add(n);
  // a task's waker is drawn once: in the first slot that holds it, else at home
  const drawn = new Set<string>();
  const wakerIn = (task: string | null) => {
    if (!task || drawn.has(task))
      return task ? <ActorBadge name={task} index={actorIndex(task)} size="s" /> : null;
    drawn.add(task);
    return <Waker task={task} index={actorIndex(task)} />;
  };
  const objectCards = state.objects
    .filter((o) => o.type !== 'executor')
    .map((o) => {
      const list = slots.get(o.name);
      const fair = Array.isArray((o as unknown as { queue?: unknown }).queue);
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
              .filter(
                ([name]) => name !== 'waker' && name !== 'locked' && name !== 'permits' && name !== 'head',
              )
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
                {list[0] ? wakerIn(list[0]) : <span class={s.empty}>{t('embassy.emptySlot')}</span>}
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
                const ticket = (o.fields.next_ticket ?? 0) + i;
                return task ? (
                  <li
                    key={`t${ticket}`}
                    class={s.ticket}
                    data-motion={`ticket:${o.name}:${ticket}`}
                    data-ticket={ticket}
                  >
                    <span class={s.ticketNo}>#{ticket}</span>
                    {wakerIn(task)}
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
        </figure>
      );
    });
  return (
    <div ref={root} class={`${s.view} ${motionScope}`} data-testid="embassy-view">
      <RunQueueStrip q={q} actorIndex={actorIndex} idle={idle} />
      <div class={s.tableWrap}>
        <table class={s.tasks} data-testid="embassy-tasks">
          <caption class={s.caption}>{t('embassy.tasks', { ns: ex?.poll_ns ?? 50 })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('embassy.task')}</th>
              <th scope="col">{t('embassy.state')}</th>
              <th scope="col">{t('embassy.polls')}</th>
              <th scope="col">{t('embassy.wakes')}</th>
              <th scope="col">{t('embassy.selfWakes')}</th>
              <th scope="col">{t('embassy.wokenBy')}</th>
              <th scope="col">{t('embassy.waker')}</th>
              <th scope="col">{t('embassy.awaits')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const st = taskState(row, q);
              const w = woke.get(row.task);
              return (
                <tr key={row.task} data-task={row.task} data-state={st}>
                  <th scope="row">
                    <ActorBadge name={row.task} index={i} size="s" />
                  </th>
                  <td>{t(`embassy.state.${st}`)}</td>
                  <td class={s.num}>{row.polls}</td>
                  <td class={s.num}>
                    <span
                      data-motion={`wakes:${row.task}`}
                      data-motion-fx="flash"
                      data-motion-v={String(row.wakes)}
                    >
                      {row.wakes}
                    </span>
                  </td>
                  <td class={s.num}>{row.self_wakes}</td>
                  <td data-testid={`woken-by-${row.task}`}>
                    {w
                      ? t(`embassy.wokenBy.${w.kind}`, { by: w.by, object: w.object ?? '', step: w.step })
                      : '—'}
                  </td>
                  <td
                    class={s.home}
                    data-testid={`home-${row.task}`}
                    data-away={inSlot.has(row.task) ? '1' : '0'}
                  >
                    {!inSlot.has(row.task) && row.state !== 'done' && <Waker task={row.task} index={i} />}
                  </td>
                  <td>
                    {row.await ?? '—'}
                    {row.lints.map((l) => (
                      <span key={l} class={s.lint}>
                        {l}
                      </span>
                    ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div class={s.objects}>{objectCards}</div>
      <MotionSwitch />
    </div>
  );
}
