import { describe, expect, it } from 'vitest';
import {
  EngineError,
  type EngineBridge,
  type OpenOptions,
  type Opened,
  type ScenarioSource,
} from '../bridge/bridge';
import type { MachineState, Snapshot, TraceEvent } from '../bridge/types';
import type { Place } from '../model/params';
import { ownRun, Store } from './store';
import { loadCards } from '../engines';

/** The fake scenarios' engine: the first of the list (any would do: the store loads the first for one it does not know). */
const ENGINE = (await loadCards())[0]!.id;

/** A fake engine: a counter that actor i increments by (i + 1) per step. */
class FakeEngine implements EngineBridge {
  history: number[] = [];
  step_ = 0;
  calls: string[] = [];
  fail: EngineError | null = null;
  /** what the engine calls the actors: threads, or (the rtos and executor models) tasks */
  kind: 'thread' | 'task' = 'thread';

  #snap(): Snapshot {
    const done = this.history.slice(0, this.step_);
    const value = done.reduce((s, a) => s + a + 1, 0);
    const trace: TraceEvent[] = done.map((a, k) => ({
      step: k + 1,
      time: 0,
      kind: 'fetch_add',
      actor: a === 0 ? 'A' : 'B',
      object: 'n',
      arg: a + 1,
      old: value,
      new: value,
    }));
    const state: MachineState = {
      step: this.step_,
      steps_recorded: this.history.length,
      time: 0,
      variant: 'correct',
      outcome: 'running',
      actors: ['A', 'B'].map((name) => ({
        name,
        kind: this.kind,
        priority: 0,
        op: 0,
        status: 'enabled',
        parker: 0,
      })),
      objects: [{ name: 'n', type: 'atomic_counter', engine: ENGINE, address: 8, fields: { value } }],
      stuck: [],
      violation: null,
      prints: [],
    };
    return {
      state,
      trace,
      summary: {
        outcome: 'running',
        steps: this.step_,
        schedule: 'v1: ' + done.map((a) => 'AB'[a]).join(' '),
        compact: `v1.X${this.step_}`,
        virtual_time: 0,
        stuck: [],
        violation: null,
        prints: [],
        end: 'finished',
        message: '',
      },
    };
  }
  async open(source: ScenarioSource, options: OpenOptions = {}): Promise<Opened> {
    this.calls.push(`open ${source.file} ${options.schedule ?? ''}`);
    if (this.fail) throw this.fail;
    // an address's step= on a replayed schedule: A's steps up to it
    this.history = options.schedule && options.step ? Array.from({ length: options.step }, () => 0) : [];
    this.step_ = this.history.length;
    return {
      choiceKinds: [],
      memoryModels: ['sc'],
      scenario: {
        title: { en: 'Fake', 'zh-CN': '假场景' },
        engine: ENGINE,
        actors: [
          { name: 'A', ops: [] },
          { name: 'B', ops: [] },
        ],
      },
      snapshot: this.#snap(),
      scheduleError: options.schedule === 'bad' ? 'schedule diverged at step 2' : undefined,
    };
  }
  async step(actor: number) {
    this.calls.push(`step ${actor}`);
    await new Promise((r) => setTimeout(r, actor === 0 ? 5 : 0)); // A is slow: order must still hold
    this.history = this.history.slice(0, this.step_);
    this.history.push(actor);
    this.step_++;
    return this.#snap();
  }
  async take(): Promise<Snapshot> {
    throw new Error('this fake offers no choice but steps');
  }
  async stepOver(actor: number) {
    return this.step(actor);
  }
  async goto(step: number) {
    this.calls.push(`goto ${step}`);
    this.step_ = step;
    return this.#snap();
  }
  async reset() {
    this.calls.push('reset');
    this.history = [];
    this.step_ = 0;
    return this.#snap();
  }
  // replay and explore are tested in play.test.ts and explore.test.ts
  async replay(): Promise<never> {
    throw new EngineError('engine', 'not in this fake');
  }
  async prove(): Promise<never> {
    throw new EngineError('engine', 'not in this fake');
  }
  async explore(): Promise<never> {
    throw new EngineError('engine', 'not in this fake');
  }
  async sources() {
    return { listed: [], files: [] };
  }
}

function setup() {
  const engine = new FakeEngine();
  const store = new Store(async () => engine, {
    has: (id) => id === 'sandbox/fake' || id === 'sandbox/other',
    load: async (id) => ({ text: 'title: x', file: `${id}.yaml` }),
    fallback: 'sandbox/fake',
  });
  const places: Place[] = [];
  store.onPlace = (p) => places.push(p);
  return { engine, store, places };
}

