import { describe, expect, it } from 'vitest';
import {
  EngineError,
  type EngineBridge,
  type OpenOptions,
  type Opened,
  type ScenarioSource,
} from '../bridge/bridge';
import type { ExploreOptions } from '../bridge/explorer';
import type { LessonInfo } from '../bridge/lessonTypes';
import type { MachineState, Snapshot, TraceEvent } from '../bridge/types';
import type { Place } from '../model/params';
import { Store, helpLocked, ownRun } from './store';
import { loadCards } from '../engines';

/** The fake scenarios' engine: the first of the list (any would do: the store loads the first for one it does not know). */
const ENGINE = (await loadCards())[0]!.id;

const LESSON: LessonInfo = {
  file: 'lessons/02-spin.md',
  id: 'spin',
  engine: ENGINE,
  variants: ['correct'],
  variant: 'correct',
  bug: false,
  proven: false,
  title: { en: 'Spin', 'zh-CN': '自旋' },
  goal: { text: { en: 'Go.', 'zh-CN': '走。' }, kind: 'stuck', variant: null, actors: [] },
  body: { en: 'Body', 'zh-CN': '正文' },
  recap: { en: 'R', 'zh-CN': '回' },
  realWorld: { en: 'W', 'zh-CN': '世' },
  start: 'v1: A',
  solution: null,
  explore: { bound: 3, maxExecutions: 1000, maxSteps: 1000 },
  beats: [],
  hints: [],
  questions: [],
  startSteps: 1,
};

/**
 * A fake engine for lessons: A takes one step; B spins: each of its steps is
 * a read with a "spin round" note then a spin, four times, then a CAS.
 */
class FakeEngine implements EngineBridge {
  history: number[] = [];
  at = 0;
  calls: string[] = [];
  fail: EngineError | null = null;
  lesson: Partial<LessonInfo> = {};

  #snap(): Snapshot {
    const done = this.history.slice(0, this.at);
    const trace: TraceEvent[] = [];
    let b = 0;
    done.forEach((a, k) => {
      const step = k + 1;
      if (a === 0) trace.push({ step, time: 0, kind: 'cas', actor: 'A', ok: true, label: 'fast path' });
      else {
        b++;
        if (b % 2 === 1 && b < 8) {
          trace.push({ step, time: 0, kind: 'load', actor: 'B', label: 'read state' });
          trace.push({ step, time: 0, kind: 'note', actor: 'B', label: 'spin round', value: (b + 1) / 2 });
        } else if (b < 8) trace.push({ step, time: 0, kind: 'spin', actor: 'B', count: 2 });
        else trace.push({ step, time: 0, kind: 'cas', actor: 'B', ok: true, label: 'set PARKED' });
      }
    });
    const bNext = b === 0 ? 'load' : b % 2 === 1 && b < 7 ? 'spin' : b < 7 ? 'load' : 'cas';
    const state: MachineState = {
      step: this.at,
      steps_recorded: this.history.length,
      time: 0,
      variant: 'correct',
      outcome: 'running',
      actors: [
        {
          name: 'A',
          kind: 'thread',
          priority: 0,
          op: 0,
          status: 'enabled',
          parker: 0,
          next: { kind: 'cas' },
        },
        {
          name: 'B',
          kind: 'thread',
          priority: 0,
          op: 0,
          status: 'enabled',
          parker: 0,
          next: { kind: bNext },
        },
      ],
      objects: [],
      stuck: [],
      violation: null,
      prints: [],
    };
    const schedule = 'v1: ' + done.map((a) => 'AB'[a]).join(' ');
    const whole = 'v1: ' + this.history.map((a) => 'AB'[a]).join(' ');
    return {
      state,
      trace,
      summary: {
        outcome: 'running',
        steps: this.at,
        schedule: schedule.trim(),
        compact: `v1.X${this.at}`,
        virtual_time: 0,
        stuck: [],
        violation: null,
        prints: [],
        end: 'waiting',
        message: '',
      },
      ...(this.at < this.history.length
        ? { full: { schedule: whole, compact: `v1.X${this.history.length}`, steps: this.history.length } }
        : {}),
    };
  }
  async open(source: ScenarioSource, options: OpenOptions = {}): Promise<Opened> {
    this.calls.push(`open ${source.kind} ${source.file} ${options.schedule ?? ''}`);
    if (this.fail) throw this.fail;
    this.history = [0]; // the lesson's start: A
    this.at = 1;
    return {
      choiceKinds: [],
      memoryModels: ['sc'],
      scenario: {
        title: { en: 'Spin', 'zh-CN': '自旋' },
        engine: ENGINE,
        actors: [
          { name: 'A', ops: [] },
          { name: 'B', ops: [] },
        ],
      },
      snapshot: this.#snap(),
      ...(source.kind === 'lesson' ? { lesson: { ...structuredClone(LESSON), ...this.lesson } } : {}),
    };
  }
  async step(actor: number) {
    this.calls.push(`step ${actor}`);
    this.history = [...this.history.slice(0, this.at), actor];
    this.at++;
    return this.#snap();
  }
  async take(): Promise<Snapshot> {
    throw new Error('this fake offers no choice but steps');
  }
  async stepOver(actor: number) {
    return this.step(actor);
  }
  async goto(step: number) {
    this.at = step;
    return this.#snap();
  }
  async reset() {
    this.calls.push('reset');
    this.history = [];
    this.at = 0;
    return this.#snap();
  }
  async replay(schedule: string) {
    this.calls.push(`replay ${schedule}`);
    this.history = [0];
    this.at = 1;
    return { snapshot: this.#snap() };
  }
  async prove(): Promise<never> {
    throw new EngineError('engine', 'not in this fake');
  }
  /** the options of every search the store asked for */
  explored: ExploreOptions[] = [];
  async explore(o: ExploreOptions): Promise<never> {
    this.explored.push(o);
    throw new EngineError('engine', 'not in this fake');
  }
  async sources() {
    return { listed: [], files: [] };
  }
}

