// The basic engine in headless Chromium: its racy counter (also the default
// address's first lesson), stepped by click and by keyboard, back, forward,
// reset, a lost update to a failed check, and bad addresses that must show a
// message in the page.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clean, lane, open, screenshot, useApp, waitForText } from './harness.mjs';

const app = useApp();

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
