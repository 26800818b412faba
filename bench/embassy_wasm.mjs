// bench/embassy_wasm: the embassy engine in WebAssembly under node.
//   - polls per second: mutex-order.yaml run to its end once, trace off
//     (about two million polls of the async Mutex, 14 million steps)
//   - the explorer on cancel-explore.yaml (median of 7 searches in one
//     process): how long it takes to find the lost wake under
//     fair_cancel_bug (target <= 100 ms), and to try every run within its
//     bound under correct (the search that finds nothing)
// Figures, not a test: tests/node/embassy.test.js checks what they find.
import { readFileSync } from 'node:fs';
import { loadModule } from '../wasm/js/node.js';
import { Session, catalog } from '../wasm/js/lockstep.js';
import { compileScenario } from '../wasm/js/scenario.js';

const M = await loadModule();
const cat = catalog(M);
const ROUNDS = 7;
const BOUND = 3;

function compiled(file) {
  const text = readFileSync(new URL(`../tests/scenarios/embassy/${file}`, import.meta.url), 'utf8');
  return compileScenario(text, { file, catalog: cat }).bytecode;
}

function pollsPerSecond() {
  const s = new Session(M, compiled('mutex-order.yaml'), { trace: false });
  const t0 = performance.now();
  const r = s.run({ maxSteps: 100000000 });
  const ms = performance.now() - t0;
  const polls = s.state().engines.embassy.tasks.reduce((n, t) => n + t.polls, 0);
  s.free();
  return { outcome: r.outcome, steps: r.steps, polls, ms };
}

function search(variant) {
  const s = new Session(M, compiled('cancel-explore.yaml'), { variant, trace: false });
  const times = [];
  let last;
  for (let k = 0; k < ROUNDS; k++) {
    const t0 = performance.now();
    s.exploreStart({ bound: BOUND });
    let status = s.exploreStep(1);
    while (!status.finished) status = s.exploreStep(1);
    times.push(performance.now() - t0);
    last = status.result;
    s.exploreFinish();
  }
  s.free();
  times.sort((a, b) => a - b);
  return { ms: times[ROUNDS >> 1], ...last };
}

console.log(`bench/embassy (wasm under node ${process.version})\n`);
const p = pollsPerSecond();
console.log(
  `mutex-order.yaml: ${p.polls.toLocaleString('en')} polls, ${p.steps.toLocaleString('en')} steps in ` +
    `${(p.ms / 1000).toFixed(2)} s (${p.outcome}): ` +
    `${Math.round((p.polls / p.ms) * 1000).toLocaleString('en')} polls/s, ` +
    `${Math.round((p.steps / p.ms) * 1000).toLocaleString('en')} steps/s`,
);
console.log(`\nthe explorer on cancel-explore.yaml, dfs bound ${BOUND}, median of ${ROUNDS}:`);
const bug = search('fair_cancel_bug');
console.log(
  `  fair_cancel_bug: ${bug.found ? `found ${bug.kind}` : 'NOT FOUND'} after ${bug.executions} runs ` +
    `in ${bug.ms.toFixed(1)} ms (target <= 100 ms: ${bug.found && bug.ms <= 100 ? 'met' : 'missed'})`,
);
const ok = search('correct');
console.log(
  `  correct:         ${ok.found ? `FOUND ${ok.kind}` : 'nothing found'}, ${ok.complete ? 'complete' : 'incomplete'} ` +
    `after ${ok.executions} runs (${ok.pruned} pruned) in ${ok.ms.toFixed(1)} ms`,
);
