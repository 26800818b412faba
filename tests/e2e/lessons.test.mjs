// Issue 6 in headless Chromium: the lesson player (the first lesson by
// default, the flagship played by hand to its goal inside a host page, hints,
// predict, the goal banner, progress, replay under correct, the index, the
// Embed button, Chinese) and embedding (a host page on another port embeds
// lessons as an iframe and as <lockstep-lesson>, receives their events; a
// lesson file with script in its Markdown runs nothing; a malformed one shows
// its problems in place).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { courseFiles } from '../../wasm/js/cli/course-files.js';
import { parseLesson } from '../../wasm/js/lesson.js';
import { Session, catalog } from '../../wasm/js/lockstep.js';
import { loadModule } from '../../wasm/js/node.js';
import {
  browser,
  lane,
  open,
  ROOT,
  screenshot,
  serve,
  stepOf,
  take,
  until,
  waitForText,
} from './harness.mjs';

/** The executions of the complete search under correct of a course lesson, in node. */
async function provenExecutions(rel) {
  const M = await loadModule();
  const file = join(ROOT, rel);
  const l = parseLesson(readFileSync(file, 'utf8'), { file, catalog: catalog(M) });
  const s = new Session(M, l.bytecode, { variant: 'correct', trace: false });
  s.exploreStart({ strategy: 'dfs', bound: 'none', maxExecutions: 0, maxSteps: l.explore.maxSteps });
  let st = s.exploreStep(5000);
  while (!st.finished) st = s.exploreStep(5000);
  s.exploreFinish();
  s.free();
  assert.ok(st.result.complete && !st.result.found, 'the lesson is proven under correct');
  return st.result.executions;
}

let server;
let chrome;
/** the course's own site: host pages and lesson files, on another port than the app */
let host;

