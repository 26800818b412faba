// The basic engine as the shared machinery shows it, on its own scenarios
// (tests/scenarios/basic/) and lessons (lessons/basic/): the description the
// compiler gives the app of the racy counter, the exact trace and state a
// session reports of it, and what the CLI and the runner print for it.  The
// machinery's own tests take their inputs from the lists or from fixtures;
// what needs the basic engine's exact words and lines is here.
//
// Needs `make wasm native`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  compile,
  compileFile,
  exploreJson,
  lockstep,
  native,
  open,
  tempDir,
  assertSplitsMatchOne,
} from './helpers.js';
import { LockstepError } from '../../wasm/js/lockstep.js';

const RACY = 'tests/scenarios/basic/racy-counter.yaml';
const dir = tempDir();

test('the racy counter scenario is described for the app, with each op numbered as the interpreter numbers it', () => {
  const { scenario } = compileFile('tests/scenarios/basic/racy-counter.yaml');
  assert.deepEqual(scenario, {
    file: 'tests/scenarios/basic/racy-counter.yaml',
    title: { en: 'Racy counter', 'zh-CN': '会丢失更新的计数器' },
    description: {
      en: 'Two threads increment a shared counter three times each.  Each increment reads the value and writes it back plus one, in two separate steps, so an update can be lost; the counter can end anywhere from 2 to 6.\n',
      'zh-CN':
        '两个线程各把一个共享计数器加三次。每次自增都要先读出值，再写回加一后的值，分成两步，所以一次更新可能丢失；计数器最后可能是 2 到 6 之间的任何值。\n',
    },
    engine: 'basic',
    variant: 'correct',
    variants: ['correct'],
    objects: [
      {
        name: 'counter',
        type: 'counter',
        params: { initial: 0 },
        address: null,
        line: 15,
        column: 3,
      },
    ],
    actors: [
      {
        name: 'A',
        kind: 'thread',
        priority: 0,
        line: 17,
        ops: [
          { index: 0, kind: 'repeat', text: 'repeat 3', line: 18, depth: 0 },
          {
            index: 1,
            kind: 'call',
            text: 'increment counter',
            line: 19,
            depth: 1,
            object: 'counter',
          },
        ],
      },
      {
        name: 'B',
        kind: 'thread',
        priority: 0,
        line: 20,
        ops: [0, 1, 2].map((index) => ({
          index,
          kind: 'call',
          text: 'increment counter',
          line: 20,
          depth: 0,
          object: 'counter',
        })),
      },
    ],
    schedule: null,
    memory: 'sc',
    scheduleAt: null,
    asserts: [{ text: 'counter == 6', line: 21 }],
    expect: {
      outcome: 'violation',
      violation: "assertion 'counter == 6' failed: counter.value is 3",
    },
    expectAt: {
      outcome: { line: 24, column: 12 },
      violation: { line: 25, column: 14 },
    },
  });
});

// ---- what bin/lockstep.js prints for the basic engine's scenarios ----

test('run prints the outcome, the violation, and the schedule that reproduces it', () => {
  const r = lockstep(['run', RACY]);
  assert.equal(r.status, 0);
  assert.equal(r.stderr, '');
  assert.equal(
    r.stdout,
    [
      'outcome: violation after 12 steps (virtual time 0 us)',
      "violation (assertion): assertion 'counter == 6' failed: counter.value is 3 (step 12)",
      'schedule: v1: A B A B A B A B A B A',
      'compact: v1.AgsAAQECAQEAAgECAgEAAQECAQEAAgECAgEAAQECAQEAAgE',
      '',
    ].join('\n'),
  );
});

