/*
 * The store's timeline and explorer actions against a fake engine: play and
 * pause, jumping along the step bar, forking a new future, replaying an
 * edited schedule, and the explorer loading its counterexample.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EngineError,
  type EngineBridge,
  type OpenOptions,
  type Opened,
  type ScenarioSource,
} from '../bridge/bridge';
import type { ExploreJob, ExploreOptions, ExploreProgress, ExploreResult } from '../bridge/explorer';
import type { MachineState, Snapshot, TraceEvent } from '../bridge/types';
import { Store } from './store';
import { loadCards } from '../engines';

/** The fake scenarios' engine: the first of the list (any would do: the store loads the first for one it does not know). */
const ENGINE = (await loadCards())[0]!.id;

/** Two actors, each with `length` steps; the history is a list of actor indices. */
class Fake implements EngineBridge {
  history: number[] = [];
  at = 0;
  length = 3;
  calls: string[] = [];
  exploreResult: ExploreResult | null = null;
  progress: ((p: ExploreProgress) => void) | null = null;
  release: (() => void) | null = null;
  cancelled = false;

  snap(): Snapshot {
    const done = this.history.slice(0, this.at);
    const left = [0, 1].map((a) => this.length - done.filter((x) => x === a).length);
    const trace: TraceEvent[] = done.map((a, k) => ({ step: k + 1, time: 0, kind: 'work', actor: 'AB'[a] }));
    const finished = left.every((n) => n === 0);
    const state: MachineState = {
      step: this.at,
      steps_recorded: this.history.length,
      time: 0,
      variant: 'correct',
      outcome: finished ? 'done' : 'running',
      actors: ['A', 'B'].map((name, i) => ({
        name,
        kind: 'thread',
        priority: 0,
        op: 0,
        status: left[i]! > 0 ? 'enabled' : 'finished',
        parker: 0,
      })),
      objects: [],
      stuck: [],
      violation: null,
      prints: [],
    };
    const schedule = 'v1: ' + this.history.map((a) => 'AB'[a]).join(' ');
    return {
      state,
      trace,
      summary: {
        outcome: state.outcome,
        steps: this.history.length,
        schedule,
        compact: `v1.${this.history.join('')}`,
        virtual_time: 0,
        stuck: [],
        violation: null,
        prints: [],
        end: 'waiting',
        message: '',
      },
    };
  }
  async open(_s: ScenarioSource, _o: OpenOptions = {}): Promise<Opened> {
    this.history = [];
    this.at = 0;
    return {
      choiceKinds: [],
      memoryModels: ['sc'],
      scenario: {
        title: { en: 'Fake', 'zh-CN': 'Fake' },
        engine: ENGINE,
        actors: [
          { name: 'A', ops: [] },
          { name: 'B', ops: [] },
        ],
      },
      snapshot: this.snap(),
    };
  }
  async step(actor: number) {
    this.calls.push(`step ${actor}`);
    if (this.history[this.at] !== actor) this.history = this.history.slice(0, this.at).concat(actor);
    this.at++;
    return this.snap();
  }
  async take(): Promise<Snapshot> {
    throw new Error('this fake offers no choice but steps');
  }
  async stepOver(actor: number) {
    return this.step(actor);
  }
  /** when set, goto waits for it (a slow replay) */
  gate: Promise<void> | null = null;
  async goto(step: number) {
    this.calls.push(`goto ${step}`);
    if (this.gate) await this.gate;
    this.at = step;
    return this.snap();
  }
  async reset() {
    this.history = [];
    this.at = 0;
    return this.snap();
  }
  async sources() {
    return { listed: [], files: [] };
  }
  async replay(schedule: string, step?: number) {
    this.calls.push(`replay ${schedule} ${step ?? ''}`.trim());
    const names = schedule
      .replace(/^v1:\s*/, '')
      .split(' ')
      .filter(Boolean);
    if (names.some((n) => n !== 'A' && n !== 'B'))
      throw new EngineError(
        'engine',
        `schedule names actor '${names.find((n) => n !== 'A' && n !== 'B')}', which this scenario does not have`,
      );
    this.history = names.map((n) => (n === 'A' ? 0 : 1));
    this.at = step ?? this.history.length;
    return { snapshot: this.snap() };
  }
  async prove(o: ExploreOptions, onProgress: (p: ExploreProgress) => void): Promise<ExploreJob> {
    this.calls.push('prove');
    return this.#job(onProgress);
  }
  async explore(_o: ExploreOptions, onProgress: (p: ExploreProgress) => void): Promise<ExploreJob> {
    this.calls.push('explore');
    return this.#job(onProgress);
  }
  #job(onProgress: (p: ExploreProgress) => void): ExploreJob {
    this.progress = onProgress;
    let resolve!: (r: ExploreResult | null) => void;
    const result = new Promise<ExploreResult | null>((r) => (resolve = r));
    this.release = () => resolve(this.exploreResult);
    return {
      result,
      cancel: () => {
        this.cancelled = true;
        resolve(null);
      },
    };
  }
}

