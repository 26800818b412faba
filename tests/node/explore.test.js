// `lockstep explore` as a tool: its --json keys, and its bad arguments (exit
// 2).  What it finds in the engines' scenarios (the lost wakeup, the lost
// update, the correct variant proven within a bound, incomplete searches, a
// Session's search in slices) is in each engine's own node test; the
// search's own C tests are in tests/c/test_explore.c.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COUNTERS_FILE, exploreJson, lockstep } from './helpers.js';

test('explore --json prints exactly the documented keys', () => {
  const r = exploreJson([COUNTERS_FILE]);
  assert.deepEqual(Object.keys(r), [
    'found',
    'kind',
    'schedule',
    'steps',
    'preemptions',
    'executions',
    'pruned',
    'states',
    'search',
    'fell_back',
    'bound',
    'complete',
    'elapsed_ms',
    'reason',
  ]);
  assert.equal(r.search, 'bounded'); // (--bound 3, the default)
  assert.equal(r.fell_back, false);
});

test('bad arguments exit 2 with a message', () => {
  for (const [args, message] of [
    [[COUNTERS_FILE, '--strategy', 'bfs'], /--strategy must be dfs, random, pct, not 'bfs'/],
    [[COUNTERS_FILE, '--bound', 'two'], /--bound/],
    [[COUNTERS_FILE, '--bound', '65'], /--bound must be at most 64/],
    [[COUNTERS_FILE, '--variant', 'nope'], /'nope' is not a variant/],
    [['tests/scenarios/missing.yaml'], /missing\.yaml/],
    [[], /usage: lockstep explore FILE/],
  ]) {
    const r = lockstep(['explore', ...args]);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stdout}`);
    assert.match(r.stderr, message);
  }
});
