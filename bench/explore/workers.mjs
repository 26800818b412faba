// bench/explore/workers.mjs: one complete search on one worker against the
// same search split over two (`lockstep-run explore --bound none --workers N`,
// core/sim/split.c, core/runner/workers.c), in one run.
//
// For each small scenario of the explorer's benchmarks (every engine's
// <engine>_EXPLORE_BENCH, bench/inputs.mjs; issue 22's were the parking_lot
// mutex, 3 threads x 1 lock/unlock and 2 x 2, and the three rtos tasks: what
// a split costs a search that hardly needs one) and each of <engine>_EXPLORE_
// BENCH_SPLIT (a DPOR search of a few seconds: what a split gains) it runs the native runner with --workers 1
// and --workers 2, alternating the order from round to round so a busy
// machine slows both alike, 5 rounds (1 with --quick, on the first scenario),
// and prints:
//   - the executions of each (they must be equal: splitting changes nothing
//     of what is searched);
//   - the median wall-clock time of each, end to end of the process (the
//     split and the forks included), and the speedup 1 / 2 workers;
//   - the median CPU time of each (user + system, the workers included:
//     getrusage of the runner and the children it waited for),
//     and the split's overhead, CPU of 2 workers / CPU of 1: what splitting
//     costs, whatever else runs on the machine;
//   - the parts the search was cut into (1: it ended before a split paid).
// Target (issue 22): a speedup of at least 1.6 on this machine's two cores.
// The machine's load average is printed beside the figures: the speedup
// means something only when nothing else runs; the overhead always does.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchInputs } from '../inputs.mjs';
import { loadModule } from '../../wasm/js/node.js';
import { catalog } from '../../wasm/js/lockstep.js';
import { compileScenario } from '../../wasm/js/scenario.js';

const root = new URL('../../', import.meta.url).pathname;
const RUNNER = join(root, 'build/native/lockstep-run');
const QUICK = process.argv.includes('--quick');
const ROUNDS = QUICK ? 1 : 5;
const cat = catalog(await loadModule());
const tmp = mkdtempSync(join(tmpdir(), 'lockstep-workers-'));

/** The scenario's bytecode in a file the runner reads. */
function compiled(input) {
  const { bytecode } = compileScenario(readFileSync(input.file, 'utf8'), {
    file: input.path,
    catalog: cat,
  });
  const file = join(tmp, `${input.name}.bc`);
  writeFileSync(file, bytecode);
  return file;
}

const TIMES = join(tmp, 'cpu.txt');

/** One search: {executions, complete, ms, cpuMs, parts}. */
function search(file, workers) {
  const t0 = performance.now();
  // (bash's `times`: the CPU of the children it waited for, to the millisecond,
  // for a few milliseconds of start-up where python's took a quarter of a second)
  const r = spawnSync(
    'bash',
    [
      '-c',
      '"$0" "$@"; status=$?; times > "$TIMES"; exit $status',
      RUNNER,
      // (--dpor: the search that splits; where the stateful one fits, --bound none runs it on one worker)
      ...['explore', file, '--bound', 'none', '--dpor', '--workers', String(workers)],
    ],
    { encoding: 'utf8', env: { ...process.env, TIMES } },
  );
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`lockstep-run failed: ${r.stderr}`);
  const executions = Number(/: (\d+) executions/.exec(r.stdout)?.[1]);
  const complete = /\(complete\)/.test(r.stdout);
  // (the second line: the children's user and system time, as `0m1.234s`)
  const [user, sys] = readFileSync(TIMES, 'utf8')
    .trim()
    .split('\n')[1]
    .split(/\s+/)
    .map((t) => {
      const [, min, sec] = /^(\d+)m([\d.]+)s$/.exec(t) ?? [];
      return Number(min) * 60 + Number(sec);
    });
  const parts = Number(/explore: (\d+) parts over/.exec(r.stderr)?.[1] ?? 1);
  return {
    executions,
    complete,
    ms,
    cpuMs: ((user ?? NaN) + (sys ?? NaN)) * 1000,
    parts,
  };
}

const median = (/** @type {number[]} */ v) => [...v].sort((a, b) => a - b)[v.length >> 1];

execFileSync(RUNNER, ['catalog'], { encoding: 'utf8' }); // (fails early if the runner is missing)
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${ROUNDS} rounds, medians`,
);
console.log(
  'scenario                     executions  wall: 1 worker  2 workers  speedup  CPU: 1 worker  2 workers  overhead  parts',
);
// (the small ones show what a split costs; the split list's, what it gains)
const inputs = [...benchInputs(), ...benchInputs('EXPLORE_BENCH_SPLIT')];
for (const input of QUICK ? inputs.slice(0, 1) : inputs) {
  const file = compiled(input);
  const wall = { 1: [], 2: [] };
  const cpu = { 1: [], 2: [] };
  let one, two;
  for (let k = 0; k < ROUNDS; k++) {
    for (const w of k % 2 ? [2, 1] : [1, 2]) {
      const r = search(file, w);
      wall[w].push(r.ms);
      cpu[w].push(r.cpuMs);
      if (w === 1) one = r;
      else two = r;
    }
  }
  const same = one.executions === two.executions && one.complete && two.complete;
  const [t1, t2, c1, c2] = [median(wall[1]), median(wall[2]), median(cpu[1]), median(cpu[2])];
  console.log(
    [
      input.name.padEnd(28),
      `${one.executions}${same ? '' : ` != ${two.executions}`}`.padEnd(11),
      `${(t1 / 1000).toFixed(3)} s`.padEnd(15),
      `${(t2 / 1000).toFixed(3)} s`.padEnd(10),
      `${(t1 / t2).toFixed(2)}x`.padEnd(8),
      `${(c1 / 1000).toFixed(3)} s`.padEnd(14),
      `${(c2 / 1000).toFixed(3)} s`.padEnd(10),
      `${(c2 / c1).toFixed(2)}`.padEnd(9),
      `${two.parts}`,
    ].join(' '),
  );
}
console.log(
  'target: speedup >= 1.6 on 2 cores (issue 22); overhead = CPU of 2 workers / CPU of 1 (ideal 1.00)',
);
