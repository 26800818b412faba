// The author page's starting points and its draft translations: every
// engine's lesson template (lessons/<engine>/template.md) passes every check
// `lockstep check` makes, through the same library the page's worker runs
// (wasm/js/check/); a zh-CN text still marked as a draft is a problem, in
// the front matter and in the body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG, COUNTERS_FILE, M, courseLessons, root } from './helpers.js';
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
  // the first engine's template (any would do): its first zh-CN text, the title's, and its body's
  const lines = readFileSync(join(dir, templates[0]), 'utf8').split('\n');
  const title = lines.findIndex((l) => /^\s+zh-CN: \S/.test(l));
  const heading = lines.indexOf('## zh-CN');
  const body = heading + 2;
  assert.ok(title > 0 && heading > title && lines[body] !== '', templates[0]);
  const column = lines[title].indexOf('zh-CN: ') + 'zh-CN: '.length + 1;
  lines[title] = `${lines[title].slice(0, column - 1)}"${DRAFT_MARK} A lost update"`;
  lines[body] = `${DRAFT_MARK}\n\nTwo threads add one.`;
  const r = checkLesson(M, lines.join('\n'), { file: 'draft.md', catalog: CATALOG });
  assert.deepEqual(r.problems.map(formatProblem), [
    `draft.md:${title + 1}:${column}: title.zh-CN: is a draft copied from English (it starts with ${DRAFT_MARK}); translate it`,
    `draft.md:${heading + 1}:1: body.zh-CN: is a draft copied from English (it starts with ${DRAFT_MARK}); translate it`,
  ]);
});

test('a check with the runs of an earlier one says exactly what a fresh check says', () => {
  // the course's first lesson with a solution to break
  const text = courseLessons
    .map((f) => readFileSync(join(root, f), 'utf8'))
    .find((t) => t.includes('solution: "'));
  const cache = new RunCache();
  checkLesson(M, text, { file: 'a.md', catalog: CATALOG, cache });
  const edited = text.replace(/^(\s+en: )(.*)$/m, '$1$2 Edited.').replace('solution: "', 'solution: "B ');
  const fresh = checkLesson(M, edited, { file: 'a.md', catalog: CATALOG });
  const reused = checkLesson(M, edited, { file: 'a.md', catalog: CATALOG, cache });
  assert.deepEqual(reused.problems, fresh.problems);
  assert.ok(fresh.problems.length > 0, 'the edit breaks the solution');
});

test("a scenario's problems, from the compiler and from the C side, at their lines", () => {
  const good = readFileSync(join(root, COUNTERS_FILE), 'utf8');
  assert.deepEqual(checkScenario(M, good, { file: 's.yaml' }).problems, []);
  const typo = checkScenario(M, good.replace('A: [increment c,', 'A: [incremnt c,'), {
    file: 's.yaml',
  });
  const line = good.split('\n').findIndex((l) => l.includes('A: [increment c,')) + 1;
  const column = good.split('\n')[line - 1].indexOf('increment c') + 1;
  assert.deepEqual(typo.problems.map(formatProblem), [
    `s.yaml:${line}:${column}: actors.A[0]: c (counter) has no operation 'incremnt'; it has: increment, get`,
  ]);
});
