// Every scenario and lesson on the checked build of the module (build/wasm/checked/,
// mk/wasm.mk): the node build with emscripten's assertions, under which
// Asyncify traps ("RuntimeError: unreachable") the moment a function it was
// told to leave alone is on a stack at a fiber switch.  The builds the app
// and the other tests use would not trap there: they would go on with a
// corrupt stack (a run of 0 steps, a wrong trace).  So a wrong Asyncify list
// (tools/asyncify-only.mjs) fails here, naming the scenario, and every
// result must also equal the unchecked module's byte for byte.
//
// Each scenario goes through the calls that switch: runs under three
// policies (steps, and irqs and ticks under the rtos and executor models),
// a jump back (the world rebuilt and the history replayed) and a step by
// step walk forward, a short search by the explorer, and its random and PCT
// walks (which take their steps on the actors' stacks and switch from actor
// to actor, core/sim/step.c, sim_pass_turn).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { courseFiles } from '../../wasm/js/cli/course-files.js';
import { Session } from '../../wasm/js/lockstep.js';
import { parseLesson } from '../../wasm/js/lesson.js';
import { CATALOG, M, compileFile, root, scenarioFiles } from './helpers.js';

const dir = join(root, 'build', 'wasm', 'checked');
const checked = await createRequire(import.meta.url)(join(dir, 'lockstep-node.cjs'))({
  wasmBinary: readFileSync(join(dir, 'lockstep-node.wasm')),
});

/** What one module does with a scenario, as text to compare. */
function everything(
  /** @type {any} */ module,
  /** @type {Uint8Array} */ bytecode,
  /** @type {string | undefined} */ variant,
) {
  const out = [];
  const s = new Session(module, bytecode, { variant, seed: 0 });
  try {
    for (const [policy, seed] of [
      ['round-robin', 0],
      ['random', 1],
      ['random', 7],
    ]) {
      s.reset();
      out.push(JSON.stringify(s.run({ policy: /** @type {any} */ (policy), seed, maxSteps: 2000 })));
      out.push(s.traceText(0));
    }
    const steps = s.summary().steps;
    s.goto(Math.floor(steps / 2));
    out.push(JSON.stringify(s.state()));
    for (let k = 0; k < 50; k++) {
      const state = s.state();
      if (state.outcome !== 'running') break;
      const ready = state.actors.findIndex((/** @type {any} */ a) => a.status === 'ready');
      if (ready >= 0) s.step(ready);
      else {
        const other = s.choices()[0];
        if (!other) break;
        s.take(other.kind, other.actor ?? -1);
      }
    }
    out.push(JSON.stringify(s.state()));
    s.reset();
    for (const search of [
      { bound: 2, maxExecutions: 20, maxSteps: 500 },
      { strategy: 'random', seed: 3, maxExecutions: 20, maxSteps: 500 },
      { strategy: 'pct', seed: 5, maxExecutions: 20, maxSteps: 500 },
    ]) {
      s.exploreStart(/** @type {any} */ (search));
      out.push(JSON.stringify(s.exploreStep(20)));
      s.exploreFinish();
    }
  } finally {
    s.free();
  }
  return out;
}

for (const file of scenarioFiles())
  test(`${file}: the checked module switches without a trap and agrees`, () => {
    const c = compileFile(file);
    const variant = c.scenario.variant;
    assert.deepEqual(everything(checked, c.bytecode, variant), everything(M, c.bytecode, variant));
  });

const lessons = courseFiles(join(root, 'lessons')).map((l) => l.rel);
for (const name of lessons)
  test(`lessons/${name}, every variant: the checked module switches without a trap and agrees`, () => {
    const file = join('lessons', name);
    const l = parseLesson(readFileSync(join(root, file), 'utf8'), { file, catalog: CATALOG });
    for (const variant of new Set([l.variant, ...(l.variants ?? [])]))
      assert.deepEqual(
        everything(checked, l.bytecode, variant),
        everything(M, l.bytecode, variant),
        `variant ${variant}`,
      );
  });
