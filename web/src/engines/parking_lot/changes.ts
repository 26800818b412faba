/*
 * What changed in the parking lot between two snapshots of the same scenario
 * (a mutex's LOCKED and PARKED bits, a bucket's lock holder or queue, who
 * joined a queue, parker flags, SpinWait rounds), so the view can pulse it.
 * Pure functions, no DOM.
 */
import type { MachineState, TraceEvent } from '../../bridge/types';
import { lotView, mutexes, spinRound, type BucketView } from './model';

export interface LotChanges {
  /** "m.locked", "m.parked" */
  bits: Set<string>;
  /** buckets whose lock holder or queue changed */
  buckets: Set<number>;
  /** actors that joined a queue since the last snapshot */
  joined: Set<string>;
  /** actors whose parker flag changed */
  parkers: Set<string>;
  /** actors whose SpinWait round changed */
  spins: Set<string>;
}

export function emptyChanges(): LotChanges {
  return { bits: new Set(), buckets: new Set(), joined: new Set(), parkers: new Set(), spins: new Set() };
}

/** What differs between two snapshots of the same scenario (nothing when there is no `before`). */
export function lotChanges(
  before: { state: MachineState; trace: TraceEvent[] } | null,
  after: { state: MachineState; trace: TraceEvent[] },
): LotChanges {
  const out = emptyChanges();
  if (!before) return out;
  const old = new Map(mutexes(before.state).map((m) => [m.name, m]));
  for (const m of mutexes(after.state)) {
    const o = old.get(m.name);
    if (!o) continue;
    if (o.locked !== m.locked) out.bits.add(`${m.name}.locked`);
    if (o.parked !== m.parked) out.bits.add(`${m.name}.parked`);
  }
  const a = lotView(after.state).cells;
  const b = lotView(before.state).cells;
  const queuedBefore = new Set(b.flatMap((c) => c.waiters.map((w) => w.actor)));
  for (const c of a) {
    const p = b[c.index];
    const sig = (x: BucketView | undefined) =>
      x ? `${x.lockedBy ?? ''}|${x.waiters.map((w) => `${w.actor}:${w.key}`).join(',')}` : '';
    if (sig(c) !== sig(p)) out.buckets.add(c.index);
    for (const w of c.waiters) if (!queuedBefore.has(w.actor)) out.joined.add(w.actor);
  }
  const parkerOf = new Map(before.state.actors.map((x) => [x.name, x.parker]));
  for (const x of after.state.actors) {
    if (parkerOf.has(x.name) && parkerOf.get(x.name) !== x.parker) out.parkers.add(x.name);
    if (spinRound(before.trace, x.name) !== spinRound(after.trace, x.name)) out.spins.add(x.name);
  }
  return out;
}
