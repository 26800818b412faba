/*
 * Reading an actor's program against the machine: which operation it is in,
 * what it holds privately.  Pure functions, no DOM.
 */
import type { ActorState, MachineState, ScenarioActor, TraceEvent } from '../engine/types';

/** Position in `actor.ops` of the operation the actor is in, or -1 (finished). */
export function currentOp(actor: ScenarioActor, state: ActorState | undefined): number {
  if (!state || state.status === 'finished') return -1;
  return actor.ops.findIndex((o) => o.index === state.op);
}

/** Nesting of each op: the compiler's depth if given, else 0. */
export function opDepth(op: { depth?: number }): number {
  return typeof op.depth === 'number' && op.depth > 0 ? Math.min(op.depth, 6) : 0;
}

/** Names of the objects of type `type` (e.g. the racy counters). */
export function objectsOfType(state: MachineState, type: string): Set<string> {
  return new Set(state.objects.filter((o) => o.type === type).map((o) => o.name));
}

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

/** The objects whose fields differ between two states (for the "changed" pulse). */
export function changedObjects(before: MachineState | undefined, after: MachineState): Set<string> {
  const out = new Set<string>();
  if (!before) return out;
  for (const o of after.objects) {
    const b = before.objects.find((x) => x.name === o.name);
    if (!b) continue;
    for (const [k, v] of Object.entries(o.fields)) if (b.fields[k] !== v) out.add(o.name);
  }
  return out;
}
