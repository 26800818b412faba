/*
 * The author page's checks, in a Web Worker with its own instance of the
 * wasm module of the engine the document names (bridge/load.ts; every
 * engine's catalog comes with the build, so a text is read before any
 * module loads): the very functions `lockstep check` and `lockstep compile` run
 * (wasm/js/check/), so every problem has the CLI's words, line and column.
 * In mode 'parse' it only parses (schema, both languages, the scenario
 * compiles: milliseconds); in mode 'full' it also runs the lesson (or the
 * scenario, for its expect:), keeping
 * the runs of the last scenario checked (RunCache), so an edit to the words
 * is checked again without running anything twice.
 */
import allEngines from '@wasm/catalog.json';
import { LessonError, parseLesson } from '@lockstep/lesson.js';
import { checkLesson, RunCache } from '@lockstep/check/lesson.js';
import { checkScenario } from '@lockstep/check/scenario.js';
import { ScenarioError, compileScenario } from '@lockstep/scenario.js';
import { documentKind } from '@lockstep/link.js';
import { loadModule } from '../bridge/load';
import { moduleEngines } from '../bridge/modules';
import type { CheckAnswer, CheckRequest } from './checks';
import { engineOf, type Catalog } from './help';

const cache = new RunCache();
/** The catalog goes to the page once, with the first answer (completion and hover help). */
let catalogSent = false;

function post(m: CheckAnswer): void {
  (self as unknown as { postMessage(m: CheckAnswer): void }).postMessage(m);
}

async function check(req: CheckRequest): Promise<CheckAnswer> {
  const catalog = allEngines as Catalog;
  // a document that names no engine the build has fails its checks on any module; the
  // explorer's module, since an explore: outcome searches
  const M = await loadModule(engineOf(req.text, catalog) ?? moduleEngines('explorer')[0]!, 'explorer');
  const t0 = performance.now();
  const kind = documentKind(req.text);
  const file = kind === 'lesson' ? 'lesson.md' : 'scenario.yaml';
  const answer = (problems: CheckAnswer['problems'], playable: boolean): CheckAnswer => {
    const first = !catalogSent;
    catalogSent = true;
    return {
      id: req.id,
      mode: req.mode,
      kind,
      problems,
      playable,
      ms: performance.now() - t0,
      ...(first ? { catalog } : {}),
    };
  };
  // the quick lane only parses (a scenario: compiles); the full one also
  // runs it (a scenario: opens it and runs it for its expect:)
  if (req.mode === 'parse') {
    try {
      if (kind === 'scenario') compileScenario(req.text, { file, catalog });
      else parseLesson(req.text, { file, catalog });
      return answer([], true);
    } catch (e) {
      if (e instanceof ScenarioError || e instanceof LessonError) return answer(e.problems, false);
      throw e;
    }
  }
  if (kind === 'scenario') {
    const { problems, compiled } = checkScenario(M, req.text, { file, catalog });
    return answer(problems, compiled !== null);
  }
  const { problems, lesson } = checkLesson(M, req.text, { file, catalog, cache });
  return answer(problems, lesson !== null);
}

self.onmessage = (e: MessageEvent<CheckRequest>) => {
  check(e.data).then(post, (err: unknown) =>
    post({
      id: e.data.id,
      mode: e.data.mode,
      kind: documentKind(e.data.text),
      problems: [
        { line: 1, column: 1, field: 'check', message: err instanceof Error ? err.message : String(err) },
      ],
      playable: false,
      ms: 0,
    }),
  );
};
