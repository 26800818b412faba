// Issue 6 in headless Chromium: the lesson player (the first lesson by
// default, the numbers of the index, a long text that scrolls, the Embed
// button) and embedding (a host page on another port embeds lessons as an
// iframe and as <lockstep-lesson>, receives their events; a lesson file with
// script in its Markdown runs nothing; a malformed one shows its problems in
// place).  The lessons are found by what each test needs; the flagship played
// by hand inside a host page, the index showing it reached and its Chinese
// text are its engine's e2e tests (tests/e2e/<engine>.test.mjs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  browser,
  clean,
  courseLesson,
  hostPage,
  hostSite,
  lane,
  open,
  ROOT,
  sandboxScenarios,
  screenshot,
  serve,
  until,
  waitForText,
  COURSE,
  COUNT,
  numberOf,
  stepActor,
} from './harness.mjs';
import { payloadFor } from './author.mjs';

let server;
let chrome;
/** the course's own site: host pages and lesson files, on another port than the app */
let host;

const LESSON_1 = readFileSync(join(ROOT, 'lessons', COURSE[0].rel), 'utf8');

/** A regular expression that matches `text` as written. */
const literally = (text) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/**
 * The lessons these tests open, found by what each needs (so that none is named here):
 * the first (the default address's), the first of another engine than the first's, one
 * whose goal leaves a thread stuck, one whose number in the course is not its file's, and
 * the one with the longest English text.
 */
const FIRST = courseLesson();
const OTHER = courseLesson((_, m) => m.engine !== FIRST.meta.engine, 'of a second engine');
const STUCK = courseLesson((_, m) => m.goal?.stuck?.length, 'a lesson whose goal leaves a thread stuck');
/** Whether the lesson's number in the course differs from its file's (NN-id.md), and one follows it. */
const renumbered = (id) => {
  const at = COURSE.findIndex((l) => l.id === id);
  return at + 1 !== Number(/\/(\d+)-/.exec(COURSE[at].rel)[1]) && at + 1 < COUNT;
};
const RENUMBERED = courseLesson((_, m) => renumbered(m.id), 'numbered in the course otherwise than its file');
/** A lesson's English text (its `## en` part). */
const englishOf = (lesson) => /\n## en\n([\s\S]*?)(\n## |$)/.exec(lesson.text)[1];
const LONGEST = COURSE.map((l) => courseLesson((_, m) => m.id === l.id)).reduce((a, b) =>
  englishOf(b).length > englishOf(a).length ? b : a,
);
/** The sandbox's first scenario of another engine than the first lesson's. */
const ELSEWHERE = sandboxScenarios().find((x) => x.engine !== FIRST.meta.engine);

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
  .replace(`id: ${COURSE[0].id}\n`, `id: ${COURSE[0].id}\ncolour: blue\n`)
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

