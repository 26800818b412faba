// bench/explore/run.mjs: the complete search against SPIN, in one run.
//
// For each scenario of the explorer's benchmarks (every engine's
// <engine>_EXPLORE_BENCH and _EXPLORE_BENCH_LARGE in its engine.mk, read by
// bench/inputs.mjs; issue 22's were the parking_lot mutex, N threads each
// locking and unlocking R times, three equal rtos tasks on a count-1 semaphore
// and a TTAS spinlock), variant correct, it prints:
//   - executions of the bounded search the app runs (bound 3, sleep sets),
//     plain DFS (no bound, no sleep sets), sleep sets alone (no bound) and DPOR
//     (--bound none), counted by the native runner; a search cut at the
//     explorer's 20,000,000-step limit prints ">N (cut)";
//   - the time of the complete search (DPOR) in wasm under node, where
//     natively it took at most a minute, and natively (wall clock, end to end
//     of the search: compile excluded);
//   - the stateful complete search (--stateful, core/sim/visited.c): sleep
//     sets over the states it met, natively (executions, states remembered
//     and time) and in wasm (time, where it took natively at most a minute);
//   - where the scenario's engine lists a Promela model of the same protocol
//     (a .pml in its _EXPLORE_BENCH_LARGE, which says how many rounds its spin
//     loop re-reads), SPIN 6.5 on it with -DN= the scenario's actors and -DROUNDS= the
//     first actor's repeat count (pan stopped after 120 s), end to end: spin -a,
//     gcc -O2, pan; and the ratios explorer / SPIN.  Without Debian's `spin` on
//     the PATH SPIN is skipped, with a note.
// Then the time the complete search needs in wasm to find the bug of each
// scenario of <engine>_EXPLORE_BENCH_FIND, under its own variant, the median
// of 7.  (Random walks per second: bench/walks.mjs, `make bench-walks`.)
// Targets (issue 22): DPOR faster than SPIN on the parking_lot mutex's 3x2,
// 4x1, 3x3 in wasm and on 4x2 natively; the rtos scenario at least 10x fewer
// executions than 3,296 (its bound 3 column); each bug found in at most 5 ms
// in wasm.
//
//   node bench/explore/run.mjs            all of it (minutes; SPIN's 4x2 alone takes one)
//   node bench/explore/run.mjs --quick    the first scenario and the finds only, no SPIN
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchInputs, promelaOf } from '../inputs.mjs';
import { loadModule } from '../../wasm/js/node.js';
import { Session, catalog } from '../../wasm/js/lockstep.js';
import { compileScenario } from '../../wasm/js/scenario.js';

const root = new URL('../../', import.meta.url).pathname;
const RUNNER = join(root, 'build/native/lockstep-run');
const M = await loadModule();
const cat = catalog(M);
const tmp = mkdtempSync(join(tmpdir(), 'lockstep-bench-'));
const QUICK = process.argv.includes('--quick');

function compile(path) {
  const { bytecode } = compileScenario(readFileSync(path, 'utf8'), {
    file: path,
    catalog: cat,
  });
  return bytecode;
}

/** The native runner's search: {executions, complete, ms}. */
function native(bc, args) {
  const file = join(tmp, 'scenario.bc');
  writeFileSync(file, bc);
  const out = execFileSync(RUNNER, ['explore', file, '--json', ...args], {
    encoding: 'utf8',
  });
  const r = JSON.parse(out);
  return {
    executions: r.executions,
    states: r.states,
    complete: r.complete,
    found: r.found,
    ms: r.elapsed_ms,
  };
}

/** The same search in wasm under node: {executions, states, complete, ms}; `more`
 * adds options of exploreStart (stateful, maxTotalSteps). */
function wasm(bc, bound, more = {}) {
  const s = new Session(M, bc, { variant: 'correct', trace: false });
  const t0 = performance.now();
  s.exploreStart({ strategy: 'dfs', bound, maxExecutions: 0, ...more });
  let status;
  do status = s.exploreStep(5000);
  while (!status.finished);
  const ms = performance.now() - t0;
  s.exploreFinish();
  s.free();
  return {
    executions: status.result.executions,
    states: status.result.states,
    complete: status.result.complete,
    found: status.result.found,
    ms,
  };
}

/** The actors of a scenario, and the first actor's repeat count (1 without one). */
function shape(scenario) {
  const actors = Object.values(scenario.actors);
  const program = Array.isArray(actors[0]) ? actors[0] : actors[0].program;
  const repeat = program
    .flatMap((op) => (typeof op === 'object' ? Object.keys(op) : []))
    .map((k) => /^repeat (\d+)$/.exec(k)?.[1])
    .find(Boolean);
  return { n: actors.length, rounds: Number(repeat ?? 1) };
}

const HAVE_SPIN = !QUICK && spawnSync('spin', ['-V']).status === 0;

