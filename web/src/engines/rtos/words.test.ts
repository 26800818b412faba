/*
 * One word per state on the whole page: the rtos task list (words.ts) says of
 * each task what its lane says (a task the scheduler holds back is "ready" in both; a
 * finished one "finished"), at every step of every rtos lesson's solution;
 * and a lane says why a ready task waits with the priorities the list shows.
 */
import { catalog, Session } from '@lockstep/lockstep.js';
import { parseLesson } from '@lockstep/lesson.js';
import { loadModule } from '@lockstep/node.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MachineState, TraceEvent } from '../../bridge/types';
import { setLocale } from '../../i18n';
import { blockedText } from '../../model/describe';
import { statusView } from '../../model/format';
import { rtosView } from './model';
import { taskWord } from './words';

const lessons = import.meta.glob<string>('../../../../lessons/rtos/[0-9]*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

let M: Awaited<ReturnType<typeof loadModule>>;
beforeAll(async () => {
  M = await loadModule();
});

/** The task list's word for each task, as the view draws it. */
function drawnWords(state: MachineState, trace: TraceEvent[]): Map<string, string> {
  return new Map(rtosView(state, trace).tasks.map((task) => [task.actor, taskWord(task, state)]));
}

describe('the rtos view and the lanes use one word per state', () => {
  it('priority inversion: after Mid finishes, the task list says finished, not ready', () => {
    const text = lessons['../../../../lessons/rtos/02-priority-inversion.md']!;
    const l = parseLesson(text, { file: '02-priority-inversion.md', catalog: catalog(M) });
    const s = new Session(M, l.bytecode, { variant: 'no_priority_inheritance' });
    try {
      s.run({ policy: 'round-robin', schedule: l.solution!.schedule });
      const state = s.state() as MachineState;
      expect(state.actors.find((a) => a.name === 'Mid')!.status).toBe('finished');
      const mid = rtosView(state, s.trace() as TraceEvent[]).tasks.find((t) => t.actor === 'Mid')!;
      expect(mid.state).toBe('finished');
      setLocale('en');
      expect(drawnWords(state, s.trace() as TraceEvent[]).get('Mid')).toBe('finished');
    } finally {
      s.free();
    }
  });

  it('every step of every rtos lesson: the task list word is the lane word', () => {
    setLocale('en');
    let held = 0;
    for (const [file, text] of Object.entries(lessons)) {
      if (!/\/\d+-[^/]+\.md$/.test(file)) continue;
      const l = parseLesson(text, { file, catalog: catalog(M) });
      if (l.engine !== 'rtos' || !l.solution) continue;
      const s = new Session(M, l.bytecode, { variant: l.variants[0] });
      try {
        s.run({ policy: 'round-robin', schedule: l.solution.schedule, maxSteps: 300 });
        const end = (s.state() as MachineState).step;
        for (let k = 0; k <= end; k++) {
          s.goto(k);
          const state = s.state() as MachineState;
          const words = drawnWords(state, s.trace() as TraceEvent[]);
          for (const [task, word] of words) {
            const actor = state.actors.find((a) => a.name === task)!;
            if (actor.blocked?.held) {
              held++;
              expect(word, `${file} step ${k} ${task}`).toBe('ready');
            }
            expect(word.startsWith(statusView(actor).label), `${file} step ${k} ${task}: ${word}`).toBe(true);
          }
        }
      } finally {
        s.free();
      }
    }
    expect(held).toBeGreaterThan(10);
  }, 60000);
});

describe('why a ready task waits, in the kernel’s numbers', () => {
  it('priority inversion: the lane gives the priorities the task list shows, never negated', () => {
    setLocale('en');
    const text = lessons['../../../../lessons/rtos/02-priority-inversion.md']!;
    const l = parseLesson(text, { file: '02-priority-inversion.md', catalog: catalog(M) });
    const s = new Session(M, l.bytecode, { variant: 'no_priority_inheritance' });
    try {
      s.run({ policy: 'round-robin', schedule: l.solution!.schedule });
      const end = (s.state() as MachineState).step;
      let seen = 0;
      for (let k = 0; k <= end; k++) {
        s.goto(k);
        const state = s.state() as MachineState;
        const listed = new Map(
          rtosView(state, s.trace() as TraceEvent[]).tasks.map((x) => [x.actor, x.effective]),
        );
        for (const a of state.actors) {
          if (a.blocked?.why !== 'rtos.priority') continue;
          const said = blockedText(a, state)!;
          expect(said, `step ${k}`).not.toMatch(/-\d/);
          const runner = /but (\w+) is more urgent: priority (\d+) runs before (\d+)/.exec(said);
          expect(runner, said).not.toBeNull();
          expect(Number(runner![2])).toBe(listed.get(runner![1]!));
          expect(Number(runner![3])).toBe(listed.get(a.name));
          seen++;
        }
      }
      expect(seen).toBeGreaterThan(0);
    } finally {
      s.free();
    }
  });
});
