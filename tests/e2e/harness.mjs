import { after, before } from 'node:test';
import assert from 'node:assert/strict';
// Shared by the end-to-end tests: serve the built app with `vite preview` on a
// free port, drive Debian's Chromium headless through playwright-core (never a
// downloaded browser), save screenshots under build/test-output/.
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { parse } from 'yaml';
import { courseFiles } from '../../wasm/js/cli/course-files.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const OUT = join(ROOT, 'build', 'test-output');

/**
 * The engine of the tests' own small scenarios, named once, by the fixture
 * tests/fixtures/scenarios/counters.yaml (a plain counter, an atomic one), so
 * that a shared test writes `engine: ${COUNTERS}` rather than name an engine.
 */
export const COUNTERS = /^engine: (\w+)$/m.exec(
  readFileSync(join(ROOT, 'tests', 'fixtures', 'scenarios', 'counters.yaml'), 'utf8'),
)[1];

/**
 * The sandbox's id of litmus test `name` ("sb", "mp"): the litmus suite is the
 * folder litmus/ of one engine's scenarios (tests/scenarios/<engine>/litmus/),
 * found here so that the memory models' tests name no engine.
 */
export function litmusId(name) {
  const dir = join(ROOT, 'tests', 'scenarios');
  const owners = readdirSync(dir).filter((e) => existsSync(join(dir, e, 'litmus', `${name}.yaml`)));
  assert.equal(owners.length, 1, `one engine's scenarios hold litmus/${name}.yaml`);
  return `${owners[0]}/litmus/${name}`;
}
/** The course's lessons in order (lessons/course.yaml, lessons/<engine>/NN-id.md): {id, rel}. */
export const COURSE = courseFiles(join(ROOT, 'lessons'));
/** How many lessons the course has. */
export const COUNT = COURSE.length;
/** A lesson's number in the course, as the header and the index show it. */
export const numberOf = (id) => {
  const i = COURSE.findIndex((l) => l.id === id);
  assert.ok(i >= 0, `the course has no lesson ${id}`);
  return i + 1;
};

/**
 * The course's first lesson (in course order, lessons/course.yaml) whose file
 * satisfies `has(text, meta)`, `meta` its parsed front matter: {id, rel, text,
 * meta}.  A shared test picks its lesson by what it needs, so that it names no
 * lesson (and so no engine); `what` says what it looked for, in the error.
 */
export function courseLesson(has = () => true, what = 'any lesson') {
  for (const { rel } of courseFiles(join(ROOT, 'lessons'))) {
    const text = readFileSync(join(ROOT, 'lessons', rel), 'utf8');
    const meta = parse(/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '');
    if (has(text, meta)) return { id: meta.id, rel, text, meta };
  }
  throw new Error(`no lesson of the course is ${what}`);
}

/**
 * The sandbox's scenarios (tests/scenarios/<engine>/[<folder>/]<name>.yaml, engines
 * in course order then the rest): {id ("<engine>/[<folder>/]<name>"), engine, scenario (parsed)},
 * for shared tests to pick one by what it needs rather than by name.
 */
