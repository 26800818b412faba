// The wasm Session (wasm/js/lockstep.js) as the app uses it: stepping one
// actor, stepping over an operation, going back and forward, running under a
// policy, replaying schedules, and the messages when something cannot be done.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, compileFile, open } from './helpers.js';
import { LockstepError } from '../../wasm/js/lockstep.js';

const RACY = compileFile('tests/scenarios/basic/racy-counter.yaml');

/** The state without the field that differs after going back. */
const comparable = (s) => ({ ...s, steps_recorded: undefined });

test('the first state: both actors enabled, about to read the counter', () => {
  const s = open(RACY);
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
  const s = open(RACY);
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
  const s = open(RACY);
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
  const s = open(RACY);
  s.step(0); // A half-way through its first increment
  s.stepOver(0);
  assert.deepEqual([s.state().step, s.state().objects[0].fields.value], [2, 1]);
  assert.deepEqual([s.state().actors[0].op, s.state().actors[0].round], [1, 1]);
  s.stepOver(0);
  assert.deepEqual([s.state().step, s.state().objects[0].fields.value, s.state().actors[0].round], [4, 2, 2]);
  s.free();
});

test('goto goes back and forward along the recorded history', () => {
  const s = open(RACY);
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
  const s = open(RACY);
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
  const s = open(RACY);
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
  const s = open(RACY);
  let r = s.run({ policy: 'manual' });
  assert.deepEqual([r.end, r.steps, r.outcome], ['waiting', 0, 'running']);
  r = s.run({ policy: 'manual', schedule: 'v1: B B' });
  assert.deepEqual([r.end, r.steps, r.schedule], ['waiting', 2, 'v1: B B']);
  s.free();
});

test('run: maxSteps ends a run with "limit"', () => {
  const s = open(RACY);
  const r = s.run({ maxSteps: 5 });
  assert.deepEqual([r.end, r.steps, r.outcome, r.schedule], ['limit', 5, 'running', 'v1: A B A B A']);
  s.free();
});

test('replaying a schedule, readable or compact, gives the same trace', () => {
  const s = open(RACY);
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
  const s = open(RACY);
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
  const s = open(RACY);
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
  const s = open(RACY);
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
  const s = open(RACY);
  const r = s.run({ policy: 'random', seed: 3 });
  const ops = RACY.scenario.actors.map((a) => a.ops);
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
