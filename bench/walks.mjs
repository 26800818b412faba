// @ts-check
/**
 * bench/walks: random walks per second on the first scenario of the
 * explorer's benchmarks (bench/inputs.mjs: the first of the engines'
 * <engine>_EXPLORE_BENCH; issue 22's 2x2 parking_lot scenario, two threads,
 * each locking and unlocking the mutex twice around a checked critical
 * section), variant correct, natively and in wasm under node, each beside a
 * peer in the same run: plain bounded search (DFS, bound 3, no sleep sets:
 * 27,948 executions on the 2x2) of the same scenario on the same build,
 * executions per second.  The ratio
 * walk / DFS says what a walk costs against an execution of the search, which
 * replays its stack; both share the machine, so a busy machine slows both.
 *
 *   node bench/walks.mjs [--quick] [LABEL=loader.cjs ...]   (--quick: 2,000 walks, 1 round)
 *
 * Native: `build/native/lockstep-run explore --strategy random` (40,000 walks,
 * seed 1) and `--bound 3`, alternated, 5 rounds, the runner's own elapsed time
 * (the search alone, not the process) with `--bound 3 --no-prune` as the peer;
 * and the same walks split over two worker processes (`--workers 2`,
 * core/runner/walk_workers.c; its elapsed time counts the forks), which must
 * report the executions and the verdict of one process (the bench stops if
 * not); its speedup is the ratio to one process's walks/s on the same walks.
 * Those two take ten times as many walks (400,000): at 40,000 the two workers
 * are done in about 40 ms, of which starting them is a good part, and the
 * figure says more of the forks than of the walks' rate.  Wasm: Session.exploreStart/exploreStep
 * with the trace off, the same searches, alternated, 5 rounds; the process's
 * CPU time (user + system) and the wall clock.  Medians.  Each LABEL=loader.cjs
 * adds a build of the node module (its .wasm beside it) measured the same way
 * in the same rounds, to compare builds (an older one copied aside).
 * Targets (issue 22): natively >= 1,000,000 walks/s, wasm >= 100,000/s.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchInputs } from './inputs.mjs';
import { loadModule } from '../wasm/js/node.js';
import { Session, catalog } from '../wasm/js/lockstep.js';
import { compileScenario } from '../wasm/js/scenario.js';

const QUICK = process.argv.includes('--quick');
const ROUNDS = QUICK ? 1 : 5;
const WALKS = QUICK ? 2000 : 40000;
const root = new URL('../', import.meta.url).pathname;
const RUNNER = join(root, 'build/native/lockstep-run');
const [input] = benchInputs();

const require = createRequire(import.meta.url);
/** @type {{label: string, M: import('../wasm/js/lockstep.js').EmscriptenModule}[]} */
const builds = [{ label: 'this build', M: await loadModule() }];
for (const a of process.argv.slice(2).filter((a) => a !== '--quick')) {
  const [label, loader] = a.split(/=(.*)/s);
  if (!loader?.endsWith('.cjs')) {
    console.error('usage: node bench/walks.mjs [--quick] [LABEL=loader.cjs ...]');
    process.exit(2);
  }
  const wasmBinary = readFileSync(resolve(loader.replace(/\.cjs$/, '.wasm')));
  builds.push({ label, M: await require(resolve(loader))({ wasmBinary }) });
}
const { bytecode } = compileScenario(readFileSync(input.file, 'utf8'), {
  file: input.path,
  catalog: catalog(builds[0].M),
});
const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const rate = (/** @type {number} */ n, /** @type {number} */ ms) => (n * 1000) / ms;
const fmt = (/** @type {number} */ x) => Math.round(x).toLocaleString('en-US');

/** @typedef {{strategy: 'random', maxExecutions: number, seed: number} | {strategy: 'dfs', bound: number, maxExecutions: number, prune: boolean}} Search */
/** @type {Search} */
const walk = { strategy: 'random', maxExecutions: WALKS, seed: 1 };
/** @type {Search} */
const dfs = { strategy: 'dfs', bound: 3, maxExecutions: 0, prune: false };
/** @type {Search} the walks of one process against two workers */
const many = { ...walk, maxExecutions: WALKS * 10 };

const tmp = mkdtempSync(join(tmpdir(), 'lockstep-walks-'));
const bcFile = join(tmp, `${input.name}.bc`);
writeFileSync(bcFile, bytecode);

/** The native runner's search (over `workers` processes): executions, what it found, its elapsed ms. */
function native(/** @type {Search} */ s, workers = 1) {
  const args =
    s.strategy === 'random'
      ? ['--strategy', 'random', '--max-executions', String(s.maxExecutions), '--seed', String(s.seed)]
      : ['--bound', String(s.bound), '--no-prune'];
  if (workers > 1) args.push('--workers', String(workers));
  const r = JSON.parse(
    execFileSync(RUNNER, ['explore', bcFile, '--json', ...args], {
      encoding: 'utf8',
    }),
  );
  return { executions: r.executions, found: `${r.found} ${r.kind} ${r.schedule}`, ms: r.elapsed_ms };
}

