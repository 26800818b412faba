// The aqs engine (a Java-style semaphore on a small AbstractQueuedSynchronizer)
// as a learner sees it: the scenarios in tests/scenarios/aqs/, run on the wasm
// module, with the trace events, state snapshots and stuck reports checked
// exactly; and the explorer (the native runner) on every variant.
//
// Needs `make wasm native`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CATALOG,
  compile,
  compileFile,
  lockstep,
  native,
  open,
  tempDir,
  assertSplitsMatchOne,
  scenarioOf,
  inOrder,
  where,
  nativeExplore,
} from './helpers.js';

const dir = tempDir();
const file = scenarioOf('aqs');

/**
 * Runs a scenario its default way (its schedule, then round-robin), or as
 * `options` say.  Returns {summary, trace, state, session}; free the session.
 */
function run(name, { variant, schedule, policy, seed } = {}) {
  const compiled = compileFile(file(name));
  const session = open(compiled, { variant: variant ?? compiled.scenario.variant, seed });
  const summary = session.run({
    schedule: schedule ?? compiled.scenario.schedule ?? undefined,
    policy,
    seed,
  });
  return { summary, trace: session.trace(0), state: session.state(), session };
}

/** The explorer on the native runner: the parsed --json result. */
function explore(name, variant, bound = 2) {
  const bc = join(dir, `${name}.bc`);
  writeFileSync(bc, compileFile(file(name)).bytecode);
  const r = native(['explore', bc, '--variant', variant, '--bound', String(bound), '--json']);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

const unparks = (trace) => where(trace, { kind: 'unpark' }).map((e) => `${e.actor}->${e.target}`);
/** Who took permits, in order: the successful "CAS permits: take" steps. */
const takers = (trace) =>
  where(trace, { kind: 'cas', label: 'CAS permits: take', ok: true }).map((e) => e.actor);
const semaphore = (state) => state.objects[0];

test('catalog: engine aqs, its variants, and the semaphore type', () => {
  assert.deepEqual(CATALOG.engines.aqs.variants, [
    'correct',
    'acquire_in_try',
    'compensating_release',
    'no_propagation',
  ]);
  const t = CATALOG.types.semaphore;
  assert.equal(t.engine, 'aqs');
  assert.deepEqual(t.params, [
    { name: 'permits', default: 1 },
    { name: 'fair', default: 0, flag: true },
    { name: 'capacity', default: -1 },
  ]);
  assert.deepEqual(
    Object.entries(t.ops).map(([k, v]) => `${k}(${v.args.join(', ')})`),
    [
      'acquire(permits)',
      'acquire_uninterruptibly(permits)',
      'try_acquire(permits)',
      'try_acquire_for(permits, timeout)',
      'release(permits)',
      'available()',
      'drain()',
      'reduce(reductions)',
      'guarded(permits, hold)',
      'try_guarded(permits, hold)',
      'interrupt(actor)',
      'interrupted()',
    ],
  );
  assert.deepEqual(t.fields, ['permits', 'queued', 'fair', 'held', 'peak_held', 'drift', 'first']);
  for (const f of ['semaphore.c', 'aqs.c', 'aqs_cancel.c', 'aqs_thread.c', 'caller.c'])
    assert.ok(CATALOG.engines.aqs.sources.includes(`engines/aqs/${f}`), f);
});

test('reducePermits and drainPermits: the reference transcript, line for line', () => {
  const { summary, trace, state, session } = run('reduce-drain');
  assert.equal(summary.outcome, 'done');
  assert.deepEqual(summary.prints, [
    'initial permits=3',
    'drainPermits=3, then permits=0',
    'drainPermits again=0',
    'after release(1) + reducePermits(2): permits=-1',
    'tryAcquire when permits<0: false',
    'after release(1): permits=0, tryAcquire=false',
    'after tryAcquire: permits=0',
  ]);
  // drain is one CAS 3 -> 0, then (at 0) no CAS at all; reduce takes 1 to -1.
  assert.deepEqual(
    where(trace, { kind: 'cas' }).map((e) => `${e.label} ${e.old}->${e.new}`),
    [
      'CAS permits: drain to 0 3->0',
      'CAS permits: give back 0->1',
      'CAS permits: reduce 1->-1',
      'CAS permits: give back -1->0',
    ],
  );
  // Every assertion of the transcript was checked and held (a failed one ends the run).
  assert.equal(where(trace, { kind: 'assert' }).length, 9);
  // drainPermits acquires what it takes: A held 3, and gave 2 of them back.
  assert.deepEqual(semaphore(state).fields, {
    permits: 0,
    queued: 0,
    fair: 0,
    held: 1,
    peak_held: 3,
    drift: 0,
    first: -1,
  });
  assert.deepEqual(semaphore(state).holders, [{ actor: 'A', permits: 1 }]);
  session.free();
});

test('nonfair: a newcomer takes the permit released for the queued thread, which parks again', () => {
  const { summary, trace, session } = run('nonfair-barging');
  assert.equal(summary.outcome, 'done');
  assert.deepEqual(summary.prints, ['N barged in ahead of A', 'A got the permit']);
  const [unpark, steal, woke, again, secondWake, got] = inOrder(trace, [
    { actor: 'R', kind: 'unpark', target: 'A' },
    { actor: 'N', kind: 'cas', label: 'CAS permits: take', ok: true, old: 1, new: 0 },
    { actor: 'A', kind: 'park', woken: true, by: 'R' },
    { actor: 'A', kind: 'load', label: 'read permits', old: 0 },
    { actor: 'A', kind: 'park', woken: true, by: 'N' },
    { actor: 'A', kind: 'cas', label: 'CAS permits: take', ok: true },
  ]);
  assert.ok(unpark < steal && steal < woke && woke < again && again < secondWake && secondWake < got);
  // Between its two sleeps A spins once (the first re-wait) and announces WAITING again.
  const between = trace
    .slice(woke + 1, secondWake)
    .filter((e) => e.actor === 'A')
    .map((e) => e.label);
  assert.deepEqual(between, [
    'consume the permit',
    'clear my status',
    'interrupted?',
    'read permits',
    'spin, then try again',
    'read permits',
    'read my status',
    'status = WAITING, then look again',
    'read permits',
    'read my status',
  ]);
  assert.deepEqual(takers(trace), ['N', 'A']);
  session.free();
});

test('fair: acquire queues behind the waiter, even with the permit free', () => {
  const s = open(compileFile(file('fair-queues')));
  // As a learner would: A until it parks; R through its sleep and its release
  // (which signals A); then N through its sleep and its acquire, which ends
  // with N parked behind A.
  for (const actor of [0, 1, 1, 2, 2]) s.stepOver(actor);
  const st = s.state();
  assert.equal(st.actors[2].status, 'blocked');
  assert.equal(
    st.actors[2].reason,
    'parked in the queue of s (2nd in line, wants 1, status WAITING) while s has 1 permit free',
  );
  const sem = semaphore(st);
  assert.equal(sem.fields.permits, 1);
  assert.equal(sem.fair, true);
  assert.equal(sem.first, 'A');
  // A's WAITING was cleared by R's signal; N asked for a signal before parking.
  assert.deepEqual(sem.queue, [
    { actor: 'A', status: '0', wants: 1 },
    { actor: 'N', status: 'WAITING', wants: 1 },
  ]);
  const trace = s.trace(0);
  inOrder(trace, [
    { actor: 'N', kind: 'load', label: 'anybody queued before me?', old: 1 },
    { actor: 'N', kind: 'lock', label: 'lock the queue' },
  ]);
  assert.deepEqual(takers(trace), []);
  const r = s.run({});
  assert.equal(r.outcome, 'done');
  assert.deepEqual(r.prints, ['A got the permit', 'N got in after A']);
  assert.deepEqual(takers(s.trace(0)), ['A', 'N']);
  s.free();
});

test('fair: in every one of 100 random schedules A, queued first, gets the permit first', () => {
  for (const name of ['fair-queues', 'fair-timed-queues']) {
    const s = open(compileFile(file(name)));
    for (let seed = 1; seed <= 100; seed++) {
      s.reset();
      const r = s.run({ policy: 'random', seed });
      assert.equal(r.outcome, 'done', `${name} seed ${seed}`);
      assert.deepEqual(takers(s.trace(0)), ['A', 'N'], `${name} seed ${seed}`);
    }
    s.free();
  }
});

test('fair: the untimed tryAcquire still barges', () => {
  const { summary, trace, state, session } = run('fair-try-barges');
  assert.equal(summary.outcome, 'done');
  assert.deepEqual(summary.prints, ['N barged in ahead of A', 'A got the permit']);
  // N never asks whether anybody is queued: it reads and CASes, with A queued.
  assert.deepEqual(
    where(trace, { actor: 'N' })
      .slice(0, 3)
      .map((e) => `${e.kind} ${e.label ?? ''}`.trim()),
    ['sleep', 'load read permits', 'cas CAS permits: take'],
  );
  assert.equal(where(trace, { actor: 'N', label: 'anybody queued before me?' }).length, 0);
  assert.deepEqual(takers(trace), ['N', 'A']);
  assert.equal(where(trace, { actor: 'A', kind: 'park' }).length, 2);
  assert.equal(semaphore(state).fair, true);
  session.free();
});

test('fair: the timed tryAcquire queues behind the waiter and gets the permit after it', () => {
  const { summary, trace, session } = run('fair-timed-queues');
  assert.equal(summary.outcome, 'done');
  assert.deepEqual(summary.prints, ['A got the permit', 'N got in after A']);
  inOrder(trace, [
    { actor: 'N', kind: 'load', label: 'anybody queued before me?', old: 1 },
    { actor: 'N', kind: 'note', label: 'enqueued at the tail', value: 1 },
    { actor: 'A', kind: 'cas', label: 'CAS permits: take', ok: true },
    { actor: 'N', kind: 'cas', label: 'CAS permits: take', ok: true },
  ]);
  assert.equal(summary.virtual_time, 1000); // well within N's 10 ms
  session.free();
});

test('the bounded notifier: 9 calls, 2 at a time, 250 ms of virtual time', () => {
  const { summary, state, trace, session } = run('bounded-notifier');
  assert.equal(summary.outcome, 'done');
  assert.equal(summary.virtual_time, 250000);
  assert.equal(summary.prints.length, 9);
  const jobs = ['9787111213826', '9787111544937', '9787111641247'].flatMap((i) =>
    ['mail', 'sms', 'push'].map((d) => `acquire ${d.padEnd(4)} ${i}`),
  );
  assert.deepEqual([...summary.prints].sort(), [...jobs].sort());
  // Two calls start at each of 0, 50, 100, 150 ms and the last one at 200 ms.
  assert.deepEqual(
    where(trace, { kind: 'print' }).map((e) => e.time / 1000),
    [0, 0, 50, 50, 100, 100, 150, 150, 200],
  );
  assert.equal(semaphore(state).fields.peak_held, 2);
  assert.equal(semaphore(state).fields.permits, 2);
  assert.equal(semaphore(state).capacity, 2);
  session.free();
});

test('the bounded notifier: peak concurrency is exactly 2 under every schedule (explorer, bound 2)', () => {
  const r = explore('bounded-notifier', 'correct', 2);
  // No schedule breaks the capacity (a drift violation) or `peak_held == 2`.
  assert.equal(r.found, false, r.message);
  assert.equal(r.complete, true);
  assert.equal(r.bound, 2);
  assert.ok(r.executions > 100, `${r.executions} executions`);
});

test('the bounded notifier: the CLI prints the virtual elapsed time', () => {
  const r = lockstep(['run', file('bounded-notifier')]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^outcome: done after \d+ steps \(virtual time 250000 us\)$/m);
  assert.equal(r.stdout.split('\n').filter((l) => l.startsWith('print: acquire ')).length, 9);
});

test('head-of-line: release(2) wakes only A (wants 3), which parks again; B waits with 2 free', () => {
  const { summary, trace, state, session } = run('head-of-line');
  assert.equal(summary.outcome, 'done');
  assert.deepEqual(summary.prints, ['2 permits free, and A and B still wait', 'A got 3', 'B got 1']);
  const at2 = trace.findIndex((e) => e.kind === 'clock' && e.time === 2000);
  const at3 = trace.findIndex((e) => e.kind === 'clock' && e.time === 3000);
  assert.ok(at2 > 0 && at3 > at2);
  const first = trace.slice(at2, at3);
  // The release of 2 signals A and nobody else; A tries, fails and parks again.
  assert.deepEqual(unparks(first), ['C->A']);
  inOrder(first, [
    { actor: 'C', kind: 'cas', label: 'CAS permits: give back', old: 0, new: 2 },
    { actor: 'A', kind: 'park', woken: true, by: 'C' },
    { actor: 'A', kind: 'load', label: 'read permits', old: 2 },
    { actor: 'A', kind: 'spin' },
    { actor: 'A', kind: 'store', label: 'status = WAITING, then look again' },
  ]);
  assert.equal(where(first, { actor: 'A', kind: 'cas' }).length, 0);
  assert.equal(where(first, { actor: 'B' }).length, 0); // B does not move at all
  // At 3 ms C's assertions (2 free, 2 queued) hold; its second release wakes A,
  // whose propagation wakes B.
  const second = trace.slice(at3);
  assert.deepEqual(unparks(second), ['C->A', 'A->B']);
  assert.deepEqual(takers(trace), ['A', 'B']);
  assert.deepEqual(semaphore(state).fields.permits, 0);
  session.free();
});

test('head-of-line: the view once A has parked again and C sleeps', () => {
  const s = open(compileFile(file('head-of-line')));
  // Run until A is parked again after C's first release and C has started its
  // sleep (whereupon the clock jumps to 3 ms: nobody else can move).
  for (let guard = 0; guard < 200; guard++) {
    const st = s.state();
    if (st.actors[0].status === 'blocked' && st.actors[2].op === 2) break;
    s.step(st.actors.findIndex((a) => a.status === 'enabled'));
  }
  const st = s.state();
  assert.equal(st.time, 3000);
  assert.equal(
    st.actors[0].reason,
    'parked in the queue of s (1st in line, wants 3, status WAITING) while s has 2 permits free',
  );
  const sem = semaphore(st);
  assert.deepEqual(sem.queue, [
    { actor: 'A', status: 'WAITING', wants: 3 },
    { actor: 'B', status: 'WAITING', wants: 1 },
  ]);
  assert.equal(sem.fields.permits, 2);
  assert.equal(sem.fields.queued, 2);
  assert.equal(
    st.actors[1].reason,
    'parked in the queue of s (2nd in line, wants 1, status WAITING) while s has 2 permits free',
  );
  s.free();
});

test('shared cascade: release(3) wakes the first; each waiter that gets in wakes the next', () => {
  const s = open(compileFile(file('shared-cascade')));
  for (let seed = 0; seed <= 30; seed++) {
    s.reset();
    const r = s.run(seed ? { policy: 'random', seed } : {});
    assert.equal(r.outcome, 'done', `seed ${seed}`);
    const trace = s.trace(0);
    // The queue order: who enqueued first, second, third.
    const queue = where(trace, { kind: 'note', label: 'enqueued at the tail' }).map((e) => e.actor);
    assert.equal(queue.length, 3);
    assert.deepEqual(
      unparks(trace),
      [`R->${queue[0]}`, `${queue[0]}->${queue[1]}`, `${queue[1]}->${queue[2]}`],
      `seed ${seed}`,
    );
    assert.deepEqual(takers(trace), queue);
    assert.deepEqual(r.prints.length, 3);
    const f = semaphore(s.state()).fields;
    assert.equal(f.permits, 0);
    assert.equal(f.held, 3);
    // One release of 3 and nothing else.
    assert.deepEqual(
      where(trace, { kind: 'cas', label: 'CAS permits: give back' }).map((e) => `${e.old}->${e.new}`),
      ['0->3'],
    );
  }
  s.free();
});

test('interrupt: A (wants 2, first) leaves with nothing and signals B, who takes the free permit', () => {
  const { summary, trace, state, session } = run('interrupt-head');
  assert.equal(summary.outcome, 'done');
  assert.deepEqual(summary.prints, [
    'A was interrupted and holds nothing',
    'B got the permit A could not use',
  ]);
  const at3 = trace.findIndex((e) => e.kind === 'clock' && e.time === 3000);
  inOrder(trace.slice(at3), [
    { actor: 'C', kind: 'store', object: 'thread[0]', label: 'interrupt: set the flag', new: 1 },
    { actor: 'C', kind: 'unpark', target: 'A', label: 'interrupt: unpark' },
    { actor: 'A', kind: 'park', woken: true, by: 'C' },
    { actor: 'A', kind: 'load', label: 'interrupted?', old: 1 },
    { actor: 'A', kind: 'store', label: 'status = CANCELLED', new: 0x80000000 },
    { actor: 'A', kind: 'note', label: 'cancelled node unspliced', value: 1 },
    { actor: 'A', kind: 'store', label: 'cancel: the next is first', new: 2 },
    { actor: 'A', kind: 'unpark', target: 'B' },
    { actor: 'B', kind: 'park', woken: true, by: 'A' },
    { actor: 'B', kind: 'cas', label: 'CAS permits: take', ok: true, old: 1, new: 0 },
  ]);
  // A never took a permit and never gave one back.
  assert.equal(where(trace, { actor: 'A', kind: 'cas' }).length, 0);
  assert.deepEqual(takers(trace), ['B']);
  const sem = semaphore(state);
  assert.deepEqual([sem.fields.permits, sem.fields.queued, sem.fields.held], [0, 0, 1]);
  assert.deepEqual(sem.holders, [{ actor: 'B', permits: 1 }]);
  // The flag was consumed by A's acquire.
  assert.deepEqual(
    state.engines.aqs.threads.map((t) => t.interrupted),
    [false, false, false],
  );
  session.free();
  assert.equal(explore('interrupt-head', 'correct').found, false);
});

test('timeout: tryAcquire(1, 10 ms) returns false at virtual 10 ms and leaves the queue clean', () => {
  const { summary, trace, state, session } = run('timeout');
  assert.equal(summary.outcome, 'done');
  assert.equal(summary.virtual_time, 10000);
  assert.deepEqual(summary.prints, ['tryAcquire(1, 10 ms) returned false']);
  const [parked, cancelled, printed] = inOrder(trace, [
    { actor: 'A', kind: 'park', woken: false, label: 'park until the deadline' },
    { actor: 'A', kind: 'store', label: 'status = CANCELLED' },
    { actor: 'A', kind: 'print' },
  ]);
  assert.equal(trace[parked].time, 10000);
  assert.equal(trace[cancelled].time, 10000);
  assert.equal(trace[printed].time, 10000);
  assert.equal(
    where(trace, { kind: 'clock' })
      .map((e) => e.time)
      .join(),
    '10000',
  );
  inOrder(trace, [
    { actor: 'A', kind: 'note', label: 'cancelled node unspliced', value: 0 },
    { actor: 'A', kind: 'store', label: 'cancel: queue empty', new: 0 },
  ]);
  const sem = semaphore(state);
  assert.deepEqual(sem.queue, []);
  assert.equal(sem.first, null);
  assert.deepEqual([sem.fields.queued, sem.fields.first, sem.fields.permits], [0, -1, 0]);
  session.free();
});

test('uninterruptible: an interrupt wakes A, which waits on, gets the permit and keeps the flag', () => {
  const { summary, trace, session } = run('uninterruptible');
  assert.equal(summary.outcome, 'done');
  inOrder(trace, [
    { actor: 'C', kind: 'store', label: 'interrupt: set the flag', object: 'thread[0]' },
    { actor: 'A', kind: 'park', woken: true, by: 'C' },
    { actor: 'A', kind: 'load', label: 'interrupted?', old: 1 },
    { actor: 'A', kind: 'store', label: 'clear the interrupt' },
    { actor: 'A', kind: 'park', woken: true, by: 'C' }, // parked again, woken by the release
    { actor: 'A', kind: 'cas', label: 'CAS permits: take', ok: true },
    { actor: 'A', kind: 'store', label: 're-assert the interrupt', new: 1 },
  ]);
  assert.equal(where(trace, { actor: 'A', label: 'status = CANCELLED' }).length, 0);
  session.free();
});

// Each buggy variant against the scenario that exposes it, and the correct
// code (and the other variants) against the same scenario.
const BUGS = [
  {
    scenario: 'racing-releases',
    variant: 'no_propagation',
    kind: 'stuck',
    message:
      /^B[12] parked in the queue of s \(1st in line, wants 1, status WAITING\) while s has 1 permit free; nobody will unpark it$/,
  },
  {
    scenario: 'acquire-in-try',
    variant: 'acquire_in_try',
    kind: 'drift',
    message: /^permit drift: pool has 2 permits free and 0 held, 1 more than its capacity of 1$/,
  },
  {
    scenario: 'compensating-release',
    variant: 'compensating_release',
    kind: 'drift',
    message: /^permit drift: pool has 1 permit free and 1 held, 1 more than its capacity of 1$/,
  },
];

for (const bug of BUGS) {
  test(`explorer: ${bug.variant} on ${bug.scenario} ends ${bug.kind}; the schedule replays it`, () => {
    const r = explore(bug.scenario, bug.variant);
    assert.equal(r.found, true);
    assert.equal(r.kind, bug.kind);
    assert.ok(r.preemptions <= 1, `${r.preemptions} preemptions`);
    // The counterexample replays on the wasm module to the same end, and says why.
    const { summary, session } = run(bug.scenario, { variant: bug.variant, schedule: r.schedule });
    assert.equal(summary.outcome, bug.kind === 'stuck' ? 'stuck' : 'violation');
    assert.equal(summary.steps, r.steps);
    if (bug.kind === 'stuck') {
      assert.equal(summary.stuck.length, 1);
      assert.match(`${summary.stuck[0].actor} ${summary.stuck[0].reason}`, bug.message);
    } else {
      assert.equal(summary.violation.kind, bug.kind);
      assert.match(summary.violation.message, bug.message);
    }
    session.free();
  });

  test(`explorer: the correct code on ${bug.scenario} shows nothing within bound 2`, () => {
    for (const variant of CATALOG.engines.aqs.variants.filter((v) => v !== bug.variant)) {
      const r = explore(bug.scenario, variant);
      assert.equal(r.found, false, `${variant}: ${r.message}`);
      assert.equal(r.complete, true, variant);
    }
  });
}

test('no_propagation also strands the cascade: the second and third waiters stay parked with 2 free', () => {
  const r = explore('shared-cascade', 'no_propagation', 0);
  assert.equal(r.found, true);
  assert.equal(r.kind, 'stuck');
  const { summary, session } = run('shared-cascade', { variant: 'no_propagation', schedule: r.schedule });
  assert.deepEqual(
    summary.stuck.map((x) => x.reason),
    [1, 2].map(
      (n) =>
        `parked in the queue of s (${n === 1 ? '1st' : '2nd'} in line, wants 1, status WAITING) while s has 2 permits free; nobody will unpark it`,
    ),
  );
  session.free();
});

// What OpenJDK's Semaphore throws, as Throwable.toString() prints it: the
// argument check throws IllegalArgumentException with no message;
// Sync.tryReleaseShared and Sync.reducePermits throw java.lang.Error.
const JAVA_NEGATIVE = 'java.lang.IllegalArgumentException';
const JAVA_OVERFLOW = 'java.lang.Error: Maximum permit count exceeded';
const JAVA_UNDERFLOW = 'java.lang.Error: Permit count underflow';

test("errors: overflow, underflow and a negative count end the run with an explanation, and Java's exact line apart", () => {
  for (const [name, message, java] of [
    ['permit-overflow', 'the release would take the count past the largest int, 2147483647', JAVA_OVERFLOW],
    [
      'permit-underflow',
      'the reduction would take the count below the smallest int, -2147483648',
      JAVA_UNDERFLOW,
    ],
    ['negative-argument', 'the number of permits is negative', JAVA_NEGATIVE],
  ]) {
    const { summary, trace, state, session } = run(name);
    assert.equal(summary.outcome, 'violation', name);
    const { step, actor, location } = summary.violation;
    assert.deepEqual(summary.violation, { kind: 'misuse', message, java, step, actor, location }, name);
    assert.deepEqual(Object.keys(summary.violation), [
      'kind',
      'message',
      'java',
      'step',
      'actor',
      'location',
    ]);
    assert.match(location, /^engines\/aqs\/semaphore\.c:\d+$/);
    // The trace's violation event carries both, the same way.
    const v = trace.filter((e) => e.kind === 'violation');
    assert.equal(v.length, 1, name);
    assert.equal(v[0].message, message, name);
    assert.equal(v[0].java, java, name);
    assert.ok(Object.keys(v[0]).indexOf('java') === Object.keys(v[0]).indexOf('message') + 1, name);
    // The refused call wrote nothing.
    assert.equal(
      semaphore(state).fields.permits,
      { 'permit-overflow': 2147483647, 'permit-underflow': -2147483648, 'negative-argument': 1 }[name],
    );
    session.free();
  }
});

test('every call with a negative count throws what Java throws: IllegalArgumentException, no message', () => {
  for (const op of [
    'acquire s -1',
    'acquire_uninterruptibly s -1',
    'try_acquire s -1',
    'try_acquire_for s -1 10ms',
    'release s -1',
    'reduce s -1',
    'guarded s -1 10ms',
    'try_guarded s -1 10ms',
  ]) {
    const compiled = compile(
      `title: t\nengine: aqs\nobjects:\n  s: {type: semaphore, permits: 1}\nactors:\n  A: [${op}]\n`,
    );
    const session = open(compiled);
    const summary = session.run();
    assert.equal(summary.violation?.message, 'the number of permits is negative', op);
    assert.equal(summary.violation?.java, JAVA_NEGATIVE, op);
    // Checked before anything else, as in Java: no step touched the permits.
    assert.deepEqual(
      session
        .trace(0)
        .filter((e) => e.object === 's')
        .map((e) => e.label),
      [],
      op,
    );
    session.free();
  }
});

test('a violation that is not the engine\'s own has no "java" field', () => {
  const compiled = compile(
    'title: t\nengine: aqs\nobjects:\n  s: {type: semaphore, permits: 1}\nactors:\n  A: [acquire s 4294967296]\n',
  );
  const session = open(compiled);
  const summary = session.run();
  assert.equal(summary.violation?.kind, 'misuse');
  assert.equal('java' in (summary.violation ?? {}), false);
  session.free();
});

test("lockstep run shows Java's line apart from the explanation, in --json and in text", () => {
  const json = JSON.parse(lockstep(['run', file('permit-overflow'), '--json']).stdout);
  assert.equal(json.violation.message, 'the release would take the count past the largest int, 2147483647');
  assert.equal(json.violation.java, JAVA_OVERFLOW);
  const text = lockstep(['run', file('permit-underflow')]).stdout;
  assert.match(
    text,
    /\nviolation \(misuse\): the reduction would take the count below the smallest int, -2147483648 \(step \d+, A at engines\/aqs\/semaphore\.c:\d+\)\njava: java\.lang\.Error: Permit count underflow\n/,
  );
});

test("the semaphore's fair: is a flag: false and true compile to 0 and 1, as 0 and 1 do", () => {
  assert.deepEqual(
    CATALOG.types.semaphore.params.filter((p) => p.flag).map((p) => p.name),
    ['fair'],
  );
  const fairness = (value) =>
    compile(
      `title: t\nengine: aqs\nobjects:\n  s: {type: semaphore, permits: 1, fair: ${value}}\nactors:\n  A: [acquire s 1]\n`,
    ).scenario.objects[0].params.fair;
  assert.deepEqual(['false', 'true', '0', '1'].map(fairness), [0, 1, 0, 1]);
});

// ---- the complete search split over worker processes and over the app's workers ----

for (const [rel, memory] of /** @type {[string, string?][]} */ ([
  ['tests/scenarios/aqs/fair-queues.yaml'], // parks and hand-offs
  ['tests/scenarios/aqs/interrupt-head.yaml', 'tso'],
]))
  test(`${rel}${memory ? ` under ${memory}` : ''}: 2 and 3 workers, and the app's units in wasm, make exactly the executions of one`, () => {
    assertSplitsMatchOne(rel, memory);
  });

// Which complete search `--bound none` runs here, and that its report says so
// (core/sim/explore.c, stateful_gives_way; measured by bench/explore/compare-none.mjs):
// both command lines' --json name the search that made the verdict (`search`) and whether
// the stateful one gave way to DPOR (`fell_back`).

test('three-semaphores: --bound none does not give way where half the states have no key, and proves what DPOR cannot', () => {
  // Within 3,000,000 steps.  A state where an actor holds the engine's plat
  // lock has no key (core/sim/visited.c), about half of them here, yet the
  // states that have one cut enough (explore.c, stateful_gives_way).
  const budget = ['--max-total-steps', '3000000'];
  const rel = 'tests/scenarios/aqs/three-semaphores.yaml';
  const dpor = nativeExplore(rel, ['--bound', 'none', '--dpor', ...budget]);
  assert.equal(dpor.complete, false);
  assert.equal(dpor.reason, 'stopped at the limit of 3,000,000 steps in all');
  const none = nativeExplore(rel, ['--bound', 'none', ...budget]);
  assert.equal(none.complete, true, none.reason);
  assert.equal(none.search, 'stateful');
  assert.equal(none.fell_back, false);
  assert.equal(none.executions, 8492);
  assert.equal(none.states, 389706);
});
