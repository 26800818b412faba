// The stuck story tells the truth: every step number in it is a step of the
// trace.  "since step N" is the last step the parked actor took, not the step
// at which the run ended (issue 11, item 4).  Checked in the wasm Session, in
// `lockstep run` and `lockstep explore`, and in the native runner, on a
// lock-order deadlock (B asleep after step 31, A after 58) and on a forgotten
// unlock (B asleep after step 57, C after 77), plus the lost wakeup.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileFile, lockstep, native, open, tempDir } from './helpers.js';
import { ACTION_KINDS } from '../../wasm/js/trace.js';

const LOCK_ORDER = 'tests/scenarios/parking_lot/lock-order.yaml';
const FORGOTTEN = 'tests/scenarios/parking_lot/forgotten-unlock.yaml';
const LOST = 'tests/scenarios/parking_lot/lost-wakeup.yaml';

/** @typedef {{step: number, kind: string, actor?: string, label?: string, object?: string}} Event */

/** The last step `actor` took, by the trace. */
function lastStepOf(/** @type {Event[]} */ trace, /** @type {string} */ actor) {
  const steps = trace.filter((e) => e.actor === actor && ACTION_KINDS.includes(/** @type {any} */ (e.kind)));
  assert.ok(steps.length > 0, `${actor} took no step`);
  return steps.at(-1)?.step;
}

/**
 * Checks each step number of `actor`'s story against the trace, and that no
 * step number went unchecked.  Returns the "since" step.
 */
function checkStory(/** @type {string} */ reason, /** @type {string} */ actor, /** @type {Event[]} */ trace) {
  const named = [...reason.matchAll(/step (\d+)/g)].length;
  let checked = 0;
  const since = /since step (\d+)/.exec(reason);
  assert.ok(since, `no "since step" in: ${reason}`);
  assert.equal(Number(since[1]), lastStepOf(trace, actor), `since step: ${reason}`);
  checked++;
  const validate = /its validate passed at step (\d+) with state 11/.exec(reason);
  if (validate) {
    const step = Number(validate[1]);
    assert.ok(
      trace.some(
        (e) =>
          e.step === step && e.actor === actor && e.kind === 'load' && e.label === 'validate: state == 11?',
      ),
      `no validate by ${actor} at step ${step}`,
    );
    checked++;
  }
  const unpark = /(\S+)'s unpark_one on (\S+) at step (\d+) found no waiter and wrote 00 at step (\d+)/.exec(
    reason,
  );
  if (unpark) {
    const [, who, object, noneAt, wroteAt] = unpark;
    assert.ok(
      trace.some(
        (e) => e.step === Number(noneAt) && e.actor === who && e.kind === 'note' && e.label === 'no waiter',
      ),
    );
    assert.ok(
      trace.some(
        (e) =>
          e.step === Number(wroteAt) &&
          e.actor === who &&
          e.kind === 'store' &&
          e.object === object &&
          e.label === 'callback: write 00',
      ),
    );
    checked += 2;
  }
  assert.equal(checked, named, `every step number is checked: ${reason}`);
  return Number(since[1]);
}

/** Runs a scenario file in a Session (its own variant and schedule): summary and trace. */
function sessionRun(/** @type {string} */ file) {
  const compiled = compileFile(file);
  const s = open(compiled, { variant: compiled.scenario.variant });
  const summary = s.run({ schedule: compiled.scenario.schedule ?? undefined });
  const trace = s.trace();
  const state = s.state();
  s.free();
  return { summary, trace, state };
}

for (const [file, expected] of /** @type {[string, Record<string, number>][]} */ ([
  [LOCK_ORDER, { A: 58, B: 31 }],
  [FORGOTTEN, { B: 57, C: 77 }],
  [LOST, { B: 34 }],
])) {
  test(`${file}: each stuck actor's story names the step it went to sleep, in the summary, the state and the trace`, () => {
    const { summary, trace, state } = sessionRun(file);
    assert.equal(summary.outcome, 'stuck');
    const since = Object.fromEntries(
      summary.stuck.map((x) => [x.actor, checkStory(x.reason, x.actor, trace)]),
    );
    assert.deepEqual(since, expected);
    // The state snapshot and the trace's own stuck events tell the same story.
    for (const x of summary.stuck) {
      assert.equal(state.actors.find((/** @type {any} */ a) => a.name === x.actor).reason, x.reason);
      assert.equal(trace.find((e) => e.kind === 'stuck' && e.actor === x.actor)?.message, x.reason);
    }
  });
}

