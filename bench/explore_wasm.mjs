// bench/explore_wasm: the explorer in WebAssembly under node (see bench/explore.c
// for the native figures).  Targets: the lost wakeup found in <= 50 ms, and
// >= 20,000 executions/s on the 2 x 2 correct-variant search.
import { loadModule } from '../wasm/js/node.js';
import { Session, catalog } from '../wasm/js/lockstep.js';
import { compileScenario } from '../wasm/js/scenario.js';

const M = await loadModule();
const cat = catalog(M);
const ROUNDS = 7;

const mutex = (actors, rounds) => `
title: bench
engine: parking_lot
objects: {m: mini_mutex}
actors:
${actors.map((a) => `  ${a}: [{repeat ${rounds}: [lock m, unlock m]}]`).join('\n')}
`;
const racy = `
title: bench
engine: basic
objects: {counter: counter}
actors:
  A: [increment counter, increment counter]
  B: [increment counter, increment counter]
assert: counter == 4
`;

function cstr(s) {
  const n = M.lengthBytesUTF8(s) + 1;
  const p = M._malloc(n);
  M.stringToUTF8(s, p, n);
  return p;
}

/** One search to the end; returns {ms, executions, found}. */
function search(yaml, variant, bound, prune, firstOnly) {
  const { bytecode } = compileScenario(yaml, { file: 'bench.yaml', catalog: cat });
  const s = new Session(M, bytecode, { variant, trace: false });
  const times = [];
  let last;
  const dfs = cstr('dfs');
  for (let k = 0; k < ROUNDS; k++) {
    const t0 = performance.now();
    // minimize budget is the C default; "first" rows stop at the first find
    M._ls_explore_start(s.handle, dfs, bound, firstOnly ? 0 : 0, 0, 0, prune ? 1 : 0);
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
  return { ms: times[ROUNDS >> 1], executions: last.executions, found: last.found };
}

const rows = [
  ['lost wakeup (validate_outside), first', mutex(['A', 'B'], 1), 'validate_outside', 3, true, true],
  ['lost wakeup (widen), first', mutex(['A', 'B'], 1), 'widen', 3, true, true],
  ['lost update (racy counter 2x2), first', racy, 'correct', 3, true, true],
  ['correct 2x2 lock/unlock, bound 3', mutex(['A', 'B'], 2), 'correct', 3, true, false],
  ['correct 2x2 lock/unlock, bound 3, no pruning', mutex(['A', 'B'], 2), 'correct', 3, false, false],
  ['correct 3x1 lock/unlock, bound 2', mutex(['A', 'B', 'C'], 1), 'correct', 2, true, false],
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
const lost = results[0],
  plain = results[4];
const rate = (plain.executions / plain.ms) * 1000;
console.log(
  `\ntargets: lost wakeup found in <= 50 ms: ${lost.ms.toFixed(2)} ms  ${lost.ms <= 50 ? 'met' : 'MISSED'}`,
);
console.log(
  `         >= 20,000 executions/s on the 2x2 search (plain DFS): ${Math.round(rate)}  ${rate >= 20000 ? 'met' : 'MISSED'}`,
);
