// The explorer as learners and teachers meet it: `lockstep explore` finds the
// lost wakeup and the lost update, proves the correct variant within a bound,
// and reports incomplete searches; a Session runs it in slices that can be
// cancelled.  (The search's own C tests are in tests/c/test_explore.c.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileFile, lockstep, open } from './helpers.js';

const LOST = 'tests/scenarios/parking_lot/lost-wakeup.yaml';
const TWO_BY_TWO = 'tests/scenarios/parking_lot/two-by-two.yaml';
const THREE = 'tests/scenarios/parking_lot/three-threads.yaml';
const RACY = 'tests/scenarios/basic/racy-two-by-two.yaml';

function exploreJson(args) {
  const r = lockstep(['explore', ...args, '--json']);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines.length, 1, 'exactly one JSON object');
  return JSON.parse(lines[0]);
}

test('explore --json prints exactly the documented keys', () => {
  const r = exploreJson([RACY]);
  assert.deepEqual(Object.keys(r), [
    'found',
    'kind',
    'schedule',
    'steps',
    'preemptions',
    'executions',
    'pruned',
    'states',
    'bound',
    'complete',
    'elapsed_ms',
    'reason',
  ]);
});

for (const variant of ['validate_outside', 'widen']) {
  test(`explore finds the lost wakeup under ${variant}, and its schedule replays to it`, () => {
    const r = exploreJson([LOST, '--variant', variant]);
    assert.equal(r.found, true);
    assert.equal(r.kind, 'stuck');
    assert.ok(r.preemptions <= 2);
    const replay = JSON.parse(
      lockstep(['run', LOST, '--variant', variant, '--schedule', r.schedule, '--policy', 'manual', '--json'])
        .stdout,
    );
    assert.equal(replay.outcome, 'stuck');
    assert.equal(replay.steps, r.steps);
    assert.deepEqual(
      replay.stuck.map((s) => s.actor),
      ['B'],
    );
    assert.match(
      replay.stuck[0].reason,
      /^parked on mutex m \(bucket \d+\) since step \d+; its validate passed at step \d+ with state 11; A's unpark_one on m at step \d+ found no waiter and wrote 00 at step \d+; nobody will unpark it$/,
    );
  });
}

test('the lost wakeup needs two preemptions under validate_outside', () => {
  const r = exploreJson([LOST, '--variant', 'validate_outside']);
  assert.equal(r.preemptions, 2);
  assert.equal(r.bound, 2);
});

test('the text report tells the story of the stuck thread', () => {
  const r = lockstep(['explore', LOST]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^violation: stuck after 34 steps, schedule v1: .* \(2 preemptions\)\n/);
  assert.match(
    r.stdout,
    /\nB: parked on mutex m \(bucket 30\) since step 34;.*nobody will unpark it \(engines\/parking_lot\/lot\.c:\d+\)\n/,
  );
});

test('the correct variant, 2 threads x 2 rounds, has no violation within bound 3', () => {
  const r = exploreJson([TWO_BY_TWO, '--bound', '3']);
  assert.equal(r.found, false);
  assert.equal(r.complete, true);
  assert.equal(r.bound, 3);
  const text = lockstep(['explore', TWO_BY_TWO, '--bound', '3']).stdout;
  assert.match(text, new RegExp(`^no violation within bound 3: ${r.executions} executions, complete\n`));
});

test('--bound none proves the correct variant in every interleaving, and finds the lost wakeup', () => {
  const contended = 'tests/scenarios/parking_lot/contended.yaml';
  const r = exploreJson([contended, '--bound', 'none']);
  assert.equal(r.found, false);
  assert.equal(r.complete, true);
  assert.equal(r.bound, -1);
  // B's spin rounds that re-read LOCKED are left out (core/sim/spin_await.c)
  assert.equal(r.executions, 10);
  const text = lockstep(['explore', contended, '--bound', 'none']).stdout;
  assert.match(
    text,
    new RegExp(`^no violation in any interleaving: ${r.executions} executions \\(complete\\)\n`),
  );
  const bad = exploreJson([LOST, '--bound', 'none']);
  assert.equal(bad.found, true);
  assert.equal(bad.kind, 'stuck');
});

test('the correct variant, 3 threads x 1 round, has no violation within bound 2', () => {
  const r = exploreJson([THREE, '--bound', '2']);
  assert.equal(r.found, false);
  assert.equal(r.complete, true);
  assert.equal(r.bound, 2);
});

test('pruning cuts the 2 x 2 search at least fivefold against plain bounded DFS', () => {
  const pruned = exploreJson([TWO_BY_TWO, '--bound', '3']);
  const plain = exploreJson([TWO_BY_TWO, '--bound', '3', '--no-prune']);
  assert.equal(plain.pruned, 0);
  assert.ok(pruned.executions * 5 <= plain.executions, `${pruned.executions} vs ${plain.executions}`);
});

test('the racy counter loses an update with one preemption', () => {
  const r = exploreJson([RACY]);
  assert.equal(r.found, true);
  assert.equal(r.kind, 'assertion');
  assert.equal(r.preemptions, 1);
});

test('a step limit makes the search incomplete and says why', () => {
  const r = exploreJson([TWO_BY_TWO, '--max-steps', '10', '--bound', '1']);
  assert.equal(r.found, false);
  assert.equal(r.complete, false);
  // No run of it is as short as 10 steps: every one reached the limit.
  assert.equal(
    r.reason,
    'every run reached the 10-step limit: the program may not terminate; see --max-steps',
  );
});

test('random and pct searches are never complete', () => {
  const r = exploreJson([TWO_BY_TWO, '--strategy', 'random', '--max-executions', '50', '--seed', '3']);
  assert.equal(r.found, false);
  assert.equal(r.complete, false);
  assert.equal(r.executions, 50);
  assert.equal(r.reason, 'stopped at the limit of 50 executions');
  const p = exploreJson([LOST, '--strategy', 'pct', '--seed', '1', '--max-executions', '100000']);
  assert.equal(p.found, true);
});

test('bad arguments exit 2 with a message', () => {
  for (const [args, message] of [
    [[LOST, '--strategy', 'bfs'], /--strategy must be dfs, random, pct, not 'bfs'/],
    [[LOST, '--bound', 'two'], /--bound/],
    [[LOST, '--bound', '65'], /--bound must be at most 64/],
    [[LOST, '--variant', 'nope'], /'nope' is not a variant/],
    [['tests/scenarios/parking_lot/missing.yaml'], /missing\.yaml/],
    [[], /usage: lockstep explore FILE/],
  ]) {
    const r = lockstep(['explore', ...args]);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stdout}`);
    assert.match(r.stderr, message);
  }
});

test('a session searches in slices, reports progress, and can be cancelled', () => {
  const s = open(compileFile(TWO_BY_TWO));
  try {
    s.exploreStart({ bound: 3 });
    // A slice is at most `budget` runs (runs cut short as equivalent count
    // against the budget but not as executions).
    const first = s.exploreStep(5);
    assert.equal(first.finished, false);
    assert.ok(first.result.executions > 0 && first.result.executions <= 5);
    const second = s.exploreStep(5);
    assert.ok(second.result.executions > first.result.executions);
    assert.ok(second.result.executions <= 10);
    s.exploreFinish(); // the cancel
    const done = s.run({ policy: 'round-robin' });
    assert.equal(done.outcome, 'done');
    assert.ok(s.trace().length > 0, 'tracing is back on');
  } finally {
    s.free();
  }
});
