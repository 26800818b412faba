/*
 * "Inside the lock" must never contradict itself: on every step of every
 * parking_lot lesson (its solution under each of its variants, a round-robin
 * run and a few seeded random runs, all played by the real engine), who the
 * view says holds each mutex agrees with the state byte drawn beside it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { lessonRuns, type LessonRun } from '../lessonRuns';
import { holding, lotView, mutexes } from './model';

describe('the parking-lot view says one thing per step', () => {
  let runs: LessonRun[] = [];
  beforeAll(async () => {
    runs = await lessonRuns('parking_lot', { afterSolution: 'round-robin', seeds: [1, 2, 3] });
  }, 120_000);

  it('plays every parking_lot lesson', () => {
    const files = new Set(runs.map((r) => r.name.split(' ')[0]));
    expect(files.size).toBeGreaterThanOrEqual(7);
    expect(runs.every((r) => r.states.length > 1)).toBe(true);
  });

  it('names a holder exactly when LOCKED is set, and never a thread asleep on that mutex', () => {
    const wrong: string[] = [];
    for (const r of runs)
      for (const st of r.states) {
        const queued = new Map<string, string>();
        for (const c of lotView(st).cells)
          for (const w of c.waiters) if (w.object) queued.set(w.actor, w.object);
        for (const m of mutexes(st)) {
          const h = holding(m);
          const says = h.kind === 'free' ? 'free' : 'locked';
          if ((says === 'locked') !== m.locked || (says === 'free') !== !m.locked)
            wrong.push(`${r.name} step ${st.step}: ${m.name} = ${m.bits} but the view says ${says}`);
          if (h.kind === 'held' && queued.get(h.actor) === m.name)
            wrong.push(`${r.name} step ${st.step}: ${m.name} held by ${h.actor}, asleep on it`);
          if (h.kind === 'held' && h.actor !== m.owner)
            wrong.push(`${r.name} step ${st.step}: holder is not the owner`);
        }
      }
    expect(wrong).toEqual([]);
  });

  it('says "free" while an unlock that has written the byte is still running (the step-29 contradiction)', () => {
    // the binding's owner outlives the byte's LOCKED bit: these steps once read "held by A" beside 00
    const leaving = runs.flatMap((r) =>
      r.states.flatMap((st) =>
        mutexes(st)
          .filter((m) => m.owner && !m.locked)
          .map((m) => ({ run: r.name, step: st.step, m })),
      ),
    );
    expect(leaving.some((x) => x.run.includes('-lost-wakeup.md validate_outside solution'))).toBe(true);
    for (const x of leaving) expect(holding(x.m)).toEqual({ kind: 'free', leaving: x.m.owner });
  });
});