/** SPIN on Promela model `pml` with N threads of `rounds` rounds, or null without spin. */
function spin(pml, n, rounds) {
  if (!HAVE_SPIN) return null;
  const dir = mkdtempSync(join(tmp, 'spin-'));
  const t0 = performance.now();
  execFileSync('spin', ['-a', `-DN=${n}`, `-DROUNDS=${rounds}`, pml], {
    cwd: dir,
  });
  execFileSync('gcc', ['-O2', '-DSAFETY', '-DMEMLIM=4096', '-o', 'pan', 'pan.c'], { cwd: dir });
  const r = spawnSync('./pan', ['-m100000'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120000,
  });
  if (r.error) return { ms: performance.now() - t0, states: NaN, errors: NaN, cut: true };
  const ms = performance.now() - t0;
  const states = /(\d+) states, stored/.exec(r.stdout)?.[1];
  const errors = /errors: (\d+)/.exec(r.stdout)?.[1];
  return { ms, states: Number(states), errors: Number(errors) };
}

const count = (r) => (r.complete ? `${r.executions}` : `>${r.executions} (cut)`);
const secs = (r) => (r.complete ? `${(r.ms / 1000).toFixed(2)} s` : `>${(r.ms / 1000).toFixed(1)} s (cut)`);

// The stateful search's budget of steps: it counts every run's steps from the
// root, though its runs start from snapshots (core/sim/replay.c), so the
// explorer's default (20,000,000) cuts 3x2 long before it has done the work.
const STATEFUL_STEPS = 4_000_000_000;
// A search runs in wasm too where it took natively at most this.
const WASM_IF_NATIVE_MS = 60_000;

const name = (/** @type {{name: string}} */ input) => input.name.padEnd(20);
console.log(
  `${'scenario'.padEnd(20)} bound 3     plain DFS        sleep sets       DPOR      wasm DPOR      native DPOR    stateful (executions, states, native)       wasm stateful  SPIN          wasm/SPIN  native/SPIN  wasm stateful/SPIN`,
);
const inputs = QUICK ? benchInputs().slice(0, 1) : [...benchInputs(), ...benchInputs('EXPLORE_BENCH_LARGE')];
for (const input of inputs) {
  const bc = compile(input.file);
  const bounded = native(bc, ['--bound', '3']);
  const plain = native(bc, ['--bound', '64', '--no-prune']);
  const sleep = native(bc, ['--bound', '64']);
  // (--dpor: where states can be remembered, --bound none alone runs the stateful search, the column after)
  const dporNative = native(bc, ['--bound', 'none', '--dpor']);
  const stateful = native(bc, ['--stateful', '--max-total-steps', `${STATEFUL_STEPS}`]);
  // not in wasm what natively ran into the step limit or took over a minute
  const dporWasm = dporNative.complete && dporNative.ms <= WASM_IF_NATIVE_MS ? wasm(bc, 'none') : null;
  const statefulWasm =
    stateful.complete && stateful.ms <= WASM_IF_NATIVE_MS
      ? wasm(bc, 'none', { stateful: true, maxTotalSteps: STATEFUL_STEPS })
      : null;
  const [pml] = promelaOf(input.engine);
  const { n, rounds } = shape(input.scenario);
  const s = pml ? spin(pml, n, rounds) : null;
  const ratio = (r) => (r && s && !s.cut && r.complete ? (r.ms / s.ms).toFixed(2) : '-');
  console.log(
    [
      name(input),
      count(bounded).padEnd(11),
      count(plain).padEnd(16),
      count(sleep).padEnd(16),
      count(dporNative).padEnd(9),
      (dporWasm ? secs(dporWasm) : '-').padEnd(14),
      secs(dporNative).padEnd(14),
      `${count(stateful)}, ${stateful.states} st, ${secs(stateful)}`.padEnd(43),
      (statefulWasm ? secs(statefulWasm) : '-').padEnd(14),
      (s ? `${s.cut ? '>' : ''}${(s.ms / 1000).toFixed(2)} s` : pml ? 'skipped' : '-').padEnd(13),
      ratio(dporWasm).padEnd(10),
      ratio(dporNative).padEnd(12),
      ratio(statefulWasm),
    ].join(' '),
  );
  if (s && s.errors) console.log(`  SPIN reports ${s.errors} error(s) on the Promela model`);
}
if (!QUICK && !HAVE_SPIN)
  console.log('note: SPIN skipped: `spin` is not installed (Debian package spin; make install-bench)');

// Each bug, found by the complete search in wasm under the scenario's own variant: median of 7.
for (const input of benchInputs('EXPLORE_BENCH_FIND')) {
  const variant = input.scenario.variant ?? 'correct';
  const bc = compile(input.file);
  const times = [];
  let last;
  for (let k = 0; k < 7; k++) {
    const s = new Session(M, bc, { variant, trace: false });
    const t0 = performance.now();
    s.exploreStart({ strategy: 'dfs', bound: 'none', maxExecutions: 0 });
    let st;
    do st = s.exploreStep(1);
    while (!st.finished && !st.result.found);
    times.push(performance.now() - t0);
    last = st.result;
    s.exploreFinish();
    s.free();
  }
  times.sort((a, b) => a - b);
  console.log(
    `${input.name} (${variant}), --bound none in wasm: ${last.found ? 'found' : 'NOT found'} after ${last.executions} executions, ` +
      `${times[3].toFixed(2)} ms median (target <= 5 ms: ${times[3] <= 5 ? 'met' : 'not met'})`,
  );
}
