// bench/explore_wasm: the explorer in WebAssembly under node (see bench/explore.c
// for the native figures), on the scenarios every engine names for the
// explorer's benchmarks (bench/inputs.mjs): the time to the first find of each
// bug (<engine>_EXPLORE_BENCH_FIND, under the scenario's own variant), and the
// bounded search (bound 3) of each small scenario (<engine>_EXPLORE_BENCH,
// variant correct) with sleep sets and without.  Targets: each bug found in
// <= 50 ms, and >= 20,000 executions/s on each search without pruning (issue
// 22's were the lost wakeup and the parking_lot mutex's 2 x 2).
//
//   node bench/explore_wasm.mjs            all of it
//   node bench/explore_wasm.mjs --quick    one round, the first small scenario only
import { readFileSync } from 'node:fs';
import { loadModule } from '../wasm/js/node.js';
import { Session, catalog } from '../wasm/js/lockstep.js';
import { compileScenario } from '../wasm/js/scenario.js';
import { benchInputs } from './inputs.mjs';

const M = await loadModule();
const cat = catalog(M);
const QUICK = process.argv.includes('--quick');
const ROUNDS = QUICK ? 1 : 7;

function cstr(s) {
  const n = M.lengthBytesUTF8(s) + 1;
  const p = M._malloc(n);
  M.stringToUTF8(s, p, n);
  return p;
}

/** One search to the end; returns {ms, executions, found}. */
function search(yaml, variant, bound, prune, firstOnly) {
  const { bytecode } = compileScenario(yaml, {
    file: 'bench.yaml',
    catalog: cat,
  });
  const s = new Session(M, bytecode, { variant, trace: false });
  const times = [];
  let last;
  const dfs = cstr('dfs');
  for (let k = 0; k < ROUNDS; k++) {
    const t0 = performance.now();
    // minimize budget is the C default; "first" rows stop at the first find
    // (handle, strategy, bound, max executions, max steps, seed, prune,
    // max total steps, stateful, max states: wasm/api_explore.c; 0 = default)
    M._ls_explore_start(s.handle, dfs, bound, 0, 0, 0, prune ? 1 : 0, 0, 0, 0);
    let r;
    do {
      M._ls_explore_step(s.handle, firstOnly ? 1 : 2000);
      r = JSON.parse(M.UTF8ToString(M._ls_explore_json(s.handle)));
    } while (!r.finished && !(firstOnly && r.result.found));
    times.push(performance.now() - t0);
    last = r.result;
    M._ls_explore_finish(s.handle);
  }
  M._free(dfs);
  s.free();
  times.sort((a, b) => a - b);
  return {
    ms: times[ROUNDS >> 1],
    executions: last.executions,
    found: last.found,
  };
}

const text = (/** @type {{file: string}} */ input) => readFileSync(input.file, 'utf8');
const small = QUICK ? benchInputs().slice(0, 1) : benchInputs();
const rows = [
  ...benchInputs('EXPLORE_BENCH_FIND').map((f) => {
    const variant = f.scenario.variant ?? 'correct';
    return [`${f.name} (${variant}), first`, text(f), variant, 3, true, true];
  }),
  ...small.flatMap((f) => [
    [`${f.name} (correct), bound 3`, text(f), 'correct', 3, true, false],
    [`${f.name} (correct), bound 3, no pruning`, text(f), 'correct', 3, false, false],
  ]),
];
console.log(`bench/explore (wasm under node ${process.version}), median of ${ROUNDS} rounds\n`);
console.log(
  'search'.padEnd(46) + 'executions'.padStart(10) + 'time'.padStart(12) + 'executions/s'.padStart(15),
);
const results = rows.map(([name, yaml, variant, bound, prune, first]) => {
  const r = search(yaml, variant, bound, prune, first);
  console.log(
    name.padEnd(46) +
      String(r.executions).padStart(10) +
      `${r.ms.toFixed(2)} ms`.padStart(12) +
      String(Math.round((r.executions / r.ms) * 1000)).padStart(15) +
      (r.found ? '  (found)' : ''),
  );
  return r;
});
const finds = rows.flatMap((row, k) => (row[5] ? [[row[0], results[k]]] : []));
const plain = rows.flatMap((row, k) => (!row[4] ? [[row[0], results[k]]] : []));
console.log('\ntargets:');
for (const [name, r] of finds)
  console.log(
    `  found in <= 50 ms: ${name}: ${r.ms.toFixed(2)} ms  ${r.found && r.ms <= 50 ? 'met' : 'MISSED'}`,
  );
for (const [name, r] of plain) {
  const rate = (r.executions / r.ms) * 1000;
  console.log(`  >= 20,000 executions/s: ${name}: ${Math.round(rate)}  ${rate >= 20000 ? 'met' : 'MISSED'}`);
}
