/*
 * The course's lessons, compiled when the app is built.
 *
 * Every lessons/NN-id.md is parsed by the same parser `lockstep check` uses
 * (wasm/js/lesson.js, with the catalog of the node build of the engine),
 * its scenario compiled, and its body rendered to HTML (model/markdown.ts).
 * The app then opens a lesson without the YAML reader, the schema validator,
 * the compiler or the Markdown renderer: those load only for text from
 * elsewhere (a dropped scenario, a course's own lesson file).
 *
 *   virtual:lockstep/lessons        the index: ids, order, engines, titles,
 *                                   goals, and a loader per lesson
 *   virtual:lockstep/lesson/<id>    one lesson, compiled (BuiltLessonSource)
 *
 * A lesson that does not parse is not an error here: its module carries the
 * text instead, so the page shows its problems where the learner looks, the
 * same as for any other lesson file.  The build prints them as a warning.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { parse as parseYaml } from 'yaml';
import { catalog } from '../../wasm/js/lockstep.js';
import { loadModule } from '../../wasm/js/node.js';
import { formatProblem, parseLesson } from '../../wasm/js/lesson.js';
import { lessonInfo } from '../src/engine/lessonInfo.ts';
import type { BuiltLessonSource, ScenarioSource } from '../src/engine/bridge.ts';
import { markdownToHtml } from '../src/model/markdown.ts';
import { inOrder, lessonFile, summarize, type LessonSummary } from '../src/model/lessonList.ts';

const INDEX = 'virtual:lockstep/lessons';
const ONE = 'virtual:lockstep/lesson/';

export interface CompiledLesson {
  summary: LessonSummary & { file: string };
  source: BuiltLessonSource | ScenarioSource;
  problems: string[];
}

/**
 * Every NN-id.md in `dir`, in course order, keyed by id; `name` is the
 * folder as messages name it.
 */
export async function compileLessons(dir: string, name = 'lessons'): Promise<Map<string, CompiledLesson>> {
  const M = await loadModule();
  const cat = catalog(M);
  const found = readdirSync(dir).flatMap((base) => {
    const at = lessonFile(base);
    return at ? [{ ...at, name: base }] : [];
  });
  const out = new Map<string, CompiledLesson>();
  for (const { name: base, ...at } of inOrder(found)) {
    const file = `${name}/${base}`;
    const text = readFileSync(join(dir, base), 'utf8');
    const summary = { ...summarize(at, text, (y) => parseYaml(y, { maxAliasCount: 50 })), file };
    try {
      const l = parseLesson(text, { file, catalog: cat });
      const info = lessonInfo(l);
      info.bodyHtml = { en: markdownToHtml(info.body.en), 'zh-CN': markdownToHtml(info.body['zh-CN']) };
      const built = {
        file,
        info,
        scenario: l.scenario,
        bytecode: Buffer.from(l.bytecode).toString('base64'),
      };
      out.set(at.id, { summary, source: { kind: 'built-lesson', file, built }, problems: [] });
    } catch (e) {
      const problems = (e as { problems?: unknown[] }).problems;
      out.set(at.id, {
        summary,
        source: { kind: 'lesson', file, text },
        problems: Array.isArray(problems)
          ? problems.map((p) => formatProblem(p as Parameters<typeof formatProblem>[0]))
          : [String(e)],
      });
    }
  }
  return out;
}

export function courseLessons(repo: string): Plugin {
  const lessonsDir = join(repo, 'lessons');
  let compiled: Promise<Map<string, CompiledLesson>> | null = null;
  const all = () => (compiled ??= compileLessons(lessonsDir));

  return {
    name: 'lockstep:course-lessons',
    resolveId(id) {
      return id === INDEX || id.startsWith(ONE) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith('\0virtual:lockstep/')) return null;
      const lessons = await all();
      for (const name of readdirSync(lessonsDir))
        if (name.endsWith('.md')) this.addWatchFile(join(lessonsDir, name));
      if (id === `\0${INDEX}`) {
        const summaries = [...lessons.values()].map((l) => l.summary);
        const loaders = [...lessons.keys()].map(
          (key) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(ONE + key)}),`,
        );
        return `export const lessons = ${JSON.stringify(summaries)};\nexport const loaders = {\n${loaders.join('\n')}\n};\n`;
      }
      const lesson = lessons.get(id.slice(`\0${ONE}`.length));
      if (!lesson) return null;
      if (lesson.problems.length)
        this.warn(
          `${lesson.summary.file} does not compile; the page will show why:\n  ${lesson.problems.join('\n  ')}`,
        );
      return `export default ${JSON.stringify(lesson.source)};\n`;
    },
    watchChange(id) {
      if (id.startsWith(lessonsDir)) compiled = null;
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(lessonsDir)) return;
      compiled = null;
      for (const m of server.moduleGraph.idToModuleMap.values())
        if (m.id?.startsWith('\0virtual:lockstep/')) server.moduleGraph.invalidateModule(m);
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
