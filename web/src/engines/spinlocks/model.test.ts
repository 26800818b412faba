/*
 * "Inside the spinlocks" must never contradict the machine: on every step of
 * every spinlocks lesson (its solution under each of its variants, a
 * round-robin run and a few seeded random runs, all played by the real
 * engine), the MCS queue starts at the holder and ends at the tail, and a
 * holder is named only while the lock's own words say it is taken.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { lessonRuns, type LessonRun } from '../lessonRuns';
import type { ObjectState, TraceEvent } from '../../bridge/types';
import { holders, mcsQueue, ownerOf } from './model';

const lock: ObjectState = {
  name: 'l',
  type: 'tas_lock',
  engine: 'spinlocks',
  address: 0,
  fields: { held: 1 },
};
const ev = (step: number, actor: string, kind: string, label: string, old: number): TraceEvent =>
  ({ step, time: 0, kind, actor, object: 'l', label, old, new: 1 }) as TraceEvent;

describe('who is inside a word lock, by the trace', () => {
  it('names one holder under correct: a swap that got 1 back took nothing', () => {
    const trace = [
      ev(1, 'A', 'swap', 'test-and-set: swap held <- 1', 0),
      ev(2, 'B', 'swap', 'test-and-set: swap held <- 1', 1),
      ev(3, 'A', 'store', 'unlock: held = 0', 1),
    ];
    expect(holders(trace.slice(0, 2), lock)).toEqual(['A']);
    expect(holders(trace, lock)).toEqual([]);
    expect(holders([...trace, ev(4, 'B', 'swap', 'test-and-set: swap held <- 1', 0)], lock)).toEqual(['B']);
  });

  it('names both when check_then_set let both in', () => {
    const trace = [
      ev(1, 'A', 'load', 'check: is held 0?', 0),
      ev(2, 'B', 'load', 'check: is held 0?', 0),
      ev(3, 'A', 'store', 'set: held = 1', 0),
      ev(4, 'B', 'store', 'set: held = 1', 1),
    ];
    expect(holders(trace, lock)).toEqual(['A', 'B']);
  });
});

describe('the spinlocks view says one thing per step', () => {
  let runs: LessonRun[] = [];
  beforeAll(async () => {
    runs = await lessonRuns('spinlocks', { afterSolution: 'round-robin', seeds: [1, 2, 3] });
  }, 120_000);

  it('plays every spinlocks lesson', () => {
    const files = new Set(runs.map((r) => r.name.split(' ')[0]));
    expect(files.size).toBeGreaterThanOrEqual(3);
    expect(runs.every((r) => r.states.length > 1)).toBe(true);
  });

  it('draws the MCS queue from the holder to the tail', () => {
    const wrong: string[] = [];
    for (const r of runs)
      for (const [i, st] of r.states.entries())
        for (const o of st.objects.filter((x) => x.type === 'mcs_lock')) {
          const q = mcsQueue(o, st.actors, ownerOf(o));
          const tail = typeof o.tail === 'string' ? o.tail : null;
          const at = `${r.name} step ${st.step} (#${i})`;
          if ((tail === null) !== (q.length === 0)) wrong.push(`${at}: tail ${tail}, queue ${q.join(' ')}`);
          if (tail !== null && q[q.length - 1] !== tail)
            wrong.push(`${at}: queue ${q.join(' ')} ends before ${tail}`);
          const owner = ownerOf(o);
          if (owner && q[0] !== owner) wrong.push(`${at}: holder ${owner}, queue ${q.join(' ')}`);
        }
    expect(wrong).toEqual([]);
  });

  it('names a holder only while the lock itself says it is taken', () => {
    const wrong: string[] = [];
    for (const r of runs)
      for (const st of r.states)
        for (const o of st.objects) {
          const owner = ownerOf(o);
          if (!owner) continue;
          const f = o.fields;
          // Peterson's: the holder's flag is up in memory, or (tso) still waits in its store buffer
          const mine = st.actors.findIndex((a) => a.name === owner);
          const taken =
            o.type === 'ticket_lock'
              ? (f.next_ticket ?? 0) > (f.now_serving ?? 0)
              : o.type === 'mcs_lock'
                ? (f.tail ?? 0) !== 0
                : o.type === 'peterson_lock'
                  ? f[`flag${mine}`] === 1 || (st.memory?.buffers?.[owner]?.length ?? 0) > 0
                  : f.held === 1;
          if (!taken)
            wrong.push(`${r.name} step ${st.step}: ${o.name} held by ${owner}, ${JSON.stringify(f)}`);
        }
    expect(wrong).toEqual([]);
  });
});
