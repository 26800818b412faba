// A complete search split over worker processes (lockstep-run explore
// --workers N, core/runner/workers.c and core/sim/split.c) makes exactly the
// executions one search makes and reaches the same verdict; its limits hold
// for the whole search and are reported; bad --workers values exit 2 with
// one line, from both command lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileFile, lockstep, native, tempDir } from './helpers.js';

const dir = tempDir();
/** The scenario at `rel`, compiled to a .bc file for the native runner. */
function bytecode(/** @type {string} */ rel) {
  const out = join(dir, rel.replace(/\W+/g, '_') + '.bc');
  writeFileSync(out, compileFile(rel).bytecode);
  return out;
}

/** One line of the verdict and the executions, from --json. */
function verdict(/** @type {string} */ bc, /** @type {string[]} */ more) {
  const r = native(['explore', bc, '--bound', 'none', '--json', ...more]);
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  return {
    found: j.found,
    kind: j.kind,
    executions: j.executions,
    complete: j.complete,
  };
}

const SCENARIOS = [
  'bench/explore/parking-lot-2x2.yaml', // no violation: every interleaving
  'bench/explore/rtos-three-tasks.yaml', // a model that picks who runs, with ticks
  'tests/scenarios/rtos/isr-post.yaml', // interrupts
  'tests/scenarios/parking_lot/contended.yaml',
  'tests/scenarios/parking_lot/condvar-notify-one.yaml', // a condition variable: park and unpark
];

for (const rel of SCENARIOS)
  test(`${rel}: 2 and 3 workers make exactly the executions of one`, () => {
    const bc = bytecode(rel);
    const one = verdict(bc, []);
    assert.ok(one.executions > 1, 'a search with choices to split');
    assert.deepEqual(verdict(bc, ['--workers', '2']), one);
    assert.deepEqual(verdict(bc, ['--workers', '3']), one);
  });

test('a violation is found by the split search too, with the same kind', () => {
  const bc = bytecode('tests/scenarios/parking_lot/lost-wakeup.yaml');
  const one = verdict(bc, []);
  assert.equal(one.found, true);
  const two = verdict(bc, ['--workers', '2']);
  assert.equal(two.found, true);
  assert.equal(two.kind, one.kind);
});

test('the limit on steps in all holds for the whole split search, is said early, and is reported', () => {
  const bc = bytecode('bench/explore/parking-lot-2x2.yaml');
  const r = native(['explore', bc, '--bound', 'none', '--workers', '2', '--max-total-steps', '5000']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stdout,
    /^no violation found: [\d,]+ executions, incomplete \(stopped at the limit of 5,000 steps in all\)/,
  );
  assert.match(
    r.stderr,
    /explore: this search will not finish: it needs about [\d,]+ steps, the limit is 5,000 \(--max-total-steps\)/,
  );
});

test('bad --workers values exit 2 with one line, the same from both command lines', () => {
  const bc = bytecode('bench/explore/parking-lot-2x2.yaml');
  const cases = [
    [['--workers', '0', '--bound', 'none'], /--workers must be a whole number from 1 to 64, not 0$/],
    [['--workers', 'two', '--bound', 'none'], /--workers/],
    [
      ['--workers', '2', '--bound', '3'],
      /--workers splits the complete search: give --bound none \(and dfs\)$/,
    ],
  ];
  for (const [args, message] of cases) {
    const n = native(['explore', bc, ...args]);
    assert.equal(n.status, 2, `lockstep-run ${args.join(' ')}`);
    assert.equal(n.stderr.trim().split('\n').length, 1);
    assert.match(n.stderr.trim(), /** @type {RegExp} */ (message));
    const j = lockstep(['explore', 'bench/explore/parking-lot-2x2.yaml', ...args]);
    assert.equal(j.status, 2, `npx lockstep explore ${args.join(' ')}`);
    assert.equal(j.stderr.trim().split('\n').length, 1);
    assert.match(j.stderr.trim(), /** @type {RegExp} */ (message));
  }
});

test('in wasm, the units of a plan add up to the executions of one search (what the app’s workers run)', async () => {
  const { open } = await import('./helpers.js');
  for (const rel of ['bench/explore/parking-lot-2x2.yaml', 'bench/explore/rtos-three-tasks.yaml']) {
    const compiled = compileFile(rel);
    const s = open(compiled, { trace: false });
    s.exploreStart({ bound: 'none' });
    let st;
    do st = s.exploreStep(5000);
    while (!st.finished);
    const whole = st.result.executions;
    s.exploreStart({ bound: 'none' });
    const plan = s.explorePlan(8, 4);
    assert.ok(plan.length >= 8, `${rel}: ${plan.length} units`);
    assert.ok(plan.every((u) => u.estimate >= 0 && u.unit.length > 0));
    let sum = 0;
    for (const u of plan) {
      s.exploreStart({ bound: 'none' });
      s.exploreUnit(u.unit);
      do st = s.exploreStep(5000);
      while (!st.finished);
      assert.equal(st.result.complete, true);
      sum += st.result.executions;
    }
    assert.equal(sum, whole, rel);
    assert.throws(() => s.exploreUnit([0, -1]), /positions separated by dots/);
    s.exploreStart({ bound: 3 });
    assert.throws(() => s.explorePlan(), /a plan splits a complete search/);
    s.free();
  }
});
