import { describe, expect, it } from 'vitest';
import type { ActorState, MachineState, Summary, TraceEvent } from '../bridge/types';
import {
  ACTOR_COLOURS,
  actionEffect,
  actionText,
  actorColour,
  actorInk,
  badgeText,
  checkVerdict,
  contrast,
  isLostUpdate,
  narrateStep,
  narrateSteps,
  type Narration,
  outcomeView,
  shortSite,
  statusView,
  stepLine,
} from './format';

const counters = new Set(['counter']);
const ev = (e: Partial<TraceEvent> & { step: number; kind: string }): TraceEvent => ({ time: 0, ...e });

describe('signed cells', () => {
  it('previews an update of a signed count with its sign: 0 → -1, -1 → 0, never 65535', () => {
    const take = { kind: 'fetch_add', object: 'sem', width: 2, value: 0, arg: -1 };
    expect(actionEffect(take)).toBe('sem: 0 → -1');
    expect(actionEffect({ ...take, value: -1, arg: 1 })).toBe('sem: -1 → 0');
    // an unsigned byte still wraps at its width
    expect(actionEffect({ kind: 'fetch_add', object: 'b', width: 1, value: 255, arg: 1 })).toBe('b: 255 → 0');
  });
});

describe('actions before they happen', () => {
  it('names the action in code-like words', () => {
    expect(actionText({ kind: 'load', object: 'counter', width: 4, value: 0 })).toBe('load counter');
    expect(actionText({ kind: 'store', object: 'counter', width: 4, value: 0, arg: 1 })).toBe(
      'store counter ← 1',
    );
    expect(actionText({ kind: 'cas', object: 'state', expected: 1, desired: 3 })).toBe('CAS state 1 → 3');
    expect(actionText({ kind: 'fetch_add', object: 'counter', arg: 1 })).toBe('fetch_add counter, 1');
    expect(actionText({ kind: 'unpark', target: 'B' })).toBe('unpark B');
    expect(actionText({ kind: 'cs_enter' })).toBe('enter critical section');
    expect(actionText({ kind: 'brand_new', object: 'x' })).toBe('brand_new x');
  });

  it('says what the action would change', () => {
    expect(actionEffect({ kind: 'load', object: 'counter', value: 2 })).toBe('reads 2');
    expect(actionEffect({ kind: 'store', object: 'counter', value: 2, arg: 1 })).toBe('counter: 2 → 1');
    expect(actionEffect({ kind: 'fetch_add', object: 'counter', value: 2, arg: 1 })).toBe('counter: 2 → 3');
    expect(actionEffect({ kind: 'fetch_or', object: 'state', value: 1, arg: 2 })).toBe('state: 1 → 3');
    expect(actionEffect({ kind: 'cas', object: 'state', value: 1, expected: 1, desired: 3 })).toBe(
      'will succeed: state is 1',
    );
    expect(actionEffect({ kind: 'cas', object: 'state', value: 3, expected: 1, desired: 3 })).toBe(
      'will fail: state is 3, not 1',
    );
    expect(actionEffect({ kind: 'park' })).toBeNull();
  });

  it('shortens source locations to the file name', () => {
    expect(shortSite('engines/an_engine/its_file.c:19')).toBe('its_file.c:19');
    expect(shortSite('main.c:3')).toBe('main.c:3');
    expect(shortSite(undefined)).toBe('');
  });
});

describe('status', () => {
  const actor = (status: ActorState['status'], extra: Partial<ActorState> = {}): ActorState => ({
    name: 'A',
    kind: 'thread',
    priority: 0,
    op: 0,
    status,
    parker: 0,
    ...extra,
  });
  it('uses a shape as well as a colour', () => {
    expect(statusView(actor('enabled'))).toMatchObject({ glyph: '▶', label: 'ready', tone: 'ready' });
    expect(statusView(actor('finished'))).toMatchObject({ glyph: '✓', tone: 'finished' });
  });
  it('says what the engine views say of a task: running, ready when held back, scheduled when queued', () => {
    expect(statusView(actor('enabled', { kind: 'task' })).label).toBe('running');
    const held = (why: string, kind: 'task' | 'isr' = 'task') =>
      statusView(actor('blocked', { kind, blocked: { why, held: true } })).label;
    // the word follows C's `held`, whatever model gave the reason
    expect(held('interrupted')).toBe('ready');
    expect(held('a_model.its_own_code')).toBe('ready');
    expect(held('executor.queued')).toBe('scheduled');
    expect(held('executor.due')).toBe('waiting');
    expect(held('irq.masked', 'isr')).toBe('raised');
    expect(statusView(actor('blocked', { kind: 'task', blocked: { why: 'sleep' } })).label).toBe('waiting');
    expect(statusView(actor('stuck', { reason: 'parked' }))).toMatchObject({ glyph: '⚠', reason: 'parked' });
    expect(statusView(actor('blocked', { next: { kind: 'park' } }))).toMatchObject({
      glyph: '●',
      tone: 'waiting',
    });
  });
});

