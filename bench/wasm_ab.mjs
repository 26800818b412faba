// @ts-check
/**
 * Two (or more) builds of the node wasm module, compared on one simulated
 * step in the same process, so that a busy machine slows all of them alike.
 *
 *   node bench/wasm_ab.mjs OLD=build/x/old.cjs NEW=build/wasm/lockstep-node.cjs [rounds]
 *
 * Each argument is a label and an emscripten CommonJS loader; its .wasm is
 * the file beside it with the same name.  A round runs every build once, on
 * the scenario of bench/sim_step_wasm.mjs (two actors incrementing a counter,
 * Session.run round-robin, trace off, 500,000 steps), in an order that
 * alternates from round to round (A B, then B A, ...) so that neither build
 * always runs first.  It prints, per build, the median CPU time of a step
 * (user + system of this process) and the wall clock, and, for each build
 * after the first, the median over rounds of the ratio of its step to the
 * first build's step in the same round.  The .wasm sizes are printed too.
 *
 * Used to decide whether a change of build flags or of the machine's hot
 * path pays (mk/wasm.mk's Asyncify list was chosen with it).
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Session } from '../wasm/js/lockstep.js';
import { scenario } from './sim_step_scenario.mjs';

const INCREMENTS = 250000; // per actor: 500,000 steps per run

const args = process.argv.slice(2);
const rounds = /^\d+$/.test(args.at(-1) ?? '') ? Number(args.pop()) : 9;
if (args.length < 2 || args.some((a) => !/^[^=]+=.+\.cjs$/.test(a))) {
  console.error('usage: node bench/wasm_ab.mjs LABEL=loader.cjs LABEL=loader.cjs ... [rounds]');
  process.exit(2);
}

const require = createRequire(import.meta.url);
/** @type {{label: string, wasm: string, M: import('../wasm/js/lockstep.js').EmscriptenModule}[]} */
const builds = [];
for (const a of args) {
  const [label, loader] = a.split(/=(.*)/s);
  const wasm = resolve(loader.replace(/\.cjs$/, '.wasm'));
  const M = await require(resolve(loader))({ wasmBinary: readFileSync(wasm) });
  builds.push({ label, wasm, M });
}

const bytecode = scenario(INCREMENTS);
const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** One run of the scenario on module M: CPU and wall nanoseconds per step. */
function perStep(/** @type {import('../wasm/js/lockstep.js').EmscriptenModule} */ M) {
  const session = new Session(M, bytecode, { trace: false });
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const summary = session.run({ policy: 'round-robin', maxSteps: 10 * INCREMENTS });
  const wall = Number(process.hrtime.bigint() - t0);
  const c = process.cpuUsage(c0);
  session.free();
  if (summary.outcome !== 'done' || summary.steps !== 2 * INCREMENTS)
    throw new Error(`the run ended ${summary.outcome} after ${summary.steps} steps`);
  return { cpu: ((c.user + c.system) * 1000) / summary.steps, wall: wall / summary.steps };
}

for (const b of builds) perStep(b.M); // warm up: JIT, memory growth

/** @type {{cpu: number, wall: number}[][]} */
const times = builds.map(() => []);
for (let r = 0; r < rounds; r++) {
  const order = builds.map((_, i) => i);
  if (r % 2) order.reverse();
  for (const i of order) times[i].push(perStep(builds[i].M));
}

const us = (/** @type {number} */ ns) => `${(ns / 1000).toFixed(3)} us`;
console.log(`one simulated step (Session.run round-robin), median of ${rounds} alternating rounds`);
console.log(`  ${'build'.padEnd(10)}  CPU time  wall clock  ratio to ${builds[0].label}  wasm bytes`);
builds.forEach((b, i) => {
  const ratio = i === 0 ? '' : median(times[i].map((t, r) => t.cpu / times[0][r].cpu)).toFixed(3);
  console.log(
    `  ${b.label.padEnd(10)}  ${us(median(times[i].map((t) => t.cpu)))}  ${us(
      median(times[i].map((t) => t.wall)),
    )}  ${ratio.padStart(12)}  ${statSync(b.wasm).size}`,
  );
});
