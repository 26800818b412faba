/*
 * The rtos timeline's cells, from the trace alone: for every context and
 * every step of the window, whether it ran that step, was ready but waiting
 * for the processor, was blocked (on a semaphore, a mutex or a delay), or was
 * idle (a handler not raised, a context that has finished).  Ready-but-not-
 * running is what a trace viewer shades: it is where priorities and critical
 * sections show.
 *
 * The trace records a block when it ends (the step where the task runs
 * again, `woken` or timed out), so a block is read backwards: the task was
 * blocked from the step after its previous one until an unpark named it
 * (woken) or the clock reached the block's time (timed out), and ready from
 * then until it ran.  A block still pending at the current step is read from
 * the state: the machine calls a task that could run but must wait for the
 * processor `held`.
 *
 * One pass over the trace; only the window's cells are made, so a run of a
 * million steps costs no million-cell rows.
 */
import type { ActorState, MachineState, TraceEvent } from '../../bridge/types';
import { heldByModel } from '../../model/blocked';

export type CellState = 'running' | 'ready' | 'blocked' | 'idle';

/** Events that name an actor without being a step it took. */
const NOT_A_STEP: ReadonlySet<string> = new Set(['raised', 'finish', 'stuck', 'tick', 'clock', 'note']);

/**
 * Each actor's cells for the steps first..state.step (index 0 is step
 * `first`); `state` is the snapshot at its own step.
 */
export function contextCells(
  state: MachineState,
  trace: readonly TraceEvent[],
  actors: readonly ActorState[],
  first: number,
): Map<string, CellState[]> {
  const last = state.step;
  const width = Math.max(0, last - first + 1);
  const inWindow = (s: number) => s >= first && s <= last;
  const mode = new Map<string, CellState>(actors.map((a) => [a.name, a.kind === 'isr' ? 'idle' : 'ready']));
  const lastRan = new Map<string, number>();
  const unparks = new Map<string, number[]>(); // target -> steps it was woken at
  const cells = new Map<string, CellState[]>(
    actors.map((a) => [a.name, Array<CellState>(width).fill('idle')]),
  );
  const timeAt: number[] = Array<number>(width).fill(0);
  let timeBefore = 0; // the clock at the step before the window
  const set = (actor: string, from: number, to: number, c: CellState) => {
    const row = cells.get(actor);
    if (row) for (let s = Math.max(first, from); s <= Math.min(last, to); s++) row[s - first] = c;
  };
  const wokenBetween = (actor: string, after: number, before: number) => {
    const ws = unparks.get(actor) ?? [];
    for (let i = ws.length - 1; i >= 0; i--) if (ws[i]! > after && ws[i]! < before) return ws[i]!;
    return -1;
  };
  const mark = (s: number) => {
    // fill step s for whoever did not run it (the runner is set when its event comes)
    if (inWindow(s)) for (const a of actors) set(a.name, s, s, mode.get(a.name)!);
  };

  let at = 0; // the last step filled
  for (const e of trace) {
    if (e.step > last) break;
    while (at < e.step) mark(++at);
    if (inWindow(e.step)) timeAt[e.step - first] = Math.max(timeAt[e.step - first]!, e.time);
    else if (e.step < first) timeBefore = Math.max(timeBefore, e.time);
    if (e.kind === 'unpark' && e.target !== undefined)
      unparks.set(e.target, [...(unparks.get(e.target) ?? []), e.step]);
    const who = e.actor;
    if (who === undefined || !mode.has(who)) continue;
    if (e.kind === 'raised') {
      mode.set(who, 'ready');
      set(who, e.step, e.step, 'ready');
      continue;
    }
    if (e.kind === 'finish') {
      mode.set(who, 'idle');
      continue;
    }
    if (NOT_A_STEP.has(e.kind)) continue;
    if (e.kind === 'block') {
      // read backwards: blocked after its previous step, ready once woken or timed out
      const before = lastRan.get(who) ?? 0;
      let readyFrom = e.step;
      if (e.woken) {
        const w = wokenBetween(who, before, e.step);
        if (w > 0) readyFrom = w + 1;
      } else if (timeBefore >= e.time && before < first) {
        readyFrom = first;
      } else {
        for (let s = Math.max(before + 1, first); s < e.step; s++)
          if (timeAt[s - first]! >= e.time) {
            readyFrom = s;
            break;
          }
      }
      set(who, before + 1, readyFrom - 1, 'blocked');
      set(who, readyFrom, e.step - 1, 'ready');
    }
    if (lastRan.get(who) !== e.step) {
      lastRan.set(who, e.step);
      mode.set(who, 'ready');
      set(who, e.step, e.step, 'running');
    }
  }
  while (at < last) mark(++at);

  // A block still pending now: blocked since its last step, or ready if it only waits for the processor.
  for (const a of actors) {
    if (a.status === 'finished' || a.status === 'dormant' || a.next?.kind !== 'block') continue;
    const since = lastRan.get(a.name) ?? 0;
    let readyFrom = last + 1;
    if (a.status === 'enabled' || heldByModel(a.blocked)) {
      const w = wokenBetween(a.name, since, last + 1);
      readyFrom = w > 0 ? w + 1 : since + 1;
    }
    set(a.name, since + 1, readyFrom - 1, 'blocked');
    set(a.name, readyFrom, last, 'ready');
  }
  return cells;
}