export function sandboxScenarios() {
  const dir = join(ROOT, 'tests', 'scenarios');
  const course = courseFiles(join(ROOT, 'lessons')).map((l) => l.rel.split('/')[0]);
  const engines = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort((a, b) => (course.indexOf(a) + 1 || 1e9) - (course.indexOf(b) + 1 || 1e9) || a.localeCompare(b));
  // an engine's folder's scenarios, then its folders' (a suite of its own, as litmus/ is)
  const under = (engine, rel) => {
    const entries = readdirSync(join(dir, engine, rel), { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
    return [
      ...entries
        .filter((e) => e.isFile() && e.name.endsWith('.yaml'))
        .map((e) => ({
          id: `${engine}/${rel}${e.name.replace(/\.yaml$/, '')}`,
          engine,
          scenario: parse(readFileSync(join(dir, engine, rel, e.name), 'utf8')),
        })),
      ...entries.filter((e) => e.isDirectory()).flatMap((e) => under(engine, `${rel}${e.name}/`)),
    ];
  };
  return engines.flatMap((engine) => under(engine, ''));
}

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts `vite preview` on the built app; resolves to {url, stop}. */
export async function serve() {
  if (!existsSync(join(ROOT, 'build', 'web', 'index.html')))
    throw new Error('build/web/index.html is missing: run `make web` first');
  const port = await freePort();
  const vite = join(ROOT, 'node_modules', '.bin', 'vite');
  const child = spawn(
    vite,
    [
      'preview',
      '--config',
      'web/vite.config.ts',
      '--port',
      String(port),
      '--strictPort',
      '--host',
      '127.0.0.1',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 20000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`vite preview exited (${child.exitCode}):\n${log}`);
    try {
      const r = await fetch(url);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`vite preview did not answer on ${url} within 20 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Headless Chromium with a fresh profile; resolves to {context, close}.  `options`: context options
 * to override (reduced motion is the default, so screenshots never catch a step half-way). */
export async function browser(options = {}) {
  const profile = await mkdtemp(join(tmpdir(), 'lockstep-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
    viewport: { width: 1360, height: 900 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    ...options,
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * For a test file that needs only the app and a browser: registers the
 * before/after hooks that serve the built app and start Chromium, and
 * returns {server, chrome}, filled in once the hooks have run.
 */
export function useApp() {
  const app = { server: null, chrome: null };
  before(async () => {
    app.server = await serve();
    app.chrome = await browser();
  });
  after(async () => {
    await app.chrome?.close();
    await app.server?.stop();
  });
  return app;
}

/** Lets the pages `url` serves in `context` write and read the clipboard (Share copies an address, a test reads it back). */
export const allowClipboard = (context, url) =>
  context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });

/**
 * For a group of tests that needs a browser of its own with the clipboard allowed (a test there
 * chooses Chinese, which the app remembers, so the file's other tests keep theirs): registers
 * the hooks that start and close it, and returns {chrome}, filled in once they have run.
 * `app` is the file's useApp().
 */
export function useOwnBrowser(app) {
  const own = { chrome: null };
  before(async () => {
    own.chrome = await browser();
    await allowClipboard(own.chrome.context, app.server.url);
  });
  after(async () => {
    await own.chrome?.close();
  });
  return own;
}

/**
 * Opens a page and collects console errors and uncaught exceptions, and
 * anything the page's Content-Security-Policy refused (vite preview sends
 * the app's, web/vite.config.ts).
 */
export async function open(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP refused ${e.blockedURI || 'code'} (${e.violatedDirective})`),
    ),
  );
  await page.goto(url);
  return { page, errors };
}

/**
 * Opens `url` at a desktop's window (1440x900, in the file's browser, `app` its useApp()) and at
 * a phone's (390x844, in a touch browser of its own), runs `check(page, {width, phone})` on
 * each, and asserts the page logged no error.
 */
export async function atBothSizes(app, url, check) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    const phone = width < 500;
    const chrome = phone
      ? await browser({ viewport: { width, height }, isMobile: true, hasTouch: true })
      : app.chrome;
    try {
      const { page, errors } = await open(chrome.context, url);
      if (!phone) await page.setViewportSize({ width, height });
      await check(page, { width, phone });
      assert.deepEqual(errors, []);
      await page.close();
    } finally {
      if (phone) await chrome.close();
    }
  }
}

