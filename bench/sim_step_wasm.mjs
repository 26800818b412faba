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
 * several rounds.  Target (issue 2): <= 1.5 us per step.
 *
 * Also shown: the cost of a step driven from JavaScript one call at a time
 * (session.step), which is what a learner's click costs before any drawing.
 *
 *   node bench/sim_step_wasm.mjs        (after `make wasm`)
 */
import { Session } from '../wasm/js/lockstep.js';
import { loadModule } from '../wasm/js/node.js';

const ROUNDS = 7;
const INCREMENTS = 250000; // per actor: 500,000 steps per round
const JS_STEPS = 50000;

/** Appends bytes and LEB128 varints to an array. */
class Writer {
  /** @type {number[]} */
  bytes = [];
  /** @param {number[]} b */
  raw(...b) {
    this.bytes.push(...b);
    return this;
  }
  /** @param {number} v */
  varint(v) {
    while (v >= 0x80) {
      this.bytes.push((v % 128) | 0x80);
      v = Math.floor(v / 128);
    }
    this.bytes.push(v);
    return this;
  }
}

/**
 * The scenario's bytecode, written by hand (the format is in
 * core/script/bytecode.h): one atomic_counter `c`, actors A and B each running
 * `repeat increments { c.increment }`.
 * @param {number} increments
 */
function scenario(increments) {
  const strings = ['c', 'atomic_counter', 'increment', 'A', 'B'];
  const str = (/** @type {string} */ s) => strings.indexOf(s);
  // CALL object 0, "increment", 0 arguments
  const body = new Writer().raw(1).varint(0).varint(str('increment')).varint(0).bytes;
  // REPEAT count, body length, body
  const code = new Writer().raw(2).varint(increments).varint(body.length).raw(...body).bytes;
  const w = new Writer().raw(...Buffer.from('LSBC'), 1);
  w.varint(strings.length);
  for (const s of strings) w.varint(s.length).raw(...Buffer.from(s));
  // one object: name, type, vaddr 0 (automatic), no parameters
  w.varint(1).varint(str('c')).varint(str('atomic_counter')).varint(0).varint(0);
  // two actors: name, kind 0 (thread), priority 0 (zigzag), code length, code
  w.varint(2);
  for (const name of ['A', 'B']) w.varint(str(name)).varint(0).varint(0).varint(code.length).raw(...code);
  w.varint(0); // no final assertions
  return Uint8Array.from(w.bytes);
}

const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

const M = await loadModule();
const bytecode = scenario(INCREMENTS);

// Warm up (JIT, memory growth), then the rounds.
new Session(M, bytecode, { trace: false }).run({ policy: 'round-robin', maxSteps: 100000 });

/** @type {number[]} */
const perStep = [];
for (let r = 0; r < ROUNDS; r++) {
  const session = new Session(M, bytecode, { trace: false });
  const t0 = process.hrtime.bigint();
  const summary = session.run({ policy: 'round-robin', maxSteps: 10 * INCREMENTS });
  const ns = Number(process.hrtime.bigint() - t0);
  if (summary.outcome !== 'done' || summary.steps !== 2 * INCREMENTS)
    throw new Error(`the run ended ${summary.outcome} after ${summary.steps} steps`);
  perStep.push(ns / summary.steps);
  session.free();
}

/** @type {number[]} */
const perClick = [];
for (let r = 0; r < ROUNDS; r++) {
  const session = new Session(M, bytecode, { trace: false });
  const t0 = process.hrtime.bigint();
  for (let k = 0; k < JS_STEPS; k++) session.step(k & 1);
  perClick.push(Number(process.hrtime.bigint() - t0) / JS_STEPS);
  session.free();
}

const step = median(perStep);
const sorted = [...perStep].sort((a, b) => a - b);
console.log(`sim_step (wasm, node ${process.version}): median of ${ROUNDS} rounds`);
console.log(
  `  one simulated step, Session.run round-robin:      ${(step / 1000).toFixed(3)} us` +
    `   (rounds ${(sorted[0] / 1000).toFixed(3)}..${(sorted[ROUNDS - 1] / 1000).toFixed(3)}, ${2 * INCREMENTS} steps each)`,
);
console.log(`  one step driven from JS (Session.step per step):   ${(median(perClick) / 1000).toFixed(3)} us`);
console.log(`  target: step <= 1.5 us ........................... ${step <= 1500 ? 'met' : 'MISSED'}`);
