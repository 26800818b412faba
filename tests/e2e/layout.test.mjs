// Issue 24 in headless Chromium, the page's layout: the header keeps one line however many
// variants a scenario has (a menu from three on), in both languages; the bottom pane is
// resized by drag and by key, remembers its size, grows on a tall window and never takes
// the lanes' room; on a phone the prediction and the narration are on screen, above the
// bottom bar, without the learner scrolling.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from '../../wasm/js/node.js';
import { catalog } from '../../wasm/js/lockstep.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { courseFiles } from '../../wasm/js/cli/course-files.js';
import {
  ROOT,
  browser,
  courseLesson,
  lane,
  open,
  sandboxScenarios,
  screenshot,
  stepOf,
  until,
  useApp,
  waitForText,
} from './harness.mjs';
import { plan } from './plans.mjs';

const app = useApp();

/** The height of one line of the header's controls, in px, at most. */
const ONE_LINE = 40;

/** The sandbox's scenario that offers the most variants (its own list, else its engine's). */
async function mostVariants() {
  const { engines } = catalog(await loadModule());
  const offered = (s) => (s.scenario.variants ?? engines[s.engine].variants).length;
  return sandboxScenarios().reduce((a, b) => (offered(b) > offered(a) ? b : a));
}

describe('the header', () => {
  for (const lang of ['en', 'zh-CN'])
    test(`the most variants of any scenario fit one line at 1440 px (${lang})`, async () => {
      const most = await mostVariants();
      const { page, errors } = await open(
        app.chrome.context,
        app.server.url + `?scenario=${most.id}&lang=${lang}`,
      );
      await page.setViewportSize({ width: 1440, height: 900 });
      const sw = page.getByTestId('variant-switch');
      await sw.waitFor({ timeout: 15000 });
      await screenshot(page, `header-four-variants-${lang}`);
      // a menu (three or more), not pills
      assert.ok((await sw.locator('option').count()) >= 3, `${most.id} offers a menu of variants`);
      const box = await sw.boundingBox();
      assert.ok(box.height <= ONE_LINE, `variant control is ${box.height} px tall`);
      const langBox = await page.getByTestId('lang-switch').boundingBox();
      assert.ok(langBox.height <= ONE_LINE, `language switch is ${langBox.height} px tall`);
      const header = await page.locator('header').first().boundingBox();
      assert.ok(header.height <= 60, `header is ${header.height} px tall`);
      // the title is whole
      const title = page.getByTestId('crumb-title');
      const cut = await title.evaluate((b) => {
        const t = b.querySelector('span') ?? b;
        return t.scrollWidth > t.clientWidth + 1;
      });
      assert.equal(cut, false, 'the title is cut');
      // the menu changes the variant
      const before = await sw.inputValue();
      const other = (await sw.locator('option').evaluateAll((os) => os.map((o) => o.value))).find(
        (v) => v !== before,
      );
      await sw.selectOption(other);
      await page.waitForFunction(
        (v) => document.querySelector('[data-testid="variant-switch"]')?.value === v,
        other,
      );
      await waitForText(page.getByTestId('variant-switch').locator('option:checked'), other, 8000);
      await screenshot(page, `header-four-variants-${lang}`);
      assert.deepEqual(errors, []);
    });
});

/** The open pane's height and the top of the lanes' lowest Step button, in px. */
async function measure(page) {
  const pane = await page.getByTestId('bottom-tabs').boundingBox();
  const step = await lane(page, 'B').getByTestId('step').boundingBox();
  return {
    pane: Math.round(pane.height),
    paneTop: pane.y,
    stepBottom: step.y + step.height,
  };
}

/** A lesson with two threads, one of which it means to leave stuck (its goal). */
const stuckLesson = () =>
  courseLesson((_, m) => m.goal?.stuck?.length, 'a lesson whose goal leaves a thread stuck');

