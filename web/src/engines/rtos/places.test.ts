/*
 * Each context of the rtos view is drawn in exactly one place (the motion
 * layer keys it by name), and that place is where the real engine has it:
 * isr-post run step by step, and every step of the course's rtos lessons'
 * solutions.
 */
import { catalog, Session } from '@lockstep/lockstep.js';
import { parseLesson } from '@lockstep/lesson.js';
import { loadModule } from '@lockstep/node.js';
import { compileScenario } from '@lockstep/scenario.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MachineState, TraceEvent } from '../../bridge/types';
import { rtosView } from './model';
import { rtosPlaces, type RtosPlaces } from './places';

const scenarios = import.meta.glob<string>('../../../../tests/scenarios/rtos/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const scenario = (name: string) => scenarios[`../../../../tests/scenarios/rtos/${name}.yaml`]!;
const lessons = import.meta.glob<string>('../../../../lessons/rtos/[0-9]*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

let M: Awaited<ReturnType<typeof loadModule>>;
beforeAll(async () => {
  M = await loadModule();
});

const placesOf = (s: Session): RtosPlaces => {
  const state = s.state() as MachineState;
  return rtosPlaces(state, rtosView(state, s.trace() as TraceEvent[]));
};

/** Every name drawn, as often as it is drawn. */
const drawn = (p: RtosPlaces): string[] =>
  [
    ...(p.running ? [p.running] : []),
    ...p.ready,
    ...[...p.waiting.values()].flat(),
    ...p.blocked,
    ...p.delayed.map((d) => d.actor),
    ...p.done,
  ].sort();

describe('where each rtos context is drawn', () => {
  it('isr-post: Reader waits on data, the handler runs, Reader is ready, then done', () => {
    const text = scenario('isr-post');
    const s = new Session(M, compileScenario(text, { file: 'isr-post.yaml', catalog: catalog(M) }).bytecode);
    try {
      s.run({ schedule: 'v2: Reader !Uart', policy: 'round-robin' });
      s.goto(8); // Uart runs; Reader blocked on data; Device waits for the processor
      let p = placesOf(s);
      expect(p.running).toBe('Uart');
      expect(p.waiting.get('data')).toEqual(['Reader']);
      expect(p.ready).toEqual(['Device']);
      s.goto(10); // the post has cleared Reader's bit; the kernel has not yet made it ready
      p = placesOf(s);
      expect(p.waiting.get('data')).toEqual([]);
      expect(p.blocked).toEqual(['Reader']);
      s.goto(15); // Uart has woken Reader and is finishing
      p = placesOf(s);
      expect(p.running).toBe('Uart');
      expect(p.waiting.get('data')).toEqual([]);
      expect(p.ready).toEqual(['Reader', 'Device']);
      s.goto(17); // the post did not switch: Device, interrupted, goes on until it delays
      p = placesOf(s);
      expect(p.running).toBe('Device');
      expect(p.ready).toEqual(['Reader']);
      s.goto(20); // Device delays: the scheduling point, and Reader gets the processor
      expect(placesOf(s).running).toBe('Reader');
      s.goto(22); // Device delays, but nobody else can run: the clock jumps to 5 ms and it goes on
      p = placesOf(s);
      expect(p.running).toBe('Device');
      expect(p.delayed).toEqual([]);
      expect(p.done).toEqual(['Reader']);
      s.goto(33);
      p = placesOf(s);
      expect(p.running).toBeNull();
      expect(p.done.sort()).toEqual(['Device', 'Reader']);
    } finally {
      s.free();
    }
  });

  it('wake-by-priority: T1 and T2 sit on the delayed list with the tick they wake at', () => {
    const text = scenario('wake-by-priority');
    const s = new Session(M, compileScenario(text, { file: 'w.yaml', catalog: catalog(M) }).bytecode);
    try {
      s.run({ policy: 'round-robin' });
      const seen = new Set<string>();
      const end = (s.state() as MachineState).step;
      for (let k = 0; k <= end; k++) {
        s.goto(k);
        for (const d of placesOf(s).delayed) seen.add(`${d.actor}@${d.tick}`);
      }
      expect([...seen].sort()).toEqual(['Poster@3', 'T1@1', 'T2@2']);
    } finally {
      s.free();
    }
  });

  it('every task of every rtos lesson is drawn exactly once at every step, under each variant', () => {
    let checked = 0;
    for (const [file, text] of Object.entries(lessons)) {
      if (!/\/\d+-[^/]+\.md$/.test(file)) continue;
      const l = parseLesson(text, { file, catalog: catalog(M) });
      if (l.engine !== 'rtos') continue;
      for (const variant of l.variants) {
        const plans: Parameters<Session['run']>[0][] = [{ policy: 'round-robin' }];
        if (l.solution) plans.unshift({ policy: 'round-robin', schedule: l.solution.schedule });
        for (const plan of plans) {
          const s = new Session(M, l.bytecode, { variant });
          try {
            try {
              s.run({ maxSteps: 300, ...plan });
            } catch {
              // the solution may not apply under another variant: its prefix was run
            }
            const end = (s.state() as MachineState).step;
            const rtos = (s.state() as MachineState).engines?.rtos as { tasks: { actor: string }[] };
            const tasks = rtos.tasks.map((t) => t.actor).sort();
            for (let k = 0; k <= end; k++) {
              s.goto(k);
              const names = drawn(placesOf(s)).filter((n) => tasks.includes(n));
              expect(names, `${file} ${variant} step ${k}`).toEqual(tasks);
              checked++;
            }
          } finally {
            s.free();
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  }, 60_000); // every step of every rtos lesson: seconds of work, longer on a loaded machine
});