test('the lock-order deadlock: A parked on m2, B on m1, each since its own step', () => {
  const { summary } = sessionRun(LOCK_ORDER);
  assert.deepEqual(
    summary.stuck.map((x) => x.reason),
    [
      'parked on mutex m2 (bucket 1) since step 58; its validate passed at step 57 with state 11; nobody will unpark it',
      'parked on mutex m1 (bucket 30) since step 31; its validate passed at step 30 with state 11; nobody will unpark it',
    ],
  );
});

test('the lost wakeup the explorer finds, under both buggy variants: every step of the story is in the trace', () => {
  for (const variant of ['validate_outside', 'widen']) {
    const s = open(compileFile(LOST), { variant });
    try {
      s.exploreStart({ bound: 2 });
      let st = s.exploreStep(1000);
      while (!st.finished) st = s.exploreStep(1000);
      s.exploreFinish();
      assert.equal(st.result.kind, 'stuck', variant);
      const summary = s.run({ policy: 'manual', schedule: st.result.schedule ?? '' });
      const trace = s.trace();
      assert.equal(summary.outcome, 'stuck', variant);
      for (const x of summary.stuck) {
        assert.match(x.reason, /found no waiter and wrote 00 at step \d+; nobody will unpark it$/, variant);
        checkStory(x.reason, x.actor, trace);
      }
      // The explorer's own message, written with the trace off, names the same "since".
      for (const x of summary.stuck) {
        const since = /since step \d+/.exec(x.reason)?.[0];
        assert.ok(
          since && st.result.message.includes(`${x.actor} parked on mutex m (bucket 30) ${since}; `),
          st.result.message,
        );
      }
    } finally {
      s.free();
    }
  }
});

test('lockstep run prints the same stories (text and --json), and they match the trace it writes', () => {
  const dir = tempDir();
  const out = join(dir, 'trace.jsonl');
  const r = lockstep(['run', FORGOTTEN, '--json', '--trace', out]);
  assert.equal(r.status, 0, r.stderr);
  const trace = readTrace(out);
  const json = JSON.parse(r.stdout);
  assert.deepEqual(
    json.stuck.map((/** @type {any} */ x) => checkStory(x.reason, x.actor, trace)),
    [57, 77],
  );
  const text = lockstep(['run', FORGOTTEN]).stdout;
  assert.match(text, /\nstuck: B parked on mutex m \(bucket 30\) since step 57; /);
  assert.match(text, /\nstuck: C parked on mutex m \(bucket 30\) since step 77; /);
});

test('lockstep explore tells each stuck actor the step it went to sleep in the run it found', () => {
  const r = lockstep(['explore', LOCK_ORDER]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^violation: stuck after 58 steps, schedule v1: A A( B){29} \(1 preemption\)\n/);
  assert.match(
    r.stdout,
    /\nA: parked on mutex m2 \(bucket 1\) since step 58; its validate passed at step 57 with state 11; nobody will unpark it \(/,
  );
  assert.match(
    r.stdout,
    /\nB: parked on mutex m1 \(bucket 30\) since step 31; its validate passed at step 30 with state 11; nobody will unpark it \(/,
  );
});

test('the native runner tells the same stories: run --json, and the explorer report', () => {
  const dir = tempDir();
  for (const file of [LOCK_ORDER, FORGOTTEN]) {
    const compiled = compileFile(file);
    const bc = join(dir, 'scenario.bc');
    writeFileSync(bc, compiled.bytecode);
    const out = join(dir, 'trace.jsonl');
    const args = ['run', bc, '--trace', out, '--json'];
    if (compiled.scenario.schedule) args.push('--schedule', compiled.scenario.schedule);
    const r = native(args);
    assert.equal(r.status, 0, r.stderr);
    const trace = readTrace(out);
    const stuck = JSON.parse(r.stdout).stuck;
    const since = stuck.map((/** @type {any} */ x) => checkStory(x.reason, x.actor, trace));
    assert.deepEqual(since, file === LOCK_ORDER ? [58, 31] : [57, 77]);
  }
  // The explorer searches with the trace off; its report still names the
  // step at which each actor went to sleep.
  const compiled = compileFile(LOCK_ORDER);
  const bc = join(dir, 'lock-order.bc');
  writeFileSync(bc, compiled.bytecode);
  const r = native(['explore', bc]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^violation: stuck after 58 steps, schedule v1: A A( B){29} \(1 preemption\)\n/);
  assert.match(
    r.stdout,
    /\nA parked on mutex m2 \(bucket 1\) since step 58; nobody will unpark it; B parked on mutex m1 \(bucket 30\) since step 31; nobody will unpark it\n/,
  );
});

/** A JSON Lines trace file, parsed. @returns {Event[]} */
function readTrace(/** @type {string} */ path) {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line));
}