test('run --json prints one object, byte for byte what the native runner prints', () => {
  const bc = join(dir, 'racy.bc');
  const c = lockstep(['compile', RACY, '-o', bc]);
  assert.deepEqual([c.status, c.stdout, c.stderr], [0, '', '']);
  for (const extra of [
    [],
    ['--policy', 'random', '--seed', '9'],
    ['--schedule', 'v1: B B B'],
    ['--max-steps', '4'],
    ['--policy', 'manual'],
  ]) {
    const mine = lockstep(['run', RACY, '--json', ...extra]);
    const theirs = native(['run', bc, '--json', ...extra]);
    assert.equal(mine.status, 0);
    assert.equal(mine.stdout, theirs.stdout, extra.join(' '));
    const parsed = JSON.parse(mine.stdout);
    assert.deepEqual(Object.keys(parsed), [
      'outcome',
      'steps',
      'schedule',
      'virtual_time',
      'stuck',
      'violation',
      'prints',
      'note',
    ]);
  }
  assert.equal(
    lockstep(['run', RACY, '--json']).stdout,
    '{"outcome":"violation","steps":12,"schedule":"v1: A B A B A B A B A B A","virtual_time":0,"stuck":[],' +
      '"violation":{"kind":"assertion","message":"assertion \'counter == 6\' failed: counter.value is 3","step":12},"prints":[],"note":null}\n',
  );
});

test('run --trace writes the same JSON Lines as the native runner', () => {
  const bc = join(dir, 'many.bc');
  lockstep(['compile', 'tests/scenarios/basic/many-actors.yaml', '-o', bc]);
  const mine = join(dir, 'mine.jsonl');
  const theirs = join(dir, 'theirs.jsonl');
  assert.equal(
    lockstep([
      'run',
      'tests/scenarios/basic/many-actors.yaml',
      '--policy',
      'random',
      '--seed',
      '5',
      '--trace',
      mine,
    ]).status,
    0,
  );
  assert.equal(native(['run', bc, '--policy', 'random', '--seed', '5', '--trace', theirs]).status, 0);
  const text = readFileSync(mine, 'utf8');
  assert.equal(text, readFileSync(theirs, 'utf8'));
  assert.equal(text.trim().split('\n').length >= 34, true);
});

test('limit, done, prints, the scenario schedule', () => {
  assert.equal(
    lockstep(['run', RACY, '--max-steps', '5']).stdout.split('\n')[0],
    'outcome: limit after 5 steps (virtual time 0 us)',
  );
  assert.equal(
    lockstep(['run', 'tests/scenarios/basic/sleepers.yaml']).stdout,
    [
      'outcome: done after 8 steps (virtual time 1020000 us)',
      'print: B woke at 10ms',
      'print: C woke at 20ms',
      'print: A woke at 30ms',
      'print: C woke at 1.02s',
      'schedule: v1:',
      'compact: v1.AAA',
      '',
    ].join('\n'),
  );
  // cs-serial.yaml starts from its own schedule: A, A, A.
  assert.match(
    lockstep(['run', 'tests/scenarios/basic/cs-serial.yaml']).stdout,
    /^outcome: done after 6 steps .*\nschedule: v1: A A A\n/,
  );
  // --schedule replaces it.
  assert.match(
    lockstep(['run', 'tests/scenarios/basic/cs-serial.yaml', '--schedule', 'v1: A B']).stdout,
    /^outcome: violation after 2 steps/,
  );
});

test('a schedule that diverges is a result (exit 0), as in the native runner', () => {
  // A and B both load the counter first: the fingerprint asks for a CAS.
  const r = lockstep(['run', RACY, '--schedule', 'v1: A B@cas:counter']);
  assert.equal(r.status, 0);
  assert.equal(
    r.stdout.split('\n')[1],
    'error: schedule diverged at step 2: expected B cas on counter, got B load on counter',
  );
  assert.equal(
    JSON.parse(lockstep(['run', RACY, '--schedule', 'v1: A B@cas:counter', '--json']).stdout).outcome,
    'error',
  );
});

// ---- the property the opening lesson rests on (was tests/node/racy-property.test.js) ----
// Two threads each incrementing a racy `counter` three times can end at every
// value from 2 to 6, and with `atomic_counter` always at 6.  Every
// interleaving is tried, as a readable schedule replayed on the wasm module.

