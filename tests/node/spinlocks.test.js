// The spinlocks engine (test-and-set, test-and-test-and-set, ticket and MCS
// locks) as a learner sees it: the scenarios in tests/scenarios/spinlocks/ run
// on the wasm module with their acquisition orders, tickets and MCS nodes
// checked exactly, and the explorer (the native runner) on each mistake and on
// correct.
//
// Spinning threads never block, so a search under correct can never be
// complete: its runs that spin past --max-steps are cut (and counted).  The
// searches here use 40 steps per run, as the lessons do.
//
// Needs `make wasm native`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CATALOG,
  compile,
  compileFile,
  native,
  open,
  tempDir,
  assertSplitsMatchOne,
  scenarioOf,
  where,
  lockstep,
  nativeExplore,
} from './helpers.js';

const dir = tempDir();
const file = scenarioOf('spinlocks');

/** Runs a scenario its default way; returns {summary, trace, state}. */
function run(name, { variant } = {}) {
  const compiled = compileFile(file(name));
  const session = open(compiled, {
    variant: variant ?? compiled.scenario.variant,
  });
  try {
    const summary = session.run({
      schedule: compiled.scenario.schedule ?? undefined,
    });
    return { summary, trace: session.trace(0), state: session.state() };
  } finally {
    session.free();
  }
}

