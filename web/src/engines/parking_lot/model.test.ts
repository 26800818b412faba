import { describe, expect, it } from 'vitest';
import type { MachineState, TraceEvent } from '../../bridge/types';
import fx from '../../model/fixtures/parking-lot.json';
import { bits2, bucketOfObject, condvars, isAsleep, lotView, mutexes, parkedOn, spinRound } from './model';
import { lotChanges } from './changes';

const stuck = fx.stuckState as unknown as MachineState;
const mid = fx.midState as unknown as MachineState;
const oldTrace = fx.oldTrace as TraceEvent[];

/** A state with two mutexes in one bucket and two waiters (as in shared-bucket.yaml). */
function shared(): MachineState {
  return {
    ...stuck,
    outcome: 'running',
    objects: [
      {
        name: 'm1',
        type: 'mini_mutex',
        engine: 'parking_lot',
        address: 0x10000,
        fields: { state: 3, locked: 1, parked: 1 },
        key: 0x10000,
        bucket: 30,
        owner: 'A',
      },
      {
        name: 'm2',
        type: 'mini_mutex',
        engine: 'parking_lot',
        address: 0x10090,
        fields: { state: 1, locked: 1, parked: 0 },
        key: 0x10090,
        bucket: 30,
        owner: 'C',
      },
    ],
    engines: {
      parking_lot: {
        buckets: 64,
        queues: [
          {
            bucket: 30,
            locked_by: 'C',
            waiters: [
              { key: 0x10000, actor: 'B' },
              { key: 0x10090, actor: 'D' },
            ],
          },
        ],
      },
    },
  };
}

describe('the mutex byte', () => {
  it('is two binary digits', () => {
    expect(bits2(0)).toBe('00');
    expect(bits2(1)).toBe('01');
    expect(bits2(2)).toBe('10');
    expect(bits2(3)).toBe('11');
    expect(bits2(undefined)).toBe('??');
  });
  it('reads LOCKED and PARKED, the key, the bucket and the owner', () => {
    // step 29: A is inside `unlock m` (the engine no longer counts it as the owner)
    expect(mutexes(mid)).toEqual([
      { name: 'm', state: 3, locked: true, parked: true, bits: '11', key: 65536, bucket: 30, owner: null },
    ]);
    expect(mutexes(shared()).map((m) => m.owner)).toEqual(['A', 'C']);
    expect(mutexes(stuck)[0]).toMatchObject({ bits: '00', locked: false, parked: false, owner: null });
  });
});

describe('the lot', () => {
  it('has one cell per bucket, the mutex’s lit, its lock holder and FIFO', () => {
    const v = lotView(mid);
    expect(v.buckets).toBe(64);
    expect(v.cells).toHaveLength(64);
    expect(v.cells[30]).toEqual({ index: 30, mutexes: ['m'], lockedBy: 'A', waiters: [] });
    expect(v.cells.filter((c) => c.mutexes.length || c.lockedBy || c.waiters.length)).toHaveLength(1);
    expect(lotView(stuck).cells[30]!.waiters).toEqual([{ actor: 'B', key: 65536, object: 'm' }]);
  });
  it('keeps the queue in FIFO order and names each waiter’s mutex by its key', () => {
    const c = lotView(shared()).cells[30]!;
    expect(c.mutexes).toEqual(['m1', 'm2']);
    expect(c.waiters.map((w) => `${w.actor}:${w.object}`)).toEqual(['B:m1', 'D:m2']);
    expect(parkedOn(shared(), 'D')).toBe('m2');
    expect(parkedOn(shared(), 'A')).toBeNull();
  });
  it('reads bucket names', () => {
    expect(bucketOfObject('lot[30]')).toBe(30);
    expect(bucketOfObject('m')).toBeNull();
    expect(bucketOfObject(undefined)).toBeNull();
  });
  it('knows who sleeps', () => {
    expect(isAsleep(stuck.actors[1]!)).toBe(true);
    expect(isAsleep(stuck.actors[0]!)).toBe(false);
  });
});

