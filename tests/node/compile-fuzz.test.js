// Mangled scenario files: whatever the compiler makes of them, it either
// compiles them (and then the C decoder accepts the bytecode too) or throws
// a ScenarioError whose every problem has a file, line, column and field.
// Never a TypeError, never bytecode the C side refuses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { M, compile, root, scenarioFiles } from './helpers.js';
import { LockstepError, Session } from '../../wasm/js/lockstep.js';
import { ScenarioError } from '../../wasm/js/scenario.js';

/** xorshift32: the same mutations on every run. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

// Pieces a mutation may insert: the language's own words and YAML's syntax.
const PIECES = [
  ' ',
  '\n',
  '  ',
  '- ',
  ': ',
  '[',
  ']',
  '{',
  '}',
  ',',
  '"',
  "'",
  '#',
  '&a ',
  '*a',
  '!!str ',
  '? ',
  '|',
  '>',
  'repeat 3',
  'repeat 99999999',
  ';',
  'increment',
  'counter',
  'result',
  '==',
  '<=',
  '0x',
  '-1',
  '1e9',
  '10ms',
  'work',
  'sleep',
  'print',
  'assert',
  'cs_enter',
  'A',
  'B',
  'null',
  '~',
  'true',
  '.inf',
  '\t',
  '\\',
  '\u00e9',
  '\0',
];

function mutate(text, next) {
  let t = text;
  for (let k = 1 + next(4); k > 0; k--) {
    const at = next(t.length + 1);
    switch (next(3)) {
      case 0:
        t = t.slice(0, at) + t.slice(at + 1 + next(8));
        break;
      case 1:
        t = t.slice(0, at) + PIECES[next(PIECES.length)] + t.slice(at);
        break;
      default:
        t = t.slice(0, at) + t.slice(next(t.length + 1)).slice(0, 20) + t.slice(at);
    }
  }
  return t;
}

test('mangled scenarios compile cleanly or fail with located problems', () => {
  const next = rng(20240601);
  const sources = scenarioFiles().map((f) => readFileSync(join(root, f), 'utf8'));
  let compiled = 0;
  let refused = 0;
  for (let i = 0; i < 4000; i++) {
    const text = mutate(sources[next(sources.length)], next);
    let bytecode;
    try {
      ({ bytecode } = compile(text, 'm.yaml'));
    } catch (e) {
      assert.ok(e instanceof ScenarioError, `not a ScenarioError (${e}) for:\n${text}`);
      for (const p of e.problems) {
        assert.equal(p.file, 'm.yaml');
        assert.ok(
          Number.isInteger(p.line) && p.line >= 1 && Number.isInteger(p.column) && p.column >= 1,
          JSON.stringify(p),
        );
        assert.ok(p.field.length > 0 && p.message.length > 0, JSON.stringify(p));
      }
      refused++;
      continue;
    }
    compiled++;
    try {
      new Session(M, bytecode).free();
    } catch (e) {
      // The only thing the compiler cannot know: a parameter out of the type's range.
      assert.ok(
        e instanceof LockstepError && /^object '[^']+' \(/.test(e.message),
        `C refused what the compiler accepted: ${e}\n${text}`,
      );
    }
  }
  assert.ok(compiled > 200 && refused > 200, `compiled ${compiled}, refused ${refused}`);
});
