// The basic engine in headless Chromium: its racy counter (also the default
// address's first lesson), stepped by click and by keyboard, back, forward,
// reset, a lost update to a failed check, and bad addresses that must show a
// message in the page; the lesson's open prediction hiding its answer; its
// view moving (the load, the lost update); its scenarios' words in Chinese and
// the browser's language; the racy counter in the sequence diagram (drawn,
// exported, safe from injection), the explorer (progress, cancel, random runs)
// and the timeline (play, the step bar, an edited schedule).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  clean,
  lane,
  open,
  screenshot,
  until,
  useApp,
  waitForText,
  useOwnBrowser,
  stepActor,
} from './harness.mjs';
import { useMotion, stepCount, KEY, viewOf, motionLast, settled, pressAndWait } from './motion.mjs';
import { drawn, openDiagram } from './diagram.mjs';

const app = useApp();
const motion = useMotion();

/** Waits until the locator's text is `want` (this file waits up to 5000 ms). */
const expectText = (locator, want, timeout = 5000) => waitForText(locator, want, timeout);

const next = (page, name) => lane(page, name).getByTestId('action');
const counter = (page) => page.getByTestId('value-counter');

async function ready(page) {
  await lane(page, 'A').waitFor({ timeout: 15000 });
  await lane(page, 'B').waitFor();
}

async function keys(page, sequence) {
  for (const k of sequence) {
    await page.keyboard.press(k);
    // each key is one request; wait until the step count moved
  }
}

