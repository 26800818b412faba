// Same scenario + same schedule = same trace, byte for byte, natively and in
// WebAssembly.  Each scenario runs under several schedules and policies in
// the native runner (build/native/lockstep-run) and in the wasm Session; the
// JSON Lines traces and the --json summaries must be identical.
//
// Objects' addresses are part of that promise: the parking lot hashes them
// into bucket numbers the trace shows, and the state the app draws lists
// them.  They must follow the documented rule (core/sim/address_map.h)
// whatever engine globals the run makes and whatever the word size, so each
// scenario's addresses are also checked against the rule worked out here
// from the catalog (the C tests check the native side: tests/c/test_addresses.c).
// Every scenario under tests/scenarios runs here; issue 11's case (the
// second mutex's bucket) is checked exactly in its engine's own node test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG, compile, compileFile, native, open, scenarioFiles, tempDir } from './helpers.js';
import { LockstepError } from '../../wasm/js/lockstep.js';

const dir = tempDir();

/** The runs to compare for one scenario: [label, native args, Session.run options, seed]. */
function runsFor(scenario) {
  /** @type {{label: string, policy: string, seed: number, maxSteps: number, schedule?: string}[]} */
  const runs = [{ label: 'round-robin', policy: 'round-robin', seed: 0, maxSteps: 100000 }];
  for (const seed of [1, 2, 3, 42, 1234567])
    runs.push({ label: `random seed ${seed}`, policy: 'random', seed, maxSteps: 100000 });
  runs.push({ label: 'manual', policy: 'manual', seed: 0, maxSteps: 100000 });
  runs.push({ label: 'limit 3', policy: 'round-robin', seed: 0, maxSteps: 3 });
  const first = scenario.actors[0].name;
  const last = scenario.actors[scenario.actors.length - 1].name;
  runs.push({
    label: 'readable prefix',
    policy: 'round-robin',
    seed: 0,
    maxSteps: 100000,
    schedule: `v1: ${last} ${last} ${first}`,
  });
  runs.push({
    label: 'diverging',
    policy: 'round-robin',
    seed: 0,
    maxSteps: 100000,
    schedule: `v1: ${first}@cas:nothing`,
  });
  if (scenario.schedule)
    runs.push({
      label: 'scenario schedule',
      policy: 'round-robin',
      seed: 0,
      maxSteps: 100000,
      schedule: scenario.schedule,
    });
  return runs;
}

/**
 * The addresses the rule gives a scenario's objects: in the order listed, an
 * object without `address:` at the first multiple of 64 from 0x10000 on that
 * is at or after the end (address + footprint) of every object before it.
 */
function ruleAddresses(scenario) {
  let next = 0x10000;
  return scenario.objects.map((o) => {
    const at = o.address ?? next;
    const end = at + CATALOG.types[o.type].footprint;
    next = Math.max(next, Math.ceil(end / 64) * 64);
    return at;
  });
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
      const args = [
        'run',
        bc,
        '--policy',
        r.policy,
        '--seed',
        String(r.seed),
        '--max-steps',
        String(r.maxSteps),
        '--trace',
        out,
        '--json',
      ];
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
        assert.ok(
          e instanceof LockstepError && r.schedule && /^schedule diverged at step \d+: /.test(e.message),
          `${r.label}: ${e}`,
        );
        assert.equal(s.summary().outcome, 'error');
      }
      if (compared === 0) {
        const addresses = s.state().objects.map((/** @type {{address: number}} */ o) => o.address);
        assert.deepEqual(addresses, ruleAddresses(compiled.scenario), 'object addresses');
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

// Every engine's globals (a parking lot's table, a thread table, the held-mutex
// table a condition variable makes) exist before the second object is placed;
// neither may move it, whichever order the objects are written in.  Every type
// of the catalog, each with its own parameters' defaults.
for (const [type, { engine }] of Object.entries(CATALOG.types))
  test(`objects of engine ${engine} (${type}) get the rule's addresses with and without address:, globals or not`, () => {
    const footprint = CATALOG.types[type].footprint;
    const yaml = [
      'title: t',
      `engine: ${engine}`,
      'objects:',
      `  o1: {type: ${type}}`,
      `  o2: {type: ${type}, address: 0x${(0x30000).toString(16)}}`,
      `  o3: {type: ${type}}`,
      `  o4: {type: ${type}, address: 0x${(0x10000 + footprint).toString(16)}}`,
      `  o5: {type: ${type}}`,
      'actors:',
      '  A: [work 1]',
      '',
    ].join('\n');
    const compiled = compile(yaml, `${engine}.yaml`);
    const s = open(compiled);
    try {
      const got = s.state().objects.map((/** @type {{address: number}} */ o) => o.address);
      const after = 0x30000 + Math.ceil(footprint / 64) * 64;
      assert.deepEqual(got, [
        0x10000,
        0x30000,
        after,
        0x10000 + footprint,
        after + Math.ceil(footprint / 64) * 64,
      ]);
      assert.deepEqual(got, ruleAddresses(compiled.scenario));
    } finally {
      s.free();
    }
  });
