/*
 * "Inside the lock" must never contradict itself: on every step of every
 * parking_lot lesson (its solution under each of its variants, a round-robin
 * run and a few seeded random runs, all played by the real engine), who the
 * view says holds each mutex agrees with the state byte drawn beside it.
 */
import { catalog, Session } from '@lockstep/lockstep.js';
import { parseLesson } from '@lockstep/lesson.js';
import { loadModule } from '@lockstep/node.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MachineState } from '../../engine/types';
import { holding, lotView, mutexes } from './model';

/** The course's lesson files, by name ("06-lost-wakeup.md"). */
const files = Object.entries(
  import.meta.glob<string>('../../../../lessons/*.md', { query: '?raw', import: 'default', eager: true }),
).map(([path, text]) => ({ file: path.replace(/^.*\//, ''), text }));

interface Run {
  name: string;
  states: MachineState[];
}

describe('the parking-lot view says one thing per step', () => {
  const runs: Run[] = [];
  beforeAll(async () => {
    const M = await loadModule();
    const cat = catalog(M);
    for (const { file: f, text } of files
      .filter((x) => /^\d+-/.test(x.file))
      .sort((a, b) => (a.file < b.file ? -1 : 1))) {
      const l = parseLesson(text, { file: f, catalog: cat });
      if (l.engine !== 'parking_lot') continue;
      for (const variant of l.variants) {
        const plans: [string, Parameters<Session['run']>[0]][] = [['round-robin', { policy: 'round-robin' }]];
        if (l.solution) plans.unshift(['solution', { policy: 'round-robin', schedule: l.solution.schedule }]);
        for (const seed of [1, 2, 3]) plans.push([`random ${seed}`, { policy: 'random', seed }]);
        for (const [how, opts] of plans) {
          const s = new Session(M, l.bytecode, { variant });
          try {
            s.run({ maxSteps: 400, ...opts });
          } catch {
            // the solution may not apply under another variant: its prefix was run
          }
          const end = (s.state() as MachineState).step;
          const states: MachineState[] = [];
          for (let n = 0; n <= end; n++) {
            s.goto(n);
            states.push(s.state() as MachineState);
          }
          s.free();
          runs.push({ name: `${f} ${variant} ${how}`, states });
        }
      }
    }
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