/** The explorer on the native runner, 40 steps per run: the parsed --json result. */
function explore(name, variant, bound = 2) {
  const bc = join(dir, `${name}.bc`);
  writeFileSync(bc, compileFile(file(name)).bytecode);
  const r = native([
    'explore',
    bc,
    '--variant',
    variant,
    '--bound',
    String(bound),
    '--max-steps',
    '40',
    '--json',
  ]);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

const object = (state, name) => state.objects.find((o) => o.name === name);

test('catalog: engine spinlocks, its variants, its five lock types and the counter they guard', () => {
  const e = CATALOG.engines.spinlocks;
  assert.ok(e, 'spinlocks is in the catalog');
  assert.deepEqual(e.variants, [
    'correct',
    'check_then_set',
    'racy_ticket',
    'mcs_no_link_wait',
    'peterson_no_fence',
    'relaxed_unlock',
    'relaxed_lock',
  ]);
  const types = Object.entries(CATALOG.types).filter(([, t]) => t.engine === 'spinlocks');
  assert.deepEqual(
    types.map(([name]) => name),
    ['tas_lock', 'ttas_lock', 'ticket_lock', 'mcs_lock', 'peterson_lock', 'guarded_counter'],
  );
  for (const [name, t] of types)
    if (name !== 'guarded_counter') assert.deepEqual(Object.keys(t.ops), ['lock', 'unlock']);
  assert.deepEqual(Object.keys(CATALOG.types.guarded_counter.ops), ['increment']);
  assert.deepEqual(CATALOG.types.guarded_counter.fields, ['value']);
  assert.deepEqual(CATALOG.types.ticket_lock.fields, ['now_serving', 'next_ticket']);
  assert.deepEqual(CATALOG.types.mcs_lock.fields, ['tail', 'tail_locked']);
  assert.deepEqual(CATALOG.types.peterson_lock.fields, ['flag0', 'flag1', 'turn']);
});

test('check-then-set: A and B both read 0, both store 1, and B enters while A is inside', () => {
  const { summary, trace } = run('check-then-set');
  assert.equal(summary.outcome, 'violation');
  assert.deepEqual(
    where(trace, { label: 'check: is held 0?' }).map((e) => [e.actor, e.new]),
    [
      ['A', 0],
      ['B', 0],
    ],
  );
  assert.deepEqual(
    where(trace, { label: 'set: held = 1' }).map((e) => [e.actor, e.old]),
    [
      ['A', 0],
      ['B', 1],
    ],
  );
});

test('the explorer finds each mistake with 2 preemptions, and nothing under correct', () => {
  for (const [name, variant, kind] of [
    ['check-then-set', 'check_then_set', 'overlap'],
    ['racy-ticket', 'racy_ticket', 'overlap'],
  ]) {
    const bad = explore(name, variant);
    assert.equal(bad.found, true, `${name} under ${variant}`);
    assert.equal(bad.kind, kind);
    assert.equal(bad.preemptions, 2);
    const good = explore(name, 'correct');
    assert.equal(good.found, false, `${name} under correct`);
    assert.equal(good.complete, false, 'spinning runs are cut, so the search cannot be complete');
  }
});

test('ttas: check_then_set breaks the test-and-test-and-set lock the same way', () => {
  const r = explore('ttas-lost-race', 'check_then_set');
  assert.equal(r.found, true);
  assert.equal(r.kind, 'overlap');
  const ok = run('ttas-lost-race');
  // all three read 0, only A's swap wins; after A's unlock B's wins and C's fails again
  assert.deepEqual(
    where(ok.trace, { label: 'test: is held 0?', new: 0 }).map((e) => e.actor),
    ['A', 'B', 'C', 'B', 'C', 'C'],
  );
  assert.deepEqual(
    where(ok.trace, { label: 'test-and-set: swap held <- 1' }).map((e) => [e.actor, e.old]),
    [
      ['A', 0],
      ['B', 1],
      ['C', 1],
      ['B', 0],
      ['C', 1],
      ['C', 0],
    ],
  );
});

test('test-and-set lets A win three times in a row; the ticket lock makes A and B take turns', () => {
  const tas = run('tas-unfair');
  assert.deepEqual(
    where(tas.trace, { label: 'test-and-set: swap held <- 1', old: 0 }).map((e) => e.actor),
    ['A', 'A', 'A', 'B', 'B', 'B'],
  );
  assert.ok(
    where(tas.trace, {
      actor: 'B',
      label: 'test-and-set: swap held <- 1',
      old: 1,
    }).length >= 2,
  );
  const ticket = run('ticket-takes-turns');
  assert.deepEqual(
    where(ticket.trace, { kind: 'print' }).map((e) => e.text[0]),
    ['A', 'B', 'A', 'B', 'A', 'B'],
  );
});

test('ticket lock: tickets are handed out 0, 1, 2 in arrival order and served in that order', () => {
  const { trace, state } = run('ticket-fifo');
  assert.deepEqual(
    where(trace, { label: 'take a ticket: fetch_add next_ticket' }).map((e) => [e.actor, e.old]),
    [
      ['A', 0],
      ['C', 1],
      ['B', 2],
    ],
  );
  assert.deepEqual(
    where(trace, { label: 'call the next ticket' }).map((e) => [e.actor, e.new]),
    [
      ['A', 1],
      ['C', 2],
      ['B', 3],
    ],
  );
  assert.equal(object(state, 't').fields.now_serving, 3);
});

test('racy ticket: A and B both hold ticket 0 and both are served by one call', () => {
  const { summary, trace } = run('racy-ticket');
  assert.equal(summary.violation?.kind, 'overlap');
  assert.deepEqual(
    where(trace, { label: 'read next_ticket' }).map((e) => [e.actor, e.new]),
    [
      ['A', 0],
      ['B', 0],
    ],
  );
  assert.deepEqual(
    where(trace, { label: 'is now_serving my ticket?' }).map((e) => [e.actor, e.new]),
    [
      ['A', 0],
      ['B', 0],
    ],
  );
});

test('MCS: each waiter spins only on its own node, and unlock hands over by clearing it', () => {
  const { trace, state } = run('mcs-queue');
  // every spin-loop read is of the reader's own node: B and C wait; A never does
  const spins = where(trace, { label: 'spin on my node: locked?' });
  assert.deepEqual([...new Set(spins.map((e) => e.actor))].sort(), ['B', 'C']);
  assert.deepEqual(
    where(trace, { label: "hand over: successor's locked = 0" }).map((e) => e.actor),
    ['A', 'B'],
  );
  const q = object(state, 'q');
  assert.equal(q.tail, null);
  assert.deepEqual(
    q.nodes.map((n) => [n.actor, n.next]),
    [
      ['A', 'B'],
      ['B', 'C'],
      ['C', null],
    ],
  );
});

test('MCS: unlock waits for a late link under correct, and leaves B spinning under mcs_no_link_wait', () => {
  const ok = run('mcs-waits-for-link');
  assert.ok(where(ok.trace, { actor: 'A', label: 'wait for the successor to link' }).length >= 1);
  assert.equal(where(ok.trace, { actor: 'A', label: "hand over: successor's locked = 0" }).length, 1);
  const bad = run('mcs-no-link-wait');
  assert.equal(bad.summary.outcome, 'running', 'stopped at the step limit, still spinning');
  assert.equal(bad.summary.steps, 100000);
  assert.equal(
    where(bad.trace, {
      actor: 'A',
      label: 'leave without waiting for the link',
    }).length,
    1,
  );
  assert.equal(where(bad.trace, { actor: 'B', label: 'spin on my node: locked?', new: 0 }).length, 0);
  const q = object(bad.state, 'q');
  assert.equal(q.tail, 'B');
  assert.equal(q.fields.tail_locked, 1);
  assert.equal(q.owner, null);
});

test('unlocking a spinlock somebody else holds, or nobody holds, is misuse', () => {
  for (const [type, text, message] of [
    // B works one step first: a program's first operation runs before any step
    ['tas_lock', 'A: [lock l, work 3, unlock l]\n  B: [work 1, unlock l]', 'B unlocked a lock that A holds'],
    ['mcs_lock', 'A: [work 1, unlock l]', 'A unlocked a lock that nobody holds'],
  ]) {
    const compiled = compile(
      `title: misuse\nengine: spinlocks\nobjects:\n  l: ${type}\nactors:\n  ${text}\n`,
    );
    const session = open(compiled);
    try {
      const summary = session.run({ schedule: type === 'tas_lock' ? 'v1: A B' : undefined });
      assert.equal(summary.outcome, 'violation');
      assert.equal(session.state().violation?.kind, 'misuse');
      assert.equal(session.state().violation?.message, message);
    } finally {
      session.free();
    }
  }
});

test('relaxed unlock under ra: B takes the lock after A and reads count 0, so one increment is lost', () => {
  const { summary, trace, state } = run('relaxed-unlock');
  assert.equal(summary.outcome, 'violation');
  // B's store of count + 1 could take place 1, before A's store (B has seen only the initial
  // 0): its plain step, at the end, is a choice the schedule keeps
  assert.equal(summary.schedule, 'v3: A A A A <B:0 B');
  const reads = where(trace, { kind: 'load', label: 'read count' }).map((e) => [
    e.actor,
    e.new,
    e.read_store,
  ]);
  assert.deepEqual(reads, [
    ['A', 0, 0],
    ['B', 0, 0], // the initial store, although A's 1 is store 1
  ]);
  const unlock = where(trace, { actor: 'A', label: 'unlock: held = 0' })[0];
  assert.equal(unlock.order, 'relaxed');
  const take = where(trace, { actor: 'B', label: 'test-and-set: swap held <- 1' })[0];
  assert.deepEqual([take.order, take.old, take.stored_by], ['acquire', 0, 'A']);
  assert.equal(object(state, 'count').fields.value, 1);
});

test('each lock loses an update under ra when unlock or lock is relaxed, and none when both keep their order', () => {
  const text = readFileSync(file('relaxed-unlock'), 'utf8');
  for (const lock of ['tas_lock', 'ttas_lock', 'ticket_lock']) {
    const bc = join(dir, `relaxed-${lock}.bc`);
    writeFileSync(bc, compile(text.replace('m: tas_lock', `m: ${lock}`)).bytecode);
    const search = (variant, memory) => {
      const r = native(
        ['explore', bc, '--variant', variant, '--memory', memory, '--bound', '2'].concat([
          '--max-steps',
          '40',
          '--json',
        ]),
      );
      assert.equal(r.status, 0, r.stderr);
      return JSON.parse(r.stdout);
    };
    for (const variant of ['relaxed_unlock', 'relaxed_lock']) {
      const r = search(variant, 'ra');
      assert.equal(r.found, true, `${lock} under ${variant}`);
      assert.equal(r.kind, 'assertion');
      assert.match(r.schedule, /<B:0/, 'B read the initial count');
      // under sc (and x86) the same mistake changes nothing
      assert.equal(search(variant, 'sc').found, false, `${lock} under ${variant}, sc`);
    }
    assert.equal(search('correct', 'ra').found, false, `${lock} under correct`);
  }
});

// ---- the complete search split over worker processes and over the app's workers ----

for (const [rel, memory] of /** @type {[string, string?][]} */ ([
  ['tests/scenarios/spinlocks/mcs-queue.yaml'], // spin loops awaiting a change
  ['tests/scenarios/spinlocks/mcs-waits-for-link.yaml', 'tso'],
  ['tests/scenarios/spinlocks/mcs-waits-for-link.yaml', 'ra'],
]))
  test(`${rel}${memory ? ` under ${memory}` : ''}: 2 and 3 workers, and the app's units in wasm, make exactly the executions of one`, () => {
    assertSplitsMatchOne(rel, memory);
  });

// Which complete search `--bound none` runs here, and that its report says so
// (core/sim/explore.c, stateful_gives_way; measured by bench/explore/compare-none.mjs):
// both command lines' --json name the search that made the verdict (`search`) and whether
// the stateful one gave way to DPOR (`fell_back`).

test('racy-ticket: the stateful search gives way at its first run that reaches the step limit, and both command lines say so', () => {
  // (a spin the stateful search cannot remember: its second run reaches the
  // step limit; DPOR, given the rest of the budget, finds the overlap)
  const rel = 'tests/scenarios/spinlocks/racy-ticket.yaml';
  const dpor = nativeExplore(rel, ['--bound', 'none', '--dpor']);
  const none = nativeExplore(rel, ['--bound', 'none']);
  assert.equal(none.found, true);
  assert.equal(none.kind, 'overlap');
  assert.equal(none.search, 'dpor');
  assert.equal(none.fell_back, true);
  assert.equal(none.states, 0);
  assert.equal(none.executions, dpor.executions); // (DPOR's search, counted as DPOR counts)
  assert.equal(none.schedule, dpor.schedule);
  const js = JSON.parse(lockstep(['explore', rel, '--bound', 'none', '--json']).stdout);
  assert.deepEqual(
    { search: js.search, fell_back: js.fell_back, executions: js.executions, schedule: js.schedule },
    { search: 'dpor', fell_back: true, executions: none.executions, schedule: none.schedule },
  );
});