async function setup() {
  const engine = new Fake();
  const store = new Store(async () => engine, {
    has: () => true,
    load: async (id) => ({ text: 'x', file: `${id}.yaml` }),
    fallback: 'sandbox/fake',
  });
  await store.open('sandbox/fake');
  return { engine, store };
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe('playing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('steps round-robin at the chosen speed until the run ends, then stops by itself', async () => {
    const { engine, store } = await setup();
    store.setSpeed(4); // 16 steps/s
    store.play();
    expect(store.get().playing).toBe(true);
    for (let i = 0; i < 10; i++) {
      await flush();
      await vi.advanceTimersByTimeAsync(70);
    }
    expect(engine.calls.filter((c) => c.startsWith('step'))).toEqual([
      'step 0',
      'step 1',
      'step 0',
      'step 1',
      'step 0',
      'step 1',
    ]);
    expect(store.get().snap?.state.outcome).toBe('done');
    expect(store.get().playing).toBe(false);
  });

  it('follows the recorded future before choosing, and pauses when the learner acts', async () => {
    const { engine, store } = await setup();
    await store.loadSchedule('B B A');
    await store.goto(0);
    engine.calls = [];
    store.setSpeed(0); // one step a second
    store.play();
    await flush();
    expect(engine.calls).toEqual(['goto 1']);
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(engine.calls).toEqual(['goto 1', 'goto 2']);
    await store.back();
    expect(store.get().playing).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(engine.calls).toEqual(['goto 1', 'goto 2', 'goto 1']);
  });

  it('says so when there is nothing to play', async () => {
    const { store } = await setup();
    await store.loadSchedule('A B A B A B');
    store.play();
    expect(store.get().playing).toBe(false);
    expect(store.get().announcement).toBe('The run has ended.');
  });

  it('Space toggles', async () => {
    const { store } = await setup();
    store.togglePlay();
    expect(store.get().playing).toBe(true);
    store.togglePlay();
    expect(store.get().playing).toBe(false);
  });
});

describe('moving in time', () => {
  it('jumps to any recorded step, clamped, and replays only the latest of a drag', async () => {
    const { engine, store } = await setup();
    await store.loadSchedule('A B A B');
    engine.calls = [];
    const a = store.goto(1);
    const b = store.goto(3);
    const c = store.goto(99);
    await Promise.all([a, b, c]);
    expect(engine.calls).toEqual(['goto 4']);
    await store.goto(-5);
    expect(store.get().snap?.state.step).toBe(0);
    expect(store.get().announcement).toMatch(/^Jumped to step 0\./);
  });

  it('replays a target that arrives during a replay after it, never losing the last one', async () => {
    const { engine, store } = await setup();
    await store.loadSchedule('A B A B');
    engine.calls = [];
    let open!: () => void;
    engine.gate = new Promise((r) => (open = r));
    const a = store.goto(1);
    await flush();
    expect(engine.calls).toEqual(['goto 1']); // replaying, slowly
    const b = store.goto(2);
    const c = store.goto(3); // merges into b's replay
    engine.gate = null;
    open();
    await Promise.all([a, b, c]);
    expect(engine.calls).toEqual(['goto 1', 'goto 3']);
    expect(store.get().snap?.state.step).toBe(3);
  });

  it('says when a step after going back starts a new future', async () => {
    const { store } = await setup();
    await store.loadSchedule('A B A');
    await store.goto(1);
    await store.step(0); // the recorded run had B here
    expect(store.get().announcement).toMatch(/^A new future from step 1/);
    expect(store.get().snap?.state.steps_recorded).toBe(2);
    await store.goto(1);
    await store.step(0); // the same as recorded: no fork
    expect(store.get().announcement).not.toMatch(/new future/);
  });

  it('marks the steps of a hovered message, once', async () => {
    const { store } = await setup();
    let changes = 0;
    store.subscribe(() => changes++);
    store.mark({ from: 2, to: 5 });
    store.mark({ from: 2, to: 5 });
    expect(store.get().marked).toEqual({ from: 2, to: 5 });
    store.mark(null);
    expect(changes).toBe(2);
  });
});

describe('editing the schedule', () => {
  it('replays a typed schedule and ends where it ends', async () => {
    const { engine, store } = await setup();
    expect(await store.loadSchedule(' A  B ')).toBeNull();
    expect(engine.calls.at(-1)).toBe('replay v1: A B');
    expect(store.get().snap?.state.step).toBe(2);
    expect(store.get().announcement).toBe('Replayed the schedule: 2 steps.');
  });
  it('shows the engine’s words for a schedule that does not fit, and keeps the run', async () => {
    const { engine, store } = await setup();
    await store.loadSchedule('A');
    const error = await store.loadSchedule('A Z');
    expect(error).toBe(
      "That schedule does not fit this scenario: schedule names actor 'Z', which this scenario does not have",
    );
    expect(store.get().busy).toBe(false);
    expect(await store.loadSchedule('A;B')).toMatch(/letters, digits/);
    expect(engine.calls.filter((c) => c.startsWith('replay'))).toHaveLength(2);
  });
});