describe('store', () => {
  it('opens a scenario and announces it', async () => {
    const { store } = setup();
    expect(store.get().phase).toBe('loading');
    await store.open('sandbox/fake');
    const s = store.get();
    expect(s.phase).toBe('ready');
    expect(s.scenario?.title).toEqual({ en: 'Fake', 'zh-CN': '假场景' });
    expect(s.announcement).toBe('Fake is ready. 2 threads.');
  });

  it('announces a scenario by its title in the learner’s language', async () => {
    const { setLocale } = await import('../i18n');
    setLocale('zh-CN');
    try {
      const { store } = setup();
      await store.open('sandbox/fake');
      expect(store.get().announcement).toBe('假场景 已就绪，共 2 个线程。');
    } finally {
      setLocale('en');
    }
  });

  it('a run the address names as the explorer’s stays the explorer’s after a reload (by=, from=)', async () => {
    const { store, places } = setup();
    await store.open('sandbox/fake', { schedule: 'v1.X2', step: 2, assist: { by: 'explorer', from: 0 } });
    await new Promise((r) => setTimeout(r, 200)); // the address follows a moment after the last step
    expect([store.get().snap?.state.step, store.get().assist]).toEqual([2, { by: 'explorer', from: 0 }]);
    expect(ownRun(store.get())).toBe(false); // the goal banner says who reached it, not "Goal reached" for the learner
    expect(store.get().assist).toEqual({ by: 'explorer', from: 0 });
    expect(places.at(-1)).toMatchObject({ schedule: 'v1.X2', by: 'explorer', from: 0 });
    // an address without by= is the learner's own run
    await store.open('sandbox/other', { schedule: 'v1.X2', step: 2 });
    expect(ownRun(store.get())).toBe(true);
  });

  it('announces tasks where the engine’s model has tasks', async () => {
    const { engine, store } = setup();
    engine.kind = 'task';
    await store.open('sandbox/fake');
    expect(store.get().announcement).toBe('Fake is ready. 2 tasks.');
  });

  it('applies steps in the order they were asked for', async () => {
    const { store, engine } = setup();
    await store.open('sandbox/fake');
    await Promise.all([store.step(0), store.step(1), store.step(0)]);
    expect(engine.history).toEqual([0, 1, 0]);
    expect(store.get().snap?.state.objects[0]?.fields.value).toBe(4);
    expect([...store.get().changed]).toEqual(['n']);
  });

  it('goes back and forward along the recorded run, and resets', async () => {
    const { store, engine, places } = setup();
    await store.open('sandbox/fake');
    await store.step(0);
    await store.step(1);
    await store.back();
    expect(store.get().snap?.state.step).toBe(1);
    expect(store.get().announcement).toBe('Back to step 1.');
    await store.forward();
    expect(store.get().snap?.state.step).toBe(2);
    await store.forward(); // nothing recorded beyond: no request
    await store.reset();
    expect(engine.calls.filter((c) => c.startsWith('goto'))).toEqual(['goto 1', 'goto 2']);
    expect(store.get().announcement).toBe('Back at the start.');
    expect(places.at(-1)).toEqual({ scenario: undefined, schedule: undefined, step: undefined });
    expect(places).toContainEqual({ scenario: undefined, schedule: 'v1.X2', step: 2 });
  });

  it('does not step an actor that cannot move, or before the scenario is open', async () => {
    const { store, engine } = setup();
    await store.step(0);
    await store.open('sandbox/fake');
    await store.step(7);
    expect(engine.calls).toEqual(['open sandbox/fake.yaml ']);
  });

  it('says so when the address names no such scenario, and opens the default', async () => {
    const { store } = setup();
    await store.open('nope/none', { schedule: 'v1: A' });
    expect(store.get().scenarioId).toBe('sandbox/fake');
    expect(store.get().notices[0]?.title).toMatch(/no scenario called “nope\/none”/);
  });

  it('reports a schedule that could not be replayed', async () => {
    const { store } = setup();
    await store.open('sandbox/other', { schedule: 'bad' });
    expect(store.get().phase).toBe('ready');
    expect(store.get().notices.map((n) => n.title)).toEqual([
      'The “schedule” parameter in the address could not be replayed (schedule diverged at step 2), so the run starts from the beginning. To share a run, copy its link again with Share.',
    ]);
    expect(store.get().notices[0]?.tone).toBe('error');
  });

  it('lists the problems of a bad scenario, with file and line', async () => {
    const { store, engine } = setup();
    engine.fail = new EngineError('scenario', 'bad scenario', [
      { file: 'sandbox/fake.yaml', line: 3, column: 5, field: 'actors.A', message: 'unknown operation' },
    ]);
    await store.open('sandbox/fake');
    const s = store.get();
    expect(s.phase).toBe('failed');
    expect(s.notices[0]?.problems?.[0]?.line).toBe(3);
    store.dismiss(s.notices[0]!.id);
    expect(store.get().notices).toEqual([]);
  });

  it('explains a module that failed to load', async () => {
    const store = new Store(async () => Promise.reject(new Error('404')), {
      has: () => true,
      load: async () => ({ text: '', file: 'x.yaml' }),
      fallback: 'x',
    });
    await store.open('x');
    expect(store.get().phase).toBe('failed');
    expect(store.get().notices[0]?.detail).toMatch(/make build.*404/);
  });
});
