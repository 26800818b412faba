/*
 * The course's lessons: every lessons/<engine>/NN-id.md, in the order of the
 * course index (lessons/course.yaml), parsed and compiled when the app was
 * built (web/plugins/lessons.ts).  A lesson's address is its id
 * (`?lesson=<id>`), wherever its file sits.  Of the course the app
 * itself holds only the first lesson's id and where its chunk is: each
 * lesson's chunk brings its engine's card and what its page shows of the
 * others (its number, the lessons before and after it), so a first load
 * grows with no lesson it does not open.  The index (every lesson's id,
 * place, engine, title) is a chunk loaded when another lesson is asked for;
 * the goals (what the lesson list adds) are a chunk loaded when the list is
 * first shown.  A lesson opened from its text whose id is a course lesson's
 * learns its place from the index (findLessonCourse).
 */
import { first, load as loadFirst } from 'virtual:lockstep/lessons/first';
import type { BuiltSource, ScenarioSource } from '../bridge/bridge';
import { sourceOf } from '../engines/chunk';
import type { LessonBrief, LessonCourse, LessonSummary } from '../model/lessonList';

type Chunk = Awaited<ReturnType<typeof loadFirst>>;

/** The first lesson: what a bare address opens. */
export const FIRST_LESSON: string = first;

let index: Promise<typeof import('virtual:lockstep/lessons')> | null = null;
const indexModule = () => {
  index ??= import('virtual:lockstep/lessons');
  index.catch(() => (index = null));
  return index;
};

/** What the pages of the lessons opened so far show of the course, by id. */
const courses = new Map<string, LessonCourse>();

/** Every lesson's id, place, engine and title, in course order (a chunk of its own). */
export async function lessonIndex(): Promise<LessonBrief[]> {
  return (await indexModule()).summaries;
}

/** Where lesson `id`'s chunk is: the first's is known at once, the others' are in the index. */
async function chunkOf(id: string): Promise<(() => Promise<Chunk>) | undefined> {
  if (id === FIRST_LESSON && id) return loadFirst;
  const { loaders } = await indexModule();
  return Object.hasOwn(loaders, id) ? loaders[id] : undefined;
}

/** Whether the course has lesson `id`. */
export async function hasLesson(id: string): Promise<boolean> {
  return (await chunkOf(id)) !== undefined;
}

/**
 * The lesson, ready to open: compiled, or for a file that did not compile
 * at build time, its text (the engine then reports its problems in the page).
 * Its engine's card, its module's place and its place in the course are
 * known from then on.
 */
export async function loadLesson(id: string): Promise<BuiltSource | ScenarioSource> {
  const load = await chunkOf(id);
  if (!load) throw new Error(`no lesson ${id}`);
  const chunk = await load();
  if (chunk.course) courses.set(id, chunk.course);
  return sourceOf(chunk);
}

/**
 * Lesson `id`'s place in the course as the learner meets it (its number in
 * the index, not its file's number within its engine; the course's size) and
 * the lessons before and after it, with their titles; null for a lesson not
 * in the course, and before loadLesson(id) has answered.
 */
export function lessonCourse(id: string): LessonCourse | null {
  return courses.get(id) ?? null;
}

/**
 * Lesson `id`'s place in the course (lessonCourse) for a page that did not
 * open it from its chunk: a lesson opened from its text (a shared link, the
 * author page) whose id is a course lesson's.  Read off the index, a chunk
 * loaded on demand, so a first load does not carry it; null for an id the
 * course does not have.  lessonCourse(id) answers it from then on.
 */
export async function findLessonCourse(id: string): Promise<LessonCourse | null> {
  if (!courses.has(id)) {
    const [{ summaries }, { courseAround }] = await Promise.all([
      indexModule(),
      import('../model/lessonList'),
    ]);
    const found = courseAround(id, summaries);
    if (found) courses.set(id, found);
  }
  return lessonCourse(id);
}

/** Every lesson's engine, title and goal. */
export function lessonSummaries(): Promise<LessonSummary[]> {
  return import('virtual:lockstep/lessons/summaries').then((m) =>
    m.summaries.map(({ file: _file, ...summary }) => summary),
  );
}
