/*
 * Reading the parking_lot engine's state for its view and its words: the
 * one-byte mutexes (LOCKED 0b01, PARKED 0b10), the condvars, the 64 buckets
 * with their locks and FIFOs of waiters (the lot's own state, ParkingLotState),
 * each actor's parker flag and SpinWait round.  What changed between two
 * snapshots is changes.ts.  Pure functions, no DOM.
 *
 * The engine: core/engines/parking_lot/ (mini_mutex.c, lot.c, spin_wait.c,
 * condvar.c).
 */
import type { ActorState, MachineState, ObjectState, TraceEvent } from '../../bridge/types';

/** The parking lot's buckets: only the non-empty ones (core/script/engines/parking_lot/engine.c). */
export interface ParkingLotState {
  buckets: number;
  queues: {
    bucket: number;
    locked_by: string | null;
    /** FIFO order, head first */
    waiters: { key: number; actor: string }[];
  }[];
}

export const LOCKED = 0b01;
export const PARKED = 0b10;
/** spin_wait.h: SPIN_WAIT_ROUNDS rounds in all, the first SPIN_WAIT_SPIN_ROUNDS busy, the rest yield */
export const SPIN_ROUNDS = 10;
export const SPIN_BUSY_ROUNDS = 3;
export const DEFAULT_BUCKETS = 64;

/** A state byte as two binary digits: 3 → "11", 1 → "01". */
export function bits2(v: number | undefined): string {
  if (v === undefined || !Number.isFinite(v)) return '??';
  return (v & 0b11).toString(2).padStart(2, '0');
}

export interface MutexView {
  name: string;
  state: number;
  locked: boolean;
  parked: boolean;
  /** "11" */
  bits: string;
  key?: number;
  bucket?: number;
  owner: string | null;
}

function num(o: ObjectState, k: string): number | undefined {
  const v = o[k];
  return typeof v === 'number' ? v : undefined;
}

export function isMutex(o: ObjectState): boolean {
  return o.type === 'mini_mutex';
}

export function mutexes(state: MachineState): MutexView[] {
  return state.objects.filter(isMutex).map((o) => {
    const v = o.fields.state ?? 0;
    return {
      name: o.name,
      state: v,
      locked: (v & LOCKED) !== 0,
      parked: (v & PARKED) !== 0,
      bits: bits2(v),
      key: num(o, 'key'),
      bucket: num(o, 'bucket'),
      owner: typeof o.owner === 'string' ? o.owner : null,
    };
  });
}

/**
 * Who holds a mutex, as the view says it: read from the same byte as the bits
 * beside it, so the two can never disagree.  The scenario binding's owner (set
 * when lock() returns, cleared when unlock() returns) only names the holder
 * while LOCKED is set: after the byte is written free, an unlock still running
 * (waking a waiter, say) no longer holds anything; and with LOCKED set but no
 * owner, the lock was handed to a waiter that has not woken yet.
 */
export type Holding =
  { kind: 'held'; actor: string } | { kind: 'locked' } | { kind: 'free'; leaving: string | null };

export function holding(m: MutexView): Holding {
  if (m.locked) return m.owner ? { kind: 'held', actor: m.owner } : { kind: 'locked' };
  return { kind: 'free', leaving: m.owner };
}

export interface CondvarView {
  name: string;
  /** condvar.h: CONDVAR_WAITERS (1) or CONDVAR_EMPTY (0) */
  waiters: boolean;
  key?: number;
  bucket?: number;
  /** the mutex its waiters use (recorded by the first wait) */
  mutex: string | null;
}

export function condvars(state: MachineState): CondvarView[] {
  return state.objects
    .filter((o) => o.type === 'condvar')
    .map((o) => ({
      name: o.name,
      waiters: (o.fields.state ?? 0) !== 0,
      key: num(o, 'key'),
      bucket: num(o, 'bucket'),
      mutex: typeof o.mutex === 'string' ? o.mutex : null,
    }));
}

/** Whether `object` (a trace or action object name) is a mini_mutex's state byte. */
export function isMutexObject(state: MachineState, object: string | undefined): boolean {
  return !!object && state.objects.some((o) => o.name === object && isMutex(o));
}

export interface Waiter {
  actor: string;
  key: number;
  /** the mutex or condvar whose key it waits on, when one has that key */
  object: string | null;
}

export interface BucketView {
  index: number;
  /** the mutexes (and condvars) that hash here */
  mutexes: string[];
  lockedBy: string | null;
  /** FIFO order, head first */
  waiters: Waiter[];
}

export interface LotView {
  buckets: number;
  cells: BucketView[];
}

/** The whole table, one cell per bucket (empty ones too). */
export function lotView(state: MachineState): LotView {
  const lot = state.engines?.parking_lot as ParkingLotState | undefined;
  const n = lot?.buckets && lot.buckets > 0 ? lot.buckets : DEFAULT_BUCKETS;
  const byKey = new Map<number, string>();
  const keyed = [...mutexes(state), ...condvars(state)];
  for (const m of keyed) if (m.key !== undefined) byKey.set(m.key, m.name);
  const cells: BucketView[] = Array.from({ length: n }, (_, index) => ({
    index,
    mutexes: [],
    lockedBy: null,
    waiters: [],
  }));
  for (const m of keyed) if (m.bucket !== undefined && cells[m.bucket]) cells[m.bucket]!.mutexes.push(m.name);
  for (const q of lot?.queues ?? []) {
    const c = cells[q.bucket];
    if (!c) continue;
    c.lockedBy = q.locked_by ?? null;
    c.waiters = q.waiters.map((w) => ({ actor: w.actor, key: w.key, object: byKey.get(w.key) ?? null }));
  }
  return { buckets: n, cells };
}

/** "lot[30]" → 30; anything else → null. */
export function bucketOfObject(object: string | undefined): number | null {
  const m = /^lot\[(\d+)\]$/.exec(object ?? '');
  return m ? Number(m[1]) : null;
}

/** The mutex an actor is queued on (from the lot's queues), or null. */
export function parkedOn(state: MachineState, actor: string): string | null {
  for (const c of lotView(state).cells) {
    const w = c.waiters.find((x) => x.actor === actor);
    if (w) return w.object ?? `0x${w.key.toString(16)}`;
  }
  return null;
}

/**
 * The SpinWait round an actor is in: the value of its latest "spin round"
 * note, as long as it has not since left the spinning (set PARKED and gone to
 * park, taken the lock, started a new lock, finished).  null when not spinning.
 */
export function spinRound(trace: TraceEvent[], actor: string): number | null {
  for (let i = trace.length - 1; i >= 0; i--) {
    const e = trace[i]!;
    if (e.actor !== actor) continue;
    if (e.kind === 'note' && e.label === 'spin round') return typeof e.value === 'number' ? e.value : null;
    if (e.kind === 'finish' || e.kind === 'prepare_park' || e.kind === 'park') return null;
    if (e.kind === 'cas' && (e.ok || (e.label ?? '').startsWith('fast path'))) return null;
  }
  return null;
}

/** Whether a SpinWait round spins busily (true) or yields the CPU (false). */
export function isBusyRound(round: number): boolean {
  return round <= SPIN_BUSY_ROUNDS;
}

/** Is the actor asleep on its parker (its next action is park and it cannot move)? */
export function isAsleep(a: ActorState): boolean {
  return a.next?.kind === 'park' && (a.status === 'blocked' || a.status === 'stuck');
}
