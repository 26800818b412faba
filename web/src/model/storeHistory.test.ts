/*
 * The store-history panel's model and the words for which store a load
 * read, on real runs of the MP litmus test (tests/scenarios/<engine>/litmus/mp.yaml)
 * under ra: each cell's stores in modification order with the views on
 * them, the stores B's load of data may read (the older one a read_from
 * choice, the newest its plain step), the reads-from edge of the last load,
 * and the narration, the trace list, the diagram and the lane's preview in
 * both languages; under sc none of it exists and every word is as before.
 */
import { catalog, Session } from '@lockstep/lockstep.js';
import { loadModule } from '@lockstep/node.js';
import { compileScenario } from '@lockstep/scenario.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ExtraChoice, MachineState, TraceEvent } from '../bridge/types';
import { setLocale } from '../i18n';
import { nextEffect } from './describe';
import { narrateEvent } from './format';
import { sequenceDiagram } from './mermaid';
import { placedNote, placedSentence, readFromWords, staleReadSentence } from './readWords';
import { cellName } from './memory';
import { accessOptions, cellHistories, pickOptions, staleRead } from './storeHistory';
import { traceRows } from './tracelist';
import { litmusText } from './litmus.fixture';
import { viewOf } from './session.fixture';

const text = litmusText;

let M: Awaited<ReturnType<typeof loadModule>>;
beforeAll(async () => {
  M = await loadModule();
});
afterEach(() => setLocale('en'));

/**
 * Opens `name` under `memory` and takes `moves`: an actor's index steps it, [actor, store]
 * reads that store, ['place', actor, at] puts its store at place `at`.
 */
function play(
  name: string,
  memory: string,
  moves: (number | [number, number] | ['place', number, number])[],
) {
  const compiled = compileScenario(text(name), { file: name, catalog: catalog(M) });
  const s = new Session(M, compiled.bytecode, { memory });
  try {
    for (const m of moves) {
      if (typeof m === 'number') s.step(m);
      else if (m[0] === 'place') s.take('place', m[1], m[2]);
      else s.take('read_from', m[0], m[1]);
    }
    return { ...viewOf(s), schedule: (s.summary() as { schedule: string }).schedule };
  } finally {
    s.free();
  }
}

const diagram = (trace: TraceEvent[]) => sequenceDiagram({ trace, actors: ['A', 'B'], objects: [] }).text;

