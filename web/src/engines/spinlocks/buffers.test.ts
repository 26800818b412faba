/*
 * Peterson's lock under tso, as the store-buffer view reads it (model/memory.ts):
 * the lock is one object of three cells (two flags and the turn), so the view
 * leaves its memory to this engine's own view and says which cell each
 * buffered store is for in the engine's words (its labels).
 */
import { catalog, Session } from '@lockstep/lockstep.js';
import { loadModule } from '@lockstep/node.js';
import { compileScenario } from '@lockstep/scenario.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtraChoice, MachineState, TraceEvent } from '../../bridge/types';
import { memoryCells, oneCell, storeBuffers, storeLabel } from '../../model/memory';

let M: Awaited<ReturnType<typeof loadModule>>;
beforeAll(async () => {
  M = await loadModule();
});

describe('an object of several cells (Peterson’s lock: two flags and the turn)', () => {
  const peterson = import.meta.glob<string>('../../../../tests/scenarios/spinlocks/peterson-no-fence.yaml', {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  it('is left to its engine’s view, and each buffered store says which cell in the engine’s words', () => {
    const yaml = Object.values(peterson)[0]!;
    const compiled = compileScenario(yaml, { file: 'peterson-no-fence.yaml', catalog: catalog(M) });
    const s = new Session(M, compiled.bytecode);
    try {
      s.step(0);
      s.step(0);
      const state = s.state() as MachineState;
      const trace = s.trace(0) as TraceEvent[];
      expect(oneCell(state, 'm')).toBe(false);
      expect(memoryCells(trace, state)).toEqual([]);
      const [first, second] = storeBuffers(state, s.choices() as ExtraChoice[])![0]!.entries;
      expect(storeLabel(trace, first!)).toBe('I am interested');
      expect(storeLabel(trace, second!)).toBe('turn = the other');
    } finally {
      s.free();
    }
  });
});