export async function screenshot(page, name) {
  await mkdir(OUT, { recursive: true });
  const path = join(OUT, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Page text as a learner reads it: zero-width spaces gone, white space folded. */
export const clean = (s) =>
  (s ?? '')
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Waits up to `timeout` ms until the locator's text is `want` (a string, or a
 * RegExp to match), then asserts it. */
export async function waitForText(locator, want, timeout) {
  const end = Date.now() + timeout;
  let got;
  for (;;) {
    got = clean(
      await locator
        .first()
        .innerText({ timeout })
        .catch(() => null),
    );
    if (want instanceof RegExp ? want.test(got) : got === want) return got;
    if (Date.now() > end) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (want instanceof RegExp) assert.match(got, want);
  else assert.equal(got, want);
}

/** An actor's lane in the app (or in a frame). */
export const lane = (root, name) => root.locator(`section[data-actor="${name}"]`);

/** Waits until actor `first`'s lane is drawn: the page has loaded its scenario (the first load compiles it). */
export const ready = (root, first = 'A') => lane(root, first).waitFor({ timeout: 15000 });

/** The step the timeline stands at. */
export const stepOf = async (root) =>
  Number(/(\d+)/.exec(clean(await root.getByTestId('step-count').innerText()))?.[1]);

/** Polls `f` until it gives a truthy value, failing with `what` after `timeout` ms. */
export async function until(f, what, timeout = 15000) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 60));
  }
}

/** Presses `keys` (one learner's choice, e.g. ['r', '2', '0']) and waits for the step count to move. */
/** Presses a key and waits for the step count's text to change (forward or back). */
export async function pressMoving(page, key) {
  const count = page.getByTestId('step-count');
  const before = clean(await count.innerText());
  await page.keyboard.press(key);
  await until(async () => clean(await count.innerText()) !== before, `${key} to move`);
}

/** Whether the element's box lies inside the window (fully). */
export async function inView(page, locator) {
  const box = await locator.boundingBox();
  const vp = page.viewportSize();
  return (
    !!box && box.y >= 0 && box.x >= 0 && box.y + box.height <= vp.height && box.x + box.width <= vp.width
  );
}

export async function pressStep(page, keys, what) {
  const before = await stepOf(page);
  for (const k of keys) await page.keyboard.press(k);
  await until(async () => (await stepOf(page)) > before, `${what} after step ${before}`);
}

/** Clicks `locator` (a learner's choice) and waits for the step count to move. */
export async function take(page, locator, what) {
  const before = await stepOf(page);
  await locator.click();
  await until(async () => (await stepOf(page)) > before, `${what} after step ${before}`);
}

/** Clicks actor `name`'s Step button (in the app or a frame) and waits for the step count to move. */
export const stepActor = (root, name) => take(root, lane(root, name).getByTestId('step'), `${name}'s step`);

/** The embed (embed.html, what a course page frames) of lesson `id`, at a width and height; {page, errors}. */
export async function openEmbed(app, id, width, height) {
  const opened = await open(app.chrome.context, `${app.server.url}embed.html?lesson=${id}`);
  await opened.page.setViewportSize({ width, height });
  await opened.page.getByTestId('embed-title').waitFor({ timeout: 15000 });
  return opened;
}

// ---- a course's own site, on another port than the app ----------------------------

/** Serves `routes` (path -> [type, body]) on a free port of 127.0.0.1. */
export function hostSite(routes) {
  return new Promise((resolve) => {
    const s = createHttpServer((req, res) => {
      const path = new URL(req.url, 'http://x').pathname;
      const r = routes[path];
      if (!r) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not here');
        return;
      }
      res.writeHead(200, { 'content-type': `${r[0]}; charset=utf-8`, 'cache-control': 'no-store' });
      res.end(r[1]);
    });
    s.listen(0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${s.address().port}/`;
      resolve({ url, routes, stop: () => new Promise((done) => s.close(() => done())) });
    });
  });
}

/** A page that collects every message from Lockstep frames into window.__events. */
export function hostPage(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{margin:0;padding:24px 32px;font:16px/1.5 system-ui,sans-serif;background:#fbfaf7;color:#222}
h1{font-size:22px;margin:0 0 8px}h2{font-size:17px;margin:24px 0 8px}.log{font:12px ui-monospace,monospace;color:#555}</style>
<script>
window.__events = [];
window.__elementEvents = [];
window.addEventListener('message', (e) => {
  if (e.data && e.data.source === 'lockstep') window.__events.push({ origin: e.origin, ...e.data });
});
document.addEventListener('lockstep', (e) => window.__elementEvents.push(e.detail));
</script></head><body>${body}</body></html>`;
}
