// Links that carry a document (wasm/js/link.js): the base64url alphabet,
// reading a link's payload, and `lockstep check LINK` / `lockstep run LINK`
// reporting exactly what they report for the same file, or saying what is
// wrong with the link (exit 2).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { COUNTERS, COUNTERS_FILE, courseLessons, lockstep, root } from './helpers.js';
import {
  LINK_PROBLEMS,
  LinkError,
  MAX_DOCUMENT_BYTES,
  MAX_LINK_CHARS,
  documentKind,
  fromBase64url,
  isLink,
  payloadOf,
  toBase64url,
} from '../../wasm/js/link.js';

/** The link the author page would make for `text`. */
const linkOf = (/** @type {string} */ text, page = 'author') =>
  `https://example.org/lockstep/${page}.html#src=${toBase64url(deflateRawSync(Buffer.from(text, 'utf8')))}`;

const read = (/** @type {string} */ rel) => readFileSync(join(root, rel), 'utf8');

test('base64url: every length and byte round-trips, and agrees with node', () => {
  for (let n = 0; n < 40; n++) {
    const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n * 31) & 255);
    const text = toBase64url(bytes);
    assert.equal(text, Buffer.from(bytes).toString('base64url'));
    assert.deepEqual(fromBase64url(text), bytes);
  }
  assert.deepEqual(fromBase64url('_-8'), Uint8Array.from([0xff, 0xef]));
});

test('base64url: a character outside the alphabet, or an impossible length, is refused', () => {
  assert.throws(
    () => fromBase64url('ab+c'),
    (e) => e instanceof LinkError && e.problem === 'not-base64',
  );
  assert.throws(
    () => fromBase64url('ab c'),
    (e) => e instanceof LinkError && e.problem === 'not-base64',
  );
  assert.throws(
    () => fromBase64url('abcde'),
    (e) => e instanceof LinkError && e.problem === 'truncated',
  );
});

test("a link's payload is src= in its fragment, wherever it stands there", () => {
  assert.equal(payloadOf('https://x.org/a/author.html#src=AbC_-'), 'AbC_-');
  assert.equal(payloadOf('index.html?lang=en#lang=zh-CN&src=xyz'), 'xyz');
  assert.equal(isLink(courseLessons[0]), false);
  assert.equal(isLink('#src=abc'), true);
  assert.throws(() => payloadOf('https://x.org/index.html#lesson=x'), /holds no document/);
  assert.throws(() => payloadOf('https://x.org/index.html#src='), /cut short/);
  assert.throws(() => payloadOf(`#src=${'a'.repeat(MAX_LINK_CHARS)}`), /longer than 65536 characters/);
  assert.equal(documentKind('---\nid: x\n---\n'), 'lesson');
  assert.equal(documentKind(`title: x\nengine: ${COUNTERS}\n`), 'scenario');
});

test('lockstep check LINK reports what it reports for the file, under the name link.md', () => {
  for (const rel of ['tests/fixtures/lessons/untranslated.md', 'tests/fixtures/lessons/wrong-claims.md']) {
    const file = lockstep(['check', rel]);
    const link = lockstep(['check', linkOf(read(rel))]);
    assert.equal(link.status, file.status, rel);
    assert.equal(link.stdout, file.stdout.split(rel).join('link.md'), rel);
  }
});

test('lockstep check LINK passes a good lesson, and checks a scenario as lockstep compile does', () => {
  // the course's first lesson, and the machinery's own small scenario (a fixture)
  const lesson = courseLessons[0];
  const id = /\d+-([\w-]+)\.md$/.exec(lesson)[1];
  const ok = lockstep(['check', linkOf(read(lesson))]);
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, new RegExp(`^ok {3}link\\.md \\(${id}, \\d+ learner steps`, 'm'));
  const scenario = read(COUNTERS_FILE);
  const good = lockstep(['check', linkOf(scenario, 'index')]);
  assert.equal(good.stdout, 'ok   link.yaml (scenario)\n1 passed, 0 failed\n');
  const bad = lockstep(['check', linkOf(scenario.replace('[increment c,', '[incremnt c,'), 'index')]);
  assert.equal(bad.status, 1);
  const compiled = lockstep([
    'compile',
    linkOf(scenario.replace('[increment c,', '[incremnt c,')),
    '-o',
    '/dev/null',
  ]);
  const line = compiled.stderr.trim();
  assert.match(line, /^link\.yaml:\d+:\d+: /);
  assert.equal(bad.stdout, `${line}\nFAIL link.yaml (1 problem)\n0 passed, 1 failed\n`);
});

test('lockstep run LINK prints what lockstep run FILE prints', () => {
  const rel = COUNTERS_FILE;
  const file = lockstep(['run', rel, '--schedule', 'v1: A B A B']);
  const link = lockstep(['run', linkOf(read(rel), 'index'), '--schedule', 'v1: A B A B']);
  assert.equal(link.status, 0);
  assert.equal(link.stdout, file.stdout);
});

test('a bad link: one line saying what is wrong with it, exit 2', () => {
  const good = linkOf(read(courseLessons[0]));
  const cases = [
    [good.slice(0, good.length - 40), LINK_PROBLEMS.truncated],
    [good.replace(/#src=../, '#src=@@'), LINK_PROBLEMS['not-base64']],
    [`x#src=${toBase64url(Uint8Array.from([0xff, 0xff, 0xff, 1, 2, 3]))}`, LINK_PROBLEMS.corrupt],
    [`x#src=${toBase64url(deflateRawSync(Buffer.from([0xc3, 0x28, 0x0a])))}`, LINK_PROBLEMS['not-text']],
    [`x#src=${'A'.repeat(MAX_LINK_CHARS + 1)}`, LINK_PROBLEMS['too-long']],
    // a small link that would expand past the limit: refused while inflating
    [linkOf('#'.repeat(MAX_DOCUMENT_BYTES + 1)), LINK_PROBLEMS['too-big']],
  ];
  for (const [link, why] of cases) {
    for (const cmd of ['check', 'run']) {
      const r = lockstep([cmd, link]);
      assert.equal(r.status, 2, `${cmd} ${why}`);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, `lockstep ${cmd}: this link ${why}\n`);
    }
  }
});