function setup(lesson: Partial<LessonInfo> = {}) {
  const engine = new FakeEngine();
  engine.lesson = lesson;
  const store = new Store(
    async () => engine,
    { has: () => true, load: async (id) => ({ text: '', file: `${id}.yaml` }), fallback: 'sandbox/fake' },
    {
      has: (id) => id === 'spin' || id === 'first',
      load: async (id) => ({ text: '---', file: `lessons/${id}.md`, kind: 'lesson' as const }),
      first: 'first',
    },
  );
  const places: Place[] = [];
  store.onPlace = (p) => places.push(p);
  return { engine, store, places };
}

describe('a lesson in the store', () => {
  it('opens as a lesson, and its address names only the lesson until the learner moves', async () => {
    const { store, engine, places } = setup();
    await store.openLesson('spin');
    expect(engine.calls).toEqual(['open lesson lessons/spin.md ']);
    expect(store.get().lesson?.id).toBe('spin');
    expect(store.get().scenarioId).toBe('lesson:spin');
    expect(places.at(-1)).toEqual({
      lesson: 'spin',
      variant: undefined,
      schedule: undefined,
      step: undefined,
    });
    await store.step(0);
    expect(places.at(-1)).toEqual({ lesson: 'spin', variant: undefined, schedule: 'v1.X2', step: 2 });
    await store.back();
    expect(places.at(-1)).toEqual({ lesson: 'spin', variant: undefined, schedule: 'v1.X2', step: 1 });
  });

  it('opens where its story starts, saying what has happened so far, not the last engine step', async () => {
    const { store } = setup();
    await store.openLesson('spin');
    expect(store.get().snap?.state.step).toBe(1);
    expect(store.get().announcement).toBe(
      'Spin: the first step has set the scene (the Trace tab lists it); your moves start here.',
    );
    expect(store.get().announcement).not.toMatch(/^Step 1:/);
  });

  it('opens on its own opening when it has one: what the starting schedule did, in both languages', async () => {
    const { store, engine } = setup();
    engine.lesson = { opening: { en: 'A took the lock at once.', 'zh-CN': 'A 一下子就拿到了锁。' } };
    await store.openLesson('spin');
    expect(store.get().announcement).toBe('Spin: A took the lock at once. Your moves start here.');
    const { setLocale } = await import('../i18n');
    setLocale('zh-CN');
    try {
      expect(store.get().announcement).toBe('自旋：A 一下子就拿到了锁。从这里开始由你来走。');
    } finally {
      setLocale('en');
    }
  });

  it("searches with the lesson's explorer settings: its bound, executions and step limit per run", async () => {
    const { store, engine } = setup({ explore: { bound: 2, maxExecutions: 500, maxSteps: 60 } });
    await store.openLesson('spin');
    await store.explore();
    expect(engine.explored).toHaveLength(1);
    expect(engine.explored[0]).toMatchObject({ strategy: 'dfs', bound: 2, maxExecutions: 500, maxSteps: 60 });
  });

  it('an unknown lesson says so and opens the first', async () => {
    const { store } = setup();
    await store.openLesson('nope', { schedule: 'v1: B' });
    expect(store.get().notices[0]?.title).toMatch(/no lesson called “nope”; showing “first”/);
    expect(store.get().lesson?.id).toBe('spin'); // what the fake engine parsed
  });

  it('reset goes back to where the lesson starts, not to step 0', async () => {
    const { store, engine } = setup();
    await store.openLesson('spin');
    await store.step(1);
    await store.reset();
    expect(engine.calls.at(-1)).toBe('replay v1: A');
    expect(store.get().snap?.state.step).toBe(1);
  });

  it('opening a scenario leaves the lesson', async () => {
    const { store } = setup();
    await store.openLesson('spin');
    await store.open('sandbox/fake');
    expect(store.get().lesson).toBeNull();
  });

  it('a bad lesson file shows its problems, titled with the file', async () => {
    const { store, engine } = setup();
    engine.fail = new EngineError('scenario', 'bad', [
      { file: 'broken.md', line: 3, column: 1, field: 'title', message: "needs 'zh-CN'" },
    ]);
    await store.openLessonText('---', 'broken.md');
    const s = store.get();
    expect(s.phase).toBe('failed');
    expect(s.notices[0]?.title).toBe('The lesson “broken.md” has problems');
    expect(s.notices[0]?.problems?.[0]).toMatchObject({ line: 3, field: 'title' });
  });

  it('"until shared state" takes the first step, then folds spin rounds, and stops before the next shared step', async () => {
    const { store, engine } = setup();
    await store.openLesson('spin');
    await store.untilShared(1);
    expect(engine.calls.filter((c) => c === 'step 1').length).toBe(7);
    expect(store.get().snap?.state.actors[1]?.next?.kind).toBe('cas');
    expect(store.get().announcement).toMatch(
      /^B took 7 steps, up to its next use of shared state\. The last one: /,
    );
    // a shared step next: one step only
    await store.untilShared(0);
    expect(engine.calls.at(-1)).toBe('step 0');
    expect(store.get().snap?.state.step).toBe(9);
  });
});

