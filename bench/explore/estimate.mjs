// bench/explore/estimate.mjs: how good the complete search's estimate of its
// executions in all is, part way through, against the real count of the
// same search in the same run.
//
// For each scenario it runs the complete search (`--bound none`) in wasm
// under node, in slices of 10 executions, and notes the estimate the search
// gives of itself (executions / done, core/sim/estimate.c: the weighted
// backtrack estimator of Kilby et al. 2006) when 10 % and 50 % of the real
// executions are done.  Beside it, Knuth's estimate from 64 random probes
// (explorePlan with one unit: what the workers used before, split.c).
// Each figure is printed as estimate / real (1.00: exact).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadModule } from '../../wasm/js/node.js';
import { catalog, Session } from '../../wasm/js/lockstep.js';
import { compileScenario } from '../../wasm/js/scenario.js';

const here = new URL('.', import.meta.url).pathname;
const M = await loadModule();
const cat = catalog(M);
const PROBES = 64;

/** The scenario's bytecode (`3x1`: 3x2 with one round). */
function compiled(name) {
  const path = join(here, `${name.replace('3x1', '3x2')}.yaml`);
  let text = readFileSync(path, 'utf8');
  if (name.endsWith('3x1')) text = text.replace(/repeat 2:/g, 'repeat 1:');
  return compileScenario(text, { file: path, catalog: cat }).bytecode;
}

const ratio = (/** @type {number} */ est, /** @type {number} */ real) => (est / real).toFixed(2);

console.log('scenario              executions  at 10 %  at 50 %  Knuth (64 probes)   estimate / real');
for (const name of ['parking-lot-2x2', 'parking-lot-3x1', 'rtos-three-tasks', 'ttas-2']) {
  const s = new Session(M, compiled(name), { trace: false });
  s.exploreStart({ bound: 'none', maxExecutions: 0 });
  /** @type {{executions: number, done: number}[]} */
  const seen = [];
  let st;
  do {
    st = s.exploreStep(10);
    seen.push({ executions: st.result.executions, done: st.result.done });
  } while (!st.finished);
  const real = st.result.executions;
  const at = (/** @type {number} */ share) => {
    const p = seen.find((x) => x.executions >= share * real && x.done > 0);
    return p ? p.executions / p.done : NaN;
  };
  s.exploreStart({ bound: 'none', maxExecutions: 0 });
  const knuth = s.explorePlan(1, PROBES).reduce((a, u) => a + u.estimate, 0);
  s.free();
  console.log(
    [
      name.padEnd(21),
      String(real).padEnd(11),
      ratio(at(0.1), real).padEnd(8),
      ratio(at(0.5), real).padEnd(8),
      ratio(knuth, real),
    ].join(' '),
  );
}