describe('the sequence diagram pane', () => {
  test('resizes by key and by drag, remembers its size, and never covers the lanes', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=${stuckLesson().id}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await lane(page, 'B').waitFor({ timeout: 15000 });
    await page.evaluate(() => localStorage.removeItem('lockstep.pane'));
    await page.getByTestId('tab-diagram').click();
    const handle = page.getByTestId('pane-handle');
    await handle.waitFor();
    const first = await measure(page);
    assert.equal(first.pane, 260, 'a 900 px window opens it at 260 px');
    assert.ok(first.stepBottom <= first.paneTop, 'the Step buttons are above the pane');
    // by key: three presses of ↑ grow it by 3 × 32 px; ↓ takes one back; ← stays a time key
    await handle.focus();
    for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    assert.equal((await measure(page)).pane, first.pane + 64);
    assert.equal(await handle.getAttribute('aria-valuenow'), String(260 + 64));
    // by drag: 30 px further up
    const box = await handle.boundingBox();
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y - 10);
    await page.mouse.move(x, y - 30);
    await page.mouse.up();
    assert.equal((await measure(page)).pane, first.pane + 94);
    // as far up as it goes, the lanes' Step buttons stay in view above it
    await page.mouse.move(x, y - 30);
    await page.mouse.down();
    await page.mouse.move(x, 0);
    await page.mouse.up();
    const most = await measure(page);
    assert.equal(most.pane, 360, 'at most the window less the lanes’ room');
    assert.ok(most.stepBottom <= most.paneTop, 'the Step buttons are above the pane');
    const said = await page.getByTestId('narration').boundingBox();
    assert.ok(
      said.y + said.height <= most.paneTop - 60,
      'the narration line is above the timeline and the pane',
    );
    await screenshot(page, 'pane-tallest-1440');
    // remembered: a reload opens it at the same height
    await page.reload();
    await lane(page, 'B').waitFor({ timeout: 15000 });
    await page.getByTestId('tab-diagram').click();
    await page.getByTestId('pane-handle').waitFor();
    assert.equal((await measure(page)).pane, 360);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('grows on a tall window', async () => {
    const tall = await browser({ viewport: { width: 1440, height: 1400 } });
    try {
      const { page, errors } = await open(tall.context, `${app.server.url}?lesson=${stuckLesson().id}`);
      await lane(page, 'B').waitFor({ timeout: 15000 });
      await page.getByTestId('tab-diagram').click();
      await page.getByTestId('pane-handle').waitFor();
      const m = await measure(page);
      assert.equal(m.pane, 760);
      assert.ok(m.stepBottom <= m.paneTop, 'the Step buttons are above the pane');
      assert.deepEqual(errors, []);
    } finally {
      await tall.close();
    }
  });
});

/** Whether the element lies wholly between the top of the screen and the bottom bar. */
async function onScreen(page, locator) {
  const r = await locator.boundingBox();
  const bar = await page.locator('[data-sticky="bottom"]').boundingBox();
  return r.y >= 0 && r.y + r.height <= bar.y + 1;
}

describe('on a phone (390x844)', () => {
  for (const lang of ['en', 'zh-CN'])
    test(`a lesson's prediction and each step's narration are in view (${lang})`, async () => {
      const M = await loadModule();
      // the course's first lesson with a solution and a question (found, so that none is named here)
      const rel = courseFiles(join(ROOT, 'lessons'))
        .map((l) => l.rel)
        .find(
          (f) =>
            /^solution: /m.test(readFileSync(join(ROOT, 'lessons', f), 'utf8')) &&
            /^questions:/m.test(readFileSync(join(ROOT, 'lessons', f), 'utf8')),
        );
      const p = plan(M, catalog(M), rel);
      const phone = await browser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      try {
        const { page, errors } = await open(phone.context, `${app.server.url}?lesson=${p.id}&lang=${lang}`);
        await lane(page, 'A').waitFor({ timeout: 15000 });
        const said = page.getByTestId('narration');
        let k = 0;
        for (; k < p.actions.length && (await page.getByTestId('lesson-predict').count()) === 0; k++) {
          for (const key of p.actions[k].keys) await page.keyboard.press(key);
          const to = p.actions[k].to;
          await until(async () => (await stepOf(page)) === to, `step ${to}`);
          await until(() => onScreen(page, said), `the narration in view after step ${to}`, 3000);
        }
        const card = page.getByTestId('lesson-predict');
        assert.equal(await card.count(), 1, 'the question opened');
        await until(() => onScreen(page, card), 'the question in view', 3000);
        await screenshot(page, `phone-predict-${lang}`);
        await card.getByTestId('lesson-choice').nth(1).click();
        for (const key of p.actions[k].keys) await page.keyboard.press(key);
        await until(async () => (await stepOf(page)) === p.actions[k].to, 'the step after the answer');
        await until(() => onScreen(page, said), 'the narration in view after the answer', 3000);
        await screenshot(page, `phone-after-predict-${lang}`);
        assert.deepEqual(errors, []);
      } finally {
        await phone.close();
      }
    });
});

describe('the lanes', () => {
  test('a finished lane’s program box and a neighbour’s “Step into” do not stretch each other', async () => {
    // the course's first lesson: two threads, A done in a few steps, B able to step into
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=${courseLesson().id}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await lane(page, 'A').waitFor({ timeout: 15000 });
    const program = (name) => lane(page, name).locator('ol').first();
    const fits = async (name) =>
      program(name).evaluate((ol) => {
        const items = [...ol.children].reduce((h, li) => h + li.getBoundingClientRect().height, 0);
        return ol.getBoundingClientRect().height - items;
      });
    for (let k = 0; k < 12 && (await lane(page, 'A').getAttribute('data-status')) !== 'finished'; k++) {
      await page.keyboard.press('1');
      await page.waitForTimeout(120);
    }
    assert.equal(await lane(page, 'A').getAttribute('data-status'), 'finished');
    assert.ok((await fits('A')) < 24, `A's program box is as tall as its lines (+${await fits('A')} px)`);
    const before = (await program('A').boundingBox()).height;
    await lane(page, 'B').getByTestId('step-into').click();
    await lane(page, 'B').getByTestId('inside').waitFor();
    assert.equal(
      (await program('A').boundingBox()).height,
      before,
      'B’s step into leaves A’s program box as it was',
    );
    await screenshot(page, 'lanes-finished-and-step-into');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
