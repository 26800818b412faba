// Which complete search `--bound none` runs, and that its report says so: the
// stateful search where states can be remembered (core/sim/visited.c), giving
// way to DPOR only where it cannot remember (core/sim/explore.c,
// stateful_gives_way), measured by bench/explore/compare-none.mjs.  Both
// command lines' --json name the search that made the verdict (`search`) and
// whether the stateful one gave way (`fell_back`).
//
// Needs `make wasm native`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bytecodeFile, lockstep, native } from './helpers.js';

/** The native runner's --json verdict on scenario `rel` with `args`. */
function explore(rel, args) {
  const r = native(['explore', bytecodeFile(rel), '--json', ...args]);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

test('placed-by-hand (six actors, timed work): --bound none proves it itself, within a budget DPOR needs whole', () => {
  // DPOR takes 6,226,613 steps in all here; the budget leaves it a little more.
  const budget = ['--max-total-steps', '6300000'];
  const rel = 'tests/scenarios/parking_lot/placed-by-hand.yaml';
  const dpor = explore(rel, ['--bound', 'none', '--dpor', ...budget]);
  assert.equal(dpor.complete, true, dpor.reason);
  assert.equal(dpor.search, 'dpor');
  assert.equal(dpor.executions, 9900);
  // The clock is in the key, but the timed work is local: every interleaving
  // that took the same steps took the same time, so its states still meet.
  const none = explore(rel, ['--bound', 'none', ...budget]);
  assert.equal(none.complete, true, none.reason);
  assert.equal(none.found, false);
  assert.equal(none.search, 'stateful');
  assert.equal(none.fell_back, false);
  assert.equal(none.executions, 525);
  assert.equal(none.states, 1136350);
});

test('three-semaphores: --bound none does not give way where half the states have no key, and proves what DPOR cannot', () => {
  // Within 3,000,000 steps.  A state where an actor holds the engine's plat
  // lock has no key (core/sim/visited.c), about half of them here, yet the
  // states that have one cut enough (explore.c, stateful_gives_way).
  const budget = ['--max-total-steps', '3000000'];
  const rel = 'tests/scenarios/aqs/three-semaphores.yaml';
  const dpor = explore(rel, ['--bound', 'none', '--dpor', ...budget]);
  assert.equal(dpor.complete, false);
  assert.equal(dpor.reason, 'stopped at the limit of 3,000,000 steps in all');
  const none = explore(rel, ['--bound', 'none', ...budget]);
  assert.equal(none.complete, true, none.reason);
  assert.equal(none.search, 'stateful');
  assert.equal(none.fell_back, false);
  assert.equal(none.executions, 8492);
  assert.equal(none.states, 389706);
});

test('racy-ticket: the stateful search gives way at its first run that reaches the step limit, and both command lines say so', () => {
  // (a spin the stateful search cannot remember: its second run reaches the
  // step limit; DPOR, given the rest of the budget, finds the overlap)
  const rel = 'tests/scenarios/spinlocks/racy-ticket.yaml';
  const dpor = explore(rel, ['--bound', 'none', '--dpor']);
  const none = explore(rel, ['--bound', 'none']);
  assert.equal(none.found, true);
  assert.equal(none.kind, 'overlap');
  assert.equal(none.search, 'dpor');
  assert.equal(none.fell_back, true);
  assert.equal(none.states, 0);
  assert.equal(none.executions, dpor.executions); // (DPOR's search, counted as DPOR counts)
  assert.equal(none.schedule, dpor.schedule);
  const js = JSON.parse(lockstep(['explore', rel, '--bound', 'none', '--json']).stdout);
  assert.deepEqual(
    { search: js.search, fell_back: js.fell_back, executions: js.executions, schedule: js.schedule },
    { search: 'dpor', fell_back: true, executions: none.executions, schedule: none.schedule },
  );
});

test('where the stateful search proves it, both command lines say stateful and that it did not fall back', () => {
  const rel = 'tests/scenarios/parking_lot/contended.yaml';
  const c = explore(rel, ['--bound', 'none']);
  const js = JSON.parse(lockstep(['explore', rel, '--bound', 'none', '--json']).stdout);
  for (const r of [c, js]) {
    assert.equal(r.complete, true);
    assert.equal(r.search, 'stateful');
    assert.equal(r.fell_back, false);
    assert.equal(r.states, 51);
  }
});
