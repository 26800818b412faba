// A complete search split over worker processes (lockstep-run explore
// --workers N, core/runner/workers.c and core/sim/split.c) makes exactly the
// executions one search makes and reaches the same verdict; so do random and
// PCT walks (core/runner/walk_workers.c, core/sim/walk_units.c); their limits
// hold for the whole search and are reported; bad --workers values exit 2
// with one line, from both command lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  COUNTERS_FILE,
  assertPlanMatchesOne,
  assertSplitMatchesOne,
  assertWalksSplitMatchOne,
  bytecodeFile as bytecode,
  compileFile,
  lockstep,
  native,
  open,
  root,
  splitVerdict as verdict,
} from './helpers.js';

// The explorer benchmarks' scenarios each engine of the list (mk/engines.mk)
// names in its engine.mk (<engine>_EXPLORE_BENCH), the first of each: complete searches with choices
// to split, under every scheduling model they use.
const ENGINES = /^ENGINES := (.*)$/m
  .exec(readFileSync(join(root, 'mk', 'engines.mk'), 'utf8'))[1]
  .trim()
  .split(/\s+/);
const SCENARIOS = ENGINES.flatMap((engine) => {
  const mk = readFileSync(join(root, 'core', 'engines', engine, 'engine.mk'), 'utf8').replace(/\\\n/g, ' ');
  const listed = /^\w+_EXPLORE_BENCH := ?(.*)$/m.exec(mk)?.[1].trim().split(/\s+/) ?? [];
  return listed.filter((f) => f.endsWith('.yaml')).slice(0, 1);
});

test('the engines list scenarios for the explorer benchmarks', () => {
  assert.ok(SCENARIOS.length >= 2, SCENARIOS.join(' '));
});

for (const rel of SCENARIOS)
  test(`${rel}: 2 and 3 workers make exactly the executions of one`, () => {
    assertSplitMatchesOne(bytecode(rel));
  });

test('a violation is found by the split search too, with the same kind', () => {
  // the machinery's own small scenario (a fixture): two actors lose an update
  const bc = bytecode(COUNTERS_FILE);
  const one = verdict(bc, []);
  assert.equal(one.found, true);
  const two = verdict(bc, ['--workers', '2']);
  assert.ok(two.parts > 1, `split into ${two.parts} parts`);
  assert.equal(two.found, true);
  assert.equal(two.kind, one.kind);
});

test('LOCKSTEP_ALONE_STEPS: a small search is split only when told to, and a bad value exits 2 with one line', () => {
  const bc = bytecode(SCENARIOS[0]);
  const parts = (/** @type {string[]} */ more, /** @type {Record<string, string>} */ env) => {
    // (--dpor: the search that splits; the stateful one runs on one worker)
    const r = native(['explore', bc, '--bound', 'none', '--dpor', '--json', ...more], env);
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout).parts ?? 1;
  };
  // the 2x2 search's 67,830 steps end within the default 200,000 steps alone
  assert.equal(parts(['--workers', '2'], {}), 1);
  assert.equal(parts(['--workers', '2'], { LOCKSTEP_ALONE_STEPS: '67830' }), 1);
  // fewer, and it goes on as units: with workers or without, the same ones
  const split = parts(['--workers', '2'], { LOCKSTEP_ALONE_STEPS: '60000' });
  assert.ok(split > 1, `${split} parts`);
  assert.equal(parts(['--workers', '3'], { LOCKSTEP_ALONE_STEPS: '1' }), split);
  assert.equal(parts([], { LOCKSTEP_ALONE_STEPS: '1' }), split);
  assertBadEnvRefused(['explore', bc, '--bound', 'none', '--workers', '2'], 'LOCKSTEP_ALONE_STEPS', 'steps');
});

/** The runner with `args` and a bad value of environment variable `name` (a whole number of `what`) exits 2 with one line. */
function assertBadEnvRefused(
  /** @type {string[]} */ args,
  /** @type {string} */ name,
  /** @type {string} */ what,
) {
  for (const value of ['soon', '0', '-1', '1000000000001']) {
    const r = native(args, { [name]: value });
    assert.equal(r.status, 2, value);
    assert.equal(
      r.stderr,
      `lockstep-run explore: ${name} must be a whole number of ${what} from 1 to 1000000000000, not '${value}'\n`,
    );
  }
}

test('where --bound none runs the stateful search, --workers runs it on one worker: the same search, said so', () => {
  const bc = bytecode(SCENARIOS[0]);
  const one = native(['explore', bc, '--bound', 'none', '--json']);
  const two = native(['explore', bc, '--bound', 'none', '--workers', '2', '--json']);
  const { elapsed_ms: _a, ...a } = JSON.parse(one.stdout);
  const { elapsed_ms: _b, parts, ...b } = JSON.parse(two.stdout);
  assert.equal(a.search, 'stateful');
  assert.equal(a.fell_back, false);
  assert.ok(a.states > 0, 'a stateful search counts its states');
  assert.deepEqual(b, a);
  assert.equal(parts, 1);
  const said = native(['explore', bc, '--bound', 'none', '--workers', '2']);
  assert.match(said.stderr, /explore: the stateful search runs on one worker\n/);
});

