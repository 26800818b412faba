/*
 * Reading the aqs engine's state: each semaphore's permits (one int, which
 * reducePermits may drive below zero), its capacity, its FIFO wait queue of
 * nodes (status 0, WAITING or CANCELLED, and the permits each wants), the
 * `first` word, who holds how many permits (kept by the scenario binding: the
 * semaphore itself does not know), each thread's interrupt flag, and which
 * trace events carry permit values.  Pure functions, no DOM.
 *
 * The engine: core/engines/aqs/ (semaphore.c, aqs.c, aqs_cancel.c,
 * aqs_thread.c); the binding and its describe(): core/script/engines/aqs/semaphore.c.
 */
import type { MachineState, ObjectState } from '../../bridge/types';

/** aqs_thread.h: a node's status bits. */
export const WAITING = 1;
export const CANCELLED = 0x80000000;

/** The statuses the view draws ("0" is a node with no status bit: signalled, or about to look again). */
export type NodeStatus = '0' | 'WAITING' | 'CANCELLED';

/** The engine's 32-bit words come through the trace unsigned; permits are a Java int. */
export function int32(v: number | undefined): number | undefined {
  return v === undefined || !Number.isFinite(v) ? undefined : v | 0;
}

/** A node status word as its name. */
export function statusName(v: number | undefined): NodeStatus | '?' {
  if (v === undefined) return '?';
  const u = v >>> 0;
  if (u === 0) return '0';
  if (u & CANCELLED) return 'CANCELLED';
  if (u & WAITING) return 'WAITING';
  return '?';
}

export interface QueueNode {
  /** the waiting thread (null: a node whose thread is unknown) */
  actor: string | null;
  status: NodeStatus | string;
  /** the permits it asked for */
  wants: number;
}

export interface Holder {
  actor: string;
  permits: number;
}

export interface SemaphoreView {
  name: string;
  permits: number;
  fair: boolean;
  /** the declared capacity less reductions; null when the scenario declared none */
  capacity: number | null;
  /** the `first` word: the first waiter's thread, as the engine's lock-free readers see it */
  first: string | null;
  /** head first */
  queue: QueueNode[];
  /** from the scenario binding, not the semaphore */
  holders: Holder[];
  held: number;
  peakHeld: number;
  drift: number;
}

export function isSemaphore(o: ObjectState): boolean {
  return o.type === 'semaphore';
}

function arr<T>(v: unknown): T[] {
  return Array.isArray(v) ? (v as T[]) : [];
}

/** Every semaphore of the scenario, from state().objects (their describe() JSON). */
export function semaphores(state: MachineState): SemaphoreView[] {
  return state.objects.filter(isSemaphore).map((o) => ({
    name: o.name,
    permits: o.fields.permits ?? 0,
    fair: o.fair === true || o.fields.fair === 1,
    capacity: typeof o.capacity === 'number' ? o.capacity : null,
    first: typeof o.first === 'string' ? o.first : null,
    queue: arr<QueueNode>(o.queue).map((n) => ({
      actor: typeof n.actor === 'string' ? n.actor : null,
      status: String(n.status),
      wants: typeof n.wants === 'number' ? n.wants : 0,
    })),
    holders: arr<Holder>(o.holders).filter(
      (h) => typeof h.actor === 'string' && typeof h.permits === 'number',
    ),
    held: o.fields.held ?? 0,
    peakHeld: o.fields.peak_held ?? 0,
    drift: o.fields.drift ?? 0,
  }));
}

/** Whether the scenario has semaphores (the aqs engine's words apply). */
export function hasSemaphores(state: MachineState): boolean {
  return state.objects.some(isSemaphore);
}

/** Each actor's interrupt flag (engines.aqs.threads). */
export function interruptFlags(state: MachineState): Map<string, boolean> {
  const aqs = state.engines?.aqs as { threads?: { actor: string; interrupted: boolean }[] } | undefined;
  return new Map((aqs?.threads ?? []).map((x) => [x.actor, x.interrupted === true]));
}

/** Where an actor waits: the semaphore, its place in line (1 = first) and what its node says; null when it does not. */
export function queuedIn(
  state: MachineState,
  actor: string,
): { object: string; position: number; node: QueueNode; permits: number } | null {
  for (const s of semaphores(state)) {
    const i = s.queue.findIndex((n) => n.actor === actor);
    if (i >= 0) return { object: s.name, position: i + 1, node: s.queue[i]!, permits: s.permits };
  }
  return null;
}

/** Labels of the permit values an object's trace events read or wrote. */
export function isPermitLabel(label: string | undefined): boolean {
  return !!label && (label === 'read permits' || label.startsWith('CAS permits'));
}
