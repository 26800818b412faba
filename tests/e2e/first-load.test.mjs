// Lesson 1's first load (issue 21, "Load only what the lesson needs"): a cold
// load of the bare address, until thread A can step and the network is quiet,
// fetches the wasm module of lesson 1's engine alone (the page's module,
// without the explorer, which only the explorer's workers load), no file of
// another engine's module, and no JS or CSS holding another engine's words
// (each engine's messages.ts, which come with that engine's view and hooks),
// another engine's card (its name, its view's heading, what its tick does:
// engines/<engine>/index.ts), another engine's module's address or the title of a lesson other than lesson 1 and
// the next one (which its page links to), so that neither an engine nor a
// lesson added later grows it; and the whole of it, each file gzip -9 as
// bench/web/run.mjs counts it, is at most 150 KB.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse as parseYaml } from 'yaml';
import { courseFiles } from '../../wasm/js/cli/course-files.js';
import { ROOT, browser, open, useApp } from './harness.mjs';

const app = useApp();
const LIMIT = 150 * 1024;

const enginesDir = join(ROOT, 'web', 'src', 'engines');
const ENGINES = readdirSync(enginesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const COURSE = courseFiles(join(ROOT, 'lessons'));
const FIRST_ENGINE = COURSE[0].rel.split('/')[0];

/** The English values of `file`'s `en` table written on one line as '...' or "..." (no escapes). */
function englishOf(file) {
  const text = readFileSync(file, 'utf8');
  const end = text.indexOf('export const zhCN');
  const table = text.slice(text.indexOf('export const en'), end < 0 ? undefined : end);
  return [...table.matchAll(/^\s+'[^']+':\s*(?:'([^'\\]*)'|"([^"\\]*)"),?$/gm)].map((m) => m[1] ?? m[2]);
}

/**
 * Each other engine's own words: its English, less any sentence the first
 * engine's table or the common table also says, and less short ones that any
 * code might contain by chance.
 */
function othersWords() {
  const shared = new Set([
    ...englishOf(join(enginesDir, FIRST_ENGINE, 'messages.ts')),
    ...englishOf(join(ROOT, 'web', 'src', 'i18n', 'en.ts')),
  ]);
  return ENGINES.filter((e) => e !== FIRST_ENGINE).map((engine) => ({
    engine,
    words: englishOf(join(enginesDir, engine, 'messages.ts')).filter((w) => w.length >= 16 && !shared.has(w)),
  }));
}

/** Each other engine's card words (title, inside, tick; both languages) as its index.ts writes them. */
function othersCards() {
  return ENGINES.filter((e) => e !== FIRST_ENGINE).map((engine) => {
    const text = readFileSync(join(enginesDir, engine, 'index.ts'), 'utf8');
    const words = [
      ...text.matchAll(/^\s+(?:title|inside|tick): \{\s*en: '([^'\\]+)',\s*'zh-CN': '([^'\\]+)',?\s*\}/gm),
    ];
    return { engine, words: words.flatMap((m) => [m[1], m[2]]) };
  });
}

/** The title (both languages) of every lesson but lesson 1 and the next one, from its front matter. */
function othersTitles() {
  return COURSE.slice(2).map(({ rel, id }) => {
    const text = readFileSync(join(ROOT, 'lessons', rel), 'utf8');
    const { title } = parseYaml(/^---\n([\s\S]*?)\n---/.exec(text)[1]);
    return { lesson: id, words: [title.en, title['zh-CN']] };
  });
}

/** `words` a file holds as whole strings, whichever quotes the bundler chose. */
const held = (text, words) => words.filter((w) => ['`', '"', "'"].some((q) => text.includes(q + w + q)));

test(`lesson 1 loads its engine (${FIRST_ENGINE}) alone: no other engine's module, code or words, and at most 150 KB`, async () => {
  const { context, close } = await browser();
  try {
    // a fresh profile: a cold cache, as a learner's first visit
    const fetched = [];
    context.on('response', (r) => fetched.push(r.url()));
    const { page, errors } = await open(context, app.server.url);
    await page.waitForFunction(
      () => {
        const b = document.querySelector('section[data-actor="A"] [data-testid="step"]');
        return b && !b.disabled;
      },
      null,
      { timeout: 30000 },
    );
    await page.waitForLoadState('networkidle');
    assert.deepEqual(errors, []);

    const files = [];
    for (const url of fetched) {
      const path = new URL(url).pathname;
      if (!/\.(js|mjs|css|wasm)$/.test(path)) continue;
      files.push({
        name: path.replace(/^.*\//, ''),
        body: Buffer.from(await (await fetch(url)).arrayBuffer()),
      });
    }

    // the wasm: the first engine's page module, byte for byte, and nothing else
    const wasm = files.filter((f) => f.name.endsWith('.wasm'));
    assert.equal(wasm.length, 1, `one wasm module: ${wasm.map((f) => f.name).join(', ')}`);
    const own = readFileSync(join(ROOT, 'build', 'wasm', 'web', `lockstep-${FIRST_ENGINE}.wasm`));
    assert.ok(wasm[0].body.equals(own), `${wasm[0].name} is build/wasm/web/lockstep-${FIRST_ENGINE}.wasm`);
    for (const e of ENGINES.filter((e) => e !== FIRST_ENGINE))
      assert.ok(!files.some((f) => f.name.startsWith(`lockstep-${e}-`)), `no file of ${e}'s module`);

    // no other engine's words in any JS or CSS
    const texts = files
      .filter((f) => !f.name.endsWith('.wasm'))
      .map((f) => ({ ...f, text: f.body.toString('utf8') }));
    for (const { engine, words } of othersWords()) {
      assert.ok(words.length >= 5, `${engine}: enough words of its own to look for (${words.length})`);
      for (const f of texts) assert.deepEqual(held(f.text, words), [], `${f.name} holds ${engine}'s words`);
    }

    // nor where another engine's module is (a compiled lesson brings its own engine's place)
    for (const e of ENGINES.filter((e) => e !== FIRST_ENGINE))
      for (const f of texts) assert.ok(!f.text.includes(`lockstep-${e}`), `${f.name} names ${e}'s module`);

    // no other engine's card, no other lesson's title: each is in the build (the search finds
    // what it looks for), and none in what the first load fetched
    const built = readdirSync(join(ROOT, 'build', 'web', 'assets'))
      .filter((n) => n.endsWith('.js'))
      .map((n) => readFileSync(join(ROOT, 'build', 'web', 'assets', n), 'utf8'))
      .join('\n');
    const cards = othersCards();
    const titles = othersTitles();
    assert.ok(titles.length >= 20, `the titles of the course's other lessons (${titles.length})`);
    for (const { engine, words } of cards) assert.ok(words.length >= 4, `${engine}: its card's words`);
    for (const { engine, lesson, words } of [...cards, ...titles]) {
      const owner = engine ?? lesson;
      assert.deepEqual(held(built, words), words, `the build holds ${owner}'s words as strings`);
      for (const f of texts)
        assert.deepEqual(held(f.text, words), [], `${f.name} holds ${owner}'s card or title`);
    }

    const total = files.reduce((n, f) => n + gzipSync(f.body, { level: 9 }).length, 0);
    assert.ok(total <= LIMIT, `first load ${(total / 1024).toFixed(1)} KB gzip, at most 150 KB`);
  } finally {
    await close();
  }
});
