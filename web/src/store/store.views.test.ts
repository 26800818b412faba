/*
 * The store's views and variants against a fake engine: switching variants (and
 * comparing the runs), opening a dropped file, the sources, going to a step,
 * where each actor's operation began.
 */
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
import { Store } from './store';
import { loadCards } from '../engines';

/** The fake scenarios' engine: the first of the list (any would do: the store loads the first for one it does not know). */
const ENGINE = (await loadCards())[0]!.id;

/**
 * Actor i's k-th step reads x.  Under `buggy`, every read from step 3 on sees
 * 1 instead of 0; a schedule that says "stop=N" diverges at step N; a
 * scenario that says "end=N" is done after N steps.  Each actor's operation
 * lasts two steps.  Its module knows the memory models sc and tso; under tso
 * the reads from step 4 on see 1.
 */
class Fake implements EngineBridge {
  variant = 'correct';
  memory = 'sc';
  history: number[] = [];
  at = 0;
  calls: string[] = [];
  failOpen: EngineError | null = null;
  end: number | null = null;

  #trace(): TraceEvent[] {
    return this.history.slice(0, this.at).map((a, k) => ({
      step: k + 1,
      time: 0,
      kind: 'load',
      actor: 'AB'[a],
      object: 'x',
      new: (this.variant === 'buggy' && k + 1 >= 3) || (this.memory === 'tso' && k + 1 >= 4) ? 1 : 0,
    }));
  }
  #snap(): Snapshot {
    const done = this.history.slice(0, this.at);
    const ended = this.end !== null && this.at >= this.end;
    const state: MachineState = {
      step: this.at,
      steps_recorded: this.history.length,
      time: 0,
      variant: this.variant,
      outcome: ended ? 'done' : 'running',
      actors: [0, 1].map((i) => ({
        name: 'AB'[i]!,
        kind: 'thread',
        priority: 0,
        op: Math.floor(done.filter((a) => a === i).length / 2),
        status: ended ? 'finished' : 'enabled',
        parker: 0,
        ...(ended ? {} : { next: { kind: 'load', object: 'x' } }),
      })),
      objects: [],
      stuck: [],
      violation: null,
      prints: [],
    };
    return {
      state,
      memory: this.memory,
      trace: this.#trace(),
      summary: {
        outcome: 'running',
        steps: this.at,
        schedule: 'v1: ' + done.map((a) => 'AB'[a]).join(' '),
        compact: 'v1.' + done.map((a) => 'AB'[a]).join(''),
        virtual_time: 0,
        stuck: [],
        violation: null,
        prints: [],
        end: 'waiting',
        message: '',
      },
    };
  }
  async open(source: ScenarioSource, o: OpenOptions = {}): Promise<Opened> {
    this.calls.push(
      `open ${source.file} ${o.variant ?? ''} ${o.schedule ?? ''}${o.keepPrefix ? ' keep' : ''}` +
        (o.memory && o.memory !== 'sc' ? ` memory=${o.memory}` : ''),
    );
    if (this.failOpen) throw this.failOpen;
    this.variant = o.variant ?? 'correct';
    const known = ['sc', 'tso'];
    this.memory = o.memory && known.includes(o.memory) ? o.memory : 'sc';
    const picks = (o.schedule ?? 'v1.')
      .slice(3)
      .split('')
      .map((c) => 'AB'.indexOf(c));
    const stop = /stop=(\d+)/.exec(source.text);
    const end = /end=(\d+)/.exec(source.text);
    this.end = end ? Number(end[1]) : null;
    const keep = stop ? Math.min(Number(stop[1]) - 1, picks.length) : picks.length;
    this.history = picks.slice(0, keep);
    this.at = this.history.length;
    const opened: Opened = {
      choiceKinds: [],
      memoryModels: known,
      scenario: {
        title: { en: source.file, 'zh-CN': source.file },
        engine: ENGINE,
        variant: 'correct',
        variants: ['correct', 'buggy'],
        actors: [
          { name: 'A', ops: [] },
          { name: 'B', ops: [] },
        ],
      },
      snapshot: this.#snap(),
    };
    if (o.memory && !known.includes(o.memory)) opened.badMemory = o.memory;
    if (stop && o.keepPrefix && picks.length >= Number(stop[1]))
      opened.diverged = { step: Number(stop[1]), message: `schedule diverged at step ${stop[1]}: no` };
    return opened;
  }
  async step(actor: number) {
    this.history = this.history.slice(0, this.at);
    this.history.push(actor);
    this.at++;
    return this.#snap();
  }
  async take(): Promise<Snapshot> {
    throw new Error('this fake offers no choice but steps');
  }
  async stepOver(actor: number) {
    await this.step(actor);
    return this.step(actor);
  }
  async goto(step: number) {
    this.calls.push(`goto ${step}`);
    this.at = step;
    return this.#snap();
  }
  async reset() {
    this.history = [];
    this.at = 0;
    return this.#snap();
  }
  async sources(engine: string) {
    this.calls.push(`sources ${engine}`);
    return { listed: ['a.c'], files: [{ path: 'a.c', text: 'int x;\n' }] };
  }
  async replay(): Promise<never> {
    throw new EngineError('engine', 'not in this fake');
  }
  async prove(): Promise<never> {
    throw new EngineError('engine', 'not in this fake');
  }
  async explore(): Promise<never> {
    throw new EngineError('engine', 'not in this fake');
  }
}

