/*
 * The timeline's cells on real runs of the rtos engine (tests/scenarios/rtos):
 * who ran each step, who was ready but waiting for the processor, who was
 * blocked, who was idle, derived from the trace and checked step by step
 * against what the trace says happened.
 */
import { catalog, Session } from '@lockstep/lockstep.js';
import { loadModule } from '@lockstep/node.js';
import { compileScenario } from '@lockstep/scenario.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MachineState, TraceEvent } from '../../bridge/types';
import { rtosView } from './model';

const scenarios = import.meta.glob<string>('../../../../tests/scenarios/rtos/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const text = (name: string) => scenarios[`../../../../tests/scenarios/rtos/${name}.yaml`]!;

/** One letter per cell: R running, r ready, b blocked, . idle. */
const LETTER = { running: 'R', ready: 'r', blocked: 'b', idle: '.' } as const;

let M: Awaited<ReturnType<typeof loadModule>>;
beforeAll(async () => {
  M = await loadModule();
});

/** Runs `file` by `schedule`, then returns the rows as seen at `step` (a window of `width`). */
function rowsAt(file: string, schedule: string, step: number, width = 64): Record<string, string> {
  const compiled = compileScenario(text(file), { file, catalog: catalog(M) });
  const s = new Session(M, compiled.bytecode);
  try {
    s.run({ schedule, policy: 'round-robin' });
    s.goto(step);
    const state = s.state() as MachineState;
    const trace = s.trace() as TraceEvent[];
    const v = rtosView(state, trace, width);
    return Object.fromEntries(v.timeline.map((r) => [r.actor, r.cells.map((c) => LETTER[c]).join('')]));
  } finally {
    s.free();
  }
}

describe('the rtos timeline, from the trace', () => {
  // isr-post: Reader pends (steps 1-6) while Uart is raised (step 2) and waits for Reader's
  // critical section; Uart runs 7-16 and wakes Reader at 14.  The post does not switch:
  // Device, interrupted, goes on (17-19) until it delays; then Reader runs 20-22 and ends;
  // Device, at 5 ms, raises Uart again (26), which runs 27-32, and finishes at 33.
  const schedule = 'v2: Reader !Uart';

  it('at the end: running, ready-but-not-running, blocked and idle, step by step', () => {
    const rows = rowsAt('isr-post', schedule, 33);
    //                       1   5    10   15   20   25   30
    expect(rows.Uart).toBe('.rrrrrRRRRRRRRRR.........rRRRRRR.');
    expect(rows.Reader).toBe('RrRRRRbbbbbbbbrrrrrRRR...........');
    expect(rows.Device).toBe('rrrrrrrrrrrrrrrrRRRbbrRRRRrrrrrrR');
  });

  it('while a block is pending: blocked until the wake, then ready while the handler finishes', () => {
    expect(rowsAt('isr-post', schedule, 10).Reader).toBe('RrRRRRbbbb');
    expect(rowsAt('isr-post', schedule, 15).Reader).toBe('RrRRRRbbbbbbbbr');
    expect(rowsAt('isr-post', schedule, 15).Uart).toBe('.rrrrrRRRRRRRRR');
  });

  it('a window shows only its last steps, the same cells', () => {
    const all = rowsAt('isr-post', schedule, 33);
    const rows = rowsAt('isr-post', schedule, 33, 8);
    for (const a of ['Uart', 'Reader', 'Device']) expect(rows[a], a).toBe(all[a]!.slice(-8));
    expect(rows.Uart).toBe('rRRRRRR.');
    // at step 22, a window of 12 that begins inside Reader's block
    expect(rowsAt('isr-post', schedule, 22, 12).Reader).toBe('bbbbrrrrrRRR');
  });

  it('a delay: blocked while the others run, then ready when its time has come', () => {
    // wake-by-priority: T1 and T2 delay while T3 and Poster run, then pend in turn
    const rows = rowsAt('wake-by-priority', '', 30);
    expect(rows.T1?.slice(0, 3)).toBe('RRR');
    expect(rows.T1?.slice(3, 13)).toMatch(/^b+$/);
    expect(rows.T3?.slice(0, 6)).toBe('rrrrrr');
  });
});