describe('racy counter', () => {
  test('opens with both threads ready to read the counter', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url + '?scenario=basic/racy-counter');
    await ready(page);
    await expectText(page.locator('header nav'), /Basics\s*▸\s*Racy counter/);
    await expectText(counter(page), '0');
    await expectText(next(page, 'A'), 'load counter');
    await expectText(next(page, 'B'), 'load counter');
    await expectText(lane(page, 'A').getByTestId('status'), '▶ ready');
    await expectText(lane(page, 'A').locator('[aria-current="step"]'), /increment counter/);
    await expectText(page.getByTestId('step-count'), 'step 0');
    assert.equal(await page.getByTestId('outcome').count(), 0);
    await screenshot(page, 'start');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('steps A by click and B by keyboard; next actions and counter update exactly', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url + '?scenario=basic/racy-counter');
    await ready(page);
    await lane(page, 'A').getByTestId('step').click();
    await expectText(next(page, 'A'), 'store counter ← 1');
    await expectText(lane(page, 'A').getByTestId('effect'), 'counter: 0 → 1');
    await expectText(page.getByTestId('narration'), 'Step 1: A read counter: 0.');
    await expectText(page.getByTestId('mine-A'), '0');
    await expectText(counter(page), '0');

    await page.keyboard.press('2');
    await expectText(page.getByTestId('step-count'), 'step 2');
    await expectText(next(page, 'B'), 'store counter ← 1');
    await expectText(page.getByTestId('narration'), 'Step 2: B read counter: 0.');

    await page.keyboard.press('1');
    await expectText(counter(page), '1');
    await expectText(next(page, 'A'), 'load counter');
    await expectText(
      page.getByTestId('narration'),
      'Step 3: A, write value + 1 — wrote 1 to counter (it was 0).',
    );
    // B still holds 0 and will write 1 over 1: the page warns before the click
    await expectText(lane(page, 'B').getByTestId('effect'), '⚠ counter: 1 → 1 this write loses an increment');

    await lane(page, 'B').getByTestId('step').click();
    await expectText(
      page.getByTestId('narration'),
      'Step 4: B, write value + 1 — wrote 1 to counter over 1: A’s increment is lost.',
    );
    await expectText(counter(page), '1');
    await expectText(page.getByTestId('tally-counter'), 'increments written: 2 · lost: 1');
    await expectText(page.getByTestId('schedule'), 'v1: A B A B');
    await screenshot(page, 'lost-update');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('goes back, forward and resets, by button and by key', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url + '?scenario=basic/racy-counter');
    await ready(page);
    await keys(page, ['1', '2', '1']);
    await expectText(page.getByTestId('step-count'), 'step 3');
    await expectText(counter(page), '1');

    await page.getByTestId('back').click();
    await expectText(page.getByTestId('step-count'), 'step 2 of 3');
    await expectText(counter(page), '0');
    await expectText(next(page, 'A'), 'store counter ← 1');
    await expectText(page.getByTestId('narration'), 'Back to step 2.');

    await page.keyboard.press('ArrowLeft');
    await expectText(page.getByTestId('step-count'), 'step 1 of 3');
    await expectText(next(page, 'B'), 'load counter');

    await page.keyboard.press('ArrowRight');
    await expectText(page.getByTestId('step-count'), 'step 2 of 3');
    await page.getByTestId('forward').click();
    await expectText(page.getByTestId('step-count'), 'step 3');
    await expectText(counter(page), '1');

    // stepping after going back forks a new future: B stores instead of A
    await page.keyboard.press('ArrowLeft');
    await expectText(page.getByTestId('step-count'), 'step 2 of 3');
    await page.keyboard.press('2');
    await expectText(page.getByTestId('step-count'), 'step 3');
    await expectText(next(page, 'B'), 'load counter');
    await expectText(next(page, 'A'), 'store counter ← 1');
    await expectText(counter(page), '1');
    await expectText(page.getByTestId('schedule'), 'v1: A B B');

    await page.getByTestId('reset').click();
    await expectText(page.getByTestId('step-count'), 'step 0');
    await expectText(counter(page), '0');
    await expectText(next(page, 'A'), 'load counter');
    await expectText(next(page, 'B'), 'load counter');
    await expectText(page.getByTestId('narration'), 'Back at the start.');

    await keys(page, ['1', '1']);
    await expectText(counter(page), '1');
    await page.keyboard.press('Home');
    await expectText(page.getByTestId('step-count'), 'step 0');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('two lost updates end at 4 and the check fails', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url + '?scenario=basic/racy-counter');
    await ready(page);
    // A and B read the same value twice: two increments are lost
    await keys(page, ['1', '2', '1', '2', '1', '2', '1', '2', '1', '1', '2']);
    await expectText(page.getByTestId('step-count'), 'step 11');
    await expectText(counter(page), '3');
    await expectText(lane(page, 'A').getByTestId('status'), '✓ finished');
    await lane(page, 'B').getByTestId('step').click();
    await expectText(counter(page), '4');
    await expectText(page.getByTestId('outcome'), /Check failed at step 12/);
    await expectText(
      page.getByTestId('outcome-detail'),
      "assertion 'counter == 6' failed: counter.value is 4",
    );
    await expectText(page.getByTestId('schedule'), 'v1: A B A B A B A B A A');
    await expectText(page.locator('[data-verdict]'), 'counter == 6 ✗ failed');
    assert.equal(await lane(page, 'B').getByTestId('step').isDisabled(), true);
    await screenshot(page, 'violation');
    // Back leaves the failed ending; the banner goes
    await page.keyboard.press('ArrowLeft');
    await expectText(page.getByTestId('step-count'), 'step 11 of 12');
    assert.equal(await page.getByTestId('outcome').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('one thread after the other ends at 6: finished', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url + '?scenario=basic/racy-counter');
    await ready(page);
    // "Finish operation" steps A over its operation; a few presses finish A
    let shown = 'step 0';
    for (let i = 0; i < 3; i++) {
      await lane(page, 'A').getByTestId('step-over').click();
      const before = shown;
      shown = await expectText(page.getByTestId('step-count'), new RegExp(`^(?!${before}$)step \\d+$`));
      if (clean(await lane(page, 'A').getByTestId('status').textContent()) === '✓ finished') break;
    }
    await expectText(lane(page, 'A').getByTestId('status'), '✓ finished');
    await expectText(counter(page), '3');
    await keys(page, ['2', '2', '2', '2', '2', '2']);
    await expectText(counter(page), '6');
    await expectText(page.getByTestId('outcome'), /Finished/);
    await expectText(page.locator('[data-verdict]'), 'counter == 6 ✓ holds');
    await screenshot(page, 'done');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the address restores a run, and is kept in step', async () => {
    const { page, errors } = await open(
      app.chrome.context,
      app.server.url + '?schedule=' + encodeURIComponent('v1: A B A B') + '&step=3',
    );
    await ready(page);
    await expectText(page.getByTestId('step-count'), 'step 3 of 4');
    await expectText(counter(page), '1');
    await keys(page, ['2']);
    await expectText(page.getByTestId('step-count'), 'step 4');
    await page.waitForURL((u) => u.searchParams.get('step') === '4');
    const u = new URL(page.url());
    assert.match(u.searchParams.get('schedule') ?? '', /^v1\./);
    await page.reload();
    await ready(page);
    await expectText(page.getByTestId('step-count'), 'step 4');
    await expectText(page.getByTestId('schedule'), 'v1: A B A B');
    assert.equal(await page.getByTestId('notice').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a malformed schedule in the address shows a message, not a blank page', async () => {
    const { page } = await open(
      app.chrome.context,
      app.server.url + '?schedule=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
    );
    await ready(page);
    await expectText(page.getByTestId('notice'), /bad “schedule” parameter/);
    assert.equal(await page.locator('img').count(), 0);
    await expectText(counter(page), '0');
    await screenshot(page, 'bad-schedule');
    await page.close();
  });

  test('a schedule naming a thread that does not exist is refused with the reason', async () => {
    const { page } = await open(
      app.chrome.context,
      app.server.url + '?schedule=' + encodeURIComponent('v1: A C'),
    );
    await ready(page);
    await expectText(
      page.getByTestId('notice'),
      /“schedule” parameter in the address could not be replayed \(.*'C'.*\).*copy its link again with Share/,
    );
    await expectText(page.getByTestId('step-count'), 'step 0');
    await expectText(next(page, 'A'), 'load counter');
    await page.close();
  });

  test('an unknown scenario or step is named, and the default opens', async () => {
    const { page } = await open(app.chrome.context, app.server.url + '?scenario=basic/nope&step=x');
    await ready(page);
    const notices = page.getByTestId('notice');
    await expectText(notices.nth(0), /bad “step” parameter/);
    await expectText(notices.nth(1), /no scenario called “basic\/nope”/);
    await notices.nth(0).getByRole('button').click();
    await expectText(notices.nth(0), /no scenario called/);
    await page.close();
  });

  test('? lists the keys; the page is usable by keyboard alone', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url + '?scenario=basic/racy-counter');
    await ready(page);
    await page.keyboard.press('?');
    const dialog = page.getByTestId('keys');
    await dialog.waitFor({ state: 'visible' });
    await expectText(dialog, /step thread N/);
    await screenshot(page, 'keys');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Tab reaches A's step button; Enter presses it
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))) === 'step') break;
    }
    // its name is what it shows (axe: label-content-name-mismatch); the next action describes it
    assert.equal(
      await page.evaluate(() => {
        const b = document.activeElement;
        return `${b?.textContent} / ${document.getElementById(b?.getAttribute('aria-describedby') ?? '')?.textContent}`;
      }),
      'Step A1 / load counter',
    );
    await page.keyboard.press('Enter');
    await expectText(page.getByTestId('step-count'), 'step 1');
    assert.equal(await page.getByTestId('narration').getAttribute('aria-live'), 'polite');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('narrow screens stack the panels: two lanes side by side, what is inside under them', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url + '?scenario=basic/racy-counter');
    await page.setViewportSize({ width: 420, height: 900 });
    await ready(page);
    const a = await lane(page, 'A').boundingBox();
    const b = await lane(page, 'B').boundingBox();
    assert.equal(Math.round(b.y), Math.round(a.y), 'A and B side by side');
    const inside = await page.locator('main > aside').last().boundingBox();
    assert.ok(inside.y > a.y + a.height - 1, 'the engine view under the lanes');
    await screenshot(page, 'narrow');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('the racy counter lesson (from tests/e2e/learner.test.mjs)', () => {
  test('an open prediction hides what would answer it', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=racy-counter`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    for (const a of ['A', 'B', 'A', 'A']) await stepActor(page, a);
    const predict = page.getByTestId('lesson-predict');
    await expectText(predict, /What will the counter hold after B's write\?/, 10000);
    assert.equal(await predict.getAttribute('data-phase'), 'ask');
    // B's next step (its write, and that it loses an increment) stays hidden
    await expectText(lane(page, 'B').getByTestId('next-hidden'), /Hidden until you predict/, 10000);
    assert.equal(await lane(page, 'B').getByTestId('action').count(), 0);
    assert.equal(await page.getByTestId('effect').count(), 0);
    const text = clean(await page.locator('main').innerText());
    assert.doesNotMatch(text, /loses an increment/);
    assert.doesNotMatch(clean(await lane(page, 'B').innerText()), /counter ← 1/);
    await screenshot(page, 'learner-predict-hidden');
    // answered by stepping B: the reveal, and the lane speaks again
    await stepActor(page, 'B');
    await until(async () => (await predict.getAttribute('data-phase')) === 'reveal', 'the reveal');
    assert.equal(await page.getByTestId('next-hidden').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

// ---- motion (from tests/e2e/motion.test.mjs; helpers in tests/e2e/motion.mjs) ----
describe('motion', () => {
  test('basic: a load carries the value into the private copy, a lost update knocks an increment off', async () => {
    const { page, errors } = await open(motion.moving.context, `${app.server.url}?lesson=racy-counter`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    const view = 'basic-view';
    await viewOf(page, view); // loaded lazily: before the first step
    const start = Number(/(\d+)/.exec(await stepCount(page).innerText())?.[1] ?? 0);
    // A reads, B reads, A writes, B writes: B's write overwrites A's increment
    const seq = ['A', 'B', 'A', 'B'];
    const seen = [];
    for (const [k, a] of seq.entries()) {
      await pressAndWait(page, KEY[a], start + k + 1);
      seen.push((await motionLast(page, view)).moves.join(' '));
      await settled(page);
    }
    assert.match(seen[0], /enter:mine:A/, 'the load: the value travels to A');
    assert.match(seen[2], /enter:value:counter\.value/, 'the store: A’s copy travels into the counter');
    assert.match(seen[3], /enter:overwritten:counter/, 'the lost update: A’s increment is knocked off');
    assert.match(await page.getByTestId('overwritten-counter').innerText(), /1/);
    // back over B's store, then over A's: each time the value the store wrote travels back to the
    // private copy it came from (a copy of the counter as it was, drawn over the view), held here
    // at its start to be read
    await page.evaluate(() => {
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (...args) {
        const a = animate.apply(this, args);
        a.pause();
        return a;
      };
    });
    for (const n of [start + 3, start + 2]) {
      await pressAndWait(page, 'ArrowLeft', n);
      assert.match((await motionLast(page, view)).moves.join(' '), /return:value:counter\.value/);
      const courier = await page.evaluate(() => {
        const c = document.querySelector('[data-testid="basic-view"] > output[aria-hidden="true"]');
        return c?.textContent ?? null;
      });
      assert.equal(courier, '1', `back to step ${n}: the 1 that was written travels back`);
      await page.evaluate(() => document.getAnimations().forEach((x) => x.finish()));
    }
    assert.equal(await page.getByTestId('value-counter').innerText(), '0');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

// ---- its scenarios in Chinese (from tests/e2e/views.test.mjs) ----
describe('Simplified Chinese', () => {
  /** Waits until the locator's text is `want` (these tests wait up to 8000 ms). */
  const expectText = (locator, want, timeout = 8000) => waitForText(locator, want, timeout);

  test('the sandbox says its scenario in the chosen language: header, intro, picker', async () => {
    const { page, errors } = await open(
      app.chrome.context,
      app.server.url + '?scenario=basic/racy-counter&lang=en',
    );
    await ready(page);
    // the header's title (a button that opens the picker, its caret apart)
    const title = page.locator('[data-testid="crumb-title"] > span').first();
    await expectText(title, 'Racy counter');
    await expectText(
      page.getByTestId('story-intro'),
      /^Two threads increment a shared counter three times each\./,
    );
    await page.getByTestId('lang-switch').locator('[data-lang="zh-CN"]').click();
    await expectText(title, '会丢失更新的计数器');
    await expectText(page.getByTestId('story-intro'), /^两个线程各把一个共享计数器加三次。/);
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `zh-sandbox-intro-${width}`);
      await page.getByTestId('open-picker').click();
      const item = (id) => page.locator(`[data-testid="picker-item"][data-id="${id}"] > span`).first();
      await expectText(item('basic/racy-counter'), '会丢失更新的计数器');
      await expectText(item('basic/atomic-counter'), '原子计数器');
      await screenshot(page, `zh-sandbox-picker-${width}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('picker').waitFor({ state: 'hidden' });
    }
    // and back: the same words in English, without reopening anything
    await page.getByTestId('lang-switch').locator('[data-lang="en"]').click();
    await expectText(title, 'Racy counter');
    await page.evaluate(() => localStorage.removeItem('lockstep.lang'));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('follows the browser’s language, and the saved choice over it', async () => {
    const { page, errors } = await open(app.chrome.context, 'about:blank');
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'languages', { get: () => ['zh-CN', 'zh'] });
      Object.defineProperty(navigator, 'language', { get: () => 'zh-CN' });
    });
    await page.evaluate(() => undefined);
    await page.goto(app.server.url + '?scenario=basic/racy-counter');
    // no saved choice (an earlier test may have saved one, and the page then
    // wrote it into the address), and an address without lang=
    await page.evaluate(() => localStorage.removeItem('lockstep.lang'));
    await page.goto(app.server.url + '?scenario=basic/racy-counter');
    await ready(page);
    await expectText(lane(page, 'A').locator('h3'), '线程 A');
    await expectText(next(page, 'A'), 'load counter');
    await page.getByTestId('lang-switch').locator('[data-lang="en"]').click();
    await expectText(lane(page, 'A').locator('h3'), 'Thread A');
    await page.goto(app.server.url + '?scenario=basic/racy-counter'); // no lang= in the address: the saved choice wins over the browser
    await ready(page);
    await expectText(lane(page, 'A').locator('h3'), 'Thread A');
    await page.evaluate(() => localStorage.removeItem('lockstep.lang'));
    assert.deepEqual(errors, []);
    await page.close();
  });
});

