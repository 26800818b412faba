// Every reason code the C side can put in `blocked.why` (each is defined once
// as `const sim_blocked_code x = {"name", english}`, core/sim/blocked.h) has
// an entry in the web's tables: the machine's and the models' in
// web/src/model/blocked.ts (English and Chinese), each engine's in its own
// web/src/engines/<engine>/reasons.ts (Chinese; the English is C's); and no
// table has an entry C never emits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

/** Every .c file under a folder, recursively. */
function cFiles(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cFiles(join(dir, e.name)) : e.name.endsWith('.c') ? [join(dir, e.name)] : [],
  );
}

function codesInC() {
  const codes = new Map();
  for (const file of cFiles('core')) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/sim_blocked_code\s+\w+\s*=\s*\{\s*"([^"]+)"/g)) {
      assert.ok(!codes.has(m[1]), `code ${m[1]} is defined in ${file} and in ${codes.get(m[1])}`);
      codes.set(m[1], file);
    }
  }
  return codes;
}

/** The tables that say reasons: the machine's and the models' (model/blocked.ts), each engine's (reasons.ts). */
function webTables() {
  const engines = join(root, 'web/src/engines');
  const files = ['web/src/model/blocked.ts'];
  for (const e of readdirSync(engines, { withFileTypes: true }))
    if (e.isDirectory() && readdirSync(join(engines, e.name)).includes('reasons.ts'))
      files.push(`web/src/engines/${e.name}/reasons.ts`);
  return files.map((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const from = text.search(/const (REASONS|reasons)\b/);
    assert.ok(from >= 0, `${file} has a table`);
    const to = text.indexOf('\n};', from);
    return { file, table: text.slice(from, to) };
  });
}

/** Each table's entries: code and text. */
function entries() {
  const out = [];
  for (const { file, table } of webTables()) {
    const starts = [...table.matchAll(/^ {2}'?([a-z_.]+)'?: \{/gm)];
    starts.forEach((m, k) =>
      out.push({
        file,
        code: m[1],
        text: table.slice(m.index, k + 1 < starts.length ? starts[k + 1].index : table.length),
      }),
    );
  }
  return out;
}

test('every reason code C defines has words in the web (model/blocked.ts or its engine’s reasons.ts), and no other code does', () => {
  const c = codesInC();
  const web = new Map();
  for (const { file, code } of entries()) {
    assert.ok(!web.has(code), `${code} is said in ${file} and in ${web.get(code)}`);
    web.set(code, file);
  }
  assert.ok(c.size >= 20, `found ${c.size} codes in C`);
  const missing = [...c.keys()].filter((k) => !web.has(k)).map((k) => `${k} (${c.get(k)})`);
  assert.deepEqual(missing, [], 'codes C can emit that the web cannot say');
  assert.deepEqual(
    [...web.keys()].filter((k) => !c.has(k)),
    [],
    'codes the web says that C never emits',
  );
  // an engine's code is said by that engine's folder, whose binding defines it
  for (const [code, file] of web) {
    const engine = /engines\/([a-z_]+)\/reasons\.ts$/.exec(file)?.[1];
    if (engine) assert.match(c.get(code), new RegExp(`engines/${engine}/`), `${code} is said by ${file}`);
    else
      assert.doesNotMatch(
        c.get(code),
        /engines\//,
        `${code} (${c.get(code)}) belongs in its engine's reasons.ts`,
      );
  }
});

test('each code has Chinese; the machine’s have English too (an engine’s English is C’s own sentence)', () => {
  const all = entries();
  assert.ok(all.length >= 20);
  for (const { file, code, text } of all) {
    assert.match(text, /'zh-CN': \(/, `${code} has Chinese in ${file}`);
    if (file.endsWith('model/blocked.ts'))
      assert.match(text, /^ {2}'?[a-z_.]+'?: \{\s*en: /, `${code} has English first`);
  }
});
