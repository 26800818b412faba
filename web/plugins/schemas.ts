/*
 * The two schema validators as plain code, generated when the app is built.
 *
 * wasm/js/schemas.js compiles its validators with ajv at first use, which
 * generates code with `new Function`: fine in node, but refused in a page
 * whose Content Security Policy has no 'unsafe-eval' (the app is served with
 * one, see vite.config.ts).  For the web build this plugin serves that
 * module's two functions over ajv's standalone code instead: the same ajv
 * configuration (wasm/js/scenario/ajv.js), the same errors, no code made at
 * run time.
 */
import { join } from 'node:path';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';
import scenarioSchema from '../../wasm/js/scenario.schema.json' with { type: 'json' };
import lessonSchema from '../../lessons/lesson.schema.json' with { type: 'json' };
import { newAjv } from '../../wasm/js/scenario/ajv.js';

/** The module's source: `scenarioValidator()` and `lessonValidator()` over generated validators. */
export function schemaValidatorsModule(): string {
  const ajv = newAjv({ standalone: true });
  ajv.addSchema(scenarioSchema, 'scenario');
  ajv.addSchema(lessonSchema, 'lesson');
  const generated = standaloneCode(ajv, { validateScenario: 'scenario', validateLesson: 'lesson' });
  // ajv's ES module output still require()s its few runtime helpers; each
  // is a CommonJS module whose function is `.default` (which a bundler's
  // default import may or may not have unwrapped already)
  const helpers: string[] = [];
  let count = 0;
  const code = generated.replace(
    /require\("(ajv\/dist\/runtime\/[A-Za-z0-9_]+)"\)\.default/g,
    (_m, path: string) => {
      const n = count++;
      helpers.push(
        `import helperModule${n} from ${JSON.stringify(path)};`,
        `const helper${n} = helperModule${n}.default ?? helperModule${n};`,
      );
      return `helper${n}`;
    },
  );
  if (/\brequire\(/.test(code))
    throw new Error('web/plugins/schemas.ts: ajv generated a require() it cannot turn into an import');
  return [
    ...helpers,
    code.replace(/^"use strict";/, ''),
    'export function scenarioValidator() { return validateScenario; }',
    'export function lessonValidator() { return validateLesson; }',
    '',
  ].join('\n');
}

export function precompiledSchemas(repo: string): Plugin {
  const target = join(repo, 'wasm', 'js', 'schemas.js');
  let source: string | null = null;
  return {
    name: 'lockstep:precompiled-schemas',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== target) return null;
      return (source ??= schemaValidatorsModule());
    },
  };
}
