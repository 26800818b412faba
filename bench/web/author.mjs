// The author page's figures (issue 25), printed against their targets; not
// a test, never fails.  `node bench/web/author.mjs [--quick] [BASE]` after `make web`:
//   - the app's first load (every JS, CSS and wasm response of a cold load of
//     index.html until thread A can step and the network is quiet, each
//     gzip -9'd and summed), of this build and, when BASE (a repository root
//     whose build/web holds another build) is given, of that one: the
//     difference must stay within 2 KB;
//   - the editor ready (navigation start to the editor shown, a cold browser
//     context each time; median of 5) on every engine's template: at most 1.5 s
//     for the slowest;
//   - live checks: for every shipped lesson, opened in the editor and checked
//     once, a word added at the end of its body; the time from that last keystroke to
//     the full check's answer shown (the debounce included): at most 300 ms,
//     the worst printed.  Its peer, measured on the same keystroke: the quick
//     check's answer (the other worker only parses: schema, both languages,
//     the scenario compiles), so each lesson's ratio says what running the
//     lesson adds, whatever the machine's load;
//   - screenshots of the page (the slowest template) at 1440x900 and 390x844, in English and Chinese
//     (build/test-output/author-*.png).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serve } from './serve.mjs';
import { chromium } from 'playwright-core';
import { courseFiles } from '../../wasm/js/cli/course-files.js';
import { ENGINES } from '../inputs.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const OUT = join(ROOT, 'build', 'test-output');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ARGS = process.argv.slice(2);
/** --quick: one cold load a template, the first lesson's live check, one screenshot (to prove it runs) */
const QUICK = ARGS.includes('--quick');
const BASE = ARGS.find((a) => a !== '--quick');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--headless', '--disable-gpu'],
});

/** gzip -9 bytes of every JS, CSS and wasm response of a cold load of the app's default address. */
async function firstLoad(url) {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  const page = await context.newPage();
  const sizes = new Map();
  page.on('response', async (r) => {
    const u = r.url();
    if (!/\.(js|css|wasm)(\?|$)/.test(u)) return;
    try {
      sizes.set(u, gzipSync(await r.body(), { level: 9 }).length);
    } catch {
      // a response without a body
    }
  });
  await page.goto(url);
  await page
    .locator('section[data-actor="A"] [data-testid=step]:not([disabled])')
    .waitFor({ timeout: 60000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  return { total: [...sizes.values()].reduce((a, b) => a + b, 0), files: sizes.size };
}

const here = await serve(ROOT);
try {
  const now = await firstLoad(here.url);
  console.log(`app first load (this build): ${kb(now.total)} gzip in ${now.files} files`);
  if (BASE) {
    const base = await serve(BASE);
    try {
      const before = await firstLoad(base.url);
      const delta = now.total - before.total;
      console.log(`app first load (${BASE}): ${kb(before.total)} gzip in ${before.files} files`);
      console.log(
        `  difference: ${delta >= 0 ? '+' : ''}${(delta / 1024).toFixed(2)} KB (target: within 2 KB) ${Math.abs(delta) <= 2048 ? 'met' : 'MISSED'}`,
      );
    } finally {
      base.stop();
    }
  }

  // the editor ready, cold, on every engine's template (each brings its engine's parts): the slowest
  const readyOf = async (/** @type {string} */ engine) => {
    const ready = [];
    for (let i = 0; i < (QUICK ? 1 : 5); i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${here.url}author.html?template=${engine}`);
      await page.locator('body[data-editor-ready] .cm-content').waitFor({ timeout: 30000 });
      ready.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
    return { engine, ready, ms: median(ready) };
  };
  const readies = [];
  for (const engine of ENGINES) readies.push(await readyOf(engine));
  const slowest = readies.reduce((a, b) => (b.ms > a.ms ? b : a));
  for (const { engine, ready, ms } of readies)
    console.log(
      `editor ready after opening author.html?template=${engine}: median ${ms.toFixed(0)} ms of ${ready.map((x) => x.toFixed(0)).join(', ')}`,
    );
  console.log(
    `editor ready, the slowest template (${slowest.engine}): ${slowest.ms.toFixed(0)} ms (target ≤ 1500 ms) ${slowest.ms <= 1500 ? 'met' : 'MISSED'}`,
  );

  // live checks after the last keystroke, every shipped lesson
  const lessons = courseFiles(join(ROOT, 'lessons'))
    .map((l) => l.id)
    .slice(0, QUICK ? 1 : undefined);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const rows = [];
  for (const id of lessons) {
    await page.goto(`${here.url}author.html?lesson=${id}`);
    const status = page.getByTestId('author-status');
    await page.locator('body[data-editor-ready]').waitFor({ timeout: 30000 });
    await page.locator('[data-testid=author-status][data-full=done]').waitFor({ timeout: 600000 });
    const before = Number(await status.getAttribute('data-check'));
    await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      document.addEventListener('keydown', () => (w.__lastKey = performance.now()), true);
      const el = document.querySelector('[data-testid=author-status]');
      new MutationObserver(() => {
        if (Number(el.dataset.check) <= w.__checkBefore) return;
        // the first answer for the new text is the quick one (or both at once)
        w.__quick ??= performance.now();
        if (el.dataset.full === 'done') w.__shown ??= performance.now();
      }).observe(el, { attributes: true });
    });
    await page.evaluate((n) => (window.__checkBefore = n), before);
    // one keystroke at the end of the document (the Chinese body's last line)
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('x');
    const { ms, quick } = await page
      .waitForFunction(
        () =>
          window.__shown && {
            ms: window.__shown - window.__lastKey,
            quick: window.__quick - window.__lastKey,
          },
        null,
        { timeout: 600000 },
      )
      .then((h) => h.jsonValue());
    rows.push({ id, ms, quick });
    console.log(
      `  ${id.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms   quick check ${quick.toFixed(0).padStart(5)} ms   ratio ${(ms / quick).toFixed(2)}`,
    );
  }
  await context.close();
  const worst = rows.reduce((a, b) => (b.ms > a.ms ? b : a));
  const ratios = rows.map((r) => r.ms / r.quick);
  console.log(
    `full check / quick check on the same keystroke: median ratio ${median(ratios).toFixed(2)}, worst ${Math.max(...ratios).toFixed(2)} (${rows[ratios.indexOf(Math.max(...ratios))].id})`,
  );
  console.log(
    `live checks after the last keystroke: worst ${worst.ms.toFixed(0)} ms (${worst.id}), median ${median(rows.map((r) => r.ms)).toFixed(0)} ms over ${rows.length} lessons (target ≤ 300 ms) ${worst.ms <= 300 ? 'met' : 'MISSED'}`,
  );

  // screenshots
  await mkdir(OUT, { recursive: true });
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ])
    for (const lang of ['en', 'zh-CN']) {
      const c = await browser.newContext({ viewport: { width: w, height: h }, reducedMotion: 'reduce' });
      const p = await c.newPage();
      await p.goto(`${here.url}author.html?template=${slowest.engine}&lang=${lang}`);
      await p.locator('[data-testid=author-status][data-full=done]').waitFor({ timeout: 60000 });
      await p
        .frameLocator('[data-testid=author-preview]')
        .getByTestId('lesson-goal')
        .waitFor({ timeout: 30000 });
      await p.waitForTimeout(500);
      await p.screenshot({ path: join(OUT, `author-${w}-${lang}.png`) });
      await c.close();
    }
  console.log(`screenshots: ${OUT}/author-{1440,390}-{en,zh-CN}.png`);
} finally {
  here.stop();
  await browser.close();
}
