// bench/rtos_explore_wasm: how long the explorer, in WebAssembly under node,
// takes to find the two classic rtos bugs (targets: <= 100 ms each, median of
// 7 searches in one process, stopping at the first find):
//   - the reference's post that forgets a unit (reference-post-drift.yaml,
//     variant reference_post): a task pends forever on a semaphore nobody holds
//   - a post from an interrupt lost in the gap of block_outside_critical
//     (isr-post.yaml)
import { readFileSync } from 'node:fs';
import { loadModule } from '../wasm/js/node.js';
import { Session, catalog } from '../wasm/js/lockstep.js';
import { compileScenario } from '../wasm/js/scenario.js';

const M = await loadModule();
const cat = catalog(M);
const ROUNDS = 7;

function cstr(s) {
  const n = M.lengthBytesUTF8(s) + 1;
  const p = M._malloc(n);
  M.stringToUTF8(s, p, n);
  return p;
}

function search(file, variant, bound) {
  const text = readFileSync(new URL(`../tests/scenarios/rtos/${file}`, import.meta.url), 'utf8');
  const { bytecode } = compileScenario(text, { file, catalog: cat });
  const s = new Session(M, bytecode, { variant, trace: false });
  const dfs = cstr('dfs');
  const times = [];
  let last;
  for (let k = 0; k < ROUNDS; k++) {
    const t0 = performance.now();
    // (handle, strategy, bound, max executions, max steps, seed, prune,
    // max total steps, stateful, max states: wasm/api_explore.c; 0 = default)
    M._ls_explore_start(s.handle, dfs, bound, 0, 0, 0, 1, 0, 0, 0);
    let r;
    do {
      M._ls_explore_step(s.handle, 1);
      r = JSON.parse(M.UTF8ToString(M._ls_explore_json(s.handle)));
    } while (!r.finished && !r.result.found);
    times.push(performance.now() - t0);
    last = r.result;
    M._ls_explore_finish(s.handle);
  }
  M._free(dfs);
  s.free();
  times.sort((a, b) => a - b);
  return { ms: times[ROUNDS >> 1], executions: last.executions, found: last.found, kind: last.kind };
}

console.log(`bench/rtos_explore (wasm under node ${process.version}), median of ${ROUNDS} searches\n`);
const rows = [
  ['reference_post: the unit that leaks', 'reference-post-drift.yaml', 'reference_post'],
  ['block_outside_critical: the lost ISR post', 'isr-post.yaml', 'block_outside_critical'],
];
let ok = true;
for (const [name, file, variant] of rows) {
  const r = search(file, variant, 2);
  console.log(
    `${name.padEnd(44)} ${String(r.executions).padStart(4)} runs ${r.ms.toFixed(1).padStart(8)} ms  ${r.found ? r.kind : 'NOT FOUND'}`,
  );
  ok &&= r.found && r.ms <= 100;
}
console.log(ok ? '\nboth within 100 ms' : '\nTARGET MISSED');
process.exitCode = ok ? 0 : 1;
