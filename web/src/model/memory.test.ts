/*
 * Store buffers and memory as the views and the narration read them, on real
 * runs of the litmus tests under tso (tests/scenarios/<engine>/litmus/): the buffers
 * oldest first, memory's values replayed from the trace, a flush moving a
 * store to memory, a load that reads its own buffered store, and the list of
 * models taken from the module's catalog.
 */
import { catalog, Session } from '@lockstep/lockstep.js';
import { loadModule } from '@lockstep/node.js';
import { compileScenario } from '@lockstep/scenario.js';
import { memoryModels } from '@lockstep/trace.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n';
import { narrateEvent } from './format';
import { memoryCells, memorySwitchShown, storeBuffers } from './memory';
import { litmusText } from './litmus.fixture';
import { viewOf } from './session.fixture';

const text = litmusText;

let M: Awaited<ReturnType<typeof loadModule>>;
beforeAll(async () => {
  M = await loadModule();
});
afterEach(() => setLocale('en'));

/** Opens `name` under `memory`, takes `moves` (an actor's index steps it; "^i" flushes actor i's buffer). */
function play(name: string, memory: string, moves: (number | string)[]) {
  const compiled = compileScenario(text(name), { file: name, catalog: catalog(M) });
  const s = new Session(M, compiled.bytecode, { memory });
  try {
    for (const m of moves) {
      if (typeof m === 'number') s.step(m);
      else s.take('flush', Number(m.slice(1)));
    }
    return viewOf(s);
  } finally {
    s.free();
  }
}

describe('memory models', () => {
  it('come from the module, sc first', () => {
    const models = memoryModels(catalog(M));
    expect(models[0]).toBe('sc');
    expect(models).toContain('tso');
  });

  it('under sc keep no buffers: the view shows nothing', () => {
    const { state, choices } = play('sb', 'sc', [0, 1]);
    expect(storeBuffers(state, choices)).toBeNull();
  });
});

describe('store buffering under tso', () => {
  it('keeps each store in its thread’s buffer, memory still 0, until a flush moves it', () => {
    // A stores x, B stores y: both wait in their buffers
    let run = play('sb', 'tso', [0, 1]);
    expect(storeBuffers(run.state, run.choices)).toEqual([
      { actor: 'A', index: 0, entries: [{ object: 'x', value: 1, step: 1 }], canFlush: true },
      { actor: 'B', index: 1, entries: [{ object: 'y', value: 1, step: 2 }], canFlush: true },
    ]);
    expect(memoryCells(run.trace, run.state)).toEqual([
      { object: 'x', value: 0 },
      { object: 'y', value: 0 },
    ]);
    // both loads read memory's 0: the outcome sequential consistency forbids
    run = play('sb', 'tso', [0, 1, 0, 1]);
    const loads = run.trace.filter((e) => e.kind === 'load');
    expect(loads.map((e) => [e.actor, e.object, e.new, e.buffered ?? false])).toEqual([
      ['A', 'y', 0, false],
      ['B', 'x', 0, false],
    ]);
    // A's store reaches memory: it is the store of step 1, and memory's x is 1 now
    run = play('sb', 'tso', [0, 1, 0, 1, '^0']);
    const flush = run.trace.at(-1)!;
    expect(flush).toMatchObject({ kind: 'flush', actor: 'A', object: 'x', old: 0, new: 1, stored_at: 1 });
    expect(storeBuffers(run.state, run.choices)?.map((b) => b.entries.length)).toEqual([0, 1]);
    expect(memoryCells(run.trace, run.state)).toEqual([
      { object: 'x', value: 1, storedAt: 1 },
      { object: 'y', value: 0 },
    ]);
    expect(narrateEvent(run.trace, run.trace.length - 1, new Set())).toBe(
      'A’s store to x (step 1) reached memory: memory now holds 1, where it held 0.',
    );
    const store = run.trace.findIndex((e) => e.kind === 'store');
    expect(narrateEvent(run.trace, store, new Set())).toBe(
      'A stored 1 to x. The store waits in A’s store buffer: the other threads do not see it yet.',
    );
  });

  it('offers no flush once the buffers are empty', () => {
    const run = play('sb', 'tso', [0, 1, 0, 1, '^0', '^1']);
    expect(storeBuffers(run.state, run.choices)?.every((b) => !b.canFlush && b.entries.length === 0)).toBe(
      true,
    );
    expect(memoryCells(run.trace, run.state).map((c) => c.value)).toEqual([1, 1]);
  });
});

describe('a load of one’s own buffered store', () => {
  it('is narrated with what memory still holds, in both languages', () => {
    const run = play('cowr', 'tso', [0, 0]);
    const i = run.trace.findIndex((e) => e.kind === 'load');
    expect(run.trace[i]).toMatchObject({ actor: 'A', object: 'x', new: 1, buffered: true, memory: 0 });
    expect(narrateEvent(run.trace, i, new Set())).toBe(
      'A read x = 1 from its own store buffer; memory still holds 0.',
    );
    setLocale('zh-CN');
    expect(narrateEvent(run.trace, i, new Set())).toBe('A 从自己的存储缓冲区读到 x = 1；内存里仍然是 0。');
  });

  it('once B’s store reached memory, memory holds B’s value while A still reads its own', () => {
    const run = play('cowr', 'tso', [0, 1, '^1', 0]);
    const i = run.trace.findIndex((e) => e.kind === 'load');
    expect(narrateEvent(run.trace, i, new Set())).toBe(
      'A read x = 1 from its own store buffer; memory still holds 2.',
    );
  });
});

describe('the header’s memory switch', () => {
  it('is always offered in the sandbox, in a lesson only when the lesson is about memory', () => {
    expect(memorySwitchShown(null, { memory: 'sc' }, 'sc')).toBe(true);
    expect(memorySwitchShown({}, { memory: 'sc' }, 'sc')).toBe(false);
    expect(memorySwitchShown({}, { memory: 'tso' }, 'tso')).toBe(true);
    expect(memorySwitchShown({}, { memory: 'sc' }, 'tso')).toBe(true);
  });
});