describe('badges', () => {
  it('show short names whole and long ones by their first letter', () => {
    expect(badgeText('A')).toBe('A');
    expect(badgeText('T1')).toBe('T1');
    expect(badgeText('F-2')).toBe('F');
    expect(badgeText('Writer')).toBe('W');
  });
  it('tell apart actors whose names share a first letter', () => {
    const peers = ['TaskA', 'TaskB', 'Timer'];
    expect(peers.map((n) => badgeText(n, peers))).toEqual(['TA', 'TB', 'Ti']);
    expect(badgeText('Writer', ['Writer', 'Reader'])).toBe('W');
    expect(badgeText('Reader', ['Reader', 'Reporter'])).toBe('Ra');
  });
});

describe('colours', () => {
  it('gives each actor an Okabe-Ito colour, wrapping around', () => {
    expect(actorColour(0)).toBe('#E69F00');
    expect(actorColour(1)).toBe('#56B4E9');
    expect(actorColour(ACTOR_COLOURS.length)).toBe('#E69F00');
  });
  it('picks a letter colour that meets WCAG AA on every actor colour', () => {
    for (let i = 0; i < ACTOR_COLOURS.length; i++)
      expect(contrast(actorColour(i), actorInk(i))).toBeGreaterThanOrEqual(4.5);
    expect(actorInk(4)).toBe('#ffffff'); // blue
    expect(actorInk(0)).toBe('#111111'); // orange
  });
});

// A load, B load, A store, B store: B overwrites A's increment.
const lost: TraceEvent[] = [
  ev({ step: 1, kind: 'load', actor: 'A', object: 'counter', old: 0, new: 0 }),
  ev({ step: 2, kind: 'load', actor: 'B', object: 'counter', old: 0, new: 0 }),
  ev({ step: 3, kind: 'store', actor: 'A', object: 'counter', arg: 1, old: 0, new: 1 }),
  ev({ step: 4, kind: 'store', actor: 'B', object: 'counter', arg: 1, old: 1, new: 1 }),
  ev({ step: 4, kind: 'finish', actor: 'B' }),
];

