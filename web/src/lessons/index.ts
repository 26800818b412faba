/*
 * The lessons the app can open: every lessons/NN-id.md, each loaded as text
 * only when it is opened (or when the index first lists them all).  The id
 * and order come from the file name; the engine parses the rest.
 */
import {
  inOrder,
  lessonFile,
  neighbours,
  summarize,
  type LessonFile,
  type LessonSummary,
} from '../model/lessonList';

const files = import.meta.glob<string>('../../../lessons/*.md', { query: '?raw', import: 'default' });

const byId = new Map<string, { file: LessonFile; path: string; load: () => Promise<string> }>();
for (const [path, load] of Object.entries(files)) {
  const file = lessonFile(path);
  if (file) byId.set(file.id, { file, path: path.replace(/^(\.\.\/)+/, ''), load });
}

const ordered = inOrder([...byId.values()].map((x) => x.file));

/** The course's lessons in order. */
export function lessonFiles(): LessonFile[] {
  return ordered;
}

/** The first lesson: what a bare address opens. */
export const FIRST_LESSON = ordered[0]?.id ?? '';

export function hasLesson(id: string): boolean {
  return byId.has(id);
}

/** The lesson file's text, and its name for messages ("lessons/06-lost-wakeup.md"). */
export async function loadLesson(id: string): Promise<{ text: string; file: string; kind: 'lesson' }> {
  const l = byId.get(id);
  if (!l) throw new Error(`no lesson ${id}`);
  return { text: await l.load(), file: l.path, kind: 'lesson' };
}

export function lessonNeighbours(id: string): { prev: string | null; next: string | null } {
  return neighbours(ordered, id);
}

let summaries: Promise<LessonSummary[]> | null = null;

/** Every lesson's engine, title and goal (reads all the files, once). */
export function lessonSummaries(): Promise<LessonSummary[]> {
  summaries ??= Promise.all([import('yaml'), ...ordered.map((f) => byId.get(f.id)!.load())]).then(
    ([yaml, ...texts]) =>
      ordered.map((f, i) => summarize(f, texts[i] as string, (s) => yaml.parse(s, { maxAliasCount: 50 }))),
  );
  summaries.catch(() => (summaries = null));
  return summaries;
}