test('the limit on steps in all holds for the whole split search, is said early, and is reported', () => {
  const bc = bytecode(SCENARIOS[0]);
  const r = native([
    'explore',
    bc,
    '--bound',
    'none',
    '--dpor',
    '--workers',
    '2',
    '--max-total-steps',
    '5000',
  ]);
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
  const bc = bytecode(SCENARIOS[0]);
  const cases = [
    [['--workers', '0', '--bound', 'none'], /--workers must be a whole number from 1 to 64, not 0$/],
    [['--workers', 'two', '--bound', 'none'], /--workers/],
    [
      ['--workers', '2', '--bound', '3'],
      /--workers splits the complete search and the walks: give --bound none, or --strategy random or pct$/,
    ],
  ];
  for (const [args, message] of cases) {
    const n = native(['explore', bc, ...args]);
    assert.equal(n.status, 2, `lockstep-run ${args.join(' ')}`);
    assert.equal(n.stderr.trim().split('\n').length, 1);
    assert.match(n.stderr.trim(), /** @type {RegExp} */ (message));
    const j = lockstep(['explore', SCENARIOS[0], ...args]);
    assert.equal(j.status, 2, `npx lockstep explore ${args.join(' ')}`);
    assert.equal(j.stderr.trim().split('\n').length, 1);
    assert.match(j.stderr.trim(), /** @type {RegExp} */ (message));
  }
});

for (const rel of SCENARIOS)
  test(`${rel}: in wasm, the units of a plan add up to the executions of one search (what the app’s workers run)`, () => {
    const { plan } = assertPlanMatchesOne(rel);
    assert.ok(plan.length >= 8, `${rel}: ${plan.length} units`);
    assert.ok(plan.every((u) => u.estimate >= 0 && u.unit.length > 0));
  });

test('in wasm, a unit is positions separated by dots, and only a complete search has a plan', () => {
  const s = open(compileFile(SCENARIOS[0]), { trace: false });
  s.exploreStart({ bound: 'none' });
  assert.throws(() => s.exploreUnit([0, -1]), /positions separated by dots/);
  s.exploreStart({ bound: 3 });
  assert.throws(() => s.explorePlan(), /a plan splits a complete search/);
  s.free();
});

// ---- random and PCT walks ----

for (const strategy of ['random', 'pct'])
  test(`the machinery's counters: ${strategy} walks over 2 and 3 workers find the walk one process finds`, () => {
    // (every walk the seed draws is found within a few: units of one walk,
    // so that it lies past the first)
    const { one, parts } = assertWalksSplitMatchOne(
      bytecode(COUNTERS_FILE),
      ['--strategy', strategy, '--seed', '3'],
      { LOCKSTEP_WALK_UNIT: '1' },
    );
    assert.equal(one.found, true);
    assert.ok(parts > 1, `found at walk ${one.executions}`);
    assert.equal(parts, one.executions);
  });

test('split walks: the limit on steps in all holds for the walks of all workers, is said early, and is reported as one process reports it', () => {
  const bc = bytecode(SCENARIOS[0]);
  const limits = ['--max-executions', '1000', '--max-total-steps', '5000'];
  for (const strategy of ['random', 'pct']) {
    const { one } = assertWalksSplitMatchOne(bc, ['--strategy', strategy, ...limits], {
      LOCKSTEP_WALK_UNIT: '20',
    });
    assert.equal(one.reason, 'stopped at the limit of 5,000 steps in all');
    assert.ok(one.executions > 20 && one.executions < 1000, `${one.executions} walks`);
  }
  const r = native(['explore', bc, '--strategy', 'random', ...limits, '--workers', '2'], {
    LOCKSTEP_WALK_UNIT: '20',
  });
  assert.equal(r.status, 0, r.stderr);
  assert.match(
    r.stdout,
    /^no violation found: \d+ executions, incomplete \(stopped at the limit of 5,000 steps in all\)/,
  );
  assert.match(
    r.stderr,
    /^explore: these walks will not all run: they need about [\d,]+ steps, the limit is 5,000 \(--max-total-steps\)\n/,
  );
  assert.match(r.stderr, /\nexplore: \d+ parts over 2 workers\n$/);
});

test('split walks: LOCKSTEP_WALK_UNIT changes the parts, never the result; a bad value exits 2 with one line', () => {
  const bc = bytecode(SCENARIOS[0]);
  const walks = (/** @type {Record<string, string>} */ env) => {
    const r = native(
      ['explore', bc, '--strategy', 'pct', '--max-executions', '2000', '--workers', '2', '--json'],
      env,
    );
    assert.equal(r.status, 0, r.stderr);
    const { elapsed_ms: _, ...j } = JSON.parse(r.stdout);
    return j;
  };
  // the rule: a 64th of the walks, from 256 walks a unit
  const { parts, ...rule } = walks({});
  assert.equal(parts, 8);
  for (const unit of ['1', '7', '2000', '5000']) {
    const { parts: p, ...j } = walks({ LOCKSTEP_WALK_UNIT: unit });
    assert.deepEqual(j, rule, `units of ${unit}`);
    assert.equal(p, Math.ceil(2000 / Number(unit)), `units of ${unit}`);
  }
  assertBadEnvRefused(
    ['explore', bc, '--strategy', 'random', '--workers', '2'],
    'LOCKSTEP_WALK_UNIT',
    'walks',
  );
});

test('npx lockstep explore refuses split walks in one line, naming the runner that splits them', () => {
  const r = lockstep(['explore', SCENARIOS[0], '--strategy', 'random', '--workers', '2']);
  assert.equal(r.status, 2);
  assert.equal(
    r.stderr,
    'lockstep explore: --workers 2: this command line searches in one worker; use lockstep-run\n',
  );
});