describe('the store history under ra (MP, relaxed)', () => {
  it('after A’s two stores and B’s read of the flag: both cells’ stores in order, each view, B may read data’s 0 or 1', () => {
    const { state, choices, trace } = play('mp', 'ra', [0, 0, 1]);
    const cells = cellHistories(state, choices, trace)!;
    expect(cells.map((c) => c.name)).toEqual(['data', 'flag']);
    const [data, flag] = cells;
    expect(data!.stores.map((s) => [s.index, s.value, s.by, s.step, s.order])).toEqual([
      [0, 0, null, 0, 'relaxed'],
      [1, 1, 'A', 1, 'relaxed'],
    ]);
    // A has seen its own store; B's view of data is still the initial store
    expect(data!.stores.map((s) => s.views)).toEqual([['B'], ['A']]);
    expect(data!.stores.map((s) => s.readable)).toEqual([['B'], ['B']]);
    // the last load (B's of flag) read A's store 1
    expect(flag!.stores.map((s) => s.readBy)).toEqual([undefined, { actor: 'B', step: 3 }]);
    expect(data!.stores.every((s) => s.readBy === undefined)).toBe(true);
    expect(accessOptions(state, choices, 1, 'read')).toEqual([
      { kind: 'read', object: 'data', cell: 0, store: 0, value: 0, by: null, step: 0, newest: false },
      { kind: 'read', object: 'data', cell: 0, store: 1, value: 1, by: 'A', step: 1, newest: true },
    ]);
    expect(accessOptions(state, choices, 0, 'read')).toEqual([]);
  });

  it('B reads the initial data though A stored 1: the edge, the stale read and the outcome sc cannot give', () => {
    const run = play('mp', 'ra', [0, 0, 1, [1, 0]]);
    expect(run.state.outcome).toBe('violation');
    expect(run.schedule).toBe('v3: A A B <B:0');
    const data = cellHistories(run.state, run.choices, run.trace)![0]!;
    expect(data.stores.map((s) => s.readBy?.actor ?? null)).toEqual(['B', null]);
    const load = run.trace.findIndex((e) => e.kind === 'load' && e.object === 'data');
    expect(staleRead(run.trace, load)).toEqual({ by: null, at: 0, newest: { value: 1, by: 'A', step: 1 } });
    expect(narrateEvent(run.trace, load, new Set())).toBe(
      'B read data = 0, the initial value, though A stored 1 at step 1.',
    );
    expect(readFromWords(run.trace, load)).toBe('read store 0 (initial), not the newest (1, A at step 1)');
    // what it did, after a step's label
    expect(staleReadSentence(run.trace, load, 'what')).toBe(
      'read data = 0, the initial value, though A stored 1 at step 1',
    );
    const flagLoad = run.trace.findIndex((e) => e.kind === 'load' && e.object === 'flag');
    expect(readFromWords(run.trace, flagLoad)).toBe('read store 1 (A, step 2)');
    expect(narrateEvent(run.trace, flagLoad, new Set())).toBe('B read flag: 1.');
    expect(traceRows(run.trace).rows.find((r) => r.step === 4 && r.kind === 'load')!.what).toBe(
      'load value · 0 · read store 0 (initial), not the newest (1, A at step 1)',
    );
    expect(diagram(run.trace)).toContain('reads an older store: 0 (initial), not 1 from A at step 1');

    setLocale('zh-CN');
    expect(narrateEvent(run.trace, load, new Set())).toBe(
      'B 读到 data = 0，这是初始值；其实 A 已在第 1 步写入了 1。',
    );
    expect(readFromWords(run.trace, load)).toBe('读第 0 次写入（初始值），不是最新的（1，A 第 1 步）');
    expect(staleReadSentence(run.trace, load, 'what')).toBe(
      '读到 data = 0，这是初始值；其实 A 已在第 1 步写入了 1',
    );
    expect(diagram(run.trace)).toContain('读到较旧的写入：0（初始值），而不是 A 在第 1 步写入的 1');
  });

  it('a read of a store older than the newest but not the initial one names its writer', () => {
    const trace: TraceEvent[] = [
      { step: 1, time: 0, kind: 'store', actor: 'A', object: 'x', old: 0, new: 1, store: 1 },
      { step: 2, time: 0, kind: 'store', actor: 'A', object: 'x', old: 1, new: 2, store: 2 },
      {
        step: 3,
        time: 0,
        kind: 'load',
        actor: 'B',
        object: 'x',
        old: 1,
        new: 1,
        read_store: 1,
        stores: 3,
        stored_at: 1,
        stored_by: 'A',
      },
    ];
    expect(narrateEvent(trace, 2, new Set())).toBe(
      'B read x = 1, stored by A at step 1, though A stored 2 at step 2.',
    );
    // a load the engine labelled says its label first, then which store it read
    const labelled = trace.map((e) => (e.kind === 'load' ? { ...e, label: 'is the flag set?' } : e));
    expect(narrateEvent(labelled, 2, new Set())).toBe(
      'B, is the flag set? — read x = 1, stored by A at step 1, though A stored 2 at step 2.',
    );
    setLocale('zh-CN');
    expect(narrateEvent(trace, 2, new Set())).toBe(
      'B 读到 x = 1，来自 A 在第 1 步的写入；其实 A 已在第 2 步写入了 2。',
    );
  });

  it('under sc there is no history, no pick and no new word', () => {
    const { state, choices, trace } = play('mp', 'sc', [0, 0, 1]);
    expect(cellHistories(state, choices, trace)).toBeNull();
    expect(accessOptions(state, choices, 1, 'read')).toEqual([]);
    expect(state.actors[1]!.next!.order).toBeUndefined();
    expect(trace.map((_, i) => readFromWords(trace, i)).every((w) => w === null)).toBe(true);
  });
});