/** The same search in wasm: executions, CPU ms and wall ms. */
function wasm(/** @type {import('../wasm/js/lockstep.js').EmscriptenModule} */ M, /** @type {Search} */ s) {
  const session = new Session(M, bytecode, {
    variant: 'correct',
    trace: false,
  });
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  session.exploreStart(s);
  let st;
  do st = session.exploreStep(5000);
  while (!st.finished);
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  session.exploreFinish();
  session.free();
  return {
    executions: st.result.executions,
    cpu: (c.user + c.system) / 1000,
    wall,
  };
}

/** @type {Record<string, {walk: number[], dfs: number[], walkWall?: number[], dfsWall?: number[]}>} */
const rows = { native: { walk: [], dfs: [] } };
/** @type {number[]} `many` walks in one process, and split over two workers, walks/s */
const alone = [],
  split = [];
for (const b of builds) rows[b.label] = { walk: [], dfs: [], walkWall: [], dfsWall: [] };
let walkRuns = 0,
  dfsRuns = 0;
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 ? [dfs, walk] : [walk, dfs];
  for (const s of order) {
    const n = native(s);
    rows.native[s.strategy === 'random' ? 'walk' : 'dfs'].push(rate(n.executions, n.ms));
    if (s.strategy === 'dfs') dfsRuns = n.executions;
    if (s.strategy !== 'random') continue;
    const one = native(many);
    const two = native(many, 2);
    if (two.executions !== one.executions || two.found !== one.found)
      throw new Error(
        `2 workers: ${two.executions} walks, ${two.found}; one process: ${one.executions}, ${one.found}`,
      );
    alone.push(rate(one.executions, one.ms));
    split.push(rate(two.executions, two.ms));
  }
  const bs = round % 2 ? [...builds].reverse() : builds;
  for (const b of bs)
    for (const s of order) {
      const w = wasm(b.M, s);
      const row = rows[b.label];
      const key = s.strategy === 'random' ? 'walk' : 'dfs';
      row[key].push(rate(w.executions, w.cpu));
      row[/** @type {'walkWall' | 'dfsWall'} */ (key + 'Wall')]?.push(rate(w.executions, w.wall));
      if (s.strategy === 'random') walkRuns = w.executions;
    }
}

console.log(`bench/walks: ${WALKS.toLocaleString('en-US')} random walks (seed 1) of ${input.path};`);
console.log(
  `peer: plain bounded search (DFS, bound 3, no sleep sets) of the same scenario, ${fmt(dfsRuns)} executions; medians of ${ROUNDS}\n`,
);
console.log(
  `${'build'.padEnd(24)} ${'walks/s'.padStart(12)} ${'DFS execs/s'.padStart(12)} ${'walk/DFS'.padStart(9)}`,
);
for (const [label, r] of Object.entries(rows)) {
  const w = median(r.walk),
    d = median(r.dfs);
  const name = label === 'native' ? 'native (elapsed)' : `wasm ${label} (CPU)`;
  console.log(
    `${name.padEnd(24)} ${fmt(w).padStart(12)} ${fmt(d).padStart(12)} ${(w / d).toFixed(2).padStart(9)}`,
  );
  if (r.walkWall && r.dfsWall)
    console.log(
      `${`wasm ${label} (wall)`.padEnd(24)} ${fmt(median(r.walkWall)).padStart(12)} ${fmt(median(r.dfsWall)).padStart(12)}`,
    );
}
const sp = median(split),
  one = median(alone);
console.log(`\n${fmt(many.maxExecutions)} walks, native (elapsed):`);
console.log(`${'one process'.padEnd(24)} ${fmt(one).padStart(12)}`);
console.log(
  `${'2 workers'.padEnd(24)} ${fmt(sp).padStart(12)}   (${(sp / one).toFixed(2)}x one process; the same walks and verdict)`,
);
const first = builds[0].label;
for (const b of builds.slice(1)) {
  const ratio = median(rows[first].walk) / median(rows[b.label].walk);
  console.log(`\nwalks/s, ${first} / ${b.label} (wasm, CPU): ${ratio.toFixed(2)}`);
}
const nat = Math.max(median(rows.native.walk), one),
  best = Math.max(nat, sp),
  wa = median(rows[first].walk);
console.log(
  `\ntargets (issue 22): native ${fmt(nat)}/s, ${fmt(sp)}/s over 2 workers, against 1,000,000: ` +
    `${best >= 1e6 ? 'met' : 'not met'}; ` +
    `wasm ${fmt(wa)}/s against 100,000: ${wa >= 1e5 ? 'met' : 'not met'} (${fmt(walkRuns)} walks a round)`,
);
