// The merge of a complete search's units (prove.ts) follows the native rule
// (core/runner/workers.c, core/sim/complete.c): counts add up, the first unit
// in unit order that found something gives the counterexample and ends the
// count (the units after it count for nothing), complete as that unit is,
// one unit that stopped short makes the whole incomplete with its reason, and
// runs at the step limit are counted over every unit.
import { describe, expect, it } from 'vitest';
import { exploreResult as part } from './exploreResult.fixture';
import { mergeUnits, unitsEstimate } from './prove';

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
    // complete and no reason, as lockstep-run --workers 2 says it (one search that found it is too)
    expect(r).toMatchObject({
      found: true,
      kind: 'stuck',
      schedule: 'v1: B A',
      executions: 7,
      complete: true,
      reason: '',
    });
  });
  it('is as complete as the unit that found the counterexample (it may have stopped looking for a shorter one)', () => {
    const looking = part({
      found: true,
      kind: 'stuck',
      schedule: 'v1: B A',
      executions: 4,
      complete: false,
      reason: 'stopped looking for a shorter counterexample after 20000 runs',
    });
    expect(mergeUnits([part({ executions: 3 }), looking], 1, 2)).toMatchObject({
      found: true,
      executions: 7,
      complete: false,
    });
  });
  it('keeps a counterexample complete when a unit before it stopped short or never finished', () => {
    const short = part({
      complete: false,
      searched_all: false,
      reason: 'stopped at the limit of 9 executions',
    });
    const found = part({
      found: true,
      kind: 'overlap',
      schedule: 'v1: A B',
      executions: 2,
      searched_all: false,
    });
    expect(mergeUnits([short, found, null], 1, 2)).toMatchObject({
      found: true,
      kind: 'overlap',
      complete: true,
      reason: '',
    });
  });
  it('is incomplete, with the reason, when one unit stopped at a limit', () => {
    const r = mergeUnits(
      [
        part({}),
        part({ complete: false, searched_all: false, reason: 'stopped at the limit of 1,000 steps in all' }),
      ],
      1,
      2,
    );
    expect(r).toMatchObject({
      complete: false,
      searched_all: false,
      reason: 'stopped at the limit of 1,000 steps in all',
    });
  });
  it('counts the runs at the step limit over every unit, in the engine’s words', () => {
    const hit = (executions: number, hits: number) =>
      part({
        executions,
        step_limit_hits: hits,
        complete: false,
        reason: `${hits} runs reached the step limit of 10000 steps (a loop that never ends?)`,
      });
    expect(mergeUnits([hit(10, 2), part({ executions: 5 }), hit(7, 3)], 1, 2)).toMatchObject({
      complete: false,
      searched_all: true,
      step_limit_hits: 5,
      reason: '5 runs reached the step limit of 10000 steps (a loop that never ends?)',
    });
    // every run of every unit: the program may not terminate, with the limit the search was given
    const all = [hit(2, 2), hit(3, 3)];
    expect(mergeUnits(all, 1, 2, { maxSteps: 40 }).reason).toBe(
      'every run reached the 40-step limit: the program may not terminate; see --max-steps',
    );
    expect(mergeUnits(all, 1, 2).reason).toBe(
      'every run reached the 10,000-step limit: the program may not terminate; see --max-steps',
    );
  });
  it('is incomplete when a unit never finished, or the whole search stopped at its limit', () => {
    expect(mergeUnits([part({}), null], 1, 2)).toMatchObject({ complete: false, searched_all: false });
    const stopped = 'stopped at the limit of 20,000,000 steps in all';
    expect(
      mergeUnits([part({}), part({ executions: 3, searched_all: false })], 1, 2, { stopped }),
    ).toMatchObject({
      complete: false,
      executions: 3,
      reason: stopped,
    });
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
