// The property the opening lesson rests on: two threads each incrementing a
// racy `counter` three times can end at every value from 2 to 6, and with
// `atomic_counter` always at 6.  Every interleaving is tried, as a readable
// schedule replayed on the wasm module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, compileFile, open } from './helpers.js';

/** Every sequence of `a` A's and `b` B's (C(a+b, a) of them). */
function* interleavings(a, b, prefix = []) {
  if (a === 0 && b === 0) yield prefix;
  if (a > 0) yield* interleavings(a - 1, b, [...prefix, 'A']);
  if (b > 0) yield* interleavings(a, b - 1, [...prefix, 'B']);
}

/**
 * A schedule lists only real choices: once one actor has finished, the other
 * moves alone, so the entries stop where one of them has taken all its steps.
 */
function scheduleOf(order, stepsEach) {
  const taken = { A: 0, B: 0 };
  const choices = [];
  for (const who of order) {
    if (taken.A === stepsEach || taken.B === stepsEach) break;
    choices.push(who);
    taken[who]++;
  }
  return `v1:${choices.map((c) => ` ${c}`).join('')}`;
}

/** Runs every interleaving; returns how many runs ended at each final value. */
function finalValues(compiled, stepsEach) {
  const s = open(compiled);
  /** @type {Map<number, number>} */
  const counts = new Map();
  let runs = 0;
  for (const order of interleavings(stepsEach, stepsEach)) {
    s.reset();
    const schedule = scheduleOf(order, stepsEach);
    const r = s.run({ schedule });
    assert.equal(r.schedule, schedule, 'the run reports the schedule it replayed');
    assert.equal(r.message, '', `${schedule}: every entry is used`);
    assert.equal(r.steps, 2 * stepsEach);
    const value = s.state().objects[0].fields.value;
    counts.set(value, (counts.get(value) ?? 0) + 1);
    runs++;
  }
  s.free();
  return { counts, runs };
}

test('racy counter: 2 actors x 3 increments end at every value from 2 to 6', () => {
  // An increment is a load and a store: 6 steps per actor, C(12, 6) orders.
  const { counts, runs } = finalValues(compileFile('tests/scenarios/basic/racy-counter.yaml'), 6);
  assert.equal(runs, 924);
  assert.deepEqual([...counts.keys()].sort(), [2, 3, 4, 5, 6]);
  // Only the orders where no increment overlaps another reach 6: the three
  // increments of each actor are whole blocks, so C(6, 3) of them.
  assert.equal(counts.get(6), 20);
  assert.equal(
    [...counts.values()].reduce((x, y) => x + y),
    924,
  );
});

test('atomic counter: every interleaving ends at 6', () => {
  // An increment is one fetch_add: 3 steps per actor, C(6, 3) orders.
  const { counts, runs } = finalValues(compileFile('tests/scenarios/basic/atomic-counter.yaml'), 3);
  assert.equal(runs, 20);
  assert.deepEqual([...counts.entries()], [[6, 20]]);
});

test('the final assertion fails exactly when the racy counter does not reach 6', () => {
  const c = compile(
    'title: t\nengine: basic\nobjects: {c: counter}\nactors:\n  A: [increment c]\n  B: [increment c]\nassert: c == 2\n',
  );
  const s = open(c);
  const outcomes = [];
  for (const order of interleavings(2, 2)) {
    s.reset();
    const r = s.run({ schedule: scheduleOf(order, 2) });
    outcomes.push(`${order.join('')} ${r.outcome} ${s.state().objects[0].fields.value}`);
  }
  assert.deepEqual(outcomes, [
    'AABB done 2',
    'ABAB violation 1',
    'ABBA violation 1',
    'BAAB violation 1',
    'BABA violation 1',
    'BBAA done 2',
  ]);
  s.free();
});