describe('the explorer', () => {
  const found: ExploreResult = {
    found: true,
    kind: 'stuck',
    schedule: 'v1: B A B',
    steps: 3,
    preemptions: 2,
    executions: 9,
    pruned: 4,
    bound: 2,
    complete: true,
    reason: '',
    message: 'B parked forever',
    summary: '',
    elapsedMs: 0.6,
  };
  /** A search that found nothing: `found`'s fields, with `o`'s. */
  const nothing = (o: Partial<ExploreResult>): ExploreResult => ({
    ...found,
    found: false,
    kind: null,
    schedule: null,
    ...o,
  });
  /** Starts a search with `start`, lets the fake engine answer and waits for the store. */
  const answered = async (start: () => Promise<void>, engine: Fake) => {
    const done = start();
    await flush();
    engine.release!();
    await done;
  };
  /** Starts a search with `start`, cancels it and waits for the store; the engine heard the cancel. */
  const cancelled = async (start: () => Promise<void>, store: Store, engine: Fake) => {
    const done = start();
    await flush();
    store.cancelExplore();
    await done;
    expect(engine.cancelled).toBe(true);
  };

  it('reports progress, then loads the counterexample at step 0 to step through', async () => {
    const { engine, store } = await setup();
    engine.exploreResult = found;
    const done = store.explore({ bound: 3 });
    await flush();
    expect(store.get().explorer.status).toBe('running');
    engine.progress!({ executions: 5, bound: 1, pruned: 2, elapsedMs: 0.3 });
    expect(store.get().explorer.progress).toEqual({ executions: 5, bound: 1, pruned: 2, elapsedMs: 0.3 });
    engine.release!();
    await done;
    const x = store.get().explorer;
    expect(x.status).toBe('found');
    expect(x.line).toBe('Found: stuck after 3 steps with 2 preemptions, in 9 executions (0.6 ms).');
    expect(engine.calls.at(-1)).toBe('replay v1: B A B 0');
    expect(store.get().snap?.state.step).toBe(0);
    expect(store.get().snap?.state.steps_recorded).toBe(3);
    expect(store.get().announcement).toMatch(/Its 3 steps are loaded at step 0/);
  });

  it('says what was proven when nothing is found, and leaves the run alone', async () => {
    const { engine, store } = await setup();
    engine.exploreResult = nothing({ executions: 310, bound: 3, elapsedMs: 12 });
    await answered(() => store.explore(), engine);
    expect(store.get().explorer.status).toBe('none');
    expect(store.get().explorer.line).toBe(
      'No stuck run or failed check within 3 preemptions: 310 executions, complete (12 ms).',
    );
    expect(engine.calls.some((c) => c.startsWith('replay'))).toBe(false);
  });

  it('cancels', async () => {
    const { engine, store } = await setup();
    await cancelled(() => store.explore(), store, engine);
    expect(store.get().explorer.status).toBe('cancelled');
    expect(store.get().explorer.line).toMatch(/^Search cancelled after 0 executions/);
    store.closeExplorer();
    expect(store.get().explorer.status).toBe('idle');
  });

  it('proves in workers: says the estimate and the time left, then exactly what was proven', async () => {
    const { engine, store } = await setup();
    engine.exploreResult = nothing({ executions: 412, bound: -1, elapsedMs: 300 });
    const done = store.prove();
    await flush();
    expect(engine.calls.at(-1)).toBe('prove');
    expect(store.get().explorer.mode).toBe('prove');
    engine.progress!({
      executions: 100,
      bound: -1,
      pruned: 0,
      elapsedMs: 100,
      estimate: 400,
      secondsLeft: 0.3,
      rate: 1000,
    });
    expect(store.get().explorer.progress?.estimate).toBe(400);
    engine.release!();
    await done;
    expect(store.get().explorer.status).toBe('none');
    expect(store.get().explorer.line).toBe(
      'Proven: no stuck run in any interleaving of A and B: 412 executions, 300 ms.',
    );
  });

  it('says when every interleaving is out of reach, and what the bounded search covers', async () => {
    const { engine, store } = await setup();
    engine.exploreResult = nothing({
      executions: 0,
      complete: false,
      outOfReach: { executions: 3e6, steps: 9e7, limit: 2e7 },
    });
    await answered(() => store.prove(), engine);
    expect(store.get().explorer.line).toBe(
      'Every interleaving is out of reach here: about 3,000,000 executions and 90,000,000 steps, beyond the limit of 20,000,000 steps. A bounded search (Find a bad interleaving) covers every interleaving with at most 3 preemptions.',
    );
  });

  it('cancels a proof at any moment', async () => {
    const { engine, store } = await setup();
    await cancelled(() => store.prove(), store, engine);
    expect(store.get().explorer.status).toBe('cancelled');
  });

  it('does not load a result into a scenario the learner has left', async () => {
    const { engine, store } = await setup();
    engine.exploreResult = found;
    const done = store.explore();
    await flush();
    await store.open('sandbox/other');
    engine.release!();
    await done;
    expect(store.get().explorer.status).toBe('found');
    expect(engine.calls.some((c) => c.startsWith('replay'))).toBe(false);
  });
});
