/*
 * What changed in the semaphores between two snapshots of the same scenario
 * (their permits, the nodes that joined, changed or left the queue, holders,
 * interrupt flags), so the view can pulse it; and the queue as drawn with the
 * nodes that just left back where they stood.  Pure functions, no DOM.
 */
import type { MachineState } from '../../bridge/types';
import { interruptFlags, semaphores, type QueueNode } from './model';

/** A node that has left the queue, and where it stood (0 = first). */
export interface LeftNode {
  node: QueueNode;
  index: number;
}

/** The queue as drawn: today's nodes, with the ones that just left back where they stood. */
export function queueWithLeft(
  queue: readonly QueueNode[],
  left: readonly LeftNode[] = [],
): { node: QueueNode; gone: boolean }[] {
  const out = queue.map((node) => ({ node, gone: false }));
  for (const l of [...left].sort((a, b) => a.index - b.index))
    out.splice(Math.min(l.index, out.length), 0, { node: l.node, gone: true });
  return out;
}

export interface AqsChanges {
  /** per semaphore whose permits changed: the value before */
  permits: Map<string, number>;
  /** "s:B": nodes that joined since the last snapshot */
  joined: Set<string>;
  /** "s:B": nodes whose status or wants changed */
  status: Set<string>;
  /** per semaphore: the nodes that have left the queue since the last snapshot (shown fading out where they stood) */
  left: Map<string, LeftNode[]>;
  /** "s:B": holders whose count changed (or who came or went) */
  holders: Set<string>;
  /** semaphores whose `first` word changed */
  first: Set<string>;
  /** semaphores whose capacity changed (reducePermits) */
  capacity: Set<string>;
  /** actors whose interrupt flag changed */
  flags: Set<string>;
}

export function emptyAqsChanges(): AqsChanges {
  return {
    permits: new Map(),
    joined: new Set(),
    status: new Set(),
    left: new Map(),
    holders: new Set(),
    first: new Set(),
    capacity: new Set(),
    flags: new Set(),
  };
}

/** What differs between two snapshots of the same scenario (nothing when there is no `before`). */
export function aqsChanges(before: MachineState | null, after: MachineState): AqsChanges {
  const out = emptyAqsChanges();
  if (!before) return out;
  const old = new Map(semaphores(before).map((s) => [s.name, s]));
  for (const s of semaphores(after)) {
    const o = old.get(s.name);
    if (!o) continue;
    if (o.permits !== s.permits) out.permits.set(s.name, o.permits);
    if (o.first !== s.first) out.first.add(s.name);
    if (o.capacity !== s.capacity) out.capacity.add(s.name);
    const was = new Map(o.queue.map((n) => [n.actor, n]));
    const now = new Set(s.queue.map((n) => n.actor));
    for (const n of s.queue) {
      const p = was.get(n.actor);
      if (!p) out.joined.add(`${s.name}:${n.actor}`);
      else if (p.status !== n.status || p.wants !== n.wants) out.status.add(`${s.name}:${n.actor}`);
    }
    const gone = o.queue.flatMap((node, index) => (now.has(node.actor) ? [] : [{ node, index }]));
    if (gone.length) out.left.set(s.name, gone);
    const had = new Map(o.holders.map((h) => [h.actor, h.permits]));
    const has = new Map(s.holders.map((h) => [h.actor, h.permits]));
    for (const a of new Set([...had.keys(), ...has.keys()]))
      if (had.get(a) !== has.get(a)) out.holders.add(`${s.name}:${a}`);
  }
  const flags = interruptFlags(before);
  for (const [a, f] of interruptFlags(after)) if (flags.has(a) && flags.get(a) !== f) out.flags.add(a);
  return out;
}
