// @ts-check
/**
 * What one simulated step costs in WebAssembly under node (the browser runs
 * the same module): the wasm half of bench/sim_step.c.
 *
 * The scenario is two actors, each incrementing one atomic_counter many
 * times: every step is one fetch_add, and round-robin alternates the actors,
 * so every step is also a fiber switch (Asyncify unwinding one stack and
 * rewinding the other).  The run goes through the Session API with the trace
 * off, as the explorer uses it; time per step = elapsed / steps, the median of
 * several rounds.  Target: <= 1.0 us per step (it was 1.5 us before the
 * scheduling models; the machine's rework asked for 1.0).
 *
 * Also shown: the cost of a step driven from JavaScript one call at a time
 * (session.step), which is what a learner's click costs before any drawing.
 *
 * Times are the CPU time of the node process (user + system,
 * process.cpuUsage), so that other processes on a busy machine do not count
 * as the cost of a step; the wall-clock median is printed beside it.
 *
 *   node bench/sim_step_wasm.mjs        (after `make wasm`)
 */
import { Session } from '../wasm/js/lockstep.js';
import { loadModule } from '../wasm/js/node.js';
import { scenario } from './sim_step_scenario.mjs';

const ROUNDS = 7;
const INCREMENTS = 250000; // per actor: 500,000 steps per round
const JS_STEPS = 50000;

const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Runs f and returns its cost on both clocks, in nanoseconds. */
function measure(/** @type {() => void} */ f) {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  f();
  const wall = Number(process.hrtime.bigint() - t0);
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) * 1000, wall };
}

const M = await loadModule();
const bytecode = scenario(INCREMENTS);

// Warm up (JIT, memory growth), then the rounds.
new Session(M, bytecode, { trace: false }).run({ policy: 'round-robin', maxSteps: 100000 });

/** @type {{cpu: number, wall: number}[]} */
const perStep = [];
for (let r = 0; r < ROUNDS; r++) {
  const session = new Session(M, bytecode, { trace: false });
  /** @type {import('../wasm/js/lockstep.js').Summary | undefined} */
  let summary;
  const t = measure(() => {
    summary = session.run({ policy: 'round-robin', maxSteps: 10 * INCREMENTS });
  });
  if (!summary || summary.outcome !== 'done' || summary.steps !== 2 * INCREMENTS)
    throw new Error(`the run ended ${summary?.outcome} after ${summary?.steps} steps`);
  perStep.push({ cpu: t.cpu / summary.steps, wall: t.wall / summary.steps });
  session.free();
}

/** @type {{cpu: number, wall: number}[]} */
const perClick = [];
for (let r = 0; r < ROUNDS; r++) {
  const session = new Session(M, bytecode, { trace: false });
  const t = measure(() => {
    for (let k = 0; k < JS_STEPS; k++) session.step(k & 1);
  });
  perClick.push({ cpu: t.cpu / JS_STEPS, wall: t.wall / JS_STEPS });
  session.free();
}

const us = (/** @type {number} */ ns) => `${(ns / 1000).toFixed(3)} us`;
const cpu = median(perStep.map((x) => x.cpu));
const cpus = perStep.map((x) => x.cpu).sort((a, b) => a - b);
console.log(
  `sim_step (wasm, node ${process.version}): median of ${ROUNDS} rounds (${2 * INCREMENTS} steps each)`,
);
console.log(`  ${''.padEnd(52)}  CPU time  wall clock`);
console.log(
  `  ${'one simulated step, Session.run round-robin:'.padEnd(52)}  ${us(cpu)}  ${us(median(perStep.map((x) => x.wall)))}`,
);
console.log(
  `  ${'one step driven from JS (Session.step per step):'.padEnd(52)}  ${us(median(perClick.map((x) => x.cpu)))}  ${us(
    median(perClick.map((x) => x.wall)),
  )}`,
);
console.log(`  (a step's CPU time over the rounds: ${us(cpus[0])}..${us(cpus[ROUNDS - 1])})`);
console.log(`  target: step <= 1.0 us (CPU time) .................. ${cpu <= 1000 ? 'met' : 'MISSED'}`);
