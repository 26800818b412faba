// The merge of a complete search's units (prove.ts): counts add up, the first
// unit in unit order that found something gives the counterexample, one
// incomplete unit makes the whole incomplete with its reason.
import { describe, expect, it } from 'vitest';
import type { ExploreResult } from './explorer';
import { mergeUnits, unitsEstimate } from './prove';

const part = (o: Partial<ExploreResult>): ExploreResult => ({
  found: false,
  kind: null,
  schedule: null,
  steps: 0,
  preemptions: 0,
  executions: 0,
  pruned: 0,
  bound: -1,
  complete: true,
  reason: 'every interleaving was explored',
  message: '',
  summary: '',
  elapsedMs: 0,
  total_steps: 0,
  ...o,
});

describe('mergeUnits', () => {
  it('adds the units up into one complete search', () => {
    const r = mergeUnits(
      [part({ executions: 10, total_steps: 100 }), part({ executions: 32, total_steps: 300 })],
      5,
      2,
    );
    expect(r).toMatchObject({
      found: false,
      complete: true,
      executions: 42,
      total_steps: 400,
      bound: -1,
      workers: 2,
    });
  });
  it('takes the counterexample of the first unit in unit order that found one', () => {
    const r = mergeUnits(
      [
        part({ executions: 3 }),
        part({ found: true, kind: 'stuck', schedule: 'v1: B A', executions: 4 }),
        part({ found: true, kind: 'overlap', schedule: 'v1: A A', executions: 5 }),
      ],
      1,
      2,
    );
    expect(r).toMatchObject({
      found: true,
      kind: 'stuck',
      schedule: 'v1: B A',
      executions: 12,
      complete: false,
    });
  });
  it('is incomplete, with the reason, when one unit stopped at a limit', () => {
    const r = mergeUnits(
      [part({}), part({ complete: false, reason: 'stopped at the limit of 1,000 steps in all' })],
      1,
      2,
    );
    expect(r).toMatchObject({ complete: false, reason: 'stopped at the limit of 1,000 steps in all' });
  });
});

describe('unitsEstimate', () => {
  it('weighs each unit’s share done by its share of the tree', () => {
    const units = [
      { unit: [0], estimate: 0, steps: 0, mass: 0.5 },
      { unit: [1], estimate: 0, steps: 0, mass: 0.25 },
    ];
    // a quarter of the tree has no run; unit 0 is done, unit 1 half: 0.25 + 0.5 + 0.125 of the tree
    expect(unitsEstimate(units, 70, (i) => [1, 0.5][i] ?? 0)).toBeCloseTo(80);
    expect(unitsEstimate(units, 0, () => 0)).toBeUndefined();
    // never fewer than the executions already made
    expect(unitsEstimate(units, 90, () => 1)).toBe(90);
  });
});
