// bench/explore/estimate.mjs: how good the complete search's estimate of its
// executions in all is, part way through, against the real count of the
// same search in the same run.
//
// For each small scenario of the explorer's benchmarks (every engine's
// <engine>_EXPLORE_BENCH, bench/inputs.mjs; --quick: the first) it runs the complete search (`--bound none`) in wasm
// under node, in slices of 10 executions, and notes the estimate the search
// gives of itself (executions / done, core/sim/estimate.c: the weighted
// backtrack estimator of Kilby et al. 2006) when 10 % and 50 % of the real
// executions are done.  Beside it, Knuth's estimate from 64 random probes
// (explorePlan with one unit: what the workers used before, split.c).
// Each figure is printed as estimate / real (1.00: exact).
import { readFileSync } from 'node:fs';
import { benchInputs } from '../inputs.mjs';
import { loadModule } from '../../wasm/js/node.js';
import { catalog, Session } from '../../wasm/js/lockstep.js';
import { compileScenario } from '../../wasm/js/scenario.js';

const M = await loadModule();
const cat = catalog(M);
const PROBES = 64;
const QUICK = process.argv.includes('--quick');

/** The scenario's bytecode. */
const compiled = (input) =>
  compileScenario(readFileSync(input.file, 'utf8'), {
    file: input.path,
    catalog: cat,
  }).bytecode;

const ratio = (/** @type {number} */ est, /** @type {number} */ real) => (est / real).toFixed(2);

console.log('scenario              executions  at 10 %  at 50 %  Knuth (64 probes)   estimate / real');
for (const input of QUICK ? benchInputs().slice(0, 1) : benchInputs()) {
  const s = new Session(M, compiled(input), { trace: false });
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
      input.name.padEnd(21),
      String(real).padEnd(11),
      ratio(at(0.1), real).padEnd(8),
      ratio(at(0.5), real).padEnd(8),
      ratio(knuth, real),
    ].join(' '),
  );
}