function setup(text = 'title: x') {
  const engine = new Fake();
  const store = new Store(async () => engine, {
    has: (id) => id === 'sandbox/fake',
    load: async (id) => ({ text, file: `${id}.yaml` }),
    fallback: 'sandbox/other',
  });
  const places: Place[] = [];
  store.onPlace = (p) => places.push(p);
  return { engine, store, places };
}

describe('switching variants', () => {
  it('replays the schedule so far under the other variant and finds the first difference', async () => {
    const { engine, store, places } = setup();
    await store.open('sandbox/fake');
    for (const a of [0, 1, 0, 1]) await store.step(a);
    await store.switchVariant('buggy');
    const s = store.get();
    expect(engine.calls.at(-1)).toBe('open sandbox/fake.yaml buggy v1.ABAB keep');
    expect(s.snap?.state.variant).toBe('buggy');
    expect(s.snap?.state.step).toBe(4);
    expect(s.variantDiff).toMatchObject({ step: 3, from: 'correct', to: 'buggy', same: false, compared: 4 });
    expect(s.variantDiff?.oldEvents[0]).toMatchObject({ actor: 'A', new: 0 });
    expect(s.variantDiff?.newEvents[0]).toMatchObject({ actor: 'A', new: 1 });
    expect(s.announcement).toBe('Switched to buggy. From step 3 the two variants differ.');
    expect(places.at(-1)).toEqual({
      scenario: 'sandbox/fake',
      variant: 'buggy',
      schedule: 'v1.ABAB',
      step: 4,
    });
    // back to the scenario's own variant: the address no longer names one
    await store.switchVariant('correct');
    expect(places.at(-1)?.variant).toBeUndefined();
  });
  it('says so when the runs agree', async () => {
    const { store } = setup();
    await store.open('sandbox/fake');
    await store.step(0);
    await store.switchVariant('buggy');
    expect(store.get().variantDiff).toMatchObject({ same: true, compared: 1 });
    store.dismissDiff();
    expect(store.get().variantDiff).toBeNull();
  });
  it('past the point where the schedule stops applying, follows the same order of actors, then finishes the run', async () => {
    const { engine, store } = setup('title: x\n# stop=2\n# end=6');
    await store.open('sandbox/fake');
    for (const a of [0, 1, 1]) await store.step(a);
    await store.switchVariant('buggy');
    const s = store.get();
    // kept A; then B, B as before; then round-robin to the end (A, B, A)
    expect(engine.history).toEqual([0, 1, 1, 0, 1, 0]);
    expect(s.snap?.state.steps_recorded).toBe(6);
    // the learner is put on the first step that differs (buggy reads 1 from step 3)
    expect(engine.calls.at(-1)).toBe('goto 3');
    expect(s.snap?.state.step).toBe(3);
    expect(s.variantDiff).toMatchObject({ step: 3, stoppedAt: 2, followed: 2, same: false, compared: 1 });
    // the steps past the parting are the replay's, not the learner's
    expect(s.assist).toEqual({ by: 'replay', from: 1 });
    // and the run the learner had is one Ctrl+Z away
    expect(s.undo).toMatchObject({ what: 'variant', step: 3, steps: 3 });
    await store.restore();
    expect(store.get().snap?.state.variant).toBe('correct');
    // (the fake's "stop=2" cuts every replay of it; the request is what counts)
    expect(engine.calls.at(-1)).toBe('open sandbox/fake.yaml correct v1.ABB');
  });
  it('before any step, just says it switched: nothing to compare yet', async () => {
    const { store } = setup();
    await store.open('sandbox/fake');
    await store.switchVariant('buggy');
    expect(store.get().snap?.state.variant).toBe('buggy');
    expect(store.get().variantDiff).toBeNull();
    expect(store.get().announcement).toBe('Switched to buggy.');
  });
  it('drops a "same so far" banner once the learner moves on', async () => {
    const { store } = setup();
    await store.open('sandbox/fake');
    await store.step(0);
    await store.switchVariant('buggy');
    expect(store.get().variantDiff).toMatchObject({ same: true });
    await store.step(1);
    expect(store.get().variantDiff).toBeNull();
  });
  it('ignores a variant the scenario does not allow', async () => {
    const { engine, store } = setup();
    await store.open('sandbox/fake');
    const before = engine.calls.length;
    await store.switchVariant('nonsense');
    await store.switchVariant('correct');
    expect(engine.calls.length).toBe(before);
  });
});

