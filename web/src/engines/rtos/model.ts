/*
 * What the rtos engine's view shows, computed from the machine state and the
 * trace (no DOM): the tasks by priority with inherited priorities and from
 * whom, the ready and delayed lists, each semaphore's count explained by its
 * sign and its wait mask as 16 lamps, each mutex's holder and waiters, the
 * interrupt mask depth of each context, the LEDs, and a timeline of the last
 * steps with one row per context (handlers on top, tasks by priority), each
 * cell running, ready but waiting for the processor, blocked or idle
 * (timeline.ts).
 */
import type { MachineState, ObjectState, TraceEvent } from '../../bridge/types';
import { contextCells, type CellState } from './timeline';

export type { CellState } from './timeline';

/** The kernel's word for a task, except that a task whose actor has finished is `finished`
 * (the kernel keeps the last state it gave it, `ready`). */
export type TaskState = 'ready' | 'blocked' | 'delayed' | 'finished';

export interface RtosTask {
  actor: string;
  id: number;
  /** base priority: smaller is more urgent */
  priority: number;
  effective: number;
  state: TaskState;
  wakeTick: number | null;
  /** the waiter whose priority it runs at, when it inherited one */
  inheritedFrom: string | null;
}

export type CountMeaning = 'free' | 'none' | 'waiting';

export interface RtosSem {
  name: string;
  count: number;
  /** a positive count is free units; a negative one, tasks waiting (a debt) */
  meaning: CountMeaning;
  lamps: boolean[];
  waiting: string[];
}

export interface RtosMutex {
  name: string;
  holder: string | null;
  waiting: string[];
  lamps: boolean[];
}

export interface TimelineRow {
  actor: string;
  kind: 'isr' | 'task';
  /** one cell per step of the window: running, ready (waiting for the processor), blocked or idle */
  cells: CellState[];
}

export interface RtosView {
  tasks: RtosTask[];
  ready: string[];
  delayed: { actor: string; tick: number }[];
  sems: RtosSem[];
  mutexes: RtosMutex[];
  leds: boolean[] | null;
  /** interrupt-mask depth of each context that has masked at least once */
  masks: { actor: string; depth: number }[];
  window: { first: number; last: number };
  timeline: TimelineRow[];
  /** steps of the window where a tick fell */
  ticks: boolean[];
}

interface EngineTask {
  actor: string;
  id: number;
  priority: number;
  effective: number;
  state: Exclude<TaskState, 'finished'>;
  wake_tick: number | null;
}

const lampsOf = (mask: number): boolean[] => Array.from({ length: 16 }, (_, i) => ((mask >> i) & 1) === 1);

const names = (o: ObjectState, key: string): string[] =>
  Array.isArray(o[key]) ? (o[key] as unknown[]).map(String) : [];

export function countMeaning(count: number): CountMeaning {
  return count > 0 ? 'free' : count < 0 ? 'waiting' : 'none';
}

export function rtosView(state: MachineState, trace: TraceEvent[], width = 32): RtosView {
  const engine = (state.engines?.rtos ?? { tasks: [] }) as { tasks: EngineTask[] };
  const mutexes: RtosMutex[] = state.objects
    .filter((o) => o.engine === 'rtos' && o.type === 'mutex')
    .map((o) => ({
      name: o.name,
      holder: typeof o.holder === 'string' ? o.holder : null,
      waiting: names(o, 'waiting'),
      lamps: lampsOf(o.fields.wait_mask ?? 0),
    }));
  const byName = new Map(engine.tasks.map((t) => [t.actor, t]));
  const finished = new Set(state.actors.filter((a) => a.status === 'finished').map((a) => a.name));
  const tasks: RtosTask[] = engine.tasks
    .map((t) => {
      let inheritedFrom: string | null = null;
      if (t.effective < t.priority)
        for (const m of mutexes)
          if (m.holder === t.actor)
            for (const w of m.waiting) if (byName.get(w)?.effective === t.effective) inheritedFrom ??= w;
      return {
        actor: t.actor,
        id: t.id,
        priority: t.priority,
        effective: t.effective,
        state: finished.has(t.actor) ? ('finished' as const) : t.state,
        wakeTick: t.wake_tick,
        inheritedFrom,
      };
    })
    .sort((a, b) => a.effective - b.effective || a.id - b.id);
  const sems: RtosSem[] = state.objects
    .filter((o) => o.engine === 'rtos' && o.type === 'sem')
    .map((o) => ({
      name: o.name,
      count: o.fields.count ?? 0,
      meaning: countMeaning(o.fields.count ?? 0),
      lamps: lampsOf(o.fields.wait_mask ?? 0),
      waiting: names(o, 'waiting'),
    }));
  const kernel = state.objects.find((o) => o.engine === 'rtos' && o.type === 'kernel');
  // the LEDs, once the run has switched one (most scenarios never do)
  const ledsUsed = !!kernel && ((kernel.fields.leds ?? 0) !== 0 || trace.some((e) => e.label === 'led_on'));
  const leds = ledsUsed
    ? Array.from({ length: 8 }, (_, i) => (((kernel!.fields.leds ?? 0) >> i) & 1) === 1)
    : null;

  const depth = new Map<string, number>();
  for (const e of trace)
    if ((e.kind === 'irq_save' || e.kind === 'irq_restore') && e.actor !== undefined && e.new !== undefined)
      depth.set(e.actor, e.new);

  const last = state.step;
  const first = Math.max(1, last - width + 1);
  const ticks: boolean[] = Array.from({ length: Math.max(0, last - first + 1) }, () => false);
  for (const e of trace)
    if (e.kind === 'tick' && e.step >= first && e.step <= last) ticks[e.step - first] = true;
  const rows = [
    ...state.actors.filter((a) => a.kind === 'isr').sort((a, b) => b.priority - a.priority),
    ...state.actors
      .filter((a) => a.kind !== 'isr')
      .sort((a, b) => (byName.get(a.name)?.effective ?? 0) - (byName.get(b.name)?.effective ?? 0)),
  ];
  const cells = contextCells(state, trace, rows, first);
  const timeline: TimelineRow[] = rows.map((a) => ({
    actor: a.name,
    kind: a.kind === 'isr' ? 'isr' : 'task',
    cells: cells.get(a.name) ?? [],
  }));
  return {
    tasks,
    ready: tasks.filter((t) => t.state === 'ready').map((t) => t.actor),
    delayed: tasks
      .filter((t) => t.state === 'delayed' && t.wakeTick !== null)
      .map((t) => ({ actor: t.actor, tick: t.wakeTick as number })),
    sems,
    mutexes,
    leds,
    masks: [...depth].map(([actor, d]) => ({ actor, depth: d })),
    window: { first, last },
    timeline,
    ticks,
  };
}
