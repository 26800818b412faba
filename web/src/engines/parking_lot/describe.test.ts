import { describe, expect, it } from 'vitest';
import type { ActorState, MachineState, Summary, TraceEvent } from '../../bridge/types';
import fx from '../../model/fixtures/parking-lot.json';
import {
  blockedText,
  eventText,
  guessOpStart,
  insideOperation,
  nextEffect,
  nextText,
  outcomeFor,
} from '../../model/describe';

const stuck = fx.stuckState as unknown as MachineState;
const mid = fx.midState as unknown as MachineState;
const wait = fx.bucketWait as unknown as MachineState;
const oldTrace = fx.oldTrace as TraceEvent[];
const A = (s: MachineState) => s.actors[0]!;
const B = (s: MachineState) => s.actors[1]!;

describe('the next action, as what it would change', () => {
  it('phrases the state byte in binary', () => {
    expect(nextText({ kind: 'cas', object: 'm', expected: 1, desired: 3, value: 1 }, mid)).toBe(
      'CAS state 01 → 11',
    );
    expect(nextText({ kind: 'store', object: 'm', arg: 0, value: 3 }, mid)).toBe('store state ← 00');
    expect(nextText({ kind: 'load', object: 'm', value: 3 }, mid)).toBe('load state');
    expect(nextEffect({ kind: 'cas', object: 'm', expected: 1, desired: 3, value: 1 }, B(mid), mid)).toBe(
      'will succeed: state 01 → 11',
    );
    expect(nextEffect({ kind: 'cas', object: 'm', expected: 1, desired: 0, value: 3 }, A(mid), mid)).toBe(
      'will fail: state is 11, not 01',
    );
    expect(nextEffect({ kind: 'store', object: 'm', arg: 0, value: 3 }, A(mid), mid)).toBe('state: 11 → 00');
    expect(nextEffect({ kind: 'load', object: 'm', value: 3 }, B(mid), mid)).toBe('reads state = 11');
  });
  it('names the mutex when there are several', () => {
    const two = { ...mid, objects: [...mid.objects, { ...mid.objects[0]!, name: 'm2' }] };
    expect(nextText({ kind: 'cas', object: 'm2', expected: 0, desired: 1 }, two)).toBe(
      'CAS m2.state 00 → 01',
    );
  });
  it('phrases buckets and parkers', () => {
    expect(nextText({ kind: 'lock', object: 'lot[30]' }, mid)).toBe('lock bucket lot[30]');
    expect(nextText({ kind: 'unlock', object: 'lot[30]' }, mid)).toBe('unlock bucket lot[30]');
    expect(nextText({ kind: 'park', object: 'B.parker' }, mid)).toBe('sleep on parker (wait for unpark)');
    expect(nextText({ kind: 'unpark', object: 'B.parker', target: 'B' }, mid)).toBe('wake B');
    expect(nextText({ kind: 'prepare_park', object: 'B.parker' }, mid)).toBe('reset my parker (flag ← ○)');
    expect(nextText({ kind: 'spin', count: 4 }, mid)).toBe('spin 4×');
    expect(nextText({ kind: 'cs_enter' }, mid)).toBe('enter critical section');
    expect(nextEffect({ kind: 'unpark', target: 'B' }, A(mid), mid)).toBe(
      'sets B’s parker flag and wakes it',
    );
    expect(nextEffect({ kind: 'park' }, { ...B(mid), parker: 1 }, mid)).toBe(
      'the flag is already set: returns at once',
    );
  });
});

describe('why an actor cannot move', () => {
  it('reads blocked.why: a bucket lock and its holder', () => {
    expect(blockedText(B(wait), wait)).toBe('waits for bucket lot[30], held by A');
  });
  it('reads blocked.why: parked, and on which mutex (from the queues)', () => {
    expect(blockedText(B(stuck), stuck)).toBe('parked on m, waiting for an unpark');
  });
  it('says nothing for an actor that can move', () => {
    expect(blockedText(A(mid), mid)).toBeNull();
  });
  it('reads sleep and held, and quotes the engine otherwise', () => {
    const a = (blocked: ActorState['blocked'], reason = 'x'): ActorState => ({
      ...B(mid),
      status: 'blocked',
      blocked,
      reason,
    });
    expect(blockedText(a({ why: 'sleep', until: 500 }), mid)).toBe('sleeping until 500 µs');
    expect(blockedText(a({ why: 'held' }), mid)).toBe('held back by a scheduling rule');
    expect(blockedText(a({ why: 'lock', object: 'q', holder: 'C' }), mid)).toBe('waits for q, held by C');
    expect(blockedText(a({ why: 'other' }, 'waits for the moon'), mid)).toBe(
      'the engine says: “waits for the moon”',
    );
    expect(blockedText(a(undefined, 'no data'), mid)).toBe('the engine says: “no data”');
  });
});

