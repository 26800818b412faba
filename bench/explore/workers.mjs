// bench/explore/workers.mjs: one complete search on one worker against the
// same search split over two (`lockstep-run explore --bound none --workers N`,
// core/sim/split.c, core/runner/workers.c), in one run.
//
// For each scenario (the largest complete searches we have: the parking_lot
// mutex, 3 threads x 1 lock/unlock (parking-lot-3x2.yaml with one round) and
// 2 x 2, and the three rtos tasks) it
// runs the native runner with --workers 1 and --workers 2, alternating the
// order from round to round so a busy machine slows both alike, 5 rounds,
// and prints:
//   - the executions of each (they must be equal: splitting changes nothing
//     of what is searched);
//   - the median wall-clock time of each, end to end of the process (the
//     split's probes and the forks included), and the speedup 1 / 2 workers;
//   - Knuth's estimate that --workers prints before it starts (PROBES_PER_UNIT
//     random probes per part) and the ratio executions / estimate.
// Target (issue 22): a speedup of at least 1.6 on this machine's two cores.
// The machine's load average is printed beside the figures: the target means
// something only when nothing else runs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModule } from '../../wasm/js/node.js';
import { catalog } from '../../wasm/js/lockstep.js';
import { compileScenario } from '../../wasm/js/scenario.js';

const here = new URL('.', import.meta.url).pathname;
const root = new URL('../../', import.meta.url).pathname;
const RUNNER = join(root, 'build/native/lockstep-run');
const ROUNDS = 5;
const cat = catalog(await loadModule());
const tmp = mkdtempSync(join(tmpdir(), 'lockstep-workers-'));

/** The scenario's bytecode in a file the runner reads (`3x1`: 3x2 with one round). */
function compiled(name) {
  const path = join(here, `${name.replace('3x1', '3x2')}.yaml`);
  let text = readFileSync(path, 'utf8');
  if (name.endsWith('3x1')) text = text.replace(/repeat 2:/g, 'repeat 1:');
  const { bytecode } = compileScenario(text, { file: path, catalog: cat });
  const file = join(tmp, `${name}.bc`);
  writeFileSync(file, bytecode);
  return file;
}

/** One search: {executions, complete, ms, estimate}. */
function search(file, workers) {
  const t0 = performance.now();
  const r = spawnSync(RUNNER, ['explore', file, '--bound', 'none', '--workers', String(workers)], {
    encoding: 'utf8',
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`lockstep-run failed: ${r.stderr}`);
  const executions = Number(/: (\d+) executions/.exec(r.stdout)?.[1]);
  const complete = /\(complete\)/.test(r.stdout);
  const estimate = /about ([\d,]+) executions in all \(estimate\)/.exec(r.stderr)?.[1];
  return {
    executions,
    complete,
    ms,
    estimate: estimate ? Number(estimate.replace(/,/g, '')) : NaN,
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
  'scenario                     executions  1 worker   2 workers  speedup  estimate  executions/estimate',
);
for (const name of ['parking-lot-3x1', 'parking-lot-2x2', 'rtos-three-tasks']) {
  const file = compiled(name);
  const times = { 1: [], 2: [] };
  let one, two;
  for (let k = 0; k < ROUNDS; k++) {
    for (const w of k % 2 ? [2, 1] : [1, 2]) {
      const r = search(file, w);
      times[w].push(r.ms);
      if (w === 1) one = r;
      else two = r;
    }
  }
  const same = one.executions === two.executions && one.complete && two.complete;
  const t1 = median(times[1]);
  const t2 = median(times[2]);
  console.log(
    [
      name.padEnd(28),
      `${one.executions}${same ? '' : ` != ${two.executions}`}`.padEnd(11),
      `${(t1 / 1000).toFixed(2)} s`.padEnd(10),
      `${(t2 / 1000).toFixed(2)} s`.padEnd(10),
      `${(t1 / t2).toFixed(2)}x`.padEnd(8),
      `${two.estimate}`.padEnd(9),
      `${(two.executions / two.estimate).toFixed(2)}`,
    ].join(' '),
  );
}
console.log(`target: speedup >= 1.6 on 2 cores (issue 22)`);