/** After a notify_all (condvar-notify-all.yaml): W1 still waits on cv, W2 was moved onto m. */
function requeued(): MachineState {
  return {
    ...stuck,
    outcome: 'running',
    objects: [
      {
        name: 'm',
        type: 'mini_mutex',
        engine: 'parking_lot',
        address: 0x10000,
        fields: { state: 2, locked: 0, parked: 1 },
        key: 0x10000,
        bucket: 30,
        owner: null,
      },
      {
        name: 'cv',
        type: 'condvar',
        engine: 'parking_lot',
        address: 0x10040,
        fields: { state: 1 },
        key: 0x10040,
        bucket: 1,
        mutex: 'm',
      },
    ],
    engines: {
      parking_lot: {
        buckets: 64,
        queues: [
          { bucket: 1, locked_by: null, waiters: [{ key: 0x10040, actor: 'B' }] },
          { bucket: 30, locked_by: null, waiters: [{ key: 0x10000, actor: 'A' }] },
        ],
      },
    },
  };
}

describe('the condvar', () => {
  it('reads whether anybody waits, its key, its bucket and its mutex', () => {
    expect(condvars(requeued())).toEqual([
      { name: 'cv', waiters: true, key: 0x10040, bucket: 1, mutex: 'm' },
    ]);
    expect(condvars(mid)).toEqual([]);
  });
  it('lights its bucket and names the threads queued on it; a requeued thread is on the mutex', () => {
    const v = lotView(requeued());
    expect(v.cells[1]!.mutexes).toEqual(['cv']);
    expect(v.cells[1]!.waiters).toEqual([{ actor: 'B', key: 0x10040, object: 'cv' }]);
    expect(parkedOn(requeued(), 'B')).toBe('cv');
    expect(parkedOn(requeued(), 'A')).toBe('m');
  });
});

describe('SpinWait', () => {
  it('is the latest spin round while the actor still spins', () => {
    const upTo = (n: number) => oldTrace.filter((e) => e.step <= n);
    expect(spinRound(upTo(2), 'B')).toBeNull(); // the fast path failed; no round yet
    expect(spinRound(upTo(3), 'B')).toBe(1);
    expect(spinRound(upTo(9), 'B')).toBe(4);
    expect(spinRound(upTo(22), 'B')).toBe(10);
    // set PARKED then prepare_park: it left the spinning
    expect(spinRound(upTo(28), 'B')).toBeNull();
    expect(spinRound(upTo(22), 'A')).toBeNull();
  });
});

describe('what changed', () => {
  it('finds flipped bits, changed buckets, new waiters, parker flags and spin rounds', () => {
    const before = { state: mid, trace: oldTrace.filter((e) => e.step <= 29) };
    const after = { state: stuck, trace: oldTrace };
    const c = lotChanges(before, after);
    expect([...c.bits].sort()).toEqual(['m.locked', 'm.parked']);
    expect([...c.buckets]).toEqual([30]);
    expect([...c.joined]).toEqual(['B']);
    expect(c.parkers.size).toBe(0);
  });
  it('is nothing without a previous snapshot', () => {
    const c = lotChanges(null, { state: stuck, trace: oldTrace });
    expect(c.bits.size + c.buckets.size + c.joined.size).toBe(0);
  });
  it('sees a spin round tick and a parker flag set', () => {
    const s2 = { state: mid, trace: oldTrace.filter((e) => e.step <= 5) };
    const s1 = { state: mid, trace: oldTrace.filter((e) => e.step <= 3) };
    expect([...lotChanges(s1, s2).spins]).toEqual(['B']);
    const woken = { ...mid, actors: mid.actors.map((a) => (a.name === 'B' ? { ...a, parker: 1 } : a)) };
    expect([...lotChanges({ state: mid, trace: [] }, { state: woken, trace: [] }).parkers]).toEqual(['B']);
  });
});
