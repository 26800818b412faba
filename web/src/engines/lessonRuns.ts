/*
 * For the engine views' tests: every step of every lesson of one engine,
 * played by the real engine (the node build of the wasm module).  Each of a
 * lesson's variants plays the lesson's solution, a round-robin run and a
 * seeded random run per seed asked for; a solution that does not apply under
 * another variant plays as far as it applies.
 */
import { catalog, Session } from '@lockstep/lockstep.js';
import { parseLesson } from '@lockstep/lesson.js';
import { loadModule } from '@lockstep/node.js';
import type { MachineState } from '../bridge/types';

/** Every engine's lesson files (lessons/<engine>/NN-id.md): the engine, the file's name ("05-lost-wakeup.md"). */
const files = Object.entries(
  import.meta.glob<string>('../../../lessons/*/[0-9]*.md', { query: '?raw', import: 'default', eager: true }),
)
  .map(([path, text]) => {
    const [engine, file] = path.split('/').slice(-2) as [string, string];
    return { engine, file, text };
  })
  .sort((a, b) => (a.file < b.file ? -1 : 1));

export interface LessonRun {
  /** "04-cancelled-head.md fair_cancel_bug solution", "05-lost-wakeup.md correct random 2" */
  name: string;
  /** the state at every step, from 0 to the run's end */
  states: MachineState[];
}

export interface LessonRunOptions {
  /** what picks the moves once the solution's schedule is used up: nothing (manual) or round-robin */
  afterSolution: 'manual' | 'round-robin';
  /** one seeded random run per seed */
  seeds?: number[];
}

export async function lessonRuns(engine: string, options: LessonRunOptions): Promise<LessonRun[]> {
  const M = await loadModule();
  const cat = catalog(M);
  const runs: LessonRun[] = [];
  for (const { file, text } of files.filter((f) => f.engine === engine)) {
    const l = parseLesson(text, { file, catalog: cat });
    for (const variant of l.variants) {
      const plans: [string, Parameters<Session['run']>[0]][] = [['round-robin', { policy: 'round-robin' }]];
      if (l.solution)
        plans.unshift(['solution', { policy: options.afterSolution, schedule: l.solution.schedule }]);
      for (const seed of options.seeds ?? []) plans.push([`random ${seed}`, { policy: 'random', seed }]);
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
        runs.push({ name: `${file} ${variant} ${how}`, states });
      }
    }
  }
  return runs;
}
