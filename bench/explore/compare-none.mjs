// The complete searches side by side, natively, on every scenario given
// (default: every tests/scenarios and bench/explore scenario, its default
// variant): DPOR (--bound none --dpor), what `--bound none` runs (the stateful
// search where it fits, giving way to DPOR where it cannot remember: which
// search proved it, and whether it fell back), and the stateful search alone
// (--stateful), each cut at --max-total-steps 20,000,000 and 20 s; executions,
// states, the verdict and the process's CPU time (getrusage of the child,
// /usr/bin/time).  What `--bound none` should run is decided from this table
// (bench/README.md); the scenarios where it took more than twice DPOR's CPU
// time (and more than half a second) are listed at the end.
//
//   node bench/explore/compare-none.mjs [FILE.yaml ...]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModule } from '../../wasm/js/node.js';
import { catalog } from '../../wasm/js/lockstep.js';
import { compileScenario } from '../../wasm/js/scenario.js';

const root = new URL('../../', import.meta.url).pathname;
const RUNNER = join(root, 'build/native/lockstep-run');
const cat = catalog(await loadModule());
const tmp = mkdtempSync(join(tmpdir(), 'lockstep-compare-'));

function yamls(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? yamls(p) : p.endsWith('.yaml') ? [p] : [];
  });
}

function search(bc, args) {
  const file = join(tmp, 'scenario.bc');
  writeFileSync(file, bc);
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', RUNNER, 'explore', file, '--json', ...args], {
    encoding: 'utf8',
    timeout: 20000,
  });
  if (r.error || r.status === null) return { text: 'cut at 20 s' };
  const cpu = r.stderr.trim().split('\n').pop().split(' ').map(Number);
  try {
    const j = JSON.parse(r.stdout);
    const what = j.found ? `found ${j.kind}` : j.complete ? 'proven' : 'incomplete';
    // (which search: the JSON says so; a stateful one counts its states)
    const by = j.search ?? (j.states ? 'stateful' : 'dpor');
    const how =
      args.includes('--dpor') || args.includes('--stateful')
        ? ''
        : ` (${by}${j.fell_back ? ', fell back' : ''})`;
    return {
      ...j,
      cpu: cpu[0] + cpu[1],
      text: `${what} ${j.executions} ex ${j.states ? j.states + ' st ' : ''}${(cpu[0] + cpu[1]).toFixed(2)} s${how}`,
    };
  } catch {
    return { text: `exit ${r.status}: ${r.stderr.split('\n')[0]}` };
  }
}

const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [...yamls(join(root, 'tests/scenarios')), ...yamls(join(root, 'bench/explore'))];
const slower = [];
for (const f of files) {
  let bc;
  try {
    bc = compileScenario(readFileSync(f, 'utf8'), { file: f, catalog: cat }).bytecode;
  } catch (e) {
    console.log(`${f.replace(root, '')}\tcompile: ${String(e.message).split('\n')[0]}`);
    continue;
  }
  const dpor = search(bc, ['--bound', 'none', '--dpor']);
  const none = search(bc, ['--bound', 'none']);
  const stateful = search(bc, ['--stateful']);
  const name = f.replace(root, '');
  console.log(`${name}\tDPOR: ${dpor.text}\t--bound none: ${none.text}\tstateful: ${stateful.text}`);
  // (a search cut at 20 s has no CPU time: it counts as 20 s)
  const cpu = (r) => r.cpu ?? 20;
  if (cpu(none) > 2 * cpu(dpor) && cpu(none) > 0.5)
    slower.push(`${name} ${cpu(none).toFixed(2)} s against ${cpu(dpor).toFixed(2)} s`);
}
console.log(
  `--bound none slower than twice DPOR: ${slower.length ? '\n  ' + slower.join('\n  ') : 'nowhere'}`,
);