describe('the lesson player', () => {
  test('make run’s page opens the first lesson: goal first, its text, the sandbox one click away', async () => {
    const { page, errors } = await open(chrome.context, server.url);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await page.waitForURL((u) => u.searchParams.get('lesson') === FIRST.id);
    await expectText(
      page.locator('header nav'),
      new RegExp(`▸\\s*1\\. ${literally(FIRST.meta.title.en).source}`),
    );
    await expectText(page.getByTestId('lesson-goal'), FIRST.meta.goal.text.en);
    await expectText(page.getByTestId('lesson-position'), new RegExp(`Lesson 1 of ${COUNT}`, 'i'));
    // its text: its first words, and its first bold word set in bold
    const text = englishOf(FIRST);
    await expectText(
      page.getByTestId('lesson-body'),
      literally(text.trim().split(/\s+/).slice(0, 3).join(' ')),
    );
    assert.equal(
      await page.getByTestId('lesson-body').locator('strong').first().innerText(),
      /\*\*([^*]+)\*\*/.exec(text)[1],
    );
    await expectText(page.getByTestId('lesson-panel'), /Along the way/i);
    await screenshot(page, 'lesson-1');

    // the first step folds the text away and the lesson narrates
    // (its first beat is said when its actor first steps)
    const [beat] = FIRST.meta.beats;
    await stepActor(page, beat.when.actor);
    await expectText(page.getByTestId('lesson-beat').last(), literally(beat.say.en));
    assert.equal(await page.locator('details:has([data-testid="lesson-about"])').getAttribute('open'), null);

    // the sandbox stays reachable
    await page.getByTestId('open-picker').click();
    const picker = page.getByTestId('picker');
    await picker.waitFor({ state: 'visible' });
    await picker.locator(`[data-id="${ELSEWHERE.id}"]`).click();
    const title = ELSEWHERE.scenario.title.en ?? ELSEWHERE.scenario.title;
    await expectText(page.locator('header nav'), new RegExp(`▸\\s*${literally(title).source}`));
    assert.equal(await page.getByTestId('lesson-panel').count(), 0);
    await page.waitForURL((u) => u.searchParams.get('scenario') === ELSEWHERE.id);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a lesson is numbered where the index lists it, everywhere: panel, title, index, embed', async () => {
    // a lesson whose file's number is not its number in the course: the index lists it after
    // the engines before it, and Previous/Next walk it there (the numbers come from the course
    // index, never the file)
    const n = numberOf(RENUMBERED.id);
    const next = COURSE[n];
    const { page, errors } = await open(chrome.context, `${server.url}?lesson=${RENUMBERED.id}`);
    await page.getByTestId('lesson-panel').waitFor({ timeout: 15000 });
    await expectText(page.getByTestId('lesson-position'), new RegExp(`Lesson ${n} of ${COUNT}`, 'i'));
    await expectText(
      page.locator('header nav'),
      new RegExp(`▸\\s*${n}\\. ${literally(RENUMBERED.meta.title.en).source}`),
    );
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
    assert.equal(await index.locator(`[data-id="${RENUMBERED.id}"] > span`).first().innerText(), String(n));
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
    await page.goto(`${server.url}embed.html?lesson=${RENUMBERED.id}`);
    await expectText(page.locator('header').first(), new RegExp(`Lesson ${n}\\b`, 'i'));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a lesson a link carries has no place in the course, in the embed as in the app, and the embed opens it in the app', async () => {
    // a teacher's own lesson (the course's first, under an id the course does not have), shared
    const own = FIRST.text.replace(/^id: .*$/m, 'id: a-teachers-own');
    const { page, errors } = await open(chrome.context, `${server.url}embed.html#src=${payloadFor(own)}`);
    await expectText(page.getByTestId('embed-title'), FIRST.meta.title.en);
    // the header names Lockstep and the lesson, and no number in a course it is not in
    await expectText(
      page.locator('header').first(),
      new RegExp(`^Lockstep ${literally(FIRST.meta.title.en).source}`, 'i'),
    );
    // "Open in Lockstep" opens the same document in the app (the embed's fragment), not a course lesson
    const full = new URL(await page.getByTestId('embed-full').getAttribute('href'), page.url());
    assert.equal(full.pathname, new URL(server.url).pathname);
    assert.equal(full.hash, new URL(page.url()).hash);
    assert.equal(full.searchParams.get('lesson'), null);
    await screenshot(page, 'embed-shared-lesson');
    await page.goto(full.href);
    await page.getByTestId('lesson-panel').waitFor({ timeout: 15000 });
    // the title without a number before it, as the embed's
    await expectText(page.locator('header nav'), new RegExp(`▸\\s*${literally(FIRST.meta.title.en).source}`));
    assert.doesNotMatch(clean(await page.locator('header nav').innerText()), /\d+\. /);
    assert.equal(await page.getByTestId('lesson-position').count(), 0, 'the app shows no place either');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('scrolled, the lesson text never passes under the goal: its first line in view is uncovered', async () => {
    // the longest lesson's text is long enough to scroll at every size; the first line of it in view after
    // scrolling (the panel's own scroll box on a wide screen, the page elsewhere) must be what is
    // drawn there: at its top, middle and bottom the page hits that line's text, not the goal
    const { page, errors } = await open(chrome.context, `${server.url}?lesson=${LONGEST.id}`);
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
      `${server.url}?lesson=${STUCK.id}&variant=correct&schedule=${encodeURIComponent('v1: A B B')}&step=3`,
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
    assert.equal(u.searchParams.get('lesson'), STUCK.id);
    assert.equal(u.searchParams.get('variant'), 'correct');
    assert.equal(u.searchParams.get('step'), '3');
    assert.ok(u.searchParams.get('schedule'));
    assert.match(element, new RegExp(`^<script src="${server.url}lockstep-embed\\.js" defer></script>\\n`));
    assert.match(
      element,
      new RegExp(
        `<lockstep-lesson lesson="${STUCK.id}" variant="correct" schedule="v1\\.[^"]+" step="3"></lockstep-lesson>`,
      ),
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
});

describe('embedding', () => {
  test('a host page on another port embeds lessons as an iframe and as <lockstep-lesson>, and hears their steps', async () => {
    host.routes['/embed-both.html'] = [
      'text/html',
      hostPage(
        'Two ways',
        `<h1>A course page</h1><p>Two lessons, embedded two ways.</p>
<h2>As an iframe</h2>
<iframe id="framed" src="${server.url}embed.html?lesson=${OTHER.id}" title="Lockstep" style="width:100%;height:560px;border:0"></iframe>
<h2>As an element</h2>
<script src="${server.url}lockstep-embed.js" defer></script>
<lockstep-lesson id="element" lesson="${FIRST.id}"></lockstep-lesson>`,
      ),
    ];
    const { page, errors } = await open(chrome.context, `${host.url}embed-both.html`);
    const framed = page.frameLocator('#framed');
    const element = page.frameLocator('lockstep-lesson iframe');
    await lane(framed, 'A').waitFor({ timeout: 15000 });
    await lane(element, 'A').waitFor({ timeout: 15000 });
    await expectText(framed.getByTestId('embed-title'), OTHER.meta.title.en);
    await expectText(element.getByTestId('embed-title'), FIRST.meta.title.en);
    await expectText(element.getByTestId('lesson-goal'), FIRST.meta.goal.text.en);

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
        steps.some((e) => e.lesson === FIRST.id && e.step === 2) &&
        steps.some((e) => e.lesson === OTHER.id) &&
        ev
      );
    }, 'step events from both');
    assert.ok(events.every((e) => e.origin === new URL(server.url).origin));
    assert.deepEqual(
      events.filter((e) => e.type === 'step').map((e) => [e.lesson, e.step, e.actor]),
      [
        [OTHER.id, 1, 'A'],
        [FIRST.id, 1, 'A'],
        [FIRST.id, 2, 'B'],
      ],
    );
    assert.ok(events.some((e) => e.type === 'ready' && e.lesson === OTHER.id));
    assert.ok(events.some((e) => e.type === 'height' && e.height > 300));
    // the element also dispatches them as DOM events
    const fromElement = await page.evaluate(() => window.__elementEvents.filter((e) => e.type === 'step'));
    assert.deepEqual(
      fromElement.map((e) => [e.lesson, e.step]),
      [
        [FIRST.id, 1],
        [FIRST.id, 2],
      ],
    );
    await screenshot(page, 'embed-host');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('lessons/embed-example.html works as written (pointed at this server)', async () => {
    const example = readFileSync(join(ROOT, 'lessons', 'embed-example.html'), 'utf8');
    // the two lessons it embeds, as an iframe and as an element, are the course's
    const framedId = /src="http:\/\/localhost:5173\/embed\.html\?lesson=([a-z0-9-]+)"/.exec(example)?.[1];
    const elementId = /<lockstep-lesson[^>]* lesson="([a-z0-9-]+)"/.exec(example)?.[1];
    for (const id of [framedId, elementId]) assert.ok(numberOf(id), `the example's lesson ${id}`);
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
      new RegExp(`${framedId}: step at step 1 \\(B moved\\).*${elementId}: step at step 1 \\(A moved\\)`),
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
    const app = await open(chrome.context, `${server.url}?lesson=${FIRST.id}&lang=en`);
    await lane(app.page, 'A').waitFor({ timeout: 15000 });
    await app.page.getByTestId('lang-switch').locator('[data-lang="zh-CN"]').click();
    assert.equal(await app.page.evaluate(() => localStorage.getItem('lockstep.lang')), 'zh-CN');
    await app.page.close();
    for (const [lang, title] of [
      ['en', FIRST.meta.title.en],
      ['zh-CN', FIRST.meta.title['zh-CN']],
    ]) {
      host.routes[`/lang-${lang}.html`] = [
        'text/html',
        hostPage(
          'Language',
          `<script src="${server.url}lockstep-embed.js" defer></script>
<lockstep-lesson lesson="${FIRST.id}"></lockstep-lesson>`,
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