/** Every sequence of `a` A's and `b` B's (C(a+b, a) of them). */
function* interleavings(a, b, prefix = []) {
  if (a === 0 && b === 0) yield prefix;
  if (a > 0) yield* interleavings(a - 1, b, [...prefix, 'A']);
  if (b > 0) yield* interleavings(a, b - 1, [...prefix, 'B']);
}

/**
 * A schedule lists only real choices: once one actor has finished, the other
 * moves alone, so the entries stop where one of them has taken all its steps.
 */
function scheduleOf(order, stepsEach) {
  const taken = { A: 0, B: 0 };
  const choices = [];
  for (const who of order) {
    if (taken.A === stepsEach || taken.B === stepsEach) break;
    choices.push(who);
    taken[who]++;
  }
  return `v1:${choices.map((c) => ` ${c}`).join('')}`;
}

/** Runs every interleaving; returns how many runs ended at each final value. */
function finalValues(compiled, stepsEach) {
  const s = open(compiled);
  /** @type {Map<number, number>} */
  const counts = new Map();
  let runs = 0;
  for (const order of interleavings(stepsEach, stepsEach)) {
    s.reset();
    const schedule = scheduleOf(order, stepsEach);
    const r = s.run({ schedule });
    assert.equal(r.schedule, schedule, 'the run reports the schedule it replayed');
    assert.equal(r.message, '', `${schedule}: every entry is used`);
    assert.equal(r.steps, 2 * stepsEach);
    const value = s.state().objects[0].fields.value;
    counts.set(value, (counts.get(value) ?? 0) + 1);
    runs++;
  }
  s.free();
  return { counts, runs };
}

test('racy counter: 2 actors x 3 increments end at every value from 2 to 6', () => {
  // An increment is a load and a store: 6 steps per actor, C(12, 6) orders.
  const { counts, runs } = finalValues(compileFile('tests/scenarios/basic/racy-counter.yaml'), 6);
  assert.equal(runs, 924);
  assert.deepEqual([...counts.keys()].sort(), [2, 3, 4, 5, 6]);
  // Only the orders where no increment overlaps another reach 6: the three
  // increments of each actor are whole blocks, so C(6, 3) of them.
  assert.equal(counts.get(6), 20);
  assert.equal(
    [...counts.values()].reduce((x, y) => x + y),
    924,
  );
});

test('atomic counter: every interleaving ends at 6', () => {
  // An increment is one fetch_add: 3 steps per actor, C(6, 3) orders.
  const { counts, runs } = finalValues(compileFile('tests/scenarios/basic/atomic-counter.yaml'), 3);
  assert.equal(runs, 20);
  assert.deepEqual([...counts.entries()], [[6, 20]]);
});

test('the final assertion fails exactly when the racy counter does not reach 6', () => {
  const c = compile(
    'title: t\nengine: basic\nobjects: {c: counter}\nactors:\n  A: [increment c]\n  B: [increment c]\nassert: c == 2\n',
  );
  const s = open(c);
  const outcomes = [];
  for (const order of interleavings(2, 2)) {
    s.reset();
    const r = s.run({ schedule: scheduleOf(order, 2) });
    outcomes.push(`${order.join('')} ${r.outcome} ${s.state().objects[0].fields.value}`);
  }
  assert.deepEqual(outcomes, [
    'AABB done 2',
    'ABAB violation 1',
    'ABBA violation 1',
    'BAAB violation 1',
    'BABA violation 1',
    'BBAA done 2',
  ]);
  s.free();
});

// ---- what basic's scenarios promise for every schedule (was in tests/node/scenarios.test.js) ----