describe('narration', () => {
  it('tells each step in words', () => {
    const lines = narrateSteps(lost, counters);
    expect(lines.map((l) => l.text)).toEqual([
      'A read counter: 0.',
      'B read counter: 0.',
      'A wrote 1 to counter (it was 0).',
      'B wrote 1 to counter over 1: A’s increment is lost. B finished.',
    ]);
    expect(lines.map((l) => l.lost)).toEqual([false, false, false, true]);
  });
  it('spots a lost update only on counters', () => {
    expect(isLostUpdate(lost[3]!, counters)).toBe(true);
    expect(isLostUpdate(lost[2]!, counters)).toBe(false);
    expect(isLostUpdate(lost[3]!, new Set())).toBe(false);
  });
  it('finds the line of one step, with its lost flag', () => {
    expect(stepLine(lost, 4, counters)).toMatchObject({ step: 4, actor: 'B', lost: true });
    expect(stepLine(lost, 3, counters)).toMatchObject({ step: 3, lost: false });
    expect(stepLine(lost, 5, counters)).toBeUndefined();
  });
  it('prefixes the announced step', () => {
    expect(narrateStep(lost, 1, counters)).toBe('Step 1: A read counter: 0.');
    expect(narrateStep(lost, 9, counters)).toBe('');
  });
  it('gives the machine’s choices (tick, interrupt, drop) sentences of their own, in both languages', async () => {
    const { setLocale } = await import('../i18n');
    const choices: TraceEvent[] = [
      ev({ step: 5, time: 2000, kind: 'tick', from: 1000 }),
      ev({ step: 6, kind: 'raised', actor: 'Kick' }),
      ev({ step: 7, kind: 'dropped', actor: 'A' }),
    ];
    const said = () => [5, 6, 7].map((n) => narrateStep(choices, n, counters));
    expect(said()).toEqual([
      'Step 5: The tick fell at 2 ms: the scheduler looks again at who runs.',
      'Step 6: The interrupt Kick was raised: it runs before any task.',
      'Step 7: A’s future was dropped at its await point: it runs its drop logic and never resumes.',
    ]);
    setLocale('zh-CN');
    try {
      expect(said()).toEqual([
        '第 5 步：2 ms 时 tick 到来：调度器重新决定谁运行。',
        '第 6 步：中断 Kick 被触发：它先于任何任务运行。',
        '第 7 步：A 的 future 在 await 处被丢弃：它执行 drop 逻辑，之后不再继续。',
      ]);
    } finally {
      setLocale('en');
    }
  });
  it('says a labelled step’s meaning first, then its value, in both languages', async () => {
    const { setLocale } = await import('../i18n');
    const steps: TraceEvent[] = [
      ev({ step: 1, kind: 'load', actor: 'High', object: 'lock', old: 3, new: 3, label: 'owner == 0?' }),
      ev({
        step: 2,
        kind: 'fetch_or',
        actor: 'High',
        object: 'lock',
        arg: 1,
        old: 0,
        new: 1,
        label: 'wait_mask |= 1 << id',
      }),
      ev({
        step: 3,
        kind: 'store',
        actor: 'A',
        object: 's',
        arg: 0,
        old: 1,
        new: 0,
        label: 'cancel: my slot = None',
      }),
      ev({
        step: 4,
        kind: 'irq_restore',
        actor: 'B',
        old: 1,
        new: 0,
        label: 'exit_critical: restore the old state',
      }),
      ev({
        step: 5,
        kind: 'store',
        actor: 'B',
        object: 'counter',
        arg: 1,
        old: 1,
        new: 1,
        label: 'write value + 1',
      }),
    ];
    const withLost: TraceEvent[] = [
      ev({ step: 0, kind: 'store', actor: 'A', object: 'counter', arg: 1, old: 0, new: 1 }),
      ...steps,
    ];
    const said = (narration?: Narration) => narrateSteps(withLost, counters, narration).map((l) => l.text);
    expect(said().slice(1)).toEqual([
      'High, owner == 0? — read lock: 3.',
      'High, wait_mask |= 1 << id — fetch_or on lock: 0 → 1.',
      'A, cancel: my slot = None — wrote 0 to s (it was 1).',
      'B: exit_critical: restore the old state.',
      'B, write value + 1 — wrote 1 to counter over 1: A’s increment is lost.',
    ]);
    // an engine that words its own labels is asked first
    // a label that only names the action and its field is not repeated
    const bare = [
      ev({ step: 1, kind: 'load', actor: 'A', object: 'counter', old: 0, new: 0, label: 'read value' }),
    ];
    expect(narrateSteps(bare, counters)[0]!.text).toBe('A read counter: 0.');
    expect(said({ label: (l) => (l === 'owner == 0?' ? 'is the mutex free?' : null) })[1]).toBe(
      'High, is the mutex free? — read lock: 3.',
    );
    setLocale('zh-CN');
    try {
      expect(said().slice(1)).toEqual([
        'High：「owner == 0?」——读取 lock：3。',
        'High：「wait_mask |= 1 << id」——对 lock 做了 fetch_or：0 → 1。',
        'A：「cancel: my slot = None」——把 0 写入 s（原来是 1）。',
        'B：「exit_critical: restore the old state」。',
        'B：「write value + 1」——把 1 写入 counter，覆盖了 1：A 的那次自增丢了。',
      ]);
    } finally {
      setLocale('en');
    }
  });
  it('tells CAS results and violations', () => {
    const t: TraceEvent[] = [
      ev({
        step: 1,
        kind: 'cas',
        actor: 'A',
        object: 'm',
        expected: 0,
        desired: 1,
        old: 0,
        new: 1,
        ok: true,
      }),
      ev({
        step: 2,
        kind: 'cas',
        actor: 'B',
        object: 'm',
        expected: 0,
        desired: 1,
        old: 1,
        new: 1,
        ok: false,
      }),
      ev({ step: 2, kind: 'violation', check: 'assertion', message: "assertion 'x' failed" }),
    ];
    expect(narrateSteps(t, counters).map((l) => l.text)).toEqual([
      'A’s CAS on m succeeded: 0 → 1.',
      "B’s CAS on m failed: it was 1, not 0. Check failed: assertion 'x' failed",
    ]);
  });
});

describe('final checks', () => {
  const st = (outcome: MachineState['outcome'], message?: string) =>
    ({ outcome, violation: message ? { kind: 'assertion', message, step: 12 } : null }) as MachineState;
  it('all hold when the run is done; the quoted one failed on a violation', () => {
    expect(checkVerdict('counter == 6', st('done'))).toBe('held');
    expect(
      checkVerdict('counter == 6', st('violation', "assertion 'counter == 6' failed: counter.value is 4")),
    ).toBe('failed');
    expect(checkVerdict('x == 1', st('violation', "assertion 'counter == 6' failed"))).toBeNull();
    expect(checkVerdict('counter == 6', st('running'))).toBeNull();
  });
});

describe('outcome', () => {
  const base: MachineState = {
    step: 12,
    steps_recorded: 12,
    time: 0,
    variant: 'correct',
    outcome: 'running',
    actors: [],
    objects: [],
    stuck: [],
    violation: null,
    prints: [],
  };
  const summary = { message: '' } as Summary;
  it('shows nothing while running', () => {
    expect(outcomeView(base, summary)).toBeNull();
  });
  it('quotes the failed check', () => {
    const v = outcomeView(
      {
        ...base,
        outcome: 'violation',
        violation: {
          kind: 'assertion',
          message: "assertion 'counter == 6' failed: counter.value is 4",
          step: 12,
        },
      },
      summary,
    );
    expect(v).toEqual({
      tone: 'violation',
      title: 'Check failed',
      details: ["assertion 'counter == 6' failed: counter.value is 4"],
      step: 12,
    });
  });
  it('names who is stuck and where', () => {
    const v = outcomeView(
      {
        ...base,
        outcome: 'stuck',
        stuck: [{ actor: 'B', reason: 'parked', location: 'engines/pl/lot.c:40' }],
      },
      summary,
    );
    expect(v?.details).toEqual(['B: parked (lot.c:40)']);
  });
});
