// @ts-check
/**
 * bench/replay: where the explorer's runs start (issue 22, "cheaper
 * executions"): from the root (a reset that builds the world again, then every
 * choice of the search's stack taken again) against from a snapshot of the
 * machine (core/sim/snapshot.h: random walks start from one taken after setup;
 * the bounded search from the deepest one kept on its current path,
 * core/sim/replay.c).  Both give the same runs; this measures what each costs.
 *
 *   node bench/replay.mjs [--quick]
 *
 * For each small scenario of the explorer's benchmarks (bench/inputs.mjs:
 * every engine's <engine>_EXPLORE_BENCH; issue 22's were the parking_lot
 * mutex's 2x2 and 3x1), variant correct: 40,000 random walks (seed 1) and the
 * bounded search (DFS, bound 3, sleep sets), each with `root` and `snapshot`
 * starts, alternated in each of 5 rounds, medians (--quick: the first
 * scenario, 2,000 walks, 1 round).  Native: `build/native/lockstep-run explore` (the runner's
 * own elapsed time; LOCKSTEP_BENCH_REPLAY=root picks root starts).  Wasm:
 * Session.exploreStart({replay}) under node, the process's CPU time.
 * Executions per second and the ratio snapshot / root (above 1: snapshots win).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchInputs } from './inputs.mjs';
import { loadModule } from '../wasm/js/node.js';
import { Session, catalog } from '../wasm/js/lockstep.js';
import { compileScenario } from '../wasm/js/scenario.js';

const QUICK = process.argv.includes('--quick');
const ROUNDS = QUICK ? 1 : 5;
const WALKS = QUICK ? 2000 : 40000;
const root = new URL('../', import.meta.url).pathname;
const RUNNER = join(root, 'build/native/lockstep-run');
const M = await loadModule();
const tmp = mkdtempSync(join(tmpdir(), 'lockstep-replay-'));
const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const fmt = (/** @type {number} */ x) => Math.round(x).toLocaleString('en-US');

/** @typedef {{strategy: 'random', maxExecutions: number, seed: number} | {strategy: 'dfs', bound: number, maxExecutions: number}} Search */
/** @type {{name: string, search: Search}[]} */
const searches = [
  { name: 'random walks', search: { strategy: 'random', maxExecutions: WALKS, seed: 1 } },
  { name: 'DFS, bound 3', search: { strategy: 'dfs', bound: 3, maxExecutions: 0 } },
];

/** The native runner's search from `replay` starts: executions and elapsed ms. */
function native(/** @type {string} */ bcFile, /** @type {Search} */ s, /** @type {string} */ replay) {
  const args =
    s.strategy === 'random'
      ? ['--strategy', 'random', '--max-executions', String(s.maxExecutions), '--seed', String(s.seed)]
      : ['--bound', String(s.bound)];
  const r = JSON.parse(
    execFileSync(RUNNER, ['explore', bcFile, '--json', ...args], {
      encoding: 'utf8',
      env: { ...process.env, LOCKSTEP_BENCH_REPLAY: replay },
    }),
  );
  return { executions: r.executions, ms: r.elapsed_ms };
}

/** The same in wasm: executions and CPU ms. */
function wasm(
  /** @type {Uint8Array} */ bytecode,
  /** @type {Search} */ s,
  /** @type {'root'|'snapshot'} */ replay,
) {
  const session = new Session(M, bytecode, { variant: 'correct', trace: false });
  const c0 = process.cpuUsage();
  session.exploreStart({ ...s, replay });
  let st;
  do st = session.exploreStep(5000);
  while (!st.finished);
  const c = process.cpuUsage(c0);
  session.exploreFinish();
  session.free();
  return { executions: st.result.executions, ms: (c.user + c.system) / 1000 };
}

console.log(
  `bench/replay: runs from the root against runs from snapshots; executions/s, medians of ${ROUNDS}\n`,
);
console.log(
  `${'scenario'.padEnd(20)} ${'search'.padEnd(14)} ${'where'.padEnd(18)} ${'executions'.padStart(10)} ${'root/s'.padStart(10)} ${'snapshot/s'.padStart(11)} ${'snap/root'.padStart(9)}`,
);
for (const input of QUICK ? benchInputs().slice(0, 1) : benchInputs()) {
  const { bytecode } = compileScenario(readFileSync(input.file, 'utf8'), {
    file: input.path,
    catalog: catalog(M),
  });
  const bcFile = join(tmp, `${input.name}.bc`);
  writeFileSync(bcFile, bytecode);
  for (const { name, search } of searches) {
    /** @type {Record<string, Record<string, number[]>>} */
    const rates = { native: { root: [], snapshot: [] }, 'wasm (CPU)': { root: [], snapshot: [] } };
    let executions = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const order = /** @type {('root'|'snapshot')[]} */ (
        round % 2 ? ['snapshot', 'root'] : ['root', 'snapshot']
      );
      for (const replay of order) {
        const n = native(bcFile, search, replay);
        rates.native[replay].push((n.executions * 1000) / n.ms);
        const w = wasm(bytecode, search, replay);
        rates['wasm (CPU)'][replay].push((w.executions * 1000) / w.ms);
        if (n.executions !== w.executions)
          throw new Error(`${input.path} ${name}: native and wasm ran apart`);
        executions = n.executions;
      }
    }
    for (const [where, r] of Object.entries(rates)) {
      const a = median(r.root),
        b = median(r.snapshot);
      console.log(
        `${input.name.padEnd(20)} ${name.padEnd(14)} ${where.padEnd(18)} ${fmt(executions).padStart(10)} ${fmt(a).padStart(10)} ${fmt(b).padStart(11)} ${(b / a).toFixed(2).padStart(9)}`,
      );
    }
  }
}
