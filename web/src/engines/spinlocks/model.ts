/*
 * What the spinlocks view reads from the machine's state and trace: who holds
 * each lock, who is spinning for it, who took it in which order, which ticket
 * each thread holds, and the MCS queue of nodes.  Invariant: everything here
 * is computed from the state and the trace alone (the labels are the
 * engine's, core/engines/spinlocks/*.c), so going back a step recomputes it.
 */
import type { ActorState, MachineState, ObjectState, TraceEvent } from '../../bridge/types';

/** The labels of the steps a thread takes while it waits for a lock (its spin loop). */
const WAITING = new Set([
  'check: is held 0?',
  'test: is held 0?',
  'test-and-set: swap held <- 1',
  'spin: held was 1',
  'is now_serving my ticket?',
  'spin: not my turn yet',
  'spin on my node: locked?',
  'spin: still locked',
]);
const SPIN_LABELS = new Set(['spin: held was 1', 'spin: not my turn yet', 'spin: still locked']);

/** The holder's name (the binding keeps it beside the lock), or null. */
export function ownerOf(o: ObjectState): string | null {
  return typeof o.owner === 'string' ? o.owner : null;
}

/** The actors that are about to take another step of a spin loop on `o`. */
export function spinning(state: MachineState, o: ObjectState): string[] {
  return state.actors
    .filter(
      (a: ActorState) =>
        a.status === 'enabled' && a.next?.object === o.name && WAITING.has(a.next.label ?? ''),
    )
    .map((a) => a.name);
}

/** How many spin hints each actor has taken so far (all locks together: a spin hint names no object). */
export function spinCounts(trace: readonly TraceEvent[]): Map<string, number> {
  const n = new Map<string, number>();
  for (const e of trace)
    if (e.kind === 'spin' && e.actor && SPIN_LABELS.has(e.label ?? ''))
      n.set(e.actor, (n.get(e.actor) ?? 0) + 1);
  return n;
}

const loaded = (e: TraceEvent): number | undefined => e.new ?? e.old;

/** Each actor's ticket on ticket lock `object` (the last one it took), in trace order. */
export function tickets(trace: readonly TraceEvent[], object: string): Map<string, number> {
  const mine = new Map<string, number>();
  for (const e of trace) {
    if (e.object !== object || !e.actor) continue;
    if (e.label === 'take a ticket: fetch_add next_ticket' && e.old !== undefined) mine.set(e.actor, e.old);
    if (e.label === 'read next_ticket' && loaded(e) !== undefined) mine.set(e.actor, loaded(e)!);
  }
  return mine;
}

export interface Acquisition {
  actor: string;
  step: number;
}

/** Who took lock `o`, in order: the step at which each acquisition became true. */
export function acquisitions(trace: readonly TraceEvent[], o: ObjectState): Acquisition[] {
  const out: Acquisition[] = [];
  const ticket = new Map<string, number>();
  for (const e of trace) {
    if (e.object !== o.name || !e.actor) continue;
    const took =
      (e.label === 'test-and-set: swap held <- 1' && e.old === 0) ||
      e.label === 'set: held = 1' ||
      (e.label === 'join: swap tail <- my node' && e.old === 0) ||
      (e.label === 'spin on my node: locked?' && loaded(e) === 0) ||
      (e.label === 'is now_serving my ticket?' && loaded(e) === ticket.get(e.actor));
    if (e.label === 'take a ticket: fetch_add next_ticket' && e.old !== undefined) ticket.set(e.actor, e.old);
    if (e.label === 'read next_ticket' && loaded(e) !== undefined) ticket.set(e.actor, loaded(e)!);
    if (took) out.push({ actor: e.actor, step: e.step });
  }
  return out;
}

/** The labels of the steps after which an MCS holder no longer holds the lock. */
const MCS_LET_GO = new Set([
  "hand over: successor's locked = 0",
  'no successor: CAS tail my node -> none',
  'leave without waiting for the link',
]);

/**
 * Who holds MCS lock `o`: the binding's holder, or, in the step between the
 * lock's last store and the moment the binding records it, the last taker
 * that has not let go since (read from the trace).
 */
export function mcsHolder(o: ObjectState, trace: readonly TraceEvent[]): string | null {
  const owner = ownerOf(o);
  if (owner) return owner;
  const last = acquisitions(trace, o).pop();
  if (!last) return null;
  const letGo = trace.some(
    (e) =>
      e.step >= last.step &&
      e.actor === last.actor &&
      MCS_LET_GO.has(e.label ?? '') &&
      (e.label !== 'no successor: CAS tail my node -> none' || e.ok === true),
  );
  return letGo ? null : last.actor;
}

/** Whether `actor` has swapped itself into the MCS lock's tail and is about to link behind its predecessor. */
export function mcsLinking(o: ObjectState, actor: ActorState | undefined): boolean {
  return actor?.next?.object === o.name && actor.next.label === "link: predecessor's next = my node";
}

/** The labels of the steps that give a tas, ttas or ticket lock back. */
const LET_GO = new Set(['unlock: held = 0', 'call the next ticket']);

/**
 * Who holds tas, ttas or ticket lock `o` by the trace: every thread whose
 * lock() has taken it and who has not given it back since.  One thread
 * under correct; under a mistake, two threads that both took it.
 */
export function holders(trace: readonly TraceEvent[], o: ObjectState): string[] {
  const took = new Set(acquisitions(trace, o).map((a) => `${a.step} ${a.actor}`));
  const now: string[] = [];
  for (const e of trace) {
    if (e.object !== o.name || !e.actor) continue;
    if (took.has(`${e.step} ${e.actor}`) && !now.includes(e.actor)) now.push(e.actor);
    const i = now.indexOf(e.actor);
    if (LET_GO.has(e.label ?? '') && i >= 0) now.splice(i, 1);
  }
  return now;
}

export interface McsNode {
  actor: string;
  locked: number;
  next: string | null;
}

/** The MCS lock's nodes (one per actor) and its tail, as the binding describes them. */
export function mcsNodes(o: ObjectState): { tail: string | null; nodes: McsNode[] } {
  const nodes = Array.isArray(o.nodes) ? (o.nodes as McsNode[]) : [];
  return { tail: typeof o.tail === 'string' ? o.tail : null, nodes };
}

/**
 * The queue, holder first: from the holder (mcsHolder) along `next` to the
 * tail; a tail the chain does not reach yet (swapped in, not linked) comes
 * last.  With no holder (an unlock that left without handing over), it is
 * the tail and, walking back along `next`, the waiters before it that have
 * not finished.
 */
export function mcsQueue(o: ObjectState, actors: readonly ActorState[], holder: string | null): string[] {
  const { tail, nodes } = mcsNodes(o);
  if (!tail) return [];
  const owner = holder;
  const queue: string[] = [];
  if (owner) {
    const next = new Map(nodes.map((n) => [n.actor, n.next]));
    for (let at: string | null | undefined = owner; at && !queue.includes(at); at = next.get(at)) {
      queue.push(at);
      if (at === tail) return queue;
    }
    return [...queue, tail];
  }
  const finished = new Set(actors.filter((a) => a.status === 'finished').map((a) => a.name));
  for (let at: string | undefined = tail; at && !queue.includes(at) && !finished.has(at);) {
    queue.unshift(at);
    const here: string = at;
    at = nodes.find((n) => n.next === here)?.actor;
  }
  return queue;
}