/** The outcomes (and prints) of 200 random schedules. */
function randomRuns(file) {
  const s = open(compileFile(file));
  const seen = new Map();
  for (let seed = 1; seed <= 200; seed++) {
    s.reset();
    const r = s.run({ policy: 'random', seed });
    const key = `${r.outcome} ${JSON.stringify(r.prints)}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  s.free();
  return [...seen.keys()];
}

test('many-actors: no schedule gets stuck or breaks an assertion', () => {
  assert.deepEqual(randomRuns('tests/scenarios/basic/many-actors.yaml'), ['done ["F starts","F ends"]']);
});

test('sleepers: every schedule prints in wake-up order', () => {
  assert.deepEqual(randomRuns('tests/scenarios/basic/sleepers.yaml'), [
    'done ["B woke at 10ms","C woke at 20ms","A woke at 30ms","C woke at 1.02s"]',
  ]);
});

test('assert-result and atomic-counter: every schedule is done', () => {
  assert.deepEqual(randomRuns('tests/scenarios/basic/assert-result.yaml'), ['done []']);
  assert.deepEqual(randomRuns('tests/scenarios/basic/atomic-counter.yaml'), ['done []']);
});

test('work-and-print: the two prints come in either order', () => {
  assert.deepEqual(randomRuns('tests/scenarios/basic/work-and-print.yaml').sort(), [
    'done ["A done","B done"]',
    'done ["B done","A done"]',
  ]);
});

test('cs-overlap: some schedules overlap, some do not', () => {
  assert.deepEqual(randomRuns('tests/scenarios/basic/cs-overlap.yaml').sort(), ['done []', 'violation []']);
});

// ---- the explorer on basic's racy counter (was in tests/node/explore.test.js) ----

test('the racy counter loses an update with one preemption', () => {
  const r = exploreJson(['tests/scenarios/basic/racy-two-by-two.yaml']);
  assert.equal(r.found, true);
  assert.equal(r.kind, 'assertion');
  assert.equal(r.preemptions, 1);
});

// ---- the wasm Session on the racy counter (was tests/node/session.test.js) ----
// The Session (wasm/js/lockstep.js) as the app uses it: stepping one actor,
// stepping over an operation, going back and forward, running under a
// policy, replaying schedules, and the messages when something cannot be
// done; each trace and state checked exactly, on basic's scenarios.

const RACING = compileFile(RACY);

/** The state without the field that differs after going back. */
const comparable = (s) => ({ ...s, steps_recorded: undefined });

test('the first state: both actors enabled, about to read the counter', () => {
  const s = open(RACING);
  const st = s.state();
  assert.equal(st.step, 0);
  assert.equal(st.outcome, 'running');
  assert.deepEqual(
    st.actors.map((a) => [a.name, a.status, a.op, a.next.kind, a.next.object, a.next.site, a.next.label]),
    [
      ['A', 'enabled', 1, 'load', 'counter', 'engines/basic/counter.c:16', 'read value'],
      ['B', 'enabled', 0, 'load', 'counter', 'engines/basic/counter.c:16', 'read value'],
    ],
  );
  assert.deepEqual(
    st.objects.map((o) => [o.name, o.type, o.fields]),
    [['counter', 'counter', { value: 0 }]],
  );
  s.free();
});

test('step: one actor performs exactly one action', () => {
  const s = open(RACING);
  s.step(0);
  assert.equal(
    s.traceText(0),
    '{"step":1,"time":0,"kind":"load","actor":"A","op":1,"round":0,"object":"counter","width":4,"old":0,"new":0,"site":"engines/basic/counter.c:16","label":"read value"}\n',
  );
  const a = s.state().actors[0];
  assert.deepEqual([a.next.kind, a.next.arg, a.next.label], ['store', 1, 'write value + 1']);
  s.step(1);
  s.step(0); // A stores 1
  s.step(1); // B stores 1 too: A's update is lost
  assert.equal(s.state().objects[0].fields.value, 1);
  assert.deepEqual(
    s.trace(2).map((e) => `${e.step} ${e.actor} ${e.kind} ${e.old}->${e.new}`),
    ['3 A store 0->1', '4 B store 1->1'],
  );
  s.free();
});

test('stepOver runs an actor to the end of its current operation', () => {
  const s = open(RACING);
  s.stepOver(1); // B's first increment: load and store
  const st = s.state();
  assert.equal(st.step, 2);
  assert.equal(st.actors[1].op, 1);
  assert.equal(st.objects[0].fields.value, 1);
  s.step(1); // B half-way through its second increment
  s.stepOver(1); // finishes it: one more step
  assert.deepEqual([s.state().step, s.state().actors[1].op, s.state().objects[0].fields.value], [4, 2, 2]);
  s.free();
});

// Every round of a repeat is an operation of its own: stepping over one
// `increment counter` inside `repeat 3:` does not run the other two, and
// state() says which round the actor is in.
test('stepOver inside a repeat ends with the current round', () => {
  const s = open(RACING);
  s.step(0); // A half-way through its first increment
  s.stepOver(0);
  assert.deepEqual([s.state().step, s.state().objects[0].fields.value], [2, 1]);
  assert.deepEqual([s.state().actors[0].op, s.state().actors[0].round], [1, 1]);
  s.stepOver(0);
  assert.deepEqual([s.state().step, s.state().objects[0].fields.value, s.state().actors[0].round], [4, 2, 2]);
  s.free();
});

test('goto goes back and forward along the recorded history', () => {
  const s = open(RACING);
  /** @type {object[]} */
  const seen = [comparable(s.state())];
  for (const actor of [0, 1, 1, 0, 0]) {
    s.step(actor);
    seen.push(comparable(s.state()));
  }
  for (const n of [2, 0, 5, 1, 4, 3]) {
    s.goto(n);
    assert.deepEqual(comparable(s.state()), seen[n], `goto ${n}`);
    assert.equal(s.state().steps_recorded, 5);
  }
  // Stepping after going back forks the timeline: the old future is dropped.
  s.goto(1);
  s.step(0);
  assert.deepEqual([s.state().step, s.state().steps_recorded], [2, 2]);
  assert.throws(() => s.goto(3), { name: 'LockstepError', message: 'step 3 is beyond the recorded 2 steps' });
  s.free();
});

test('run: round-robin alternates at every choice and loses half the updates', () => {
  const s = open(RACING);
  const r = s.run();
  assert.equal(r.outcome, 'violation');
  assert.equal(r.end, 'finished');
  assert.equal(r.steps, 12);
  assert.equal(r.schedule, 'v1: A B A B A B A B A B A');
  assert.deepEqual(r.violation, {
    kind: 'assertion',
    message: "assertion 'counter == 6' failed: counter.value is 3",
    step: 12,
  });
  s.free();
});

test('run: the random policy is deterministic for a seed and differs across seeds', () => {
  const s = open(RACING);
  const schedules = new Set();
  for (let seed = 0; seed < 10; seed++) {
    s.reset();
    const first = s.run({ policy: 'random', seed });
    const trace = s.traceText(0);
    s.reset();
    const again = s.run({ policy: 'random', seed });
    assert.equal(again.schedule, first.schedule);
    assert.equal(s.traceText(0), trace);
    schedules.add(first.schedule);
  }
  assert.ok(schedules.size >= 5, `only ${schedules.size} different schedules from 10 seeds`);
  s.free();
});

test('run: manual stops at the first real choice once the schedule is used up', () => {
  const s = open(RACING);
  let r = s.run({ policy: 'manual' });
  assert.deepEqual([r.end, r.steps, r.outcome], ['waiting', 0, 'running']);
  r = s.run({ policy: 'manual', schedule: 'v1: B B' });
  assert.deepEqual([r.end, r.steps, r.schedule], ['waiting', 2, 'v1: B B']);
  s.free();
});

test('run: maxSteps ends a run with "limit"', () => {
  const s = open(RACING);
  const r = s.run({ maxSteps: 5 });
  assert.deepEqual([r.end, r.steps, r.outcome, r.schedule], ['limit', 5, 'running', 'v1: A B A B A']);
  s.free();
});

test('replaying a schedule, readable or compact, gives the same trace', () => {
  const s = open(RACING);
  const first = s.run({ policy: 'random', seed: 7 });
  const trace = s.traceText(0);
  for (const schedule of [first.schedule, first.compact]) {
    s.reset();
    const again = s.run({ schedule });
    assert.equal(again.schedule, first.schedule);
    assert.equal(again.message, '');
    assert.equal(s.traceText(0), trace);
  }
  // A prefix is replayed, then the policy goes on.
  s.reset();
  const prefix = s.run({ schedule: 'v1: B B B B' });
  assert.ok(prefix.schedule.startsWith('v1: B B B B A'), prefix.schedule);
  s.free();
});

test('a schedule whose fingerprint does not match stops with "schedule diverged at step N"', () => {
  const s = open(RACING);
  assert.throws(() => s.run({ schedule: 'v1: A B A@load:counter' }), {
    name: 'LockstepError',
    message: 'schedule diverged at step 3: expected A load on counter, got A store on counter',
  });
  const r = s.summary();
  assert.equal(r.outcome, 'error');
  assert.deepEqual(r.violation, {
    kind: 'error',
    message: 'schedule diverged at step 3: expected A load on counter, got A store on counter',
    step: 2,
  });
  s.free();
});

test('schedules naming missing actors, or unreadable, are clear errors', () => {
  const s = open(RACING);
  // Refused before anything runs: such a schedule could never replay.
  assert.throws(() => s.run({ schedule: 'v1: A Z' }), {
    message: "schedule: entry 2 ('Z'): the scenario has no actor 'Z'; its actors are A, B",
  });
  assert.equal(s.state().step, 0, 'a schedule naming a missing actor runs nothing');
  assert.throws(() => s.run({ schedule: 'v1: A@cas:' }), {
    message: "schedule: entry 1 ('A@cas:'): no object after 'cas:'; write it as A@cas:OBJECT",
  });
  assert.equal(s.state().step, 0);
  assert.throws(() => s.run({ schedule: 'A B' }), {
    message: "schedule: must start with 'v1:', 'v2:' or 'v3:' (readable) or 'v1.', 'v2.' or 'v3.' (compact)",
  });
  assert.equal(s.state().step, 0, 'an unreadable schedule runs nothing');
  assert.throws(() => s.run({ schedule: 'v1.!!' }), LockstepError);
  assert.throws(() => s.run({ schedule: 'v1: A@frob:counter' }), {
    message: "schedule: unknown action at column 5: 'frob'",
  });
  // The session is still usable.
  s.reset();
  assert.equal(s.run().steps, 12);
  s.free();
});

test('what cannot be stepped says why', () => {
  const s = open(RACING);
  assert.throws(() => s.step(5), { name: 'LockstepError', message: 'there is no actor number 6' });
  assert.throws(() => s.step(-1), LockstepError);
  for (let k = 0; k < 6; k++) s.step(0);
  assert.equal(s.state().actors[0].status, 'finished');
  assert.throws(() => s.step(0), { message: 'A cannot move: finished' });
  s.free();

  const sleepers = open(compileFile('tests/scenarios/basic/sleepers.yaml'));
  assert.throws(() => sleepers.step(0), { message: 'A cannot move: sleeps until 30000 us' });
  sleepers.free();
});

test('the op index of each actor names the operation it is in, in every state', () => {
  const s = open(RACING);
  const r = s.run({ policy: 'random', seed: 3 });
  const ops = RACING.scenario.actors.map((a) => a.ops);
  /** @type {string[]} */
  const seen = [];
  for (let n = 0; n <= r.steps; n++) {
    s.goto(n);
    const st = s.state();
    st.actors.forEach((a, i) => {
      if (a.status === 'finished') assert.equal(a.op, ops[i].length);
      else seen.push(`${a.name}:${ops[i][a.op].text}`);
    });
  }
  assert.deepEqual([...new Set(seen)].sort(), ['A:increment counter', 'B:increment counter']);
  s.free();
});

test('virtual time: sleepers wake in deadline order and the clock jumps', () => {
  const s = open(compileFile('tests/scenarios/basic/sleepers.yaml'));
  assert.equal(s.state().time, 10000, 'nobody can move at 0, so the clock jumps to the first deadline');
  const r = s.run();
  assert.equal(r.outcome, 'done');
  assert.equal(r.virtual_time, 1020000);
  assert.deepEqual(r.prints, ['B woke at 10ms', 'C woke at 20ms', 'A woke at 30ms', 'C woke at 1.02s']);
  assert.deepEqual(
    s
      .trace(0)
      .filter((e) => e.kind === 'clock')
      .map((e) => `${e.from}->${e.time}`),
    ['0->10000', '10000->20000', '20000->30000', '30000->1020000'],
  );
  s.free();
});

test('two actors inside the critical section are an overlap violation, named at the step it happens', () => {
  const s = open(compileFile('tests/scenarios/basic/cs-overlap.yaml'));
  s.step(0);
  s.step(1);
  assert.deepEqual(s.summary().violation, {
    kind: 'overlap',
    message: 'entered the critical section while another actor is inside',
    step: 2,
    actor: 'B',
  });
  assert.throws(() => s.step(0), { message: 'the run is over (violation)' });
  s.free();
});

test("an assert inside a program reads the actor's last result, at its own step", () => {
  const s = open(
    compile(
      'title: t\nengine: basic\nobjects: {c: counter}\nactors:\n  A: [increment c, get c, assert result == 1]\n  B: [increment c]\n',
    ),
  );
  assert.equal(s.run().outcome, 'done', 'round-robin: both increments read 0, so A reads back 1');
  s.reset();
  const r = s.run({ schedule: 'v1: B B' });
  assert.equal(r.outcome, 'violation');
  assert.deepEqual(r.violation, {
    kind: 'assertion',
    message: "assertion 'result == 1' failed: the result is 2",
    step: 6,
    actor: 'A',
  });
  s.free();
});

test('an interrupt handler waits dormant until raised, then runs (schedule v2)', () => {
  // Under the threads model an isr actor is dormant until the environment
  // raises it (once): the irq is a choice, written "!H" in a v2 schedule.
  // Arming a handler starts its coroutine: this runs that path in wasm.
  const s = open(
    compile(
      [
        'title: A handler',
        'engine: basic',
        'objects:',
        '  c: atomic_counter',
        'actors:',
        '  A: [increment c]',
        '  H: {kind: isr, priority: 5, program: [increment c]}',
      ].join('\n'),
    ),
  );
  const before = s.state().actors.map((a) => [a.name, a.status]);
  assert.deepEqual(before, [
    ['A', 'enabled'],
    ['H', 'dormant'],
  ]);
  s.run({ schedule: 'v2: !H', policy: 'round-robin' });
  const st = s.state();
  assert.equal(st.outcome, 'done');
  assert.equal(st.objects[0].fields.value, 2);
  assert.deepEqual(
    s.trace(0).map((e) => `${e.step} ${e.actor ?? '-'} ${e.kind}`),
    ['1 H raised', '2 A fetch_add', '2 A finish', '3 H fetch_add', '3 H finish'],
  );
  s.free();
});

// ---- lockstep check on basic's lessons (was in tests/node/lessons.test.js) ----

test('the racy-counter lesson passes lockstep check in 8 learner steps', () => {
  const r = lockstep(['check', 'lessons/basic/01-racy-counter.md']);
  assert.equal(
    r.stdout,
    'ok   lessons/basic/01-racy-counter.md (racy-counter, 8 learner steps)\n1 passed, 0 failed\n',
  );
});

// ---- the complete search split over worker processes and over the app's workers ----

for (const [rel, memory] of /** @type {[string, string?][]} */ ([
  ['tests/scenarios/basic/assert-result.yaml', 'tso'], // store buffers: flushes
  ['tests/scenarios/basic/placed-counters.yaml', 'ra'], // reads-from and places
]))
  test(`${rel}${memory ? ` under ${memory}` : ''}: 2 and 3 workers, and the app's units in wasm, make exactly the executions of one`, () => {
    assertSplitsMatchOne(rel, memory);
  });
