// The web's narration recognises engine steps by the labels the C code passes
// to AT("..."); the catalog exports every engine's labels (generated from the
// engine sources at build time).  This test finds every label the web
// compares against and fails when an engine no longer has it, so renaming a
// label in C cannot silently turn a sentence of narration into a raw string.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CATALOG, root } from './helpers.js';

/** Every label of every engine. */
const labels = new Set(Object.values(CATALOG.engines).flatMap((e) => e.labels));

/** The web's TypeScript sources, tests excluded. */
function sources(dir = join(root, 'web', 'src')) {
  /** @type {string[]} */
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/**
 * The label strings one file compares against, as {text, line, prefix}:
 * `label === 'x'`, `label.startsWith('x')` (prefix), `case 'x':` inside a
 * `switch (… label)`, and the members of a `const …NOTES/LABELS = new Set([…])`.
 * @param {string} text
 */
export function labelUses(text) {
  /** @type {{text: string, line: number, prefix: boolean}[]} */
  const uses = [];
  const lineOf = (index) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(/label\s*[!=]==\s*'([^']*)'/g))
    uses.push({ text: m[1], line: lineOf(m.index), prefix: false });
  for (const m of text.matchAll(/label\)?\??\.startsWith\('([^']*)'\)/g))
    uses.push({ text: m[1], line: lineOf(m.index), prefix: true });
  for (const m of text.matchAll(/switch \([\w.]*label\) \{/gi)) {
    const indent = text.slice(text.lastIndexOf('\n', m.index) + 1, m.index);
    const end = text.indexOf(`\n${indent}}`, m.index);
    const body = text.slice(m.index, end < 0 ? undefined : end);
    for (const c of body.matchAll(/case '([^']*)':/g))
      uses.push({ text: c[1], line: lineOf(m.index + (c.index ?? 0)), prefix: false });
  }
  for (const m of text.matchAll(/const \w*(?:NOTES|LABELS)\w* = new Set\(\[([^\]]*)\]\)/g))
    for (const s of m[1].matchAll(/'([^']*)'/g))
      uses.push({ text: s[1], line: lineOf(m.index), prefix: false });
  return uses;
}

test("the catalog exports each engine's labels", () => {
  for (const [name, engine] of Object.entries(CATALOG.engines)) {
    assert.ok(Array.isArray(engine.labels), `${name} has labels`);
    assert.ok(engine.labels.length > 0, `${name}: ${engine.labels.length} labels`);
  }
  assert.ok(labels.has('validate ok'));
});

test('the finder sees each way the web compares labels', () => {
  const sample = [
    "if (e.label === 'a') x;",
    "if (a.label?.startsWith('b')) y;",
    'switch (e.label) {',
    "  case 'c':",
    '}',
    "const SILENT_NOTES = new Set(['d', 'e']);",
  ].join('\n');
  assert.deepEqual(
    labelUses(sample).map((u) => u.text),
    ['a', 'b', 'c', 'd', 'e'],
  );
});

test('every label the web matches on is one an engine passes to AT()', () => {
  const missing = [];
  let count = 0;
  for (const file of sources()) {
    for (const use of labelUses(readFileSync(file, 'utf8'))) {
      count++;
      const ok = use.prefix ? [...labels].some((l) => l.startsWith(use.text)) : labels.has(use.text);
      if (!ok) missing.push(`${relative(root, file)}:${use.line}: '${use.text}'`);
    }
  }
  assert.ok(count > 20, `found ${count} label uses`);
  assert.deepEqual(missing, [], 'labels the web uses but no engine has');
});
