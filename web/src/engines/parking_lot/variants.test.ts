import { describe, expect, it } from 'vitest';
import type { EventKind, TraceEvent } from '../../bridge/types';
import fx from '../../model/fixtures/parking-lot.json';
import {
  actorOrder,
  byStep,
  divergedStep,
  firstDecision,
  firstDifference,
  followsOrder,
  sameEvent,
} from '../../model/variants';

const oldTrace = fx.oldTrace as TraceEvent[]; // validate_outside: B sleeps forever at step 34
const newTrace = fx.newTrace as TraceEvent[]; // the same schedule under correct: done at step 39

describe('comparing two variants’ runs', () => {
  it('finds the lost wakeup’s first difference: step 30', () => {
    const d = firstDifference(oldTrace, newTrace)!;
    expect(d.step).toBe(30);
    expect(d.oldEvents.map((e) => `${e.actor} ${e.kind} ${e.label}`)).toEqual([
      'B load validate: state == 11?',
      'B note validate ok',
    ]);
    expect(d.newEvents.map((e) => `${e.actor} ${e.kind} ${e.label}`)).toEqual(['A store callback: write 00']);
  });
  it('finds the decision that came out differently: validate passed, then failed', () => {
    expect(firstDecision(oldTrace, newTrace)).toEqual({
      actor: 'B',
      old: { label: 'validate ok', step: 30, value: 1 },
      new: { label: 'validate failed', step: 33, value: 0 },
    });
  });
  it('ignores source lines, which differ between variants', () => {
    const a = oldTrace[0]!;
    expect(sameEvent(a, { ...a, site: 'elsewhere.c:1', time: 9 })).toBe(true);
    expect(sameEvent(a, { ...a, ok: false })).toBe(false);
  });
  it('is null when the runs agree', () => {
    expect(firstDifference(oldTrace, oldTrace)).toBeNull();
    expect(
      firstDifference(
        oldTrace.filter((e) => e.step <= 29),
        newTrace,
      ),
    ).toBeNull();
  });
  it('reports where the schedule stopped applying when the steps before agree', () => {
    const d = firstDifference(
      oldTrace,
      newTrace.filter((e) => e.step <= 26),
      27,
    )!;
    expect(d.step).toBe(27);
    expect(d.newEvents).toEqual([]);
    expect(d.oldEvents[0]).toMatchObject({ actor: 'A', kind: 'cas' });
  });
  it('counts a new run that ended first as a difference, not one that went on', () => {
    const shorter = newTrace.filter((e) => e.step <= 20);
    expect(
      firstDifference(
        oldTrace.filter((e) => e.step <= 25),
        shorter,
      )?.step,
    ).toBe(21);
    expect(
      firstDifference(
        oldTrace.filter((e) => e.step <= 20),
        newTrace,
      ),
    ).toBeNull();
  });
  it('groups events by step and reads the divergence message', () => {
    expect(byStep(oldTrace).get(27)).toHaveLength(2);
    expect(divergedStep('schedule diverged at step 27: expected B load on m, got B lock on lot[30]')).toBe(
      27,
    );
    expect(divergedStep('the run ended (done) with 1 schedule entries unused')).toBeNull();
  });
});

describe('following the old order past the parting', () => {
  const ev = (step: number, actor: string, kind: EventKind): TraceEvent => ({ step, time: 0, actor, kind });
  it('lists who took each step after a point and what kind of action it was, notes aside', () => {
    const trace = [
      ev(1, 'A', 'cas'),
      ev(2, 'B', 'note'),
      ev(2, 'B', 'load'),
      ev(3, 'A', 'lock'),
      ev(3, 'A', 'note'),
    ];
    expect(actorOrder(trace, 1)).toEqual([
      { actor: 'B', kind: 'load' },
      { actor: 'A', kind: 'lock' },
    ]);
  });
  it('takes a step only when the thread can move and does the same kind of thing; passes over the rest', () => {
    // under correct, B locks the bucket where it validated (a load) before: that step is passed over
    expect(followsOrder({ actor: 'B', kind: 'load' }, { kind: 'lock' }, true)).toBe(false);
    expect(followsOrder({ actor: 'A', kind: 'cas' }, { kind: 'cas' }, true)).toBe(true);
    expect(followsOrder({ actor: 'A', kind: 'lock' }, { kind: 'lock' }, false)).toBe(false);
    expect(followsOrder({ actor: 'A', kind: 'lock' }, undefined, true)).toBe(false);
  });
});