// ---- the racy counter drawn, explored and played (from tests/e2e/diagram-explorer.test.mjs) ----
describe('the racy counter in the diagram, the explorer and the timeline', () => {
  // a browser of their own, as when they were a file of their own (a test here chooses Chinese)
  const own = useOwnBrowser(app);

  /** Waits until the locator's text is `want` (these tests wait up to 8000 ms). */
  const expectText = (locator, want, timeout = 8000) => waitForText(locator, want, timeout);

  test('grows with each step and marks the latest arrow; hovering marks the step, clicking goes there', async () => {
    const { page, errors } = await open(own.chrome.context, `${app.server.url}?scenario=basic/racy-counter`);
    await ready(page);
    await openDiagram(page);
    await expectText(page.getByTestId('diagram-summary'), 'arrows: 0 · steps: 0');
    for (const k of ['1', '2', '1', '2']) await page.keyboard.press(k);
    await expectText(stepCount(page), 'step 4');
    const d = await drawn(page, 4);
    assert.deepEqual(d.arrows, [
      'read value: 0',
      'read value: 0',
      'write 1 (was 0)',
      'write 1 over 1: an increment is lost',
    ]);
    const latest = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid=diagram-svg] text.messageText[data-latest]')]
        .map((t) => t.textContent)
        .join(' '),
    );
    assert.equal(latest, 'write 1 over 1: an increment is lost');
    // hover the second arrow: the timeline marks step 2
    await page.locator('[data-testid=diagram-svg] [data-hit="2-2"]').hover();
    const marker = page.getByTestId('step-marker');
    await marker.waitFor();
    assert.equal(await marker.getAttribute('data-to'), '2');
    await expectText(marker, 'step 2');
    await screenshot(page, 'diagram-hover');
    await page.locator('[data-testid=diagram-svg] [data-hit="2-2"]').click();
    await expectText(stepCount(page), 'step 2 of 4');
    await page.mouse.move(5, 5);
    await until(async () => (await page.getByTestId('step-marker').count()) === 0, 'the mark to go');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('exports the Mermaid text and the SVG of the whole run', async () => {
    const { page, errors } = await open(own.chrome.context, `${app.server.url}?scenario=basic/racy-counter`);
    await ready(page);
    await openDiagram(page);
    for (const k of ['1', '1', '2', '2']) await page.keyboard.press(k);
    await drawn(page, 4);
    await page.getByTestId('export-mermaid-copy').click();
    await expectText(page.getByTestId('export-mermaid-copy'), 'Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(
      copied,
      /^sequenceDiagram\n {2}participant p0 as A\n {2}participant p1 as B\n {2}participant p2 as counter\n/,
    );
    assert.match(copied, / {2}p0->>p2: read value: 0\n/);
    const [mmd] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-mermaid-file').click(),
    ]);
    assert.equal(mmd.suggestedFilename(), 'racy-counter-step-4.mmd');
    assert.equal(await readFile(await mmd.path(), 'utf8'), copied);
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()]);
    assert.equal(svg.suggestedFilename(), 'racy-counter-step-4.svg');
    const text = await readFile(await svg.path(), 'utf8');
    assert.match(
      text,
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/,
    );
    assert.ok(text.includes('read value: 0'));
    assert.ok(!text.includes('data-hit'));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('names and labels from a file cannot inject Mermaid syntax or HTML', async () => {
    const { page, errors } = await open(own.chrome.context, `${app.server.url}?scenario=basic/racy-counter`);
    await ready(page);
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    const nasty = 'x; y <img src=x onerror=alert(1)> %%{init: {"securityLevel": "loose"}}%% #59; end';
    const yaml = [
      'title: Injection',
      'engine: basic',
      'objects: {c: counter}',
      'actors:',
      `  A: [${JSON.stringify(`print ${JSON.stringify(nasty)}`)}, increment c]`,
      '  B: [increment c]',
    ].join('\n');
    await page.getByTestId('open-picker').click(); // the picker's file field, as a learner opens it
    await page
      .getByTestId('picker-file')
      .setInputFiles({ name: 'injection.yaml', mimeType: 'text/yaml', buffer: Buffer.from(yaml) });
    await expectText(page.locator('header nav'), /Injection/);
    await openDiagram(page);
    await page.keyboard.press('1');
    await expectText(stepCount(page), 'step 1');
    const d = await until(async () => {
      const x = await drawn(page);
      return x.notes.length ? x : null;
    }, 'the print note');
    // shown as written, Mermaid's syntax characters in their full-width forms
    // (Mermaid wraps the note, breaking long words with "-"; compared without both)
    const fullWidth = (t) =>
      t.replace(/[;#%<>&{}"`\\$]/g, (c) => String.fromCodePoint(c.codePointAt(0) - 0x21 + 0xff01));
    const bare = (t) => t.replace(/[\s-]+/g, '');
    assert.equal(bare(d.notes[0]), bare(`prints “${fullWidth(nasty)}”`));
    const imgs = await page.evaluate(
      () =>
        document.querySelectorAll('[data-testid=diagram-svg] img, [data-testid=diagram-svg] image').length,
    );
    assert.equal(imgs, 0);
    assert.equal(dialogs, 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('shows its progress and can be cancelled; other strategies find the lost update', async () => {
    const { page, errors } = await open(own.chrome.context, `${app.server.url}?scenario=basic/many-actors`);
    await ready(page);
    await page.getByTestId('explorer').locator('summary').click();
    await page.getByTestId('explore-bound').fill('2');
    await page.getByTestId('explore-run').click();
    await page.getByTestId('explore-progress').waitFor();
    await until(
      async () =>
        /^[1-9][\d,]* executions/.test(clean(await page.getByTestId('explore-figures').innerText())),
      'progress figures',
    );
    await screenshot(page, 'explorer-running');
    const bar = await page.getByTestId('explore-progress').getAttribute('aria-valuenow');
    assert.ok(Number(bar) >= 0 && Number(bar) <= 100);
    await page.getByTestId('explore-cancel').click();
    await expectText(page.getByTestId('explore-result'), /^Search cancelled after [\d,]+ executions/);
    await expectText(stepCount(page), 'step 0');

    // the racy counter, with random runs
    await page.goto(`${app.server.url}?scenario=basic/racy-counter`);
    await ready(page);
    await page.getByTestId('explorer').locator('summary').click();
    await page.getByTestId('explore-strategy').selectOption('random');
    await page.getByTestId('explore-run').click();
    await expectText(page.getByTestId('explore-result'), /^Found: a failed check after \d+ steps/, 20000);
    await expectText(stepCount(page), /^step 0 of \d+$/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('Space plays round-robin and pauses; play runs to the end and stops', async () => {
    const { page, errors } = await open(own.chrome.context, `${app.server.url}?scenario=basic/racy-counter`);
    await ready(page);
    await page.locator('#lanes').focus();
    await page.keyboard.press(' ');
    await expectText(page.getByTestId('play'), 'Pause');
    await until(
      async () => /^step [2-9]/.test(clean(await stepCount(page).innerText())),
      'two steps of play',
    );
    await page.keyboard.press(' ');
    await expectText(page.getByTestId('play'), 'Play');
    const at = clean(await stepCount(page).innerText());
    await page.waitForTimeout(700);
    assert.equal(clean(await stepCount(page).innerText()), at);
    // round-robin so far: A B A B …
    assert.match(clean(await page.getByTestId('schedule').innerText()), /^v1: A B( A)?( B)?/);
    // fastest, to the end
    await page.getByTestId('speed').fill('4');
    await page.getByTestId('play').click();
    await expectText(page.getByTestId('outcome'), /Check failed/, 15000);
    await expectText(page.getByTestId('play'), 'Play');
    assert.equal(await page.getByTestId('play').isDisabled(), true);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the step bar jumps to any step; a step after going back forks a new future', async () => {
    const { page, errors } = await open(own.chrome.context, `${app.server.url}?scenario=basic/racy-counter`);
    await ready(page);
    for (const k of ['1', '1', '1', '1', '2', '2']) await page.keyboard.press(k);
    await expectText(stepCount(page), 'step 6');
    const bar = page.getByTestId('step-bar');
    const box = await bar.boundingBox();
    const y = box.y + box.height / 2;
    // drag the knob from the end to the middle, then to the start: the step follows
    await page.mouse.move(box.x + box.width - 8, y);
    await page.mouse.down();
    for (let k = 1; k <= 10; k++)
      await page.mouse.move(box.x + box.width - 8 - (k * (box.width - 16)) / 20, y);
    const mid = Number(
      /step (\d) of 6/.exec(
        await until(async () => {
          const t = clean(await stepCount(page).innerText());
          return /step [1-5] of 6/.test(t) && t;
        }, 'a step in the middle'),
      )[1],
    );
    for (let k = 11; k <= 24; k++)
      await page.mouse.move(box.x + box.width - 8 - (k * (box.width - 16)) / 20, y);
    await page.mouse.up();
    await expectText(stepCount(page), 'step 0 of 6');
    await expectText(page.getByTestId('narration'), /^Jumped to step 0\./);
    assert.ok(mid >= 1 && mid <= 5);
    // a click in the middle
    await page.mouse.click(box.x + box.width / 2, y);
    const at = Number(
      /step (\d) of 6/.exec(
        await until(async () => {
          const t = clean(await stepCount(page).innerText());
          return /step [2-4] of 6/.test(t) && t;
        }, 'a click in the middle'),
      )[1],
    );
    // keyboard on the bar
    await bar.focus();
    await page.keyboard.press('ArrowRight');
    await expectText(stepCount(page), `step ${at + 1} of 6`);
    await page.keyboard.press('End');
    await expectText(stepCount(page), 'step 6');
    await page.keyboard.press('Home');
    await expectText(stepCount(page), 'step 0 of 6');
    for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowRight');
    await expectText(stepCount(page), 'step 4 of 6');
    await page.locator('#lanes').focus();
    // the recorded step (B) keeps the future; another one (A) forks a new one
    await page.keyboard.press('2');
    await expectText(stepCount(page), 'step 5 of 6');
    await page.keyboard.press('ArrowLeft');
    await expectText(stepCount(page), 'step 4 of 6');
    await page.keyboard.press('1');
    await expectText(stepCount(page), 'step 5');
    await expectText(page.getByTestId('narration'), /^A new future from step 4/);
    await expectText(page.getByTestId('schedule'), 'v1: A A A A A');
    assert.equal(await page.getByTestId('forward').isDisabled(), true);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the schedule can be edited; one the engine refuses shows its words and changes nothing', async () => {
    const { page, errors } = await open(own.chrome.context, `${app.server.url}?scenario=basic/racy-counter`);
    await ready(page);
    await page.getByTestId('schedule-edit').click();
    await page.getByTestId('schedule-input').fill('A B A');
    await page.keyboard.press('Enter');
    await expectText(stepCount(page), 'step 3');
    await expectText(page.getByTestId('schedule'), 'v1: A B A');
    await expectText(page.getByTestId('narration'), 'Replayed the schedule: 3 steps.');

    await page.getByTestId('schedule-edit').click();
    await page.getByTestId('schedule-input').fill('A B Z');
    await page.getByTestId('schedule-apply').click();
    await expectText(page.getByTestId('schedule-error'), /^That schedule does not fit this scenario: .*Z/);
    await screenshot(page, 'schedule-error');
    await page.getByTestId('schedule-input').fill('A ; B');
    await page.keyboard.press('Enter');
    await expectText(page.getByTestId('schedule-error'), /letters, digits/);
    await page.keyboard.press('Escape');
    await expectText(stepCount(page), 'step 3');
    await expectText(page.getByTestId('schedule'), 'v1: A B A');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