describe('step into', () => {
  it('lists the engine actions inside the operation so far', () => {
    // A is in `unlock m` at step 29: its fast path failed at 27, it locked the bucket at 29
    const inside = insideOperation(
      oldTrace.filter((e) => e.step <= 29),
      'A',
      25,
      mid,
    );
    expect(inside.map((e) => e.text)).toEqual([
      'CAS state 01 → 00 ✗ (it was 11)',
      'unlock’s fast path failed: state is 11',
      'lock bucket lot[30]',
      'found no waiter',
    ]);
    expect(inside.map((e) => e.step)).toEqual([27, 27, 29, 29]);
    expect(inside[0]).toMatchObject({ failed: true, label: 'fast path: CAS 01 -> 00' });
  });
  it('guesses where an operation began from the trace alone', () => {
    const upTo29 = oldTrace.filter((e) => e.step <= 29);
    expect(guessOpStart(upTo29, 'A')).toBe(25); // cs_exit at 25
    expect(guessOpStart(upTo29, 'B')).toBe(0);
    const work = (step: number, actor = 'A'): TraceEvent => ({ step, time: 0, kind: 'work', actor });
    const tr: TraceEvent[] = [{ step: 1, time: 0, kind: 'cs_enter', actor: 'A' }, work(2), work(3), work(4)];
    expect(guessOpStart(tr, 'A', 'work')).toBe(1); // inside `work 5`: its three work steps so far
    expect(guessOpStart(tr, 'A', 'cs_exit')).toBe(4); // the work is over
  });
  it('tells events in short, code-like words', () => {
    const e = (x: Partial<TraceEvent>): TraceEvent => ({ step: 1, time: 0, kind: 'note', ...x });
    expect(
      eventText(e({ kind: 'cas', object: 'm', expected: 0, desired: 1, old: 0, new: 1, ok: true }), mid),
    ).toBe('CAS state 00 → 01 ✓');
    expect(eventText(e({ kind: 'note', label: 'validate ok', value: 1 }), mid)).toBe('validate passed');
    expect(eventText(e({ kind: 'note', label: 'spin round', value: 3 }), mid)).toBe('SpinWait round 3');
    expect(eventText(e({ kind: 'note', label: 'enqueue', value: 30 }), mid)).toBe('queued in bucket 30');
    expect(eventText(e({ kind: 'park', by: 'A' }), mid)).toBe('slept, woken by A');
    expect(eventText(e({ kind: 'note', label: 'brand new', value: 2 }), mid)).toBe('brand new (2)');
  });
});

describe('the outcome banner', () => {
  const summary = { message: '' } as Summary;
  it('says who sleeps forever and why, from data, and quotes the engine', () => {
    const v = outcomeFor(stuck, summary)!;
    expect(v.title).toBe('Stuck: B sleeps forever');
    expect(v.details).toEqual(['B: parked on m, waiting for an unpark (lot.c:119)']);
    expect(v.quote).toMatch(/^parked on mutex m \(bucket 30\) since step 34/);
  });
  it('names the kind of violation and quotes its message', () => {
    const v = outcomeFor(
      {
        ...mid,
        outcome: 'violation',
        violation: { kind: 'misuse', message: 'unlocked a mutex that is not locked', step: 1 },
      },
      summary,
    )!;
    expect(v.title).toBe('The lock was misused');
    expect(v.quote).toBe('unlocked a mutex that is not locked');
    expect(v.details).toEqual([]);
  });
  it("says what Java throws, word for word, beside the engine's explanation", () => {
    const v = outcomeFor(
      {
        ...mid,
        outcome: 'violation',
        violation: {
          kind: 'misuse',
          message: 'the release would take the count past the largest int, 2147483647',
          java: 'java.lang.Error: Maximum permit count exceeded',
          step: 3,
        },
      },
      summary,
    )!;
    expect(v.quote).toBe('the release would take the count past the largest int, 2147483647');
    expect(v.details).toEqual(['Java throws java.lang.Error: Maximum permit count exceeded here.']);
  });
  it('leaves a running machine alone', () => {
    expect(outcomeFor(mid, summary)).toBeNull();
  });
});
