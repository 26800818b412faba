// bench/memory_wasm: the memory models in WebAssembly under node (issue 23's benchmarks).
//   - a step under each model: two threads that each store to their own cell and load the
//     other's (store buffering's pattern) run round-robin to their end, trace off, median of
//     5 runs a model, models alternated; the ratios tso / sc and ra / sc (the native figure is
//     bench/mem_step.c)
//   - the explorer's time to find each weak-memory lesson's bug (every lesson whose scenario
//     says memory: tso or ra and whose goal the explorer can search), in the goal's variant
//     with the lesson's own bound and step limit per run, as the app's "Find a bad interleaving"
//     runs it: median of 7
//     (target <= 100 ms)
//   - the complete search (--bound none) of SB, MP and IRIW and their fenced or
//     release/acquire forms under sc, tso and ra: the verdict (the weak outcome found, or none
//     in any interleaving), executions and time, median of 5
// Figures, not a test: tests/node/litmus.test.js checks the verdicts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadModule } from '../wasm/js/node.js';
import { Session, catalog } from '../wasm/js/lockstep.js';
import { EXPLORABLE, parseLesson } from '../wasm/js/lesson.js';
import { compileScenario } from '../wasm/js/scenario.js';

const M = await loadModule();
const cat = catalog(M);
const MODELS = ['sc', 'tso', 'ra'];
const root = new URL('../', import.meta.url);

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ms = (x) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

// ---- a step under each model ----------------------------------------------------------
const ROUNDS = 50000; // per thread: 2 steps a round, 200,000 steps a run
// the engine whose catalog has an atomic cell with the litmus tests' loads and stores
const stepWorld = compileScenario(
  `title: step cost
engine: ${cat.types.atomic.engine}
objects: {x: atomic, y: atomic}
actors:
  A: [{repeat ${ROUNDS}: [store_relaxed x 1, load_relaxed y r=0]}]
  B: [{repeat ${ROUNDS}: [store_relaxed y 1, load_relaxed x r=1]}]
`,
  { file: 'step-cost.yaml', catalog: cat },
).bytecode;

function stepRun(memory) {
  const s = new Session(M, stepWorld, { memory, trace: false });
  const t0 = performance.now();
  const r = s.run({ policy: 'round-robin', maxSteps: 10 * ROUNDS });
  const t = performance.now() - t0;
  s.free();
  return { ns: (t * 1e6) / r.steps, steps: r.steps, outcome: r.outcome };
}

console.log(`bench/memory (wasm under node ${process.version})\n`);
const perModel = Object.fromEntries(MODELS.map((m) => [m, []]));
let steps = 0;
for (let k = 0; k < 5; k++)
  for (const m of MODELS) {
    const r = stepRun(m);
    perModel[m].push(r.ns);
    steps = r.steps;
  }
const sc = median(perModel.sc);
console.log(`a step, ${steps.toLocaleString('en')} steps a run, median of 5:`);
for (const m of MODELS) {
  const ns = median(perModel[m]);
  console.log(
    `  ${m.padEnd(4)} ${ns.toFixed(0).padStart(5)} ns${m === 'sc' ? '' : `   ${m} / sc ${(ns / sc).toFixed(2)}`}`,
  );
}

// ---- the lessons' bugs --------------------------------------------------------------------
function search(bytecode, { variant, memory, bound, maxExecutions, maxSteps, rounds }) {
  const s = new Session(M, bytecode, { variant, memory, trace: false });
  const times = [];
  let last;
  for (let k = 0; k < rounds; k++) {
    const t0 = performance.now();
    s.exploreStart({ bound, maxExecutions, maxSteps });
    let status = s.exploreStep(1000);
    while (!status.finished) status = s.exploreStep(1000);
    times.push(performance.now() - t0);
    last = status.result;
    s.exploreFinish();
  }
  s.free();
  return { ms: median(times), ...last };
}

console.log("\nthe explorer on each weak-memory lesson (its goal's variant, its bound), median of 7:");
const lessons = [];
for (const engine of readdirSync(new URL('lessons/', root), { withFileTypes: true }))
  if (engine.isDirectory())
    for (const f of readdirSync(new URL(`lessons/${engine.name}/`, root)))
      if (/^\d+-.*\.md$/.test(f)) lessons.push(`${engine.name}/${f}`);
let missed = 0;
for (const file of lessons.sort()) {
  const text = readFileSync(new URL(`lessons/${file}`, root), 'utf8');
  const memory = /^ {2}memory: (tso|ra)\b/m.exec(text)?.[1];
  if (!memory) continue;
  const l = parseLesson(text, { file, catalog: cat });
  if (!EXPLORABLE.includes(l.goal.kind)) continue;
  const variant = l.goal.variant ?? l.variant;
  const r = search(l.bytecode, {
    variant,
    bound: l.explore.bound,
    maxExecutions: l.explore.maxExecutions,
    maxSteps: l.explore.maxSteps,
    rounds: 7,
  });
  if (!r.found || r.ms > 100) missed++;
  console.log(
    `  ${file.padEnd(40)} ${memory.padEnd(4)} ${variant.padEnd(20)} ` +
      `${r.found ? `found ${r.kind}` : 'NOT FOUND'} after ${r.executions} executions in ${ms(r.ms)}`,
  );
}
console.log(`  target <= 100 ms each: ${missed ? `missed by ${missed}` : 'met'}`);

// ---- complete search of the litmus tests -------------------------------------------------
console.log('\nthe complete search (--bound none) of litmus tests, median of 5:');
console.log(`  ${'test'.padEnd(16)}${MODELS.map((m) => m.padEnd(40)).join('')}`);
// the litmus suite is the folder litmus/ of one engine's scenarios (tests/scenarios/<engine>/litmus/)
const litmus = readdirSync(new URL('tests/scenarios/', root))
  .map((engine) => `tests/scenarios/${engine}/litmus/`)
  .filter((dir) => existsSync(new URL(dir, root)));
if (litmus.length !== 1) throw new Error(`one engine's scenarios hold litmus/, not ${litmus.length}`);
for (const name of ['sb', 'sb-fences', 'mp', 'mp-rel-acq', 'iriw', 'iriw-acq']) {
  const file = `${litmus[0]}${name}.yaml`;
  const { bytecode } = compileScenario(readFileSync(new URL(file, root), 'utf8'), { file, catalog: cat });
  const cells = MODELS.map((memory) => {
    const r = search(bytecode, { memory, bound: 'none', maxExecutions: 1000000, rounds: 5 });
    const verdict = r.found ? 'weak outcome' : r.complete ? 'none, proven' : 'INCOMPLETE';
    return `${verdict}: ${r.executions} ex, ${ms(r.ms)}`.padEnd(40);
  });
  console.log(`  ${name.padEnd(16)}${cells.join('')}`);
}
