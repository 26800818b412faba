/*
 * The course's lessons: every lessons/<engine>/NN-id.md, in the order of the
 * course index (lessons/course.yaml), parsed and compiled when the app was
 * built (web/plugins/lessons.ts).  A lesson's address is its id
 * (`?lesson=lost-wakeup`), wherever its file sits.  The index (ids, order, engines,
 * titles) is part of the app; the goals (what the lesson list adds) are a
 * chunk loaded when the list is first shown, and each lesson's compiled form
 * is a chunk of its own, loaded when the lesson opens.
 */
import { loaders, summaries } from 'virtual:lockstep/lessons';
import type { BuiltSource, ScenarioSource } from '../bridge/bridge';
import type { LessonText } from '../bridge/lessonTypes';
import { neighbours, placeInIndex, type LessonFile, type LessonSummary } from '../model/lessonList';

const files: LessonFile[] = summaries.map(({ id, order }) => ({ id, order }));

/** The course's lessons in order. */
export function lessonFiles(): LessonFile[] {
  return files;
}

/** The first lesson: what a bare address opens. */
export const FIRST_LESSON = files[0]?.id ?? '';

export function hasLesson(id: string): boolean {
  return Object.hasOwn(loaders, id);
}

/**
 * The lesson, ready to open: compiled, or for a file that did not compile
 * at build time, its text (the engine then reports its problems in the page).
 */
export async function loadLesson(id: string): Promise<BuiltSource | ScenarioSource> {
  if (!hasLesson(id)) throw new Error(`no lesson ${id}`);
  return (await loaders[id]!()).default;
}

/** The lessons before and after `id` in the order the index lists them. */
export function lessonNeighbours(id: string): { prev: string | null; next: string | null } {
  return neighbours(summaries, id);
}

/**
 * Lesson `id`'s number as the learner meets it (its place in the course, not
 * its file's number within its engine) and the course's size; null for a lesson not
 * in the course.
 */
export function lessonPlace(id: string): { n: number; count: number } | null {
  return placeInIndex(summaries, id);
}

/** Lesson `id`'s title in both languages (null for a lesson not in the course, or untitled). */
export function lessonTitle(id: string): LessonText | null {
  return summaries.find((s) => s.id === id)?.title ?? null;
}

/** Every lesson's engine, title and goal. */
export function lessonSummaries(): Promise<LessonSummary[]> {
  return import('virtual:lockstep/lessons/summaries').then((m) =>
    m.summaries.map(({ file: _file, ...summary }) => summary),
  );
}
