// Same scenario + same schedule = same trace, byte for byte, natively and in
// WebAssembly.  Each scenario runs under several schedules and policies in
// the native runner (build/native/lockstep-run) and in the wasm Session; the
// JSON Lines traces and the --json summaries must be identical.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileFile, native, open, scenarioFiles, tempDir } from './helpers.js';
import { LockstepError } from '../../wasm/js/lockstep.js';

const dir = tempDir();

/** The runs to compare for one scenario: [label, native args, Session.run options, seed]. */
function runsFor(scenario) {
  /** @type {{label: string, policy: string, seed: number, maxSteps: number, schedule?: string}[]} */
  const runs = [{ label: 'round-robin', policy: 'round-robin', seed: 0, maxSteps: 100000 }];
  for (const seed of [1, 2, 3, 42, 1234567]) runs.push({ label: `random seed ${seed}`, policy: 'random', seed, maxSteps: 100000 });
  runs.push({ label: 'manual', policy: 'manual', seed: 0, maxSteps: 100000 });
  runs.push({ label: 'limit 3', policy: 'round-robin', seed: 0, maxSteps: 3 });
  const first = scenario.actors[0].name;
  const last = scenario.actors[scenario.actors.length - 1].name;
  runs.push({ label: 'readable prefix', policy: 'round-robin', seed: 0, maxSteps: 100000, schedule: `v1: ${last} ${last} ${first}` });
  runs.push({ label: 'diverging', policy: 'round-robin', seed: 0, maxSteps: 100000, schedule: `v1: ${first}@cas:nothing` });
  if (scenario.schedule) runs.push({ label: 'scenario schedule', policy: 'round-robin', seed: 0, maxSteps: 100000, schedule: scenario.schedule });
  return runs;
}

for (const file of scenarioFiles()) {
  test(`native and wasm agree byte for byte: ${file}`, () => {
    const compiled = compileFile(file);
    const bc = join(dir, file.replace(/\W/g, '_') + '.bc');
    writeFileSync(bc, compiled.bytecode);
    const runs = runsFor(compiled.scenario);
    let compared = 0;
    for (const r of runs) {
      const out = join(dir, 'trace.jsonl');
      // The runner starts from the scenario's own variant and schedule (the
      // bytecode carries them); 'v1:' is the schedule with no entries.
      const schedule = r.schedule ?? 'v1:';
      const args = ['run', bc, '--policy', r.policy, '--seed', String(r.seed), '--max-steps', String(r.maxSteps), '--trace', out, '--json'];
      args.push('--schedule', schedule);
      const n = native(args);
      assert.equal(n.status, 0, `${r.label}: ${n.stderr}`);

      const s = open(compiled, { seed: r.seed, variant: compiled.scenario.variant });
      try {
        s.run({ policy: /** @type {any} */ (r.policy), seed: r.seed, maxSteps: r.maxSteps, schedule });
      } catch (e) {
        // A schedule that diverges (here: on purpose, or because the named
        // actor cannot move in this scenario) ends the run with an error
        // outcome; the native runner reports it the same way.
        assert.ok(e instanceof LockstepError && r.schedule && /^schedule diverged at step \d+: /.test(e.message), `${r.label}: ${e}`);
        assert.equal(s.summary().outcome, 'error');
      }
      const trace = s.traceText(0);
      if (s.summary().steps > 0) assert.ok(trace.length > 0, `${r.label}: empty trace`);
      assert.equal(trace, readFileSync(out, 'utf8'), `${r.label}: traces differ`);
      assert.equal(s.report('json') + '\n', n.stdout, `${r.label}: --json differs`);
      s.free();
      compared++;
    }
    assert.ok(compared >= 9);
  });
}