/** Serves `routes` (path -> [type, body]) on a free port of 127.0.0.1. */
function hostSite(routes) {
  return new Promise((resolve) => {
    const s = createServer((req, res) => {
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
function hostPage(title, body) {
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

/** the course's lessons in order (lessons/course.yaml, lessons/<engine>/NN-id.md) */
const COURSE = courseFiles(join(ROOT, 'lessons'));
/** how many lessons the course has */
const COUNT = COURSE.length;
/** a lesson's number in the course, as the header and the index show it */
const numberOf = (id) => {
  const i = COURSE.findIndex((l) => l.id === id);
  assert.ok(i >= 0, `the course has no lesson ${id}`);
  return i + 1;
};

const LESSON_1 = readFileSync(join(ROOT, 'lessons', COURSE[0].rel), 'utf8');

/** Lesson 1 with hostile Markdown in both languages. */
const EVIL = LESSON_1.replace(
  /\n## en\n/,
  `\n## en\n
Safe text survives: **bold** and \`code\`.

<script>window.top.__pwned = 'script'; document.title = 'pwned';</script>
<img src="x" onerror="window.top.__pwned = 'onerror'">
<a href="javascript:window.top.__pwned='link'" id="evil-link">a link</a>
<div onclick="window.top.__pwned='click'" id="evil-div">click me</div>
<svg onload="window.top.__pwned='svg'"><circle r="4"/></svg>
<iframe src="javascript:parent.top.__pwned='frame'"></iframe>
<style>body{display:none}</style>
[markdown link](javascript:alert(1))

`,
).replace(/\n## zh-CN\n/, `\n## zh-CN\n\n<img src=y onerror="window.top.__pwned='zh'">中文也一样安全。\n\n`);

/** Lesson 1 broken: the title lacks its Chinese, an unknown field, an actor that does not exist. */
const BROKEN = LESSON_1.replace(/^(title:\n {2}en: .*\n) {2}zh-CN: .*\n/m, '$1')
  .replace('id: racy-counter\n', 'id: racy-counter\ncolour: blue\n')
  .replace('    next:\n      actor: A\n', '    next:\n      actor: Q\n');

before(async () => {
  server = await serve();
  chrome = await browser();
  host = await hostSite({
    '/evil.md': ['text/markdown', EVIL],
    '/broken.md': ['text/markdown', BROKEN],
    '/favicon.ico': ['image/x-icon', ''],
  });
});

after(async () => {
  await chrome?.close();
  await server?.stop();
  await host?.stop();
});

/** Waits until the locator's text is `want` (this file waits up to 10000 ms). */
const expectText = (locator, want, timeout = 10000) => waitForText(locator, want, timeout);

const stepCount = (root) => root.getByTestId('step-count');

/** Clicks actor `name`'s Step button and waits for the step count to move. */
const stepActor = (root, name) => take(root, lane(root, name).getByTestId('step'), `${name}'s step`);

describe('the lesson player', () => {
  test('make run’s page opens the first lesson: goal first, its text, the sandbox one click away', async () => {
    const { page, errors } = await open(chrome.context, server.url);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await page.waitForURL((u) => u.searchParams.get('lesson') === 'racy-counter');
    await expectText(page.locator('header nav'), /Basics\s*▸\s*1\. The racy counter/);
    await expectText(page.getByTestId('lesson-goal'), 'Let A and B both finish with the counter below 4.');
    await expectText(page.getByTestId('lesson-position'), new RegExp(`Lesson 1 of ${COUNT}`, 'i'));
    await expectText(page.getByTestId('lesson-body'), /You are the scheduler/);
    assert.equal(await page.getByTestId('lesson-body').locator('strong').first().innerText(), 'reads');
    await expectText(page.getByTestId('lesson-panel'), /Along the way/i);
    await screenshot(page, 'lesson-1');

    // the first step folds the text away and the lesson narrates
    await stepActor(page, 'A');
    await expectText(page.getByTestId('lesson-beat').last(), /A reads the counter into a register/);
    assert.equal(await page.locator('details:has([data-testid="lesson-about"])').getAttribute('open'), null);

    // the sandbox stays reachable
    await page.getByTestId('open-picker').click();
    const picker = page.getByTestId('picker');
    await picker.waitFor({ state: 'visible' });
    await picker.locator('[data-id="parking_lot/uncontended"]').click();
    await expectText(page.locator('header nav'), /Parking lot\s*▸\s*Uncontended lock and unlock/);
    assert.equal(await page.getByTestId('lesson-panel').count(), 0);
    await page.waitForURL((u) => u.searchParams.get('scenario') === 'parking_lot/uncontended');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the flagship played by hand inside a host page: spin, predict, goal banner, progress, goal-reached', async () => {
    const app = `${server.url}?lesson=lost-wakeup`;
    host.routes['/course.html'] = [
      'text/html',
      hostPage(
        'A course',
        `<iframe id="app" src="${app}" title="Lockstep" style="position:fixed;inset:0;width:100%;height:100%;border:0"></iframe>`,
      ),
    ];
    const { page, errors } = await open(chrome.context, `${host.url}course.html`);
    const f = page.frameLocator('#app');
    await lane(f, 'A').waitFor({ timeout: 15000 });
    await expectText(f.getByTestId('lesson-goal'), 'Make B sleep forever while the lock is free.');
    await expectText(
      f.locator('header nav'),
      new RegExp(`Parking lot\\s*▸\\s*${numberOf('lost-wakeup')}\\. The challenge: lose a wakeup`),
    );

    // hints: a nudge, a direction, the exact next actor
    await f.getByTestId('hint-more').click();
    await expectText(f.getByTestId('hint-nudge'), /Nobody can wait for a lock that nobody holds/);
    await f.getByTestId('hint-more').click();
    await expectText(f.getByTestId('hint-direction'), /Let A take m first/);
    await f.getByTestId('hint-more').click();
    await expectText(f.getByTestId('hint-next'), /Step A\./);
    await f.getByTestId('hint-step').click(); // takes the step the hint names
    await expectText(stepCount(f), 'step 1');
    await expectText(f.getByTestId('lesson-beat').last(), /A takes m on the fast path/);

    // B's CAS fails, B reads once: now it spins, and the page offers to finish the spinning
    await stepActor(f, 'B');
    await stepActor(f, 'B');
    await expectText(lane(f, 'B').getByTestId('status'), /spinning/);
    await expectText(f.getByTestId('lesson-spin'), /B is spinning/i);
    await f.getByTestId('hint-more').click();
    await expectText(f.getByTestId('hint-spin'), /Finish B’s spinning/);
    await screenshot(page, 'lesson-6-spinning');
    await f.getByTestId('finish-spin').click();
    await expectText(stepCount(f), 'step 23');
    await expectText(lane(f, 'B').getByTestId('action'), 'CAS state 01 → 11');
    assert.equal(await f.getByTestId('lesson-spin').count(), 0);

    // set PARKED, reset the parker, validate (outside the bucket lock)
    await stepActor(f, 'B');
    await expectText(f.getByTestId('lesson-beat').last(), /B gives up spinning and sets PARKED/);
    await stepActor(f, 'B');
    await stepActor(f, 'B');
    await expectText(f.getByTestId('lesson-beat').last(), /This is the window/);

    // A unlocks: its fast path fails; before it locks the bucket, the lesson asks
    await stepActor(f, 'A');
    const predict = f.getByTestId('lesson-predict');
    await expectText(predict, /What will A find\?/);
    assert.equal(await predict.getAttribute('data-phase'), 'ask');
    await predict.getByTestId('lesson-choice').nth(1).click();
    assert.equal(await predict.getByTestId('lesson-choice').nth(1).getAttribute('aria-checked'), 'true');
    // the arrows move between the answers (a radio group), and not through time (issue 24)
    const at = await stepOf(f);
    await page.keyboard.press('ArrowDown');
    assert.equal(await predict.getByTestId('lesson-choice').nth(2).getAttribute('aria-checked'), 'true');
    await page.keyboard.press('ArrowUp');
    assert.equal(await predict.getByTestId('lesson-choice').nth(1).getAttribute('aria-checked'), 'true');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await predict.getByTestId('lesson-choice').nth(0).getAttribute('aria-checked'), 'true');
    await page.keyboard.press('ArrowRight');
    assert.equal(await predict.getByTestId('lesson-choice').nth(1).getAttribute('aria-checked'), 'true');
    assert.equal(await stepOf(f), at, 'the arrows on the answers do not move through time');
    await screenshot(page, 'lesson-6-predict');
    await stepActor(f, 'A');
    await until(async () => (await predict.getAttribute('data-phase')) === 'reveal', 'the reveal');
    await expectText(f.getByTestId('lesson-verdict'), 'Right!');
    await expectText(predict, /A sees an empty queue/);

    // the rest: whoever can move, A first, until the run ends
    for (let i = 0; i < 20; i++) {
      if ((await f.getByTestId('goal-banner').count()) > 0) break;
      for (const name of ['A', 'B']) {
        if (await lane(f, name).getByTestId('step').isEnabled()) {
          await stepActor(f, name);
          break;
        }
      }
    }
    const banner = f.getByTestId('goal-banner');
    await expectText(banner, /Goal reached in 32 steps!/);
    await expectText(banner, /Make B sleep forever while the lock is free\./);
    await expectText(f.getByTestId('goal-outcome'), /Stuck: B sleeps forever/);
    await expectText(f.getByTestId('goal-saved'), /Saved to your progress/);
    await expectText(f.getByTestId('lesson-recap'), /What you saw.*A's\s+unlock fit into that gap/i);
    await expectText(f.getByTestId('lesson-real-world'), /futexes/);
    // a proven lesson: the complete search under correct, run in the page, says it ran every interleaving
    const executions = await provenExecutions('lessons/parking_lot/05-lost-wakeup.md');
    await expectText(
      f.getByTestId('lesson-proof'),
      `Proven: under correct this never happens, in any interleaving (${executions} executions, every interleaving run).`,
    );
    assert.equal(await f.getByTestId('outcome').count(), 0); // the banner says it all
    await screenshot(page, 'lesson-6-goal');

    // progress, in the app's own storage
    const frame = page.frames().find((x) => x.url().startsWith(server.url));
    const progress = JSON.parse(await frame.evaluate(() => localStorage.getItem('lockstep.progress')));
    assert.equal(progress['lost-wakeup'].variant, 'validate_outside');
    assert.equal(progress['lost-wakeup'].steps, 32);

    // the host page heard every step, the stuck end and the goal
    const events = await until(async () => {
      const ev = await page.evaluate(() => window.__events);
      return ev.some((e) => e.type === 'goal-reached') && ev;
    }, 'goal-reached');
    assert.ok(events.every((e) => e.origin === new URL(server.url).origin && e.lesson === 'lost-wakeup'));
    assert.equal(events[0].type, 'ready');
    const steps = events.filter((e) => e.type === 'step');
    assert.ok(steps.length >= 10, `steps: ${steps.length}`);
    assert.deepEqual(steps[0], {
      origin: new URL(server.url).origin,
      source: 'lockstep',
      type: 'step',
      lesson: 'lost-wakeup',
      step: 1,
      variant: 'validate_outside',
      direction: 'forward',
      actor: 'A',
      schedule: 'v1: A',
      outcome: 'running',
    });
    const tail = events.slice(-3).map((e) => e.type);
    assert.deepEqual(tail, ['step', 'stuck', 'goal-reached']);
    const goal = events.at(-1);
    assert.equal(goal.step, 32);
    assert.match(goal.schedule, /^v1: A B B/);
    assert.deepEqual(events.at(-2).stuck, ['B']);

    // replay under correct: the same steps, the first difference marked
    await f.getByTestId('replay-correct').click();
    await expectText(f.getByTestId('variant-diff'), /correct/);
    assert.equal(await f.getByTestId('goal-banner').count(), 0);
    await f.getByTestId('timeline-mark').first().waitFor();
    await screenshot(page, 'lesson-6-replay-correct');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the index lists the lessons by engine with the learner’s progress, and opens one', async () => {
    const { page, errors } = await open(chrome.context, `${server.url}?lesson=fast-path`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    // progress from the previous test lives in this browser profile (same origin)
    await page.getByTestId('open-lessons').click();
    const index = page.getByTestId('lesson-index');
    await index.waitFor({ state: 'visible' });
    await expectText(index.locator('[data-id="racy-counter"]'), /The racy counter/);
    const items = index.getByTestId('lesson-item');
    await until(async () => (await items.count()) === COUNT, `${COUNT} lessons`);
    await expectText(index, /Basics.*Parking lot/i);
    assert.equal(await index.locator('[data-id="fast-path"]').getAttribute('aria-current'), 'true');
    assert.equal(await index.locator('[data-id="lost-wakeup"]').getAttribute('data-reached'), 'true');
    assert.equal(await index.locator('[data-id="contention"]').getAttribute('data-reached'), 'false');
    await expectText(index.locator('[data-id="lost-wakeup"]'), /Make B sleep forever.*reached/);
    await expectText(page.getByTestId('lesson-index-tally'), new RegExp(`1 of ${COUNT} goals reached`));
    await screenshot(page, 'lesson-index');
    await index.locator('[data-id="contention"]').click();
    await index.waitFor({ state: 'hidden' });
    await expectText(page.locator('header nav'), new RegExp(`${numberOf('contention')}\\. `));
    await page.waitForURL((u) => u.searchParams.get('lesson') === 'contention');
    // a starting schedule: the lesson begins after it, and the address names only the lesson
    assert.ok((await stepOf(page)) > 0);
    assert.equal(new URL(page.url()).searchParams.get('schedule'), null);
    // next and previous
    await page.getByTestId('lesson-next').click();
    await page.waitForURL((u) => u.searchParams.get('lesson') === 'bucket-table');
    await page.getByTestId('lesson-prev').click();
    await page.waitForURL((u) => u.searchParams.get('lesson') === 'contention');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a lesson is numbered where the index lists it, everywhere: panel, title, index, embed', async () => {
    // notify-all-requeue is lessons/parking_lot/08-…, its address the same as when it was the
    // course's file 26: the index lists it after basic's lessons and the parking lot's first seven,
    // and Previous/Next walk it there (the numbers come from the course index, never the file)
    const n = COURSE.findIndex((l) => l.id === 'notify-all-requeue') + 1;
    const next = COURSE[n];
    const { page, errors } = await open(chrome.context, `${server.url}?lesson=notify-all-requeue`);
    await page.getByTestId('lesson-panel').waitFor({ timeout: 15000 });
    await expectText(page.getByTestId('lesson-position'), new RegExp(`Lesson ${n} of ${COUNT}`, 'i'));
    await expectText(page.locator('header nav'), new RegExp(`Parking lot\\s*▸\\s*${n}\\. `));
    await page.getByTestId('open-lessons').click();
    const index = page.getByTestId('lesson-index');
    await index.waitFor({ state: 'visible' });
    const items = index.getByTestId('lesson-item');
    await until(async () => (await items.count()) === COUNT, `${COUNT} lessons`);
    // the index's numbers run 1, 2, … down its groups, and this lesson's is the panel's
    const numbers = await items.evaluateAll((xs) => xs.map((x) => x.firstElementChild?.textContent?.trim()));
    assert.deepEqual(
      numbers,
      Array.from({ length: COUNT }, (_, i) => String(i + 1)),
    );
    assert.equal(await index.locator('[data-id="notify-all-requeue"] > span').first().innerText(), String(n));
    // the index's order is the course index's: engine by engine, each engine's by its numbers
    assert.deepEqual(
      await items.evaluateAll((xs) => xs.map((x) => x.getAttribute('data-id'))),
      COURSE.map((l) => l.id),
    );
    await screenshot(page, 'lesson-index-numbers');
    await page.keyboard.press('Escape');
    // the lesson after it in the course is number n + 1
    await page.getByTestId('lesson-next').click();
    await page.waitForURL((u) => u.searchParams.get('lesson') === next.id);
    await expectText(page.getByTestId('lesson-position'), new RegExp(`Lesson ${n + 1} of ${COUNT}`, 'i'));
    // the embed's heading says the same number
    await page.goto(`${server.url}embed.html?lesson=notify-all-requeue`);
    await expectText(page.locator('header').first(), new RegExp(`Lesson ${n}\\b`, 'i'));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('scrolled, the lesson text never passes under the goal: its first line in view is uncovered', async () => {
    // lesson 27's text is long enough to scroll at every size; the first line of it in view after
    // scrolling (the panel's own scroll box on a wide screen, the page elsewhere) must be what is
    // drawn there: at its top, middle and bottom the page hits that line's text, not the goal
    const { page, errors } = await open(chrome.context, `${server.url}?lesson=greedy-semaphore`);
    for (const [width, height] of [
      [1440, 900],
      [1024, 768],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await page.getByTestId('lesson-panel').waitFor({ timeout: 15000 });
      const about = page.locator('details:has([data-testid="lesson-about"])');
      if ((await about.getAttribute('open')) === null) await page.getByTestId('lesson-about').click();
      const seen = await page.evaluate(() => {
        const panel = document.querySelector('[data-testid=lesson-panel]');
        const goal = panel.querySelector('[data-testid=lesson-goal]').closest('section');
        const text = panel.querySelector('[data-testid=lesson-body]');
        // the box that scrolls the lesson's text: the panel's own, or the page
        let box = text.parentElement;
        while (box && !/auto|scroll/.test(getComputedStyle(box).overflowY)) box = box.parentElement;
        const page = !box || box === document.documentElement || box === document.body;
        const scroller = page ? document.scrollingElement : box;
        const before = scroller.scrollTop;
        scroller.scrollTop = before + 240;
        const scrolled = scroller.scrollTop - before;
        const top = page ? 0 : box.getBoundingClientRect().top + box.clientTop;
        // the first line of the lesson's text (not the goal's) whose whole height is in view
        const walk = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
        for (let node = walk.nextNode(); node; node = walk.nextNode()) {
          if (goal.contains(node) || !node.textContent.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const line = [...range.getClientRects()].find((r) => r.height > 0 && r.top >= top);
          if (!line) continue;
          const x = line.left + Math.min(line.width / 2, 20);
          const covered = [line.top + 2, (line.top + line.bottom) / 2, line.bottom - 2].filter((y) => {
            const hit = document.elementFromPoint(x, y);
            return !(hit && node.parentElement.contains(hit));
          });
          return {
            scrolled,
            line: node.textContent.trim().slice(0, 40),
            covered: covered.map((y) =>
              document.elementFromPoint(x, y)?.closest('section, p, li')?.textContent?.slice(0, 40),
            ),
            goalBottom: Math.round(goal.getBoundingClientRect().bottom),
            lineTop: Math.round(line.top),
          };
        }
        return { scrolled, line: null };
      });
      assert.ok(seen.scrolled > 0, `${width}x${height}: the lesson text scrolled`);
      assert.ok(seen.line, `${width}x${height}: a line of the lesson's text is in view`);
      assert.deepEqual(seen.covered, [], `${width}x${height}: “${seen.line}” is drawn uncovered`);
      await screenshot(page, `lesson-scrolled-${width}`);
      await page.evaluate(() => {
        document.scrollingElement.scrollTop = 0;
        const b = document.querySelector('[data-testid=lesson-scroll]');
        if (b) b.scrollTop = 0;
      });
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('Embed gives the iframe and the element for this lesson, variant and step', async () => {
    const { page, errors } = await open(
      chrome.context,
      `${server.url}?lesson=lost-wakeup&variant=correct&schedule=${encodeURIComponent('v1: A B B')}&step=3`,
    );
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await expectText(stepCount(page), 'step 3');
    await page.getByTestId('embed').click();
    const dialog = page.getByTestId('embed-dialog');
    await dialog.waitFor({ state: 'visible' });
    const iframe = await dialog.getByTestId('embed-iframe').inputValue();
    const element = await dialog.getByTestId('embed-element').inputValue();
    const src = /src="([^"]+)"/.exec(iframe)[1].replace(/&amp;/g, '&');
    const u = new URL(src);
    assert.equal(u.origin + u.pathname, `${server.url}embed.html`);
    assert.equal(u.searchParams.get('lesson'), 'lost-wakeup');
    assert.equal(u.searchParams.get('variant'), 'correct');
    assert.equal(u.searchParams.get('step'), '3');
    assert.ok(u.searchParams.get('schedule'));
    assert.match(element, new RegExp(`^<script src="${server.url}lockstep-embed\\.js" defer></script>\\n`));
    assert.match(
      element,
      /<lockstep-lesson lesson="lost-wakeup" variant="correct" schedule="v1\.[^"]+" step="3"><\/lockstep-lesson>/,
    );
    await screenshot(page, 'lesson-embed-dialog');
    // the iframe code opens there
    const framed = await open(chrome.context, src);
    await lane(framed.page, 'A').waitFor({ timeout: 15000 });
    await expectText(stepCount(framed.page), 'step 3');
    assert.equal(
      await framed.page.locator('[data-testid="lang-switch"]').count(),
      1,
      'the compact page has its language switch',
    );
    assert.deepEqual([...errors, ...framed.errors], []);
    await framed.page.close();
    await page.close();
  });

  test('the Chinese lesson text renders', async () => {
    const { page, errors } = await open(chrome.context, `${server.url}?lesson=lost-wakeup&lang=zh-CN`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    await expectText(page.getByTestId('lesson-goal'), '让 B 永远睡下去，而锁其实早已空闲。');
    await expectText(
      page.locator('header nav'),
      new RegExp(`停车场\\s*▸\\s*${numberOf('lost-wakeup')}\\. 挑战：制造一次丢失唤醒`),
    );
    await expectText(page.getByTestId('lesson-body'), /两个线程共用一把互斥锁/);
    await expectText(page.getByTestId('lesson-panel'), /你的目标/);
    await expectText(page.getByTestId('lesson-position'), `第 ${numberOf('lost-wakeup')} 课，共 ${COUNT} 课`);
    await page.getByTestId('hint-more').click();
    await expectText(page.getByTestId('hint-nudge'), /锁没人拿着，就没人需要等/);
    await stepActor(page, 'A');
    await expectText(page.getByTestId('lesson-beat').last(), /A 走快路径拿到 m/);
    await screenshot(page, 'lesson-zh');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('embedding', () => {
  test('a host page on another port embeds lessons as an iframe and as <lockstep-lesson>, and hears their steps', async () => {
    host.routes['/embed-both.html'] = [
      'text/html',
      hostPage(
        'Two ways',
        `<h1>A course page</h1><p>Two lessons, embedded two ways.</p>
<h2>As an iframe</h2>
<iframe id="framed" src="${server.url}embed.html?lesson=fast-path" title="Lockstep" style="width:100%;height:560px;border:0"></iframe>
<h2>As an element</h2>
<script src="${server.url}lockstep-embed.js" defer></script>
<lockstep-lesson id="element" lesson="racy-counter"></lockstep-lesson>`,
      ),
    ];
    const { page, errors } = await open(chrome.context, `${host.url}embed-both.html`);
    const framed = page.frameLocator('#framed');
    const element = page.frameLocator('lockstep-lesson iframe');
    await lane(framed, 'A').waitFor({ timeout: 15000 });
    await lane(element, 'A').waitFor({ timeout: 15000 });
    await expectText(framed.getByTestId('embed-title'), 'A mutex in one byte: the fast path');
    await expectText(element.getByTestId('embed-title'), 'The racy counter');
    await expectText(element.getByTestId('lesson-goal'), /counter below 4/);

    // the element fits its frame to the content (height messages)
    const tall = await until(
      () =>
        page.evaluate(
          () => document.querySelector('lockstep-lesson').shadowRoot.querySelector('iframe').style.height,
        ),
      'a height from the frame',
    );
    assert.match(tall, /^\d+px$/);
    assert.ok(parseInt(tall, 10) > 300, tall);

    await stepActor(framed, 'A');
    await stepActor(element, 'A');
    await stepActor(element, 'B');
    const events = await until(async () => {
      const ev = await page.evaluate(() => window.__events);
      const steps = ev.filter((e) => e.type === 'step');
      return (
        steps.some((e) => e.lesson === 'racy-counter' && e.step === 2) &&
        steps.some((e) => e.lesson === 'fast-path') &&
        ev
      );
    }, 'step events from both');
    assert.ok(events.every((e) => e.origin === new URL(server.url).origin));
    assert.deepEqual(
      events.filter((e) => e.type === 'step').map((e) => [e.lesson, e.step, e.actor]),
      [
        ['fast-path', 1, 'A'],
        ['racy-counter', 1, 'A'],
        ['racy-counter', 2, 'B'],
      ],
    );
    assert.ok(events.some((e) => e.type === 'ready' && e.lesson === 'fast-path'));
    assert.ok(events.some((e) => e.type === 'height' && e.height > 300));
    // the element also dispatches them as DOM events
    const fromElement = await page.evaluate(() => window.__elementEvents.filter((e) => e.type === 'step'));
    assert.deepEqual(
      fromElement.map((e) => [e.lesson, e.step]),
      [
        ['racy-counter', 1],
        ['racy-counter', 2],
      ],
    );
    await screenshot(page, 'embed-host');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('lessons/embed-example.html works as written (pointed at this server)', async () => {
    const example = readFileSync(join(ROOT, 'lessons', 'embed-example.html'), 'utf8');
    assert.match(example, /http:\/\/localhost:5173\/embed\.html\?lesson=racy-counter/);
    host.routes['/example.html'] = ['text/html', example.replaceAll('http://localhost:5173/', server.url)];
    const { page, errors } = await open(chrome.context, `${host.url}example.html`);
    const framed = page.frameLocator('#exercise-1');
    const element = page.frameLocator('#exercise-2 iframe');
    await lane(framed, 'A').waitFor({ timeout: 15000 });
    await lane(element, 'A').waitFor({ timeout: 15000 });
    // the page fits the iframe to its content
    await until(
      () => page.evaluate(() => parseInt(document.getElementById('exercise-1').style.height, 10) > 300),
      'the iframe resized',
    );
    await stepActor(framed, 'B');
    await stepActor(element, 'A');
    await expectText(
      page.locator('#log'),
      /racy-counter: step at step 1 \(B moved\).*lost-wakeup: step at step 1 \(A moved\)/,
    );
    await screenshot(page, 'embed-example');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a lesson file with script in its Markdown runs nothing and shows no script', async () => {
    host.routes['/evil.html'] = [
      'text/html',
      hostPage(
        'Hostile',
        `<h1>A hostile lesson</h1><script src="${server.url}lockstep-embed.js"></script>
<lockstep-lesson src="/evil.md"></lockstep-lesson>`,
      ),
    ];
    const { page, errors } = await open(chrome.context, `${host.url}evil.html`);
    const dialogs = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const f = page.frameLocator('lockstep-lesson iframe');
    await lane(f, 'A').waitFor({ timeout: 15000 });
    await f.getByTestId('lesson-about').click();
    const body = f.getByTestId('lesson-body');
    await expectText(body, /Safe text survives: bold and code\./);
    await expectText(body, /a link/);
    await expectText(body, /click me/);
    const frame = await until(
      () => page.frames().find((x) => x.url().includes('embed.html?src=host')),
      'the frame',
    );
    const found = await frame.evaluate(() => {
      const b = document.querySelector('[data-testid="lesson-body"]');
      const all = [...b.querySelectorAll('*')];
      return {
        scripts: document.querySelectorAll('[data-testid="lesson-body"] script, body script').length,
        tags: [...new Set(all.map((e) => e.tagName.toLowerCase()))].sort(),
        handlers: all.flatMap((e) => [...e.attributes].map((a) => a.name)).filter((n) => n.startsWith('on')),
        hrefs: all.filter((e) => e.hasAttribute('href')).map((e) => e.getAttribute('href')),
        styles: b.querySelectorAll('style').length,
        ids: all.filter((e) => e.id).length,
        pwned: window.__pwned ?? null,
        title: document.title,
      };
    });
    assert.equal(found.scripts, 0);
    assert.deepEqual(found.handlers, []);
    assert.deepEqual(found.hrefs, []); // both javascript: links lost their href
    assert.equal(found.styles, 0);
    assert.equal(found.ids, 0);
    for (const bad of ['script', 'img', 'svg', 'iframe', 'style', 'div'])
      assert.ok(!found.tags.includes(bad), `no <${bad}> in ${found.tags}`);
    assert.notEqual(found.title, 'pwned');
    await f.getByTestId('lesson-body').getByText('click me').click();
    await f.getByTestId('lesson-body').getByText('a link').click();
    // Chinese too
    await f.getByTestId('lang-switch').locator('[data-lang="zh-CN"]').click();
    await expectText(f.getByTestId('lesson-body'), /中文也一样安全/);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await page.evaluate(() => window.__pwned ?? null), null);
    assert.equal(await frame.evaluate(() => window.__pwned ?? null), null);
    assert.equal(await frame.evaluate(() => document.querySelectorAll('img, script:not([src])').length), 0);
    assert.deepEqual(dialogs, []);
    await screenshot(page, 'embed-hostile');
    // DOMPurify parses the hostile HTML into a document of its own, without
    // scripting; Chrome still checks its on* handlers against the page's
    // Content-Security-Policy and reports them refused.  Those reports (and
    // only those) are expected here: nothing ran either way.
    const refusedHandler = (e) =>
      /Executing inline event handler violates|CSP refused inline \(script-src-attr\)/.test(e);
    assert.deepEqual(
      errors.filter((e) => !refusedHandler(e)),
      [],
    );
    await page.close();
  });

  test('a malformed lesson from src= shows its problems in place, as file:line:col: field: message', async () => {
    host.routes['/broken.html'] = [
      'text/html',
      hostPage(
        'Broken',
        `<h1>A broken lesson</h1><script src="${server.url}lockstep-embed.js"></script>
<lockstep-lesson src="/broken.md" lang="en"></lockstep-lesson>
<lockstep-lesson src="/missing.md" lang="en"></lockstep-lesson>`,
      ),
    ];
    const { page, errors } = await open(chrome.context, `${host.url}broken.html`);
    const broken = page.frameLocator('lockstep-lesson >> nth=0 >> iframe');
    const notice = broken.getByTestId('notice');
    await expectText(notice, /The lesson “broken\.md” has problems/, 15000);
    await expectText(notice, /broken\.md:\d+:\d+: colour: is not a known field/);
    await expectText(notice, /broken\.md:\d+:\d+: title: needs 'zh-CN'/);
    assert.equal(await broken.locator('section[data-actor]').count(), 0);
    const missing = page.frameLocator('lockstep-lesson >> nth=1 >> iframe');
    await expectText(missing.getByTestId('notice'), /The lesson “missing\.md” could not be loaded: HTTP 404/);
    await screenshot(page, 'embed-broken');
    // the page's own errors are the 404 of the missing file only
    assert.deepEqual(
      errors.filter((e) => !/404/.test(e)),
      [],
    );
    await page.close();
  });

  test('<lockstep-lesson> follows its host page’s language, not a language chosen earlier in the app', async () => {
    // the learner once chose 中文 in the app (same origin as the embed)
    const app = await open(chrome.context, `${server.url}?lesson=racy-counter&lang=en`);
    await lane(app.page, 'A').waitFor({ timeout: 15000 });
    await app.page.getByTestId('lang-switch').locator('[data-lang="zh-CN"]').click();
    assert.equal(await app.page.evaluate(() => localStorage.getItem('lockstep.lang')), 'zh-CN');
    await app.page.close();
    for (const [lang, title] of [
      ['en', 'The racy counter'],
      ['zh-CN', '会丢失更新的计数器'],
    ]) {
      host.routes[`/lang-${lang}.html`] = [
        'text/html',
        hostPage(
          'Language',
          `<script src="${server.url}lockstep-embed.js" defer></script>
<lockstep-lesson lesson="racy-counter"></lockstep-lesson>`,
        ).replace('<html lang="en">', `<html lang="${lang}">`),
      ];
      const { page, errors } = await open(chrome.context, `${host.url}lang-${lang}.html`);
      const f = page.frameLocator('lockstep-lesson iframe');
      await lane(f, 'A').waitFor({ timeout: 15000 });
      await expectText(f.getByTestId('embed-title'), title);
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});
