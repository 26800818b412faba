/*
 * Reading an actor's program against the machine: which operation it is in,
 * how deep it is nested, which objects changed.  Pure functions, no DOM.
 */
import type { ActorState, MachineState, ScenarioActor } from '../bridge/types';

/** Position in `actor.ops` of the operation the actor is in, or -1 (finished). */
export function currentOp(actor: ScenarioActor, state: ActorState | undefined): number {
  if (!state || state.status === 'finished') return -1;
  return actor.ops.findIndex((o) => o.index === state.op);
}

/** Nesting of each op: the compiler's depth if given, else 0. */
export function opDepth(op: { depth?: number }): number {
  return typeof op.depth === 'number' && op.depth > 0 ? Math.min(op.depth, 6) : 0;
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
