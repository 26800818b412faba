/*
 * Whether a task's pending future has been dropped, read from the trace: the
 * machine writes one `dropped` event at the step the learner (or a policy)
 * chose the drop, so the lane, the narration and the diagram all say it from
 * that one event.  Pure functions, no DOM.
 */
import type { TraceEvent } from '../bridge/types';

/** The step at which `actor`'s future was dropped, or null while it never was. */
export function droppedAt(trace: readonly TraceEvent[], actor: string): number | null {
  for (let i = trace.length - 1; i >= 0; i--) {
    const e = trace[i]!;
    if (e.kind === 'dropped' && e.actor === actor) return e.step;
  }
  return null;
}
