// @ts-check
/**
 * wasm_step_count.mjs: one run of the wasm step scenario (bench/sim_step_scenario.mjs:
 * two actors incrementing a counter, Session.run round-robin, trace off) on
 * one build of the node module, and nothing else, so that an instruction
 * counter can tell what a wasm step costs where a clock cannot (a machine
 * shared with other work):
 *
 *   valgrind --tool=callgrind --callgrind-out-file=/dev/null \
 *     node --single-threaded bench/wasm_step_count.mjs build/wasm/lockstep-node.cjs 20000
 *
 * and again with 60000: the difference of the two totals over 80,000 (two
 * steps an increment) is the instructions of one step, Asyncify's fiber
 * switches and V8's code included; starting node, compiling the module and
 * building the world cancel out.  --single-threaded keeps V8's compiler
 * threads (whose work varies) out of the count.  Any build of the node module
 * can be named, an older one included (bench/README.md, "sc against the
 * build before the memory models").  Prints nothing; exits 1 if the run did
 * not take every step, 2 on bad arguments.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Session } from '../wasm/js/lockstep.js';
import { scenario } from './sim_step_scenario.mjs';

const [loader, count] = process.argv.slice(2);
const increments = Number(count);
if (!loader?.endsWith('.cjs') || !Number.isInteger(increments) || increments < 1) {
  console.error('usage: node bench/wasm_step_count.mjs loader.cjs INCREMENTS');
  process.exit(2);
}
const require = createRequire(import.meta.url);
const wasm = resolve(loader).replace(/\.cjs$/, '.wasm');
/** @type {import('../wasm/js/lockstep.js').EmscriptenModule} */
const M = await require(resolve(loader))({ wasmBinary: readFileSync(wasm) });
const session = new Session(M, scenario(increments), { trace: false });
const summary = session.run({
  policy: 'round-robin',
  maxSteps: 10 * increments,
});
session.free();
if (summary.outcome !== 'done' || summary.steps !== 2 * increments) {
  console.error(`wasm_step_count: the run ended ${summary.outcome} after ${summary.steps} steps`);
  process.exit(1);
}