describe('the win is the learner’s', () => {
  it('a step of the auto-player marks the run as its own from there; a learner step that forks before it clears that', async () => {
    const { store } = setup();
    await store.openLesson('spin');
    await store.step(1);
    expect(ownRun(store.get())).toBe(true);
    store.play();
    await new Promise((r) => setTimeout(r, 30));
    store.pause();
    await store.step(0); // waits for the queue
    expect(store.get().assist).toEqual({ by: 'player', from: 2 });
    expect(ownRun(store.get())).toBe(false);
    await store.goto(2);
    expect(ownRun(store.get())).toBe(true); // back at the learner's own part
    await store.step(0); // a new future from step 2: the whole run is the learner's again
    expect(store.get().assist).toBeNull();
  });

  it('a lesson with `unlock: attempt` keeps Play and the explorer back until the learner has tried', async () => {
    const { store } = setup({ unlock: 'attempt' });
    await store.openLesson('spin');
    expect(helpLocked(store.get())).toBe(true);
    store.play();
    expect(store.get().playing).toBe(false);
    expect(store.get().announcement).toMatch(/Try it yourself first/);
    await store.step(1);
    expect(helpLocked(store.get())).toBe(true);
    await store.reset(); // an attempt given up counts
    expect(helpLocked(store.get())).toBe(false);
  });

  it('`unlock: hint` opens up with the first hint', async () => {
    const { store } = setup({ unlock: 'hint' });
    await store.openLesson('spin');
    expect(helpLocked(store.get())).toBe(true);
    store.noteHint();
    expect(helpLocked(store.get())).toBe(false);
  });

  it('reset is undoable', async () => {
    const { store, engine } = setup();
    await store.openLesson('spin');
    await store.step(1);
    await store.step(1);
    await store.reset();
    expect(store.get().undo).toEqual({ what: 'reset', step: 3, steps: 3 });
    await store.restore();
    expect(engine.calls.at(-1)).toBe('open lesson lessons/spin.md v1.X3');
    expect(store.get().undo).toBeNull();
  });
});
