/*
 * Reading the basic engine's state for its view: the private copy a thread
 * holds between the racy counter's load and its store (counter.c's `mine`).
 * Pure functions, no DOM.
 */
import type { ActorState, TraceEvent } from '../../bridge/types';

/**
 * The private copy an actor holds between reading a shared value and writing
 * it back (counter.c's `mine`): the value of its last load, while its next
 * action is a store to the same object.  null when it holds none.
 */
export function privateCopy(trace: TraceEvent[], actor: ActorState): number | null {
  const next = actor.next;
  if (!next || next.kind !== 'store' || !next.object) return null;
  for (let i = trace.length - 1; i >= 0; i--) {
    const e = trace[i]!;
    if (e.actor !== actor.name) continue;
    if (e.kind === 'finish') return null;
    if (e.object !== next.object) continue;
    return e.kind === 'load' && e.new !== undefined ? e.new : null;
  }
  return null;
}
