// Where the explorer's runs start does not change what it finds: random walks
// from a snapshot taken after setup and the bounded search from snapshots kept
// on its path (core/sim/snapshot.h, core/sim/replay.c) give the same result,
// executions, pruned runs and counterexample as runs from a reset, in wasm and
// natively, for every scenario of every engine; and wasm and native agree.
// (The C tests compare every run's end state: tests/c/test_snapshot.c.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileFile, native, open, scenarioFiles, tempDir } from './helpers.js';

const SEARCHES = [
  { strategy: 'random', maxExecutions: 40, seed: 3 },
  { strategy: 'pct', maxExecutions: 40, seed: 5 },
  { strategy: 'dfs', bound: 1, maxExecutions: 300 },
];

/** The search's result in wasm, from `replay` starts. */
function wasmResult(compiled, search, replay) {
  const s = open(compiled, { trace: false });
  try {
    s.exploreStart({ ...search, maxTotalSteps: 4000000, replay });
    let st;
    do st = s.exploreStep(1000);
    while (!st.finished);
    return st.result;
  } finally {
    s.free();
  }
}

/** The same natively (the runner's --json; LOCKSTEP_BENCH_REPLAY=root for root starts). */
function nativeResult(bcFile, search, replay) {
  const args = ['explore', bcFile, '--json', '--variant', 'correct', '--max-total-steps', '4000000'];
  args.push('--max-executions', String(search.maxExecutions));
  if (search.strategy === 'dfs') args.push('--bound', String(search.bound));
  else args.push('--strategy', search.strategy, '--seed', String(search.seed));
  const before = process.env.LOCKSTEP_BENCH_REPLAY;
  process.env.LOCKSTEP_BENCH_REPLAY = replay;
  try {
    const r = native(args);
    assert.equal(r.status, 0, r.stderr);
    const { elapsed_ms: _elapsed, ...rest } = JSON.parse(r.stdout);
    return rest;
  } finally {
    if (before === undefined) delete process.env.LOCKSTEP_BENCH_REPLAY;
    else process.env.LOCKSTEP_BENCH_REPLAY = before;
  }
}

const dir = tempDir();
for (const file of scenarioFiles()) {
  test(`${file}: runs from snapshots are the runs from a reset`, () => {
    const compiled = compileFile(file);
    const bcFile = join(dir, file.replaceAll('/', '_') + '.bc');
    writeFileSync(bcFile, compiled.bytecode);
    for (const search of SEARCHES) {
      const what = `${search.strategy}`;
      // the same result, but for total_steps: a run put back at a snapshot does not take the
      // steps before it again, and the search counts the steps its runs took (explore_internal.h);
      // so where the search from the root stops at the limit on steps in all (the endless spins of
      // peterson's lock), the one from snapshots fits at least as many runs in it

      const same = (/** @type {any} */ snap, /** @type {any} */ root, /** @type {string} */ where) => {
        const { total_steps: fromSnap, ...a } = snap;
        const { total_steps: fromRoot, ...b } = root;
        if (/steps in all/.test(root.reason)) {
          assert.deepEqual([a.found, a.complete], [b.found, b.complete], where);
          assert.ok(
            a.executions >= b.executions,
            `${where}: ${a.executions} runs, ${b.executions} from the root`,
          );
          return;
        }
        assert.deepEqual(a, b, where);
        assert.ok(
          (fromSnap ?? 0) <= (fromRoot ?? 0),
          `${where}: ${fromSnap} steps from snapshots, ${fromRoot} from the root`,
        );
      };
      const root = wasmResult(compiled, search, 'root');
      same(wasmResult(compiled, search, 'snapshot'), root, `${what} in wasm`);
      const nativeRoot = nativeResult(bcFile, search, 'root');
      same(nativeResult(bcFile, search, 'snapshot'), nativeRoot, `${what} natively`);
      for (const key of ['found', 'kind', 'schedule', 'steps', 'executions', 'pruned', 'complete'])
        assert.deepEqual(nativeRoot[key], root[key], `${what}: ${key} natively and in wasm`);
    }
  });
}
