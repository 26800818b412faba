// Shared by the node tests: the wasm module (loaded once per test file), the
// catalog, the scenario files, and the two programs tests run (the native
// runner and the CLI).
import { existsSync, readFileSync, readdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { loadModule } from '../../wasm/js/node.js';
import { catalog, Session } from '../../wasm/js/lockstep.js';
import { compileScenario } from '../../wasm/js/scenario.js';
import { courseFiles } from '../../wasm/js/cli/course-files.js';
import { checkScenario } from '../../wasm/js/check/scenario.js';
import { formatProblem } from '../../wasm/js/scenario.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const runner = join(root, 'build', 'native', 'lockstep-run');
export const cli = join(root, 'bin', 'lockstep.js');
export const scenariosDir = join(root, 'tests', 'scenarios');

export const M = await loadModule();
export const CATALOG = catalog(M);

/** Every scenario file under tests/scenarios (an engine's folder and the folders in it), as paths relative to the root. */
export function scenarioFiles() {
  return readdirSync(scenariosDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => join('tests', 'scenarios', f))
    .sort();
}

/**
 * The litmus suite: the folder `litmus/` inside the scenarios of the engine
 * whose cells the memory models' litmus tests are written in (docs/MEMORY.md),
 * found rather than named, so that it stays that engine's place.
 */
export const litmusDir = (() => {
  const owners = readdirSync(scenariosDir).filter((e) => existsSync(join(scenariosDir, e, 'litmus')));
  if (owners.length !== 1) throw new Error(`one engine's scenarios hold litmus/, not ${owners.length}`);
  return join('tests', 'scenarios', owners[0], 'litmus');
})();

/**
 * The engine of the machinery's tests' own small scenarios: the one whose
 * counters (`counter`, `atomic_counter`) tests/fixtures/scenarios/counters.yaml
 * is written in.  Tests write `engine: ${COUNTERS}` rather than name it, and
 * run that file (COUNTERS_FILE) where any scenario will do.
 */
export const COUNTERS_FILE = 'tests/fixtures/scenarios/counters.yaml';
export const COUNTERS = /^engine: (\w+)$/m.exec(readFileSync(join(root, COUNTERS_FILE), 'utf8'))[1];

/** The course's lessons in course order (lessons/course.yaml), as paths relative to the root. */
export const courseLessons = courseFiles(join(root, 'lessons')).map((l) => join('lessons', l.rel));

/** Compiles YAML text (file name as given, for messages). */
export function compile(text, file = 'test.yaml') {
  return compileScenario(text, { file, catalog: CATALOG });
}

/** Compiles a scenario file by its path relative to the root. */
export function compileFile(rel) {
  return compileScenario(readFileSync(join(root, rel), 'utf8'), {
    file: rel,
    catalog: CATALOG,
  });
}

/** A session for a compiled scenario ({bytecode, scenario}); free() it after. */
export function open(compiled, options = {}) {
  return new Session(M, compiled.bytecode, options);
}

/** The path of one of an engine's scenarios by its name, for that engine's own tests: `scenarioOf(engine)(name)`. */
export const scenarioOf = (engine) => (name) => join('tests', 'scenarios', engine, `${name}.yaml`);

/** The events of `trace` that match `m`, a partial event: every field it has is equal. */
export const where = (trace, m) => trace.filter((e) => Object.entries(m).every(([k, v]) => e[k] === v));

/**
 * Finds each matcher (a partial event, as `where` reads it) in order in the trace, each after
 * the previous one; returns their indices.  Fails naming the first matcher that is missing.
 */
export function inOrder(trace, matchers) {
  const at = [];
  let from = 0;
  for (const m of matchers) {
    const i = trace.findIndex((e, j) => j >= from && Object.entries(m).every(([k, v]) => e[k] === v));
    assert.ok(i >= 0, `not found after event #${from}: ${JSON.stringify(m)}`);
    at.push(i);
    from = i + 1;
  }
  return at;
}

/** A fresh temporary directory. */
export function tempDir() {
  return mkdtempSync(join(tmpdir(), 'lockstep-test-'));
}

/** Runs the native runner; returns {status, stdout, stderr}. */
export function native(args, env = {}) {
  const r = spawnSync(runner, args, {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  const why = r.error ? `${r.error.message}\n` : r.signal ? `killed by ${r.signal}\n` : '';
  return { status: r.status, stdout: r.stdout, stderr: why + r.stderr };
}

/** Runs bin/lockstep.js; returns {status, stdout, stderr}. */
export function lockstep(args, options = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    cwd: root,
    ...options,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Runs a compiled scenario both ways (the native runner, the wasm Session) under one policy; returns the two traces and the wasm state. */
export function bothTraces(compiled, policy, schedule) {
  const dir = tempDir();
  const bc = join(dir, 'both.bc');
  writeFileSync(bc, compiled.bytecode);
  const out = join(dir, 'both.jsonl');
  const args = ['run', bc, '--policy', policy, '--trace', out, '--json'];
  if (schedule) args.push('--schedule', schedule);
  const n = native(args);
  assert.equal(n.status, 0, n.stderr);
  const s = open(compiled);
  try {
    s.run({ policy, seed: 0, maxSteps: 100000, schedule });
    return {
      native: readFileSync(out, 'utf8'),
      wasm: s.traceText(0),
      state: s.state(),
    };
  } finally {
    s.free();
  }
}

/** The native runner's `explore --json` verdict on scenario `rel` (from the root) with `args`. */
export function nativeExplore(/** @type {string} */ rel, /** @type {string[]} */ args) {
  const r = native(['explore', bytecodeFile(rel), '--json', ...args]);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

/** `lockstep explore ARGS --json`: exit 0 and one JSON object, parsed. */
export function exploreJson(args) {
  const r = lockstep(['explore', ...args, '--json']);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines.length, 1, 'exactly one JSON object');
  return JSON.parse(lines[0]);
}

/**
 * What `lockstep compile` says about scenario `text` (written to a temporary
 * file `name`), and what the author page's check says: {cli, page, written, file}.
 */
export function compileAndCheck(name, text) {
  const dir = tempDir();
  const file = join(dir, name);
  writeFileSync(file, text);
  const out = join(dir, `${name}.bc`);
  rmSync(out, { force: true });
  const cli = lockstep(['compile', file, '-o', out]);
  const page = checkScenario(M, text, { file, catalog: CATALOG }).problems.map(formatProblem);
  return { cli, page, written: existsSync(out), file };
}

/** The line and column (1-based) where `needle` starts in `text`. */
export function at(text, needle) {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, needle);
  const before = text.slice(0, i).split('\n');
  return `${before.length}:${before.at(-1).length + 1}`;
}

/** The scenario at `rel`, compiled to a .bc file for the native runner; its path. */
export function bytecodeFile(/** @type {string} */ rel) {
  const out = join(tempDir(), rel.replace(/\W+/g, '_') + '.bc');
  writeFileSync(out, compileFile(rel).bytecode);
  return out;
}

/**
 * The complete search of `bc` (more: e.g. --memory tso) split over 2 and 3 worker processes makes
 * exactly the executions, verdict and counterexample of one process searching the same units one
 * after another (LOCKSTEP_ALONE_STEPS=1: no search alone first, however small), into the same
 * parts (core/sim/complete.c).
 */
export function assertSplitMatchesOne(/** @type {string} */ bc, /** @type {string[]} */ more = []) {
  const one = splitVerdict(bc, more);
  assert.ok(one.executions > 1, 'a search with choices to split');
  const two = splitVerdict(bc, [...more, '--workers', '2']);
  const three = splitVerdict(bc, [...more, '--workers', '3']);
  assert.ok(one.parts > 1, `split into ${one.parts} parts`);
  assert.deepEqual(two, one);
  assert.deepEqual(three, one);
  return one;
}

/**
 * Random or PCT walks of bytecode file `bc` (more: --strategy, --seed, limits, --variant) split
 * over 2 and 3 worker processes (core/runner/walk_workers.c) report exactly what one process
 * reports: the same JSON but for elapsed_ms and parts, the same text but for the time, and, when
 * a walk found something, the same trace of it (--trace).  env: e.g. LOCKSTEP_WALK_UNIT (walks per
 * unit; the result never depends on it).  Returns one process's JSON, and the parts the walks
 * were cut into with 2 workers.
 */
export function assertWalksSplitMatchOne(
  /** @type {string} */ bc,
  /** @type {string[]} */ more,
  /** @type {Record<string, string>} */ env = {},
) {
  const dir = tempDir();
  const search = (/** @type {number} */ workers, /** @type {string[]} */ form) => {
    const trace = join(dir, `trace-${workers}.jsonl`);
    const split = workers > 1 ? ['--workers', String(workers)] : [];
    const r = native(['explore', bc, ...more, ...form, ...split, '--trace', trace], env);
    assert.equal(r.status, 0, r.stderr);
    return { out: r.stdout, trace: existsSync(trace) ? readFileSync(trace, 'utf8') : null };
  };
  const json = (/** @type {number} */ workers) => {
    const { elapsed_ms: _, parts, ...j } = JSON.parse(search(workers, ['--json']).out);
    return { j, parts };
  };
  const text = (/** @type {number} */ workers) => {
    const { out, trace } = search(workers, []);
    return { out: out.replace(/, [\d.]+ ms\n/, ', (time) ms\n'), trace };
  };
  const one = json(1);
  const two = json(2);
  assert.equal(one.parts, undefined);
  assert.deepEqual(two.j, one.j);
  assert.deepEqual(json(3).j, one.j);
  const oneText = text(1);
  assert.equal(oneText.trace !== null, one.j.found, 'a trace is written when a walk found something');
  assert.deepEqual(text(2), oneText);
  assert.deepEqual(text(3), oneText);
  return { one: one.j, parts: two.parts };
}

/**
 * Scenario file `rel`'s complete search (under `memory`, or the scenario's own model) makes exactly
 * one search's executions and verdict both ways a search is split: over native worker processes
 * (assertSplitMatchesOne) and as the app's units in wasm (assertPlanMatchesOne), the two alike.
 */
export function assertSplitsMatchOne(/** @type {string} */ rel, /** @type {string | undefined} */ memory) {
  const native = assertSplitMatchesOne(bytecodeFile(rel), memory ? ['--memory', memory] : []);
  const { executions } = assertPlanMatchesOne(rel, memory ? { memory } : {});
  assert.equal(executions, native.executions, `${rel}: wasm and native`);
}

/**
 * In wasm, what the app's "Prove it" workers run (web/src/bridge/prove.ts): the complete search of
 * scenario file `rel` (options: the session's, e.g. {memory: 'tso'}) gone on as units at once
 * (aloneSteps 1: core/sim/complete.c), against the same units planned (32 wanted, no probes, at
 * least 2: it really splits) and searched one by one as the workers search them: each completes,
 * and their executions add up to the one search's.  Returns the plan and the executions.
 */
export function assertPlanMatchesOne(/** @type {string} */ rel, options = {}) {
  const s = open(compileFile(rel), { trace: false, ...options });
  try {
    const search = () => {
      let st;
      do st = s.exploreStep(5000);
      while (!st.finished);
      return st;
    };
    s.exploreStart({ bound: 'none', aloneSteps: 1 });
    const { result: whole, parts } = search();
    assert.equal(whole.complete, true, `${rel}: ${whole.reason}`);
    assert.equal(whole.found, false, rel);
    s.exploreStart({ bound: 'none' });
    const plan = s.explorePlan(32, 0);
    assert.ok(plan.length >= 2, `${rel}: ${plan.length} units`);
    assert.equal(plan.length, parts, rel);
    let sum = 0;
    for (const u of plan) {
      s.exploreStart({ bound: 'none' });
      s.exploreUnit(u.unit);
      const part = search().result;
      assert.deepEqual(
        [part.complete, part.found],
        [true, false],
        `${rel}, unit ${u.unit.join('.')}: ${part.reason}`,
      );
      sum += part.executions;
    }
    assert.equal(sum, whole.executions, rel);
    return { plan, executions: whole.executions };
  } finally {
    s.free();
  }
}

/**
 * The native runner's complete search of bytecode file `bc` (more: e.g. --workers 2, split at
 * once): its verdict, executions and, split, the parts it was cut into, from --json.
 */
export function splitVerdict(/** @type {string} */ bc, /** @type {string[]} */ more) {
  // (--dpor: the search a split cuts, where the stateful one would fit)
  const r = native(['explore', bc, '--bound', 'none', '--dpor', '--json', ...more], {
    LOCKSTEP_ALONE_STEPS: '1',
  });
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  return {
    found: j.found,
    kind: j.kind,
    schedule: j.schedule,
    executions: j.executions,
    complete: j.complete,
    parts: j.parts,
  };
}
