/*
 * The validators generated at build time (schemas.ts) must judge exactly as
 * the ones ajv compiles at run time in node: same verdict, same errors (the
 * compiler turns those into the messages a scenario's author reads).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import scenarioSchema from '../../wasm/js/scenario.schema.json' with { type: 'json' };
import lessonSchema from '../../lessons/lesson.schema.json' with { type: 'json' };
import { newAjv } from '../../wasm/js/scenario/ajv.js';
// under Vitest, as in the web build, this is the module schemas.ts generates
import { lessonValidator, scenarioValidator } from '../../wasm/js/schemas.js';
import { frontMatter } from '../src/model/lessonList.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));

type Data = Record<string, unknown>;

/** Ways to break a valid document, each a new copy. */
const breakings: [string, (d: Data) => Data][] = [
  ['as it is', (d) => d],
  ['no title', ({ title: _t, ...d }) => d],
  ['a number for a title', (d) => ({ ...d, title: 5 })],
  ['an unknown field', (d) => ({ ...d, titel: 'x' })],
  ['an empty engine', (d) => ({ ...d, engine: '' })],
  ['a list for a mapping', (d) => ({ ...d, actors: [] })],
  ['bad actor names', (d) => ({ ...d, actors: { '1A': ['x'], [`A${'b'.repeat(40)}`]: ['y'] } })],
  ['a string for the whole', () => 'just text' as unknown as Data],
  ['null fields', (d) => Object.fromEntries(Object.keys(d).map((k) => [k, null]))],
];

function cases(docs: Data[]): [string, unknown][] {
  return docs.flatMap((d, i) =>
    breakings.map(([name, f]): [string, unknown] => [`#${i} ${name}`, f(structuredClone(d))]),
  );
}

type Validate = (d: unknown) => boolean;

function judge(validate: Validate, data: unknown) {
  const ok = validate(data);
  return { ok, errors: (validate as unknown as { errors?: unknown }).errors ?? null };
}

/** Every broken copy of `docs` judged alike by both; each one refused, the originals accepted. */
function expectSameVerdicts(generated: Validate, runtime: Validate, docs: Data[]) {
  let refused = 0;
  for (const [name, data] of cases(docs)) {
    const verdict = judge(generated, data);
    expect(verdict, name).toEqual(judge(runtime, data));
    if (!verdict.ok) refused++;
  }
  expect(refused).toBe(docs.length * (breakings.length - 1));
}

describe('validators generated at build time', () => {
  it('are the generated ones, not ajv compiling in the page', () => {
    expect(String(scenarioValidator)).toContain('return validateScenario');
    expect(String(lessonValidator)).toContain('return validateLesson');
  });

  it('judge scenarios as ajv does at run time', () => {
    const runtime = newAjv().compile(scenarioSchema);
    // every scenario of the sandbox
    const dir = join(repo, 'tests/scenarios');
    const docs = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => parse(readFileSync(join(dir, f), 'utf8')) as Data);
    expectSameVerdicts(scenarioValidator(), runtime, docs);
  });

  it('judge lessons as ajv does at run time', () => {
    const runtime = newAjv().compile(lessonSchema);
    // every lesson of the course
    const dir = join(repo, 'lessons');
    const docs = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /^[a-z_]+\/\d+-.+\.md$/.test(f))
      .map((f) => parse(frontMatter(readFileSync(join(dir, f), 'utf8'))!) as Data);
    expectSameVerdicts(lessonValidator(), runtime, docs);
  });
});