describe('the lane’s preview of a pending access', () => {
  it('under tso a store says it goes into the actor’s buffer, with its order', () => {
    const { state } = play('sb', 'tso', []);
    const a = state.actors[0]!;
    expect(a.next!.order).toBe('relaxed');
    expect(nextEffect(a.next!, a, state)).toBe('x ← 1 into A’s store buffer (memory keeps 0) · relaxed');
    setLocale('zh-CN');
    expect(nextEffect(a.next!, a, state)).toBe('x ← 1 进入 A 的存储缓冲区（内存仍为 0） · relaxed');
  });

  it('under ra a store changes the cell and says its order; under sc nothing new is said', () => {
    const ra = play('mp-rel-acq', 'ra', [0]);
    const a = ra.state.actors[0]!;
    expect(nextEffect(a.next!, a, ra.state)).toBe('flag: 0 → 1 · release');
    const sc = play('mp-rel-acq', 'sc', [0]);
    const b = sc.state.actors[0]!;
    expect(nextEffect(b.next!, b, sc.state)).toBe('flag: 0 → 1');
  });

  it('under ra a load that may still read an older store says the newest is not the only one', () => {
    // MP relaxed after A's two stores and B's load of the flag: B's view of data is the initial store
    const { state } = play('mp', 'ra', [0, 0, 1]);
    const b = state.actors[1]!;
    expect(nextEffect(b.next!, b, state)).toBe(
      'reads 1, the newest store, unless you pick an older one · relaxed',
    );
    setLocale('zh-CN');
    expect(nextEffect(b.next!, b, state)).toBe('读到最新的一次写入 1，除非你选一次更早的 · relaxed');
    // with release/acquire, B's acquire load of the flag brought A's store of data into its view:
    // the newest is the only store B may read
    const synced = play('mp-rel-acq', 'ra', [0, 0, 1]).state;
    setLocale('en');
    expect(nextEffect(synced.actors[1]!.next!, synced.actors[1]!, synced)).toBe('reads 1 · relaxed');
  });
});

describe('two atomic cells of one object (a OnceLock’s flag and value) under ra', () => {
  // the engine is the one whose catalog has the once_lock type
  const onceLock = () => `title: two cells of one object
engine: ${(catalog(M) as { types: Record<string, { engine: string }> }).types.once_lock!.engine}
memory: ra
variant: relaxed_publication
objects:
  ex: {type: executor}
  cell: {type: once_lock}
actors:
  reader: [get cell, assert result == 42]
  writer: [init cell 42]
`;

  it('are told apart: the flag offers reader its stores, the value none, each named by its field', () => {
    const compiled = compileScenario(onceLock(), { file: 'two-cells.yaml', catalog: catalog(M) });
    const s = new Session(M, compiled.bytecode, {});
    try {
      // writer's init runs alone (the executor polls it first); reader's load of the flag is next
      s.run({ policy: 'manual', schedule: '' });
      const state = s.state() as MachineState;
      const choices = s.choices() as ExtraChoice[];
      const cells = cellHistories(state, choices, s.trace(0) as TraceEvent[])!;
      // the engine names the object's cells (once_lock.c's table): no first use is needed
      expect(cells.map((c) => [c.name, c.firstUse])).toEqual([
        ['cell.initialized', undefined],
        ['cell.value', undefined],
      ]);
      expect(cells.map((c) => c.stores.map((st) => st.value))).toEqual([
        [0, 1],
        [0, 42],
      ]);
      // before, both cells matched reader's pending load by the object's name
      expect(cells.map((c) => c.stores.map((st) => st.readable.join()))).toEqual([
        ['reader', 'reader'],
        ['', ''],
      ]);
      expect(accessOptions(state, choices, 0, 'read').map((o) => [o.cell, o.store, o.value])).toEqual([
        [0, 0, 0],
        [0, 1, 1],
      ]);
    } finally {
      s.free();
    }
  });
});

