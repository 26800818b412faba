// Issue 13 in headless Chromium: the lesson is the learner's to win.  Play and
// the explorer solve a lesson only "for" the learner (labelled, never saved);
// reset, variant switch and the explorer are undoable (Ctrl+Z, "Restore my
// run", browser Back); the time keys work after a tab click.  (An open
// prediction hiding its answer and the flagship's payoff are their engines'
// e2e tests, tests/e2e/<engine>.test.mjs.)  The lessons are found by what
// each test needs.  Screenshots of each view at 1440x900 and 390x844 go to
// build/test-output/.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clean,
  courseLesson,
  inView,
  lane,
  open,
  pressMoving as press,
  sandboxScenarios,
  screenshot,
  until,
  useApp,
  waitForText,
  stepActor,
} from './harness.mjs';

const app = useApp();

const expectText = (locator, want, timeout = 10000) => waitForText(locator, want, timeout);
const stepCount = (root) => root.getByTestId('step-count');

/** The lessons these tests open, found by what they need (none is named here). */
const FIRST = courseLesson();
const STUCK = courseLesson((_, m) => m.goal?.stuck?.length, 'a lesson whose goal leaves a thread stuck');
const FOUR = courseLesson(
  (_, m) => Object.keys(m.scenario?.actors ?? {}).length === 4,
  'a lesson of four threads',
);
/** The sandbox's first scenario that ends stuck, with a thread A. */
const STUCK_SANDBOX = sandboxScenarios().find(
  (s) => s.scenario.expect?.outcome === 'stuck' && s.scenario.actors.A,
);
/** The view of the stuck lesson's engine (each view's test id: its engine, hyphenated, and `-view`). */
const STUCK_VIEW = `${STUCK.meta.engine.replaceAll('_', '-')}-view`;

const progress = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('lockstep.progress') ?? '{}'));

