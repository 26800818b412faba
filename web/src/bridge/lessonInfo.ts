/*
 * What the UI keeps of a parsed lesson (wasm/js/lesson.js's parseLesson):
 * plain data, without the bytecode and the checker's bookkeeping (outcomes,
 * positions).  Used where lessons are parsed: in the browser (compile.ts)
 * and at build time (web/plugins/lessons.ts).
 */
import type { LessonInfo } from './lessonTypes';

type Parsed = Omit<LessonInfo, 'startSteps'> & {
  bytecode: unknown;
  scenario: unknown;
  outcomes: unknown;
  at: unknown;
};

export function lessonInfo(l: Parsed): LessonInfo {
  const { bytecode: _b, scenario: _s, outcomes: _o, at: _a, ...rest } = l;
  return { ...structuredClone(rest), startSteps: 0 };
}
