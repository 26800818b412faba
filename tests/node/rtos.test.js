// The rtos engine as a learner sees it: the scenarios in tests/scenarios/rtos/
// with their exact prints, virtual times, stuck reports and violations, and
// the rows of the pend/post table checked by the explorer (whose choices
// under the rtos model are mostly ticks and interrupts) and by seeded random
// search.
//
// Needs `make wasm native`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import {
  CATALOG,
  compile,
  compileFile,
  lockstep,
  native,
  open,
  runner,
  assertSplitsMatchOne,
  tempDir,
  scenarioOf,
} from './helpers.js';

const dir = tempDir();
const file = scenarioOf('rtos');

/** The default run (round-robin), in wasm: {summary, trace}. */
function run(name, variant) {
  const compiled = compileFile(file(name));
  const s = open(compiled, { variant: variant ?? compiled.scenario.variant });
  const summary = s.run({ maxSteps: 1000000 });
  const trace = s.trace(0);
  s.free();
  return { summary, trace };
}

/** The native runner on a scenario (file name or compiled), --json parsed. */
function nativeRun(compiled, args) {
  const bc = join(dir, `s${Math.random().toString(36).slice(2)}.bc`);
  writeFileSync(bc, compiled.bytecode);
  // (a long run's schedule is megabytes of JSON)
  const r = spawnSync(runner, ['run', bc, ...args, '--json'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  assert.ok(r.status === 0 || r.status === 1, r.stderr);
  return JSON.parse(r.stdout);
}

/** Outcomes of seeded random runs, counted: {"done": n, "stuck": n, ...}. */
function randomOutcomes(compiled, variant, seeds) {
  /** @type {Record<string, number>} */
  const seen = {};
  const runs = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const r = nativeRun(compiled, ['--variant', variant, '--policy', 'random', '--seed', String(seed)]);
    const key = r.violation ? `${r.outcome} ${r.violation.kind}` : r.outcome;
    seen[key] = (seen[key] ?? 0) + 1;
    runs.push(r);
  }
  return { seen, runs };
}

const steps = (trace, actor) => trace.filter((e) => e.actor === actor && e.step !== undefined).length;

test('catalog: engine rtos, its variants and types, under the rtos model', () => {
  assert.deepEqual(CATALOG.engines.rtos.variants, [
    'correct',
    'reference_post',
    'post_increments_count',
    'handoff',
    'timeout_keeps_debt',
    'naive_enable',
    'block_outside_critical',
    'init_one',
    'no_priority_inheritance',
  ]);
  assert.deepEqual(
    Object.keys(CATALOG.types).filter((t) => CATALOG.types[t].engine === 'rtos'),
    ['kernel', 'sem', 'mutex', 'shared_counter'],
  );
  assert.deepEqual(Object.keys(CATALOG.types.sem.ops), ['pend', 'post']);
});

test('sync-blink: LED2 blinks once per five breaths, and TaskB takes no step while it waits', () => {
  const { summary, trace } = run('sync-blink');
  assert.equal(summary.outcome, 'done');
  const led2 = summary.prints.filter((p) => p.includes('LED2'));
  assert.deepEqual(led2, ['2000 ms: LED2 on', '2200 ms: LED2 off', '4000 ms: LED2 on', '4200 ms: LED2 off']);
  const led1 = summary.prints.filter((p) => p.includes('LED1'));
  assert.equal(led1.length, 20);
  assert.deepEqual(led1.slice(0, 4), [
    '0 ms: LED1 on',
    '200 ms: LED1 off',
    '400 ms: LED1 on',
    '600 ms: LED1 off',
  ]);
  // TaskB's steps: its pends and blinks only (no polling).
  const b = steps(trace, 'TaskB');
  assert.ok(b < 60, `TaskB took ${b} steps`);
});

test("sync-blink: at 2000 ms the post does not switch (the reference's rule); with wake_preempts it does (FreeRTOS's)", () => {
  const at2000 = (summary) => summary.prints.filter((p) => p.startsWith('2000 ms'));
  assert.deepEqual(at2000(run('sync-blink').summary), ['2000 ms: LED1 on', '2000 ms: LED2 on']);
  const text = readFileSync(file('sync-blink'), 'utf8').replace(
    '  os: kernel\n',
    '  os: {type: kernel, wake_preempts: true}\n',
  );
  const s = open(compile(text));
  const freertos = s.run({});
  s.free();
  assert.deepEqual(at2000(freertos), ['2000 ms: LED2 on', '2000 ms: LED1 on']);
});

test('a handler posts while a task runs: the woken task waits for the next scheduling point, or runs at the return with wake_preempts', () => {
  const src = (preempts) =>
    `title: t\nengine: rtos\nobjects:\n  os: {type: kernel, wake_preempts: ${preempts}}\n  data: {type: sem, count: 0}\nactors:\n` +
    '  Reader: {kind: task, priority: 1, program: [pend data 0, print "Reader got the data"]}\n' +
    '  Worker: {kind: task, priority: 2, program: [work 3, print "Worker went on"]}\n' +
    '  Uart: {kind: isr, priority: 0, program: [post data, print "Uart posted"]}\n';
  const after = (preempts) => {
    const s = open(compile(src(preempts)));
    try {
      while (s.state().actors[0].status !== 'blocked') s.step(0);
      s.step(1); // Worker runs
      s.take('irq', 2); // Uart interrupts it
      while (s.state().actors[2].status === 'enabled') s.step(2);
      const reader = s.state().actors[0];
      // the tick is offered (optional), so the learner can let the woken task in
      const choices = s.choices();
      return { reader, choices, prints: s.run({}).prints };
    } finally {
      s.free();
    }
  };
  const chapter = after(false);
  assert.deepEqual(chapter.reader.blocked, {
    why: 'rtos.woken',
    held: true,
    runner: 'Worker',
  });
  assert.deepEqual(chapter.choices, [{ kind: 'tick' }]);
  assert.deepEqual(chapter.prints, ['Uart posted', 'Worker went on', 'Reader got the data']);
  const freertos = after(true);
  assert.equal(freertos.reader.status, 'enabled');
  assert.deepEqual(freertos.prints, ['Uart posted', 'Reader got the data', 'Worker went on']);
});

test('timeout-keeps-debt: a timed-out pend must cancel its debt; under timeout_keeps_debt the later post is swallowed', () => {
  const ok = run('timeout-keeps-debt').summary;
  assert.equal(ok.outcome, 'done');
  assert.deepEqual(ok.prints, [
    'Reader: pend data timed out at 5 ms',
    'Writer posted',
    'Reader got the data',
  ]);
  const debt = run('timeout-keeps-debt', 'timeout_keeps_debt').summary;
  assert.equal(debt.outcome, 'stuck');
  assert.deepEqual(debt.prints, ['Reader: pend data timed out at 5 ms', 'Writer posted']);
  assert.deepEqual(
    debt.stuck.map((s) => [s.actor, s.reason]),
    [
      [
        'Reader',
        'pends on data (bit 0 of wait_mask 0x0001), count -1, forever; nobody holds it and nobody will post',
      ],
    ],
  );
});

test('sync-blink under init_one: LED2 also blinks at once', () => {
  const { summary } = run('sync-blink', 'init_one');
  assert.deepEqual(summary.prints.slice(0, 2), ['0 ms: LED2 on', '0 ms: LED1 on']);
  assert.deepEqual(
    summary.prints.filter((p) => p.includes('LED2')),
    ['0 ms: LED2 on', '200 ms: LED2 off', '2000 ms: LED2 on', '2200 ms: LED2 off'],
  );
});

test('sync-blink-busy-poll: the poller burns the processor and TaskA comes late', () => {
  const { summary, trace } = run('sync-blink-busy-poll');
  assert.equal(summary.outcome, 'done');
  assert.deepEqual(summary.prints.slice(0, 4), [
    '0 ms: LED1 on',
    '201 ms: LED1 off',
    '402 ms: LED1 on',
    '603 ms: LED1 off',
  ]);
  assert.deepEqual(summary.prints.slice(-2), ['2010 ms: LED2 on', '2211 ms: LED2 off']);
  assert.ok(steps(trace, 'TaskB') > 10000);
});

test('no-post-timeouts: the two tasks time out in turn, 100 ms apart', () => {
  const { summary } = run('no-post-timeouts');
  assert.deepEqual(summary.prints, [
    'A: pend lock timed out at 100 ms',
    'B: pend lock timed out at 100 ms',
    'A: pend lock timed out at 200 ms',
    'B: pend lock timed out at 200 ms',
    'B: pend lock timed out at 300 ms',
  ]);
});

test('priority-inversion: High waits 1.3 ms with inheritance, 11.85 ms without', () => {
  assert.deepEqual(run('priority-inversion').summary.prints, ['High: 1.300 ms']);
  assert.deepEqual(run('priority-inversion', 'no_priority_inheritance').summary.prints, ['High: 11.850 ms']);
  // inherit: 0 in the scenario is the same binary semaphore
  const text = compileFile(file('priority-inversion')).scenario;
  assert.equal(text.objects[1].params.inherit, 1);
});

test('priority-inversion with transitive inheritance: the same 1.3 ms', () => {
  const src = (inherit) => `
title: t
engine: rtos
objects:
  os: {type: kernel, cost: 10}
  lock: {type: mutex, inherit: ${inherit}}
actors:
  High: {kind: task, priority: 1, program: [delay os 1, stopwatch_start os, take lock 0, stopwatch_print os, give lock]}
  Mid: {kind: task, priority: 2, program: [delay os 1, work 50, delay os 1, work 1000]}
  Low: {kind: task, priority: 3, program: [take lock 0, work 200, give lock]}
`;
  const at = (inherit) => {
    const s = open(compile(src(inherit)));
    const r = s.run({});
    s.free();
    return r.prints;
  };
  assert.deepEqual(at(0), ['High: 11.850 ms']);
  assert.deepEqual(at(2), ['High: 1.300 ms']);
});

test('lock-order: stuck, the report names both tasks and both semaphores', () => {
  const { summary } = run('lock-order');
  assert.equal(summary.outcome, 'stuck');
  assert.deepEqual(
    summary.stuck.map((s) => [s.actor, s.reason]),
    [
      ['A', 'pends on s2 (bit 0 of wait_mask 0x0001), count -1, forever; held by B; nobody will post'],
      ['B', 'pends on s1 (bit 1 of wait_mask 0x0002), count -1, forever; held by A; nobody will post'],
    ],
  );
});

test('wake-by-priority: the lowest set bit first, not the first to arrive', () => {
  assert.deepEqual(run('wake-by-priority').summary.prints, ['T1 woke', 'T2 woke', 'T3 woke']);
});

test('isr-pend: a handler that pends is a violation that says so', () => {
  const { summary } = run('isr-pend');
  assert.equal(summary.outcome, 'violation');
  assert.match(summary.violation.message, /^sem_pend from an interrupt handler/);
});

test('nested-critical: saved and restored, no overlap; naive_enable lets the interrupt in', () => {
  assert.equal(run('nested-critical').summary.outcome, 'done');
  const naive = run('nested-critical', 'naive_enable').summary;
  assert.equal(naive.outcome, 'violation');
  assert.equal(naive.violation.message, 'entered the critical section while another actor is inside');
});

test('the pend/post table, by 40 seeded random runs of reference-post-drift', () => {
  const compiled = compileFile(file('reference-post-drift'));
  assert.deepEqual(randomOutcomes(compiled, 'correct', 40).seen, { done: 40 });
  assert.deepEqual(randomOutcomes(compiled, 'handoff', 40).seen, { done: 40 });
  const leak = randomOutcomes(compiled, 'reference_post', 40);
  assert.deepEqual(leak.seen, { done: 36, stuck: 4 });
  const stuck = leak.runs.find((r) => r.outcome === 'stuck');
  assert.ok(
    stuck.stuck.every((s) => /nobody holds it and nobody will post/.test(s.reason)),
    JSON.stringify(stuck.stuck),
  );
  const many = randomOutcomes(compiled, 'post_increments_count', 40);
  assert.deepEqual(many.seen, { done: 1, 'violation overlap': 39 });
});

/** The explorer (native runner, dfs, bound 2) on a scenario: --json parsed. */
function explore(name, variant) {
  const bc = join(dir, `${name}-${variant}.bc`);
  writeFileSync(bc, compileFile(file(name)).bytecode);
  const args = ['explore', bc, '--variant', variant, '--bound', '2'];
  const r = spawnSync(runner, [...args, '--json'], { encoding: 'utf8' });
  assert.equal(r.status === 0 || r.status === 1, true, r.stderr);
  // the text form also says why each actor is stuck
  const text = spawnSync(runner, args, { encoding: 'utf8' }).stdout;
  return { ...JSON.parse(r.stdout), message: text };
}

test('the explorer on the pend/post table: two correct rows (202 runs), a stuck run, two tasks in the section', () => {
  for (const v of ['correct', 'handoff']) {
    const r = explore('reference-post-drift', v);
    assert.equal(r.found, false, v);
    assert.equal(r.complete, true, v);
    assert.equal(r.executions, 202, v);
  }
  const leak = explore('reference-post-drift', 'reference_post');
  assert.equal(leak.found, true);
  assert.equal(leak.kind, 'stuck');
  assert.equal(leak.schedule, 'v2: A A A A A A A A A A A A A A A A A tick');
  assert.match(
    leak.message,
    /B pends on lock \(bit 1 of wait_mask 0x0002\), count -1, forever; nobody holds it and nobody will post/,
  );
  const many = explore('reference-post-drift', 'post_increments_count');
  assert.equal(many.kind, 'overlap');
  assert.equal(many.schedule, 'v2: A A A A A tick A A tick B');
});

test('the explorer finds the lost interrupt post of block_outside_critical', () => {
  assert.equal(explore('isr-post', 'correct').found, false);
  const lost = explore('isr-post', 'block_outside_critical');
  assert.equal(lost.kind, 'stuck');
  assert.equal(lost.schedule, 'v2: Reader Reader Reader Reader Reader !Uart');
  assert.match(
    lost.message,
    /Reader pends on data, but its bit is no longer in wait_mask: a post took it out while the task was still running, and woke nobody/,
  );
});

test('conservation: with a declared capacity, units that multiply are caught at the post', () => {
  const compiled = compile(`
title: t
engine: rtos
objects:
  os: kernel
  lock: {type: sem, count: 1, capacity: 1}
actors:
  A: {kind: task, priority: 4, program: [pend lock 0, delay os 1, post lock]}
  B: {kind: task, priority: 5, program: [pend lock 0, post lock]}
`);
  // A takes the unit and sleeps; B waits (not counted, in this variant); A's
  // post wakes B and also adds a unit: one free and one handed to B.
  const s = open(compiled, { variant: 'post_increments_count' });
  const r = s.run({});
  s.free();
  assert.equal(r.outcome, 'violation');
  assert.equal(r.violation.kind, 'conservation');
  assert.equal(
    r.violation.message,
    'units multiplied: lock was made with 1, and now 1 are free, 0 held and 1 handed to a woken task: 2 in all',
  );
});

test('block_outside_critical: a post from the handler in the gap is lost', () => {
  const compiled = compileFile(file('isr-post'));
  assert.deepEqual(randomOutcomes(compiled, 'correct', 30).seen, { done: 30 });
  const lost = randomOutcomes(compiled, 'block_outside_critical', 30);
  assert.ok(lost.seen.stuck >= 1, JSON.stringify(lost.seen));
});

test('shared-counter: unprotected, below 200,000 and different with each seed', () => {
  const compiled = compileFile(file('shared-counter'));
  const totals = [1, 2, 3].map((seed) => {
    const r = nativeRun(compiled, ['--policy', 'random', '--seed', String(seed), '--max-steps', '10000000']);
    const m = /counter\.value is (\d+)$/.exec(r.violation.message);
    return Number(m[1]);
  });
  assert.deepEqual(totals, [124957, 125389, 124931]);
});

test('shared-counter-timed: with 1 us an action the tick falls in virtual time, and the total is 166,600 every time', () => {
  const compiled = compileFile(file('shared-counter-timed'));
  for (const policy of ['round-robin', 'random']) {
    const r = nativeRun(compiled, ['--policy', policy, '--seed', '7', '--max-steps', '1000000']);
    assert.equal(r.violation.message, "assertion 'counter == 200000' failed: counter.value is 166600");
    assert.equal(r.virtual_time, 600000); // 600 ticks fell, none of them a choice
    assert.equal(r.schedule, 'v1:');
  }
});

test('shared-counter-protected: exactly 200,000', () => {
  const r = nativeRun(compileFile(file('shared-counter-protected')), [
    '--policy',
    'random',
    '--seed',
    '1',
    '--max-steps',
    '20000000',
  ]);
  assert.equal(r.outcome, 'done'); // its assertion counter == 200000 held
});

test('the rtos lessons pass lockstep check; a solution may raise an interrupt (!Kick)', () => {
  const r = lockstep([
    'check',
    'lessons/rtos/01-which-half-counts.md',
    'lessons/rtos/02-priority-inversion.md',
    'lessons/rtos/03-save-and-restore.md',
  ]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /ok {3}lessons\/rtos\/02-priority-inversion\.md/);
});

test('the app raises a handler and lets the tick fall one choice at a time (Session.take, Session.choices)', () => {
  const s = open(compileFile(file('isr-post')));
  try {
    // at the start the only other choice is raising Uart (actor 2); no tick: no two tasks share a priority
    assert.deepEqual(s.choices(), [{ kind: 'irq', actor: 2 }]);
    s.take('irq', 2);
    const st = s.state();
    assert.equal(st.step, 1);
    assert.deepEqual(
      st.actors.map((a) => `${a.name}:${a.status}`),
      ['Reader:blocked', 'Device:blocked', 'Uart:enabled'],
    );
    assert.deepEqual(s.choices(), [], 'raised: nothing else to choose while it runs');
    assert.throws(() => s.take('tick'), /tick is not possible now/);
    assert.equal(s.trace().at(-1).kind, 'raised');
  } finally {
    s.free();
  }
  // two tasks of one priority: the tick hands the processor from one to the other
  const t = open(
    compile(
      'title: t\nengine: rtos\nobjects:\n  os: kernel\n  sem: {type: sem, count: 1}\nactors:\n' +
        '  A: {kind: task, priority: 2, program: [pend sem 0, post sem]}\n' +
        '  B: {kind: task, priority: 2, program: [pend sem 0, post sem]}\n',
    ),
  );
  try {
    assert.deepEqual(t.choices(), [{ kind: 'tick' }], 'the first tick may come at once');
    for (let k = 0; k < 4; k++) t.step(0); // A's pend: it takes the unit
    assert.equal(t.state().objects.find((o) => o.name === 'sem').fields.count, 0);
    assert.deepEqual(t.choices(), [{ kind: 'tick' }]);
    t.take('tick');
    const st = t.state();
    assert.equal(st.actors[1].status, 'enabled', 'B has the processor');
    assert.equal(st.actors[0].status, 'blocked');
    assert.equal(t.trace().at(-1).kind, 'tick');
  } finally {
    t.free();
  }
});

test('the semaphore’s int16_t count is signed everywhere: the trace, the next action and the command line say -1, never 65535', () => {
  const compiled = compileFile(file('isr-post'));
  const s = open(compiled, { variant: 'correct' });
  s.run({ maxSteps: 3 }); // Reader has read the count (0) and is about to take it below zero
  const next = s.state().actors.find((a) => a.name === 'Reader').next;
  assert.deepEqual(
    [next.kind, next.label, next.value, next.arg],
    ['store', 'count--: negative, one more task waiting', 0, -1],
  );
  s.run({ maxSteps: 1000 });
  const count = s.trace(0).filter((e) => e.object === 'data' && /^count(--|\+\+)/.test(e.label ?? ''));
  assert.deepEqual(
    count.map((e) => [e.actor, e.old, e.new]),
    [
      ['Reader', 0, -1],
      ['Uart', -1, 0],
      ['Uart', 0, 1],
    ],
  );
  // the wait mask beside it is a bit field: unsigned, as before
  assert.ok(s.trace(0).some((e) => e.label === 'wait_mask |= 1 << id' && e.new === 1));
  s.free();
  // the command line's trace file, written by the native runner's code: the same signed values
  const out = join(dir, 'isr-post.jsonl');
  assert.equal(lockstep(['run', file('isr-post'), '--trace', out]).status, 0);
  const lines = readFileSync(out, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    lines.filter((e) => e.label === 'count--: negative, one more task waiting').map((e) => [e.arg, e.new]),
    [[-1, -1]],
  );
});

/** The text report of both command lines (bin/lockstep.js, the native runner on the compiled scenario). */
function both(yaml, args) {
  const bc = join(dir, `${yaml.replace(/\W/g, '_')}.bc`);
  assert.equal(lockstep(['compile', yaml, '-o', bc]).status, 0, yaml);
  return { js: lockstep(['run', yaml, ...args]), c: native(['run', bc, ...args]) };
}

test('a long run prints a short schedule: repeat counts (tick*1999) that replay the run, the first entries when longer', () => {
  const PROTECTED = file('shared-counter-protected');
  const long = both(PROTECTED, ['--max-steps', '20000']);
  assert.equal(long.c.stdout, long.js.stdout);
  assert.deepEqual(long.c.stdout.split('\n'), [
    'outcome: limit after 20000 steps (virtual time 1999000 us)',
    'note: the step limit was reached; raise it with --max-steps N',
    'schedule: v2: A tick*1999',
    'compact: not shown (2677 characters; --json gives the whole schedule)',
    '',
  ]);
  // --json keeps the whole readable form, unchanged
  const json = JSON.parse(both(PROTECTED, ['--max-steps', '20000', '--json']).c.stdout);
  assert.equal(json.schedule, 'v2: A' + ' tick'.repeat(1999));
  // the counted line, pasted back, is the same run, in both command lines
  const again = both(PROTECTED, ['--max-steps', '20000', '--schedule', 'v2: A tick*1999']);
  assert.equal(again.c.stdout, long.c.stdout);
  assert.equal(again.js.stdout, long.c.stdout);
  // a schedule of many different choices: its first 64 tokens, and where the rest is
  const random = both(file('shared-counter'), ['--policy', 'random', '--max-steps', '3000']);
  assert.equal(random.c.stdout, random.js.stdout);
  const line = random.c.stdout.split('\n').find((l) => l.startsWith('schedule: '));
  assert.match(
    line,
    /^schedule: v2: tick B tick A .* \.\.\. \(the first \d+ of 1950 entries; --json prints them all\)$/,
  );
  assert.equal(line.replace(/ \.\.\. .*$/, '').split(' ').length - 2, 64);
});

test("the kernel's wake_preempts: is a flag: true compiles to 1 in a scenario of tasks", () => {
  assert.deepEqual(
    CATALOG.types.kernel.params.filter((p) => p.flag).map((p) => p.name),
    ['wake_preempts'],
  );
  const kernel = compile(
    'title: t\nengine: rtos\nobjects:\n  os: {type: kernel, wake_preempts: true}\nactors:\n  A: {kind: task, priority: 1, program: [delay os 1]}\n',
  );
  assert.equal(kernel.scenario.objects[0].params.wake_preempts, 1);
});

// ---- what the state JSON says of a held task (was in tests/node/blocked-codes.test.js) ----

test('the state JSON gives a held task its reason as data next to the English', () => {
  const s = open(compileFile('tests/scenarios/rtos/priority-inversion.yaml'));
  const st = s.state();
  const mid = st.actors.find((a) => a.name === 'Mid');
  assert.equal(mid.status, 'blocked');
  // held: the scheduling model, not a lock or a wake, keeps Mid from moving (the web reads this, not a list)
  assert.deepEqual(mid.blocked, {
    why: 'rtos.priority',
    held: true,
    runner: 'High',
    runner_priority: -1,
    priority: -2,
  });
  assert.equal(mid.reason, 'ready, but High has a higher priority (-1 > -2)');
  assert.equal(
    st.actors.find((a) => a.name === 'High').blocked,
    undefined,
    'an actor that can move has no reason',
  );
  s.free();
});

test('held is the scheduling model’s mark: a task waiting on a mutex or a delay has none', () => {
  const s = open(compileFile('tests/scenarios/rtos/priority-inversion.yaml'));
  s.run({ policy: 'round-robin' });
  const seen = new Map();
  const last = s.state().step;
  for (let step = 0; step <= last; step++) {
    s.goto(step);
    for (const a of s.state().actors) if (a.blocked) seen.set(a.blocked.why, a.blocked.held === true);
  }
  s.free();
  // waiting for the processor (a higher priority, its turn at the tick, a
  // give's wake that waits for the next scheduling point) is held; a mutex and
  // a delay are not
  assert.deepEqual(Object.fromEntries(seen), {
    'rtos.priority': true,
    'rtos.turn': true,
    'rtos.woken': true,
    'rtos.mutex.takes': false,
    blocked: false,
  });
});

// ---- the complete search split over worker processes and over the app's workers ----

for (const rel of [
  'tests/scenarios/rtos/isr-post.yaml', // interrupts
  'tests/scenarios/rtos/wake-by-priority.yaml', // priorities
])
  test(`${rel}: 2 and 3 workers, and the app's units in wasm, make exactly the executions of one`, () => {
    assertSplitsMatchOne(rel);
  });