describe('a scenario file of one’s own', () => {
  it('opens, and the address then names no scenario', async () => {
    const { store, places } = setup();
    await store.open('sandbox/fake');
    await store.openFile('title: mine', 'mine.yaml');
    expect(store.get().fromFile).toBe('mine.yaml');
    expect(store.get().scenario?.title.en).toBe('mine.yaml');
    expect(places.at(-1)).toEqual({});
  });
  it('with problems, is reported with each problem and leaves the open scenario', async () => {
    const { engine, store } = setup();
    await store.open('sandbox/fake');
    await store.step(0);
    engine.failOpen = new EngineError('scenario', 'bad.yaml:3:5: actors: needs one', [
      { file: 'bad.yaml', line: 3, column: 5, field: 'actors', message: 'needs one' },
    ]);
    await store.openFile('nope', 'bad.yaml');
    const s = store.get();
    expect(s.phase).toBe('ready');
    expect(s.scenarioId).toBe('sandbox/fake');
    expect(s.snap?.state.step).toBe(1);
    expect(s.notices.at(-1)).toMatchObject({
      tone: 'error',
      title: 'The scenario file “bad.yaml” has a problem',
      problems: [{ line: 3, column: 5, field: 'actors' }],
    });
  });
  it('with problems and nothing open, fails in words', async () => {
    const { engine, store } = setup();
    engine.failOpen = new EngineError('scenario', 'x', [{ file: 'bad.yaml', message: 'not YAML' }]);
    await store.openFile('nope', 'bad.yaml');
    expect(store.get().phase).toBe('failed');
    expect(store.get().notices.at(-1)?.title).toBe('The scenario file “bad.yaml” has a problem');
  });
});

describe('sources, steps, operations', () => {
  it('loads the engine’s sources once', async () => {
    const { engine, store } = setup();
    await store.open('sandbox/fake');
    await store.loadSources();
    await store.loadSources();
    expect(engine.calls.filter((c) => c.startsWith('sources'))).toEqual([`sources ${ENGINE}`]);
    expect(store.get().sources?.files[0]?.path).toBe('a.c');
  });
  it('goes to any recorded step', async () => {
    const { store } = setup();
    await store.open('sandbox/fake');
    for (const a of [0, 0, 1]) await store.step(a);
    await store.goto(1);
    expect(store.get().snap?.state.step).toBe(1);
    expect(store.get().announcement).toBe('Jumped to step 1. Step 1: A read x: 0.');
    await store.goto(9); // beyond the recorded run: its end
    expect(store.get().snap?.state.step).toBe(3);
  });
  it('knows where each actor’s operation began, as it watched', async () => {
    const { store } = setup();
    await store.open('sandbox/fake');
    for (const a of [0, 1, 0, 0]) await store.step(a);
    // A: op 0 = steps 1, 3; op 1 began after step 3 and has done step 4
    expect(store.get().opSince).toEqual([3, 0]);
    await store.stepOver(1); // B: steps 5, 6 finish op 0
    expect(store.get().opSince).toEqual([3, 6]);
  });
});

describe('switching memory models', () => {
  it('replays the run under the other model, puts it in the address, and a variant switch keeps it', async () => {
    const { engine, store, places } = setup();
    await store.open('sandbox/fake');
    expect(store.get().memoryModels).toEqual(['sc', 'tso']);
    for (const a of [0, 1, 0, 1, 0]) await store.step(a);
    await store.switchMemory('tso');
    const s = store.get();
    expect(engine.calls.at(-1)).toBe('open sandbox/fake.yaml correct v1.ABABA keep memory=tso');
    expect(s.snap?.memory).toBe('tso');
    expect(s.variantDiff).toMatchObject({ setting: 'memory', step: 4, from: 'sc', to: 'tso', same: false });
    expect(s.announcement).toBe('Now under memory model tso. From step 4 the two runs differ.');
    expect(places.at(-1)).toEqual({ scenario: 'sandbox/fake', memory: 'tso', schedule: 'v1.ABABA', step: 5 });
    // a variant switch keeps the memory model
    await store.switchVariant('buggy');
    expect(engine.calls.at(-1)).toBe('open sandbox/fake.yaml buggy v1.ABABA keep memory=tso');
    expect(places.at(-1)).toMatchObject({ variant: 'buggy', memory: 'tso' });
    // back to the scenario's own model: the address no longer names one
    await store.switchMemory('sc');
    expect(places.at(-1)?.memory).toBeUndefined();
    expect(store.get().snap?.memory).toBe('sc');
  });
  it('ignores a model the module does not list, and brings back the run before a switch', async () => {
    const { engine, store } = setup();
    await store.open('sandbox/fake');
    for (const a of [0, 1]) await store.step(a);
    const calls = engine.calls.length;
    await store.switchMemory('weird');
    expect(engine.calls.length).toBe(calls);
    await store.switchMemory('tso');
    expect(store.get().undo).toMatchObject({ what: 'memory', steps: 2 });
    await store.restore();
    expect(store.get().snap?.memory).toBe('sc');
  });
  it("opens an address naming an unknown model under the scenario's own, saying which parameter was wrong", async () => {
    const { store } = setup();
    await store.open('sandbox/fake', { memory: 'weird', schedule: 'v1.AB' });
    const s = store.get();
    expect(s.snap?.memory).toBe('sc');
    expect(s.snap?.state.step).toBe(2);
    expect(s.notices.map((n) => n.title)).toContain(
      'The address asks for memory=weird, a memory model this app does not know (it knows: sc, tso); showing “sc”.',
    );
  });
});
