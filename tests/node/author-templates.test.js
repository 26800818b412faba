// The author page's starting points and its draft translations: every
// engine's lesson template (lessons/<engine>/template.md) passes every check
// `lockstep check` makes, through the same library the page's worker runs
// (wasm/js/check/); a zh-CN text still marked as a draft is a problem, in
// the front matter and in the body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG, M, root } from './helpers.js';
import { RunCache, checkLesson } from '../../wasm/js/check/lesson.js';
import { checkScenario } from '../../wasm/js/check/scenario.js';
import { DRAFT_MARK, formatProblem } from '../../wasm/js/lesson.js';

const dir = join(root, 'lessons');
/** Each engine's template, as "<engine>/template.md". */
const templates = readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'template.md')))
  .map((d) => `${d.name}/template.md`);

test('there is a lesson template for every engine', () => {
  assert.deepEqual(
    templates.map((f) => f.replace(/\/template\.md$/, '')).sort(),
    Object.keys(CATALOG.engines).sort(),
  );
});

for (const f of templates)
  test(`template ${f} passes every check`, () => {
    const text = readFileSync(join(dir, f), 'utf8');
    const r = checkLesson(M, text, { file: f, catalog: CATALOG });
    assert.deepEqual(r.problems.map(formatProblem), []);
    assert.equal(r.lesson?.engine, f.replace(/\/template\.md$/, ''));
  });

test('a draft translation is reported where it stands, in the front matter and the body', () => {
  const text = readFileSync(join(dir, 'basic', 'template.md'), 'utf8')
    .replace('zh-CN: 丢失的更新', `zh-CN: "${DRAFT_MARK} A lost update"`)
    .replace(/## zh-CN\n\n.*\n/, `## zh-CN\n\n${DRAFT_MARK}\n\nTwo threads add one.\n`);
  const r = checkLesson(M, text, { file: 'draft.md', catalog: CATALOG });
  assert.deepEqual(r.problems.map(formatProblem), [
    `draft.md:10:10: title.zh-CN: is a draft copied from English (it starts with ${DRAFT_MARK}); translate it`,
    `draft.md:52:1: body.zh-CN: is a draft copied from English (it starts with ${DRAFT_MARK}); translate it`,
  ]);
});

test('a check with the runs of an earlier one says exactly what a fresh check says', () => {
  const text = readFileSync(join(root, 'lessons', 'parking_lot', '05-lost-wakeup.md'), 'utf8');
  const cache = new RunCache();
  checkLesson(M, text, { file: 'a.md', catalog: CATALOG, cache });
  const edited = text.replace(/^(\s+en: )(.*)$/m, '$1$2 Edited.').replace('solution: "', 'solution: "B ');
  const fresh = checkLesson(M, edited, { file: 'a.md', catalog: CATALOG });
  const reused = checkLesson(M, edited, { file: 'a.md', catalog: CATALOG, cache });
  assert.deepEqual(reused.problems, fresh.problems);
  assert.ok(fresh.problems.length > 0, 'the edit breaks the solution');
});

test("a scenario's problems, from the compiler and from the C side, at their lines", () => {
  const good = readFileSync(join(root, 'tests', 'scenarios', 'basic', 'racy-counter.yaml'), 'utf8');
  assert.deepEqual(checkScenario(M, good, { file: 's.yaml' }).problems, []);
  const typo = checkScenario(M, good.replace('- increment counter', '- incremnt counter'), {
    file: 's.yaml',
  });
  const line = good.split('\n').findIndex((l) => l.includes('- increment counter')) + 1;
  assert.deepEqual(typo.problems.map(formatProblem), [
    `s.yaml:${line}:11: actors.A[0][0]: counter has no operation 'incremnt'; it has: increment, get`,
  ]);
});
