/*
 * The course's lessons, as the index lists them: ids from the file names and
 * each lesson's place in the course from the course index (lessons/course.yaml
 * and lessons/<engine>/NN-id.md, read at build time by web/plugins/lessons.ts),
 * titles, goals and engines from the front matter (summarize), grouped by
 * engine in the course's order, and prev/next along those groups.  Pure
 * functions, no DOM.
 */
import type { LessonText } from '../bridge/lessonTypes';

export interface LessonFile {
  id: string;
  /** the lesson's place in the course, from 1 (the course index's order) */
  order: number;
}

/** What a lesson's page knows of every lesson: its number, the titles of those around it. */
export interface LessonBrief extends LessonFile {
  engine: string;
  title: LessonText | null;
}

/** What the lesson list shows of each lesson. */
export interface LessonSummary extends LessonBrief {
  goal: LessonText | null;
}

/** A lesson as its page links to it: id and title. */
export interface LessonLink {
  id: string;
  title: LessonText | null;
}

/** What a lesson's page shows of the course: its number, the course's size, the lessons before and after it. */
export interface LessonCourse {
  n: number;
  count: number;
  prev: LessonLink | null;
  next: LessonLink | null;
}

/** Lesson ids as the address may carry them. */
export const LESSON_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Lessons in course order. */
export function inOrder<T extends LessonFile>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}

function text(v: unknown): LessonText | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  return typeof o.en === 'string' && typeof o['zh-CN'] === 'string'
    ? { en: o.en, 'zh-CN': o['zh-CN'] }
    : null;
}

/** The front matter's YAML text (between the first two '---' lines), or null. */
export function frontMatter(file: string): string | null {
  const lines = file
    .replace(/\r\n?/g, '\n')
    .replace(/^\uFEFF/, '')
    .split('\n');
  if (lines[0]?.trimEnd() !== '---') return null;
  const close = lines.findIndex((l, i) => i > 0 && (l.trimEnd() === '---' || l.trimEnd() === '...'));
  return close > 0 ? lines.slice(1, close).join('\n') : null;
}

/**
 * What the index shows of a lesson: engine, title and goal, read from its
 * front matter with `parse` (the yaml package's).  A file that does not read
 * still gets a row (its title null): the player will show its problems.
 */
export function summarize(
  file: LessonFile,
  content: string,
  parse: (yaml: string) => unknown,
): LessonSummary {
  let data: Record<string, unknown> = {};
  try {
    const fm = frontMatter(content);
    const v = fm === null ? null : parse(fm);
    if (v && typeof v === 'object') data = v as Record<string, unknown>;
  } catch {
    // unreadable: the row says so
  }
  const goal =
    data.goal && typeof data.goal === 'object' ? (data.goal as Record<string, unknown>).text : null;
  return {
    ...file,
    engine: typeof data.engine === 'string' ? data.engine : '',
    title: text(data.title),
    goal: text(goal),
  };
}

/** What grouping needs of a lesson: its file and its engine. */
export interface EngineLesson extends LessonFile {
  engine: string;
}

export interface LessonGroup<T extends EngineLesson = LessonSummary> {
  engine: string;
  lessons: T[];
}

/**
 * Lessons grouped by engine, the groups in the order of their first lesson,
 * each in course order.  The index shows these groups, and Previous and Next
 * walk them (`indexOrder`): the one order a learner meets the lessons in.
 */
export function groupLessons<T extends EngineLesson>(list: readonly T[]): LessonGroup<T>[] {
  const groups: LessonGroup<T>[] = [];
  for (const l of inOrder(list)) {
    const g = groups.find((x) => x.engine === l.engine);
    if (g) g.lessons.push(l);
    else groups.push({ engine: l.engine, lessons: [l] });
  }
  return groups;
}

/** The lessons one after the other as the index lists them: group by group. */
export function indexOrder<T extends EngineLesson>(list: readonly T[]): T[] {
  return groupLessons(list).flatMap((g) => g.lessons);
}

/**
 * Each lesson's number as the learner meets it: its place (from 1) in
 * `indexOrder`.  The one numbering the app shows (the lesson panel's "Lesson
 * n of count", the title, the index, the embed), whatever the file's number.
 */
export function indexNumbers(list: readonly EngineLesson[]): Map<string, number> {
  return new Map(indexOrder(list).map((l, i) => [l.id, i + 1]));
}

/** Lesson `id`'s number (`indexNumbers`) and how many lessons there are; null for a lesson not listed. */
export function placeInIndex(list: readonly EngineLesson[], id: string): { n: number; count: number } | null {
  const n = indexNumbers(list).get(id);
  return n === undefined ? null : { n, count: list.length };
}

/**
 * The lessons before and after `id` as the index lists them (`indexOrder`;
 * null at either end, or for an unknown id).
 */
export function neighbours(
  list: readonly EngineLesson[],
  id: string,
): { prev: string | null; next: string | null } {
  const listed = indexOrder(list);
  const i = listed.findIndex((l) => l.id === id);
  if (i < 0) return { prev: null, next: null };
  return { prev: listed[i - 1]?.id ?? null, next: listed[i + 1]?.id ?? null };
}

/**
 * What lesson `id`'s page shows of the course (LessonCourse): its number and
 * the course's size (`placeInIndex`), and the lessons before and after it
 * (`neighbours`) with their titles; null for a lesson the list does not
 * have.  The build puts it in each lesson's chunk; the page reads it off the
 * index for a lesson opened from its text.
 */
export function courseAround(id: string, list: readonly LessonBrief[]): LessonCourse | null {
  const place = placeInIndex(list, id);
  if (!place) return null;
  const { prev, next } = neighbours(list, id);
  const link = (other: string | null) =>
    other === null ? null : { id: other, title: list.find((l) => l.id === other)?.title ?? null };
  return { ...place, prev: link(prev), next: link(next) };
}