describe('the win is the learner’s', () => {
  test('Play at the default address reaches lesson 1’s goal as the auto-player’s, not saved', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Space');
    const banner = page.getByTestId('goal-banner');
    await banner.waitFor({ timeout: 20000 });
    assert.equal(await banner.getAttribute('data-by'), 'player');
    await expectText(banner, /Solved by the auto-player/);
    await expectText(page.getByTestId('goal-not-yours'), /not counted as yours/);
    assert.equal(await page.getByTestId('goal-saved').count(), 0);
    assert.equal((await progress(page))[FIRST.id], undefined);
    await screenshot(page, 'learner-solved-by-player');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the explorer’s run is the explorer’s; Ctrl+Z brings back the learner’s run', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=${STUCK.id}`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await stepActor(page, 'A');
    await stepActor(page, 'B');
    // the lesson keeps the explorer until the learner has tried or asked for a hint
    await page.getByTestId('hint-more').click();
    await page.keyboard.press('e');
    await page.getByTestId('explore-schedule').waitFor({ timeout: 30000 });
    await expectText(stepCount(page), /^step 0 of \d+$/);
    await expectText(page.getByTestId('restore-run'), /Restore my run/);
    // walk the explorer's run to its end: its goal, not the learner's
    const total = Number(/of (\d+)/.exec(clean(await stepCount(page).innerText()))[1]);
    await page.getByTestId('step-bar').fill(String(total));
    const banner = page.getByTestId('goal-banner');
    await banner.waitFor({ timeout: 15000 });
    assert.equal(await banner.getAttribute('data-by'), 'explorer');
    await expectText(banner, /Solved by the explorer/);
    assert.equal((await progress(page))[STUCK.id], undefined);
    await screenshot(page, 'learner-solved-by-explorer');
    // Ctrl+Z: the learner's two steps are back
    await page.keyboard.press('Control+z');
    await expectText(stepCount(page), 'step 2');
    await expectText(page.getByTestId('narration'), /Your run is back: step 2 of 2/);
    assert.equal(await page.getByTestId('goal-banner').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('nothing is lost', () => {
  test('reset is undone with “Restore my run”, and the browser’s Back returns to the run', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=${FIRST.id}`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    for (const a of ['A', 'B', 'A']) await stepActor(page, a);
    await page.waitForURL((u) => u.searchParams.get('step') === '3');
    await press(page, 'Home');
    await expectText(stepCount(page), 'step 0');
    await page.getByTestId('restore-run').click();
    await expectText(stepCount(page), 'step 3');
    // reset again, then the browser's Back: the run (never about:blank)
    await press(page, 'Home');
    await page.waitForURL((u) => u.searchParams.get('step') === null);
    await page.goBack();
    await expectText(stepCount(page), 'step 3', 15000);
    assert.match(page.url(), new RegExp(`lesson=${FIRST.id}(&|$)`));
    await page.goForward();
    await expectText(stepCount(page), 'step 0', 15000);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('after a tab click, ← → Home still move through time', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=${FIRST.id}`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    for (const a of ['A', 'B', 'A']) await stepActor(page, a);
    for (const tab of ['tab-diagram', 'tab-source', 'tab-trace']) {
      await page.getByTestId(tab).click();
      await press(page, 'ArrowLeft');
      await expectText(stepCount(page), 'step 2 of 3');
      await press(page, 'ArrowRight');
      await expectText(stepCount(page), 'step 3');
      assert.equal(await page.getByTestId(tab).getAttribute('aria-selected'), 'true');
    }
    await press(page, 'Home');
    await expectText(stepCount(page), 'step 0');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

// ---- one screen, words, embed, accessibility -------------------------------------------

/** Opens `url` in a page of the given size (its own context, the app's CSP and all). */
async function sized(url, width, height) {
  const { page, errors } = await open(app.chrome.context, 'about:blank');
  await page.setViewportSize({ width, height });
  await page.goto(url);
  await lane(page, 'A').waitFor({ timeout: 15000 });
  return { page, errors };
}

describe('one screen', () => {
  test('1440x900: four lanes side by side, their Step buttons, the narration and the engine view in view, the diagram open too', async () => {
    const { page, errors } = await sized(`${app.server.url}?lesson=${FOUR.id}`, 1440, 900);
    await page.getByTestId('tab-diagram').click();
    await page.getByTestId('tabpanel-diagram').waitFor();
    await press(page, '1');
    const lanes = page.locator('section[data-actor]');
    assert.equal(await lanes.count(), 4);
    const tops = [];
    for (let i = 0; i < 4; i++) {
      const step = lanes.nth(i).getByTestId('step');
      assert.ok(await inView(page, step), `lane ${i}'s Step button in view`);
      tops.push(Math.round((await lanes.nth(i).boundingBox()).y));
    }
    assert.equal(new Set(tops).size, 1, `side by side: ${tops}`);
    assert.ok(await inView(page, page.getByTestId('narration')), 'the narration line in view');
    const inside = page.locator('main > aside').last();
    const box = await inside.boundingBox();
    assert.ok(
      box.x > (await lanes.nth(3).boundingBox()).x && box.y < 200,
      'the engine view beside the lanes',
    );
    await screenshot(page, 'screen-1440-lesson-9-diagram');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('1024x768: two lanes side by side with their Step buttons', async () => {
    const { page, errors } = await sized(`${app.server.url}?lesson=${STUCK.id}`, 1024, 768);
    const a = await lane(page, 'A').boundingBox();
    const b = await lane(page, 'B').boundingBox();
    assert.equal(Math.round(a.y), Math.round(b.y));
    assert.ok(await inView(page, lane(page, 'B').getByTestId('step')));
    await screenshot(page, 'screen-1024-lesson-6');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('390x844: the goal on one line, the text folded, the threads and the engine view right under them, the next-thread choice whole', async () => {
    const { page, errors } = await sized(`${app.server.url}?lesson=${STUCK.id}`, 390, 844);
    const goal = page.getByTestId('lesson-goal');
    const line = await goal.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight) || 24);
    assert.ok((await goal.boundingBox()).height <= line * 1.6, 'one line');
    // a tap shows the whole goal, wrapped; a second folds it back to one line
    assert.ok(await goal.evaluate((e) => e.scrollWidth > e.clientWidth), 'the goal is cut on one line');
    await goal.click();
    assert.ok((await goal.boundingBox()).height > line * 1.6, 'tapped: the whole goal');
    assert.ok(await goal.evaluate((e) => e.scrollWidth <= e.clientWidth), 'nothing of it cut');
    await goal.click();
    assert.ok((await goal.boundingBox()).height <= line * 1.6, 'tapped again: one line');
    assert.equal(await page.locator('details:has([data-testid="lesson-about"])').getAttribute('open'), null);
    assert.ok(await inView(page, lane(page, 'B').getByTestId('step')), 'Step B on the first screen');
    const lanesBottom = Math.max(
      ...(await Promise.all(
        ['A', 'B'].map(
          async (n) => (await lane(page, n).boundingBox()).y + (await lane(page, n).boundingBox()).height,
        ),
      )),
    );
    const insideTop = (await page.locator('main > aside').last().boundingBox()).y;
    assert.ok(
      insideTop > lanesBottom && insideTop - lanesBottom < 160,
      `engine view under the lanes (${lanesBottom} → ${insideTop})`,
    );
    const policy = page.getByTestId('policy');
    const pb = await policy.boundingBox();
    assert.ok(pb && pb.x + pb.width <= 390, 'the next-thread choice is not cut off');
    assert.equal(
      await page.evaluate(() => document.documentElement.scrollWidth),
      390,
      'nothing wider than the phone',
    );
    await screenshot(page, 'screen-390-lesson-6');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('words', () => {
  test('中文 changes the narration at once; goals render their Markdown', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=${FIRST.id}`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await stepActor(page, 'A');
    await expectText(page.getByTestId('narration'), /^Step 1: /);
    await page.getByTestId('lang-switch').getByText('中文').click();
    await expectText(page.getByTestId('narration'), /^第 1 步/);
    await page.getByTestId('lang-switch').getByText('EN').click();
    await expectText(page.getByTestId('narration'), /^Step 1: /);
    // lesson 1's recap names code (its check): code, not backticks
    for (const a of ['B', 'A', 'B', 'A', 'B', 'A'])
      if (await lane(page, a).getByTestId('step').isEnabled()) await stepActor(page, a);
    assert.equal(await page.locator('main').getByText(/`/).count(), 0, 'no raw backticks');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a bad lesson= names the parameter and what to do', async () => {
    const { page } = await open(app.chrome.context, `${app.server.url}?lesson=%3Cb%3E`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await expectText(
      page.getByTestId('notice'),
      /bad “lesson” parameter: a lesson is named by lowercase letters.*pick another under Lessons/,
    );
    assert.doesNotMatch(clean(await page.getByTestId('notice').first().innerText()), /@ \[ \]/);
    await page.close();
  });
});

describe('embed', () => {
  test('the copied iframe snippet fits the frame to the lesson; Inside the lock is open; lane titles stay on one line at 900 px', async (t) => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=${STUCK.id}`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await page.getByTestId('embed').click();
    const snippet = await page.getByTestId('embed-iframe').inputValue();
    assert.match(snippet, /<script>[\s\S]*type === 'height'[\s\S]*<\/script>$/);
    await page.close();
    const { createServer } = await import('node:http');
    const host = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course</title></head>
<body style="margin:0;width:900px">${snippet}</body></html>`);
    });
    await new Promise((r) => host.listen(0, '127.0.0.1', r));
    // a failed assertion must not leave the server up: node --test would wait for it for ever
    t.after(async () => {
      host.closeAllConnections();
      await new Promise((r) => host.close(r));
    });
    const course = await open(app.chrome.context, `http://127.0.0.1:${host.address().port}/`);
    await course.page.setViewportSize({ width: 900, height: 900 });
    const frame = course.page.frameLocator('iframe');
    await lane(frame, 'A').waitFor({ timeout: 15000 });
    // the frame takes the lesson's own height (the snippet's script), not a fixed one; the
    // engine's view loads lazily and grows the page, so the height follows it to the end
    await frame.getByTestId(STUCK_VIEW).waitFor({ timeout: 15000 });
    const fitted = await until(async () => {
      const h = await course.page.evaluate(() => document.querySelector('iframe').style.height);
      const content = await frame
        .locator('body')
        .evaluate((b) => Math.ceil(b.getBoundingClientRect().height));
      return h && h !== '760px' && h === `${content}px` && h;
    }, 'the frame to fit its content');
    assert.notEqual(fitted, '760px');
    assert.equal(await frame.locator('details:has(summary)').last().getAttribute('open'), '');
    for (const n of ['A', 'B']) {
      const title = lane(frame, n).locator('h3');
      const lh = await title.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight) || 20);
      assert.ok((await title.boundingBox()).height < lh * 1.5, `Thread ${n} on one line`);
    }
    await screenshot(course.page, 'embed-900');
    assert.deepEqual(course.errors, []);
    assert.deepEqual(errors, []);
    await course.page.close();
  });
});

// axe-core, run in the page through the DevTools protocol (the app's CSP refuses inline scripts)
const { readFileSync } = await import('node:fs');
const { createRequire } = await import('node:module');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function axe(page, name) {
  await page.evaluate(`${AXE};0`);
  const r = await page.evaluate(() =>
    window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    }),
  );
  const found = r.violations.map(
    (v) =>
      `${name}: ${v.id} (${v.impact}): ${v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`)
        .join(' | ')}`,
  );
  return found;
}

describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  test('every main view, wide and phone, has no violations', async () => {
    const all = [];
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ]) {
      const { page, errors } = await sized(`${app.server.url}?lesson=${STUCK.id}`, w, h);
      await press(page, '1');
      await press(page, 'Shift+Digit2');
      all.push(...(await axe(page, `lesson ${w}`)));
      await screenshot(page, `view-${w}-lesson`);
      for (const tab of ['diagram', 'source', 'trace']) {
        await page.getByTestId(`tab-${tab}`).click();
        await page.getByTestId(`tabpanel-${tab}`).waitFor();
        await page.waitForTimeout(tab === 'diagram' ? 1500 : 300);
        all.push(...(await axe(page, `${tab} ${w}`)));
        await screenshot(page, `view-${w}-${tab}`);
      }
      await page.getByTestId('open-lessons').click();
      await page.getByTestId('lesson-index').waitFor({ state: 'visible' });
      all.push(...(await axe(page, `index ${w}`)));
      await screenshot(page, `view-${w}-index`);
      await page.keyboard.press('Escape');
      await page.goto(`${app.server.url}?lesson=${FOUR.id}`);
      await lane(page, 'A').waitFor({ timeout: 15000 });
      await press(page, '1');
      all.push(...(await axe(page, `four-thread lesson ${w}`)));
      await screenshot(page, `view-${w}-four-threads`);
      await page.goto(`${app.server.url}?scenario=${STUCK_SANDBOX.id}`);
      await lane(page, 'A').waitFor({ timeout: 15000 });
      all.push(...(await axe(page, `sandbox ${w}`)));
      await screenshot(page, `view-${w}-sandbox`);
      await page.goto(`${app.server.url}embed.html?lesson=${STUCK.id}`);
      await lane(page, 'A').waitFor({ timeout: 15000 });
      all.push(...(await axe(page, `embed ${w}`)));
      await screenshot(page, `view-${w}-embed`);
      assert.deepEqual(errors, []);
      await page.close();
    }
    assert.deepEqual(all, []);
  });
});
