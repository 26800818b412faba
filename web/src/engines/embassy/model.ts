/*
 * The `embassy` engine's state as the view draws it: where each task's token
 * stands in the executor's run queue, where each task's waker sits (in a
 * primitive's one slot, in a fair semaphore's ticket deque, in a
 * MultiWakerRegistration's list, or at home in its task's row), a
 * PubSubChannel's queue and subscribers, and a task's state as an async
 * console says it.
 *
 * Every identity is drawn in exactly one place, so the motion layer can carry
 * it from its old place to its new one (components/EmbassyView).
 *
 * Pure: state in, data out.
 */
import type { MachineState } from '../../bridge/types';

/** One row of the task table (core/script/engines/embassy/engine.c, embassy_describe). */
export interface EmbassyTask {
  task: string;
  state: 'idle' | 'running' | 'done';
  polls: number;
  wakes: number;
  self_wakes: number;
  await_polls: number;
  /** virtual time being polled, and waiting to be polled, in microseconds */
  busy_us: number;
  idle_us: number;
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

/**
 * The task table in the state JSON, or null before the executor ran.  Its
 * rows are the tasks only: an interrupt handler is an actor but no task (it
 * is never polled and has no waker), so it is left out.
 */
export function embassyOf(state: MachineState): EmbassyState | null {
  const e = state.engines?.embassy as EmbassyState | null | undefined;
  if (!e || !Array.isArray(e.tasks)) return null;
  const isr = new Set(state.actors.filter((a) => a.kind === 'isr').map((a) => a.name));
  return isr.size ? { ...e, tasks: e.tasks.filter((r) => !isr.has(r.task)) } : e;
}

/** The run queue in the state JSON, or an empty one. */
export function runQueueOf(state: MachineState): RunQueue {
  const q = (state as MachineState & { sched?: Partial<RunQueue> }).sched;
  return { polling: q?.polling ?? null, batch: q?.batch ?? [], queue: q?.queue ?? [] };
}

export type TaskState = 'running' | 'scheduled' | 'idle' | 'done';

/** A task's state as an async console says it: running (being polled), scheduled, idle, done. */
export function taskState(row: EmbassyTask, q: RunQueue): TaskState {
  if (row.state === 'done') return 'done';
  if (q.polling === row.task) return 'running';
  if (q.batch.includes(row.task) || q.queue.includes(row.task)) return 'scheduled';
  return 'idle';
}

/** A waker slot as drawn: one slot (a mutex, an rwlock, a greedy semaphore) or a deque of tickets. */
export interface Slots {
  object: string;
  kind: 'one' | 'deque';
  /** the tasks whose wakers sit there, in order; null is an empty slot (a hole in a deque) */
  tasks: (string | null)[];
  /** deque: the ticket of the first entry (next_ticket) */
  firstTicket: number;
}

/** Every object's waker slots, from its fields (`waker`) or its description (`queue`). */
export function slotsOf(state: MachineState): Slots[] {
  const name = (i: number) => (i >= 0 ? (state.actors[i]?.name ?? null) : null);
  const out: Slots[] = [];
  for (const o of state.objects) {
    const queue = (o as unknown as { queue?: unknown }).queue;
    if (Array.isArray(queue))
      out.push({
        object: o.name,
        kind: 'deque',
        tasks: (queue as number[]).map(name),
        firstTicket: o.fields.next_ticket ?? 0,
      });
    else if (typeof o.fields.waker === 'number')
      out.push({ object: o.name, kind: 'one', tasks: [name(o.fields.waker)], firstTicket: 0 });
  }
  return out;
}

/** The MultiWakerRegistrations an object describes, and the key of each one's room N. */
const WAKER_LISTS = [
  ['wakers', 'n'], // Watch<N>
  ['subscriber_wakers', 'subs'], // PubSubChannel: MultiWakerRegistration<SUBS>
  ['publisher_wakers', 'pubs'], // and MultiWakerRegistration<PUBS>
] as const;

export type WakerListName = (typeof WAKER_LISTS)[number][0];

/** A MultiWakerRegistration as drawn: whose wakers it holds, in order, and how many fit. */
export interface WakerList {
  object: string;
  list: WakerListName;
  tasks: string[];
  cap: number;
}

/** Every object's waker lists, from its description (`wakers`, `subscriber_wakers`, ...). */
export function wakerListsOf(state: MachineState): WakerList[] {
  const out: WakerList[] = [];
  for (const o of state.objects) {
    const d = o as unknown as Record<string, unknown>;
    for (const [list, capKey] of WAKER_LISTS) {
      const held = d[list];
      if (!Array.isArray(held)) continue;
      const tasks = (held as number[]).map((i) => state.actors[i]?.name ?? '?');
      out.push({
        object: o.name,
        list,
        tasks,
        cap: typeof d[capKey] === 'number' ? d[capKey] : tasks.length,
      });
    }
  }
  return out;
}

/** One queued message of a PubSubChannel: its id, its value, the subscribers still to read it. */
export interface PubSubMessage {
  id: number;
  value: number;
  remaining: number;
}

/** A subscriber: its task, the id it reads next, and by how much it lags (its next read says Lagged). */
export interface PubSubReader {
  task: string;
  next_id: number;
  lag: number;
}

export interface PubSubPicture {
  cap: number;
  /** oldest first */
  messages: PubSubMessage[];
  readers: PubSubReader[];
}

/** A PubSubChannel's insides (core/script/engines/embassy/pubsub.c, embassy_pubsub_describe), or null for another object. */
export function pubsubOf(o: MachineState['objects'][number]): PubSubPicture | null {
  const d = o as unknown as { cap?: unknown; messages?: unknown; subscribers?: unknown };
  if (typeof d.cap !== 'number' || !Array.isArray(d.messages) || !Array.isArray(d.subscribers)) return null;
  const messages = d.messages as PubSubMessage[];
  // the oldest queued id: next_id - len
  const oldest = (o.fields.next_id ?? 0) - (o.fields.len ?? messages.length);
  const readers = (d.subscribers as { task: string; next_id: number }[]).map((r) => ({
    task: r.task,
    next_id: r.next_id,
    lag: Math.max(0, oldest - r.next_id),
  }));
  return { cap: d.cap, messages, readers };
}

/** Where the run queue draws each task: the slot it is in, in drawing order. */
export interface RunQueuePicture {
  polling: string[];
  /** next first */
  batch: string[];
  /** the next batch in the order it will be polled (the stack popped: last woken first) */
  next: string[];
  waiting: string[];
}

export function runQueuePicture(state: MachineState): RunQueuePicture {
  const q = runQueueOf(state);
  const rows = embassyOf(state)?.tasks ?? [];
  return {
    polling: q.polling ? [q.polling] : [],
    batch: [...q.batch],
    next: [...q.queue].reverse(),
    waiting: rows.filter((r) => taskState(r, q) === 'idle').map((r) => r.task),
  };
}

/**
 * Where each task's waker is drawn: `slot:m` (a one-slot registration),
 * `ticket:s:7` (a fair semaphore's deque), `list:ch:publisher_wakers` (a
 * MultiWakerRegistration), or `home` (no slot holds it; its task's row).  A
 * waker in two places at once (select) is drawn in the first; a finished
 * task's waker is not drawn.
 */
export function wakerPlaces(state: MachineState): Map<string, string> {
  const out = new Map<string, string>();
  for (const sl of slotsOf(state))
    sl.tasks.forEach((task, i) => {
      if (task && !out.has(task))
        out.set(
          task,
          sl.kind === 'deque' ? `ticket:${sl.object}:${sl.firstTicket + i}` : `slot:${sl.object}`,
        );
    });
  for (const wl of wakerListsOf(state))
    for (const task of wl.tasks) if (!out.has(task)) out.set(task, `list:${wl.object}:${wl.list}`);
  for (const row of embassyOf(state)?.tasks ?? [])
    if (!out.has(row.task) && row.state !== 'done') out.set(row.task, 'home');
  return out;
}
