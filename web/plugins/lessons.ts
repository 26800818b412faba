/*
 * The course's lessons, compiled at build time (builtIn.ts): every
 * lessons/<engine>/NN-id.md, in the order the course index
 * (lessons/course.yaml) gives (wasm/js/cli/course-files.js, as `lockstep
 * check` reads it), parsed by wasm/js/lesson.js, and its body rendered to
 * HTML (model/markdown.ts) and sanitized by the page's rule
 * (model/sanitize.ts, DOMPurify over jsdom's window), so the page inserts it
 * without loading DOMPurify.  Each lesson's own chunk carries what its page
 * needs of the others (`course`: its number, the course's size, the ids and
 * titles of the lessons before and after it) and its engine's card, so a
 * lesson's first load holds no other lesson's entry and no other engine's
 * card, however long the course grows.  The index (id, place, engine, title
 * of every lesson) comes when another lesson is asked for; the summaries add
 * the goal and the file, for the lesson list, a chunk of their own.
 *
 *   import('virtual:lockstep/lessons/first').then(({ first, load }) => …)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import type { Plugin } from 'vite';
import { parse as parseYaml } from 'yaml';
import { courseFiles } from '../../wasm/js/cli/course-files.js';
import { parseLesson } from '../../wasm/js/lesson.js';
import { lessonInfo } from '../src/bridge/lessonInfo.ts';
import { markdownToHtml } from '../src/model/markdown.ts';
import { proseSanitizer } from '../src/model/sanitize.ts';
import { courseAround, summarize, type LessonSummary } from '../src/model/lessonList.ts';
import { buildSource, builtInPlugin, engineCatalog, type Item } from './builtIn.ts';
import { engineExports } from './engines.ts';

export type LessonItem = Item<LessonSummary & { file: string }>;

let sanitize: ((html: string) => string) | null = null;

/** A lesson body's Markdown as the page shows it: rendered, then sanitized as the page would. */
export function bodyToHtml(markdown: string): string {
  sanitize ??= proseSanitizer(createDOMPurify(new JSDOM('').window));
  return sanitize(markdownToHtml(markdown));
}

/** The course in `dir` (named `name` in messages), in course order, keyed by id. */
export async function compileLessons(dir: string, name = 'lessons'): Promise<Map<string, LessonItem>> {
  const catalog = await engineCatalog();
  const out = new Map<string, LessonItem>();
  for (const { rel, id, order } of courseFiles(dir, name)) {
    const file = `${name}/${rel}`;
    const text = readFileSync(join(dir, rel), 'utf8');
    const summary = { ...summarize({ id, order }, text, (y) => parseYaml(y, { maxAliasCount: 50 })), file };
    const built = buildSource('lesson', file, text, () => {
      const l = parseLesson(text, { file, catalog });
      const lesson = lessonInfo(l);
      lesson.bodyHtml = { en: bodyToHtml(lesson.body.en), 'zh-CN': bodyToHtml(lesson.body['zh-CN']) };
      return { bytecode: l.bytecode, scenario: l.scenario, lesson };
    });
    out.set(id, { summary, ...built });
  }
  return out;
}

export function courseLessons(repo: string): Plugin {
  const dir = join(repo, 'lessons');
  return builtInPlugin('lesson', dir, '.md', () => compileLessons(dir), {
    brief: ({ id, order, engine, title }) => ({ id, order, engine, title }),
    engine: engineExports(repo),
    around: (id, all) => ({
      course: courseAround(
        id,
        [...all.values()].map((i) => i.summary),
      ),
    }),
  });
}