describe('placing a store before the end under ra (2+2W)', () => {
  it('after A’s two stores and B’s store of y: B’s store of x may go before A’s (place 1) or at the end (2)', () => {
    const { state, choices } = play('2plus2w', 'ra', [0, 0, 1]);
    expect(accessOptions(state, choices, 1, 'place')).toEqual([
      { kind: 'place', object: 'x', cell: 0, store: 1, value: 2, by: 'A', step: 1, newest: false },
      { kind: 'place', object: 'x', cell: 0, store: 2, value: 2, by: 'A', step: 1, newest: true },
    ]);
    // A's next step is a load: it picks a store to read, not a place
    expect(accessOptions(state, choices, 0, 'place')).toEqual([]);
    expect(pickOptions(state, choices, 0).map((o) => [o.kind, o.store])).toEqual([
      ['read', 1],
      ['read', 2],
    ]);
  });

  it('B’s store of x placed before A’s: the history shows it, both loads read 2, and every view says so in both languages', () => {
    const run = play('2plus2w', 'ra', [0, 0, 1, ['place', 1, 1], 1, 0]);
    expect(run.state.outcome).toBe('violation');
    expect(run.schedule).toBe('v3: A A B >B:1 B A');
    const [x, y] = cellHistories(run.state, run.choices, run.trace)!;
    expect(x!.stores.map((s) => [s.index, s.value, s.by, s.step, s.placedBefore])).toEqual([
      [0, 0, null, 0, undefined],
      [1, 1, 'B', 4, { by: 'A', step: 1 }],
      [2, 2, 'A', 1, undefined],
    ]);
    expect(y!.stores.map((s) => [s.value, s.by, s.placedBefore])).toEqual([
      [0, null, undefined],
      [1, 'A', undefined],
      [2, 'B', undefined],
    ]);
    const placed = run.trace.findIndex((e) => e.placed_before_at !== undefined);
    expect(run.trace[placed]!.step).toBe(4);
    expect(narrateEvent(run.trace, placed, new Set())).toBe(
      'B stored 1 to x, placed before A’s store of 2 (step 1): it comes earlier in x’s order, so x still holds 2.',
    );
    expect(placedNote(run.trace, placed, 'trace')).toBe('placed before A’s store of 2 (step 1)');
    expect(placedSentence(run.trace, placed, 'what')).toBe(
      'stored 1 to x, placed before A’s store of 2 (step 1)',
    );
    // any other event has no such words
    expect(placedSentence(run.trace, 0, 'what')).toBeNull();
    expect(staleReadSentence(run.trace, placed)).toBeNull();
    expect(traceRows(run.trace).rows[placed]!.what).toContain('placed before A’s store of 2 (step 1)');
    expect(diagram(run.trace)).toContain('placed before A’s store of 2 (step 1)');
    // B's later load of x reads the newest, A's 2: no stale read, though B's own store is older
    const loadX = run.trace.findIndex((e) => e.kind === 'load' && e.object === 'x');
    expect(staleRead(run.trace, loadX)).toBeNull();
    setLocale('zh-CN');
    expect(narrateEvent(run.trace, placed, new Set())).toBe(
      'B 把 1 写入 x，排在 A 第 1 步写入的 2 之前：它在 x 的修改顺序里更靠前，所以 x 仍是 2。',
    );
    expect(diagram(run.trace)).toContain('排在 A 第 1 步写入的 2 之前');
    expect(placedSentence(run.trace, placed, 'what')).toBe('把 1 写入 x，排在 A 第 1 步写入的 2 之前');
  });
});

describe('the cells of a lock of three atomic fields (Peterson’s flags and turn)', () => {
  // the engine is the one whose catalog has the peterson_lock type
  const peterson = (memory: string) => `title: three cells of one object
engine: ${(catalog(M) as { types: Record<string, { engine: string }> }).types.peterson_lock!.engine}
memory: ${memory}
variant: peterson_no_fence
objects:
  m: peterson_lock
actors:
  A: [lock m, cs_enter, cs_exit, unlock m]
  B: [lock m, cs_enter, cs_exit, unlock m]
`;
  const open = (memory: string, schedule: string) => {
    const compiled = compileScenario(peterson(memory), { file: 'peterson.yaml', catalog: catalog(M) });
    const s = new Session(M, compiled.bytecode, { variant: 'peterson_no_fence' });
    try {
      s.run({ policy: 'manual', schedule });
      return viewOf(s);
    } finally {
      s.free();
    }
  };

  it('under ra each history is named by its field, in the order the run touched them', () => {
    // A: interested, turn, looks at B's flag
    const { state, choices, trace } = open('ra', 'v1: A A A');
    const cells = cellHistories(state, choices, trace)!;
    expect(cells.map((c) => [c.name, c.firstUse])).toEqual([
      ['m.flag0', undefined],
      ['m.turn', undefined],
      ['m.flag1', undefined],
    ]);
    expect(cells.map((c) => c.stores.map((st) => st.value))).toEqual([[0, 1], [0, 1], [0]]);
  });

  it('under tso a buffered store names its field too', () => {
    const { state } = open('tso', 'v1: A A');
    expect(state.memory?.buffers?.A?.map(cellName)).toEqual(['m.flag0', 'm.turn']);
  });
});

describe('cells of one object that the engine did not name', () => {
  it('are told apart by the label of the run’s first access to each', () => {
    const history = (n: number) => ({
      object: 'o',
      stores: [{ value: n, step: 0, by: null, order: 'relaxed' }],
      views: {},
    });
    const state = {
      outcome: 'running',
      actors: [],
      memory: { model: 'ra', cells: [history(0), history(5)] },
    } as unknown as MachineState;
    const trace = [
      { step: 1, time: 0, kind: 'load', actor: 'A', object: 'o', cell: 1, label: 'read the count' },
      { step: 2, time: 0, kind: 'load', actor: 'A', object: 'o', cell: 0, label: 'read the flag' },
    ] as TraceEvent[];
    expect(cellHistories(state, [], trace)!.map((c) => [c.name, c.firstUse])).toEqual([
      ['o', 'read the flag'],
      ['o', 'read the count'],
    ]);
  });
});
