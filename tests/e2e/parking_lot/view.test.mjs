// The parking lot's view (bits, buckets, queues, parkers, SpinWait), the lanes' wording and
// "step into", the source view, the variant switch and its comparison, and the Chinese UI on
// the lost wakeup (was in tests/e2e/views.test.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { lane, open, screenshot, useApp, waitForText, ready } from '../harness.mjs';
import { stepCount, KEY } from '../motion.mjs';

const app = useApp();

describe('the parking lot’s view', () => {
  /** Waits until the locator's text is `want` (this file waits up to 8000 ms). */
  const expectText = (locator, want, timeout = 8000) => waitForText(locator, want, timeout);

  const next = (page, name) => lane(page, name).getByTestId('action');

  // The lost wakeup by hand (lost-wakeup.yaml's comment): A takes the lock; B
  // fails its fast path and spins out its SpinWait (21 steps); then A and B
  // alternate: B sets PARKED, A's unlock fails its fast path, B validates, A
  // finds no waiter and writes 00 (B, waiting for the bucket, cannot move), B
  // queues and sleeps.  Steps 31-34 are forced (one thread can move), so the
  // schedule, which records choices only, is the first 30.
  const LOST_WAKEUP = ['A', ...Array(21).fill('B'), ...'ABABABABAABB'.split('')];
  const CHOICES = LOST_WAKEUP.slice(0, 30);
  const enc = (s) => encodeURIComponent(s);
  const LW = '?scenario=parking_lot/lost-wakeup';

  /** Presses each actor's key in turn, waiting for each step to land. */
  async function play(page, actors, from = 0) {
    let n = from;
    for (const a of actors) {
      await page.keyboard.press(KEY[a]);
      n++;
      await expectText(stepCount(page), new RegExp(`^step ${n}( of \\d+)?$`));
    }
  }

  describe('the parking lot', () => {
    test('draws the mutex byte, the 64 buckets and each actor’s parker', async () => {
      const { page, errors } = await open(app.chrome.context, app.server.url + LW);
      await ready(page);
      await expectText(page.locator('header nav'), /Parking lot\s*▸\s*The lost wakeup/);
      const view = page.getByTestId('parking-lot-view');
      await expectText(view.getByTestId('bits-m'), '00');
      assert.equal(await view.getByTestId('bit-PARKED').getAttribute('data-on'), '0');
      assert.equal(await view.locator('[data-bucket]').count(), 64);
      await expectText(view.locator('[data-bucket="30"]'), 'm');
      await expectText(view.getByTestId('queue-30'), /nobody queued/);
      await expectText(view.getByTestId('flag-A'), /○/);
      // the next actions say what they would change, in binary
      await expectText(next(page, 'A'), 'CAS state 00 → 01');
      await expectText(lane(page, 'A').getByTestId('effect'), 'will succeed: state 00 → 01');
      await screenshot(page, 'parking-lot-start');

      await page.keyboard.press('1');
      await expectText(view.getByTestId('bits-m'), '01');
      assert.equal(await view.getByTestId('bit-LOCKED').getAttribute('data-on'), '1');
      await expectText(page.getByTestId('narration'), 'Step 1: A, fast path: state 00 → 01.');
      await expectText(lane(page, 'B').getByTestId('effect'), 'will fail: state is 01, not 00');
      await expectText(view.getByTestId('mutex-m'), /held by/);

      // B fails its fast path, then spins: the SpinWait round shows
      await play(page, ['B', 'B', 'B', 'B'], 1);
      await expectText(lane(page, 'B').getByTestId('status'), '↻ spinning');
      await expectText(view.getByTestId('parker-B'), /spinning, round 2 of 10/);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('the mutex card keeps its state word inside, on a laptop and on a phone', async () => {
      const { page, errors } = await open(app.chrome.context, app.server.url + LW);
      await ready(page);
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ]) {
        await page.setViewportSize({ width, height });
        const card = await page.getByTestId('mutex-m').boundingBox();
        const word = await page.getByTestId('bits-m').boundingBox();
        const bits = await page.getByTestId('bit-LOCKED').boundingBox();
        // the word sits on the row of the bits (not pushed below them) and ends inside the card's padding
        assert.ok(word.y < bits.y + bits.height, `${width}px: "= 00" is on the bits' row`);
        assert.ok(
          word.x + word.width <= card.x + card.width - 8,
          `${width}px: the word ends at ${word.x + word.width}, the card at ${card.x + card.width}`,
        );
      }
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('the lost wakeup by hand: PARKED set, no waiter found, B queued and asleep forever', async () => {
      const { page, errors } = await open(app.chrome.context, app.server.url + LW);
      await ready(page);
      const view = page.getByTestId('parking-lot-view');
      await play(page, LOST_WAKEUP.slice(0, 26));
      // step 26: B set PARKED
      await expectText(view.getByTestId('bits-m'), '11');
      await expectText(page.getByTestId('narration'), 'Step 26: B, set PARKED: state 01 → 11.');
      await play(page, LOST_WAKEUP.slice(26, 29), 26);
      // step 29: A holds m's bucket and found nobody; B is about to validate outside the bucket lock
      await expectText(view.getByTestId('bucket-lock-30'), /locked by/);
      assert.equal(
        (await view.getByTestId('bucket-lock-30').locator('[aria-hidden="true"]').count()) >= 1,
        true,
      );
      await expectText(next(page, 'A'), 'store state ← 00');
      await expectText(lane(page, 'A').getByTestId('effect'), 'state: 11 → 00');
      await expectText(next(page, 'B'), 'load state');
      await expectText(lane(page, 'B').getByTestId('effect'), 'reads state = 11');
      await play(page, LOST_WAKEUP.slice(29), 29);
      await expectText(stepCount(page), 'step 34');
      await expectText(page.getByTestId('outcome'), /Stuck: B sleeps forever/);
      await expectText(page.getByTestId('outcome'), /B: parked on m, waiting for an unpark \(lot\.c:\d+\)/);
      await expectText(page.getByTestId('outcome-detail'), /^parked on mutex m \(bucket 30\)/);
      await expectText(lane(page, 'B').getByTestId('status'), '⚠ stuck');
      await expectText(lane(page, 'B').getByTestId('reason'), 'parked on m, waiting for an unpark');
      await expectText(view.getByTestId('bits-m'), '00');
      await expectText(view.getByTestId('queue-30').locator('[data-actor="B"]'), /B/);
      await expectText(view.getByTestId('parker-B'), /asleep in the lot \(on m\)/);
      await screenshot(page, 'parking-lot-stuck');
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('step into lists the engine actions inside the current operation', async () => {
      const schedule = enc('v1: ' + LOST_WAKEUP.slice(0, 29).join(' '));
      const { page, errors } = await open(app.chrome.context, app.server.url + `${LW}&schedule=${schedule}`);
      await ready(page);
      await expectText(stepCount(page), 'step 29');
      const into = lane(page, 'A').getByTestId('step-into');
      await expectText(into, /Step into 4 engine actions so far/);
      assert.equal(await into.getAttribute('aria-expanded'), 'false');
      await into.click();
      const inside = lane(page, 'A').getByTestId('inside');
      await expectText(inside, /CAS state 01 → 00 ✗ \(it was 11\)/);
      await expectText(inside, /unlock’s fast path failed: state is 11/);
      await expectText(inside, /lock bucket lot\[30\]/);
      await expectText(inside, /found no waiter/);
      // stepping A adds its action to the list
      await page.keyboard.press('1');
      await expectText(stepCount(page), 'step 30');
      await page.keyboard.press('2');
      await expectText(stepCount(page), 'step 31');
      await expectText(lane(page, 'B').getByTestId('step-into'), /Step into \d+ engine actions so far/);
      await screenshot(page, 'step-into');
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('a thread waiting for a bucket lock says who holds it', async () => {
      const schedule = enc('v1: ' + LOST_WAKEUP.slice(0, 29).join(' '));
      const { page, errors } = await open(
        app.chrome.context,
        app.server.url + `${LW}&variant=correct&schedule=${schedule}&step=29`,
      );
      await ready(page);
      await expectText(stepCount(page), /^step 29 of \d+$/);
      // five variants: the switch is a menu (issue 24)
      assert.equal(await page.getByTestId('variant-switch').inputValue(), 'correct');
      await expectText(lane(page, 'B').getByTestId('status'), '◌ waiting');
      await expectText(lane(page, 'B').getByTestId('reason'), 'waits for bucket lot[30], held by A');
      await expectText(next(page, 'B'), 'lock bucket lot[30]');
      assert.equal(await lane(page, 'B').getByTestId('step').isDisabled(), true);
      assert.deepEqual(errors, []);
      await page.close();
    });
  });

  describe('the source view', () => {
    test('shows the real C source with each thread’s next line marked', async () => {
      const { page, errors } = await open(app.chrome.context, app.server.url + LW);
      await ready(page);
      await page.getByTestId('tab-source').click();
      const view = page.getByTestId('source-view');
      await view.waitFor();
      assert.equal(
        await view.locator('[data-testid="source-file"][aria-pressed="true"]').getAttribute('data-path'),
        'engines/parking_lot/mini_mutex.c',
      );
      await expectText(view.getByTestId('source-code'), /void mini_mutex_lock\(mini_mutex \*m\)/);
      // both fast paths are at the same CAS
      const marked = view.locator('tr[data-actors]');
      assert.equal(await marked.count(), 1);
      assert.equal(await marked.getAttribute('data-actors'), 'A B');
      await expectText(marked, /plat_cas8\(&m->state, &expected, LOCKED/);
      const line = Number(await marked.getAttribute('data-line'));
      assert.ok(line > 1);
      // the marked line is scrolled into view
      const box = await view.locator('tr[data-actors]').boundingBox();
      const code = await view.getByTestId('source-code').locator('..').boundingBox();
      assert.ok(box.y >= code.y && box.y + box.height <= code.y + code.height, 'the marked line is visible');

      await page.keyboard.press('1');
      await expectText(stepCount(page), 'step 1');
      await page.keyboard.press('2');
      await expectText(stepCount(page), 'step 2');
      // B's fast path failed: it reads the state in lock_slow; A is in its critical section
      await expectText(view.locator('tr[data-actors="B"]'), /plat_load8\(&m->state/);
      assert.equal(await view.locator('tr[data-actors*="A"]').count(), 0);
      await screenshot(page, 'source');

      // another file: the learner's choice sticks; nobody is there
      await view.locator('[data-path="engines/parking_lot/lot.c"]').click();
      await expectText(view.getByTestId('source-code'), /lot_park_result lot_park\(/);
      assert.equal(await view.getByTestId('source-follow').isChecked(), false);
      await expectText(view, /Nobody runs in this file right now/);
      assert.deepEqual(errors, []);
      await page.close();
    });
  });

  describe('switching variants', () => {
    test('replays the run under correct and marks where the variants differ', async () => {
      const schedule = enc('v1: ' + CHOICES.join(' '));
      const { page, errors } = await open(app.chrome.context, app.server.url + `${LW}&schedule=${schedule}`);
      await ready(page);
      await expectText(page.getByTestId('outcome'), /Stuck: B sleeps forever/);
      const sw = page.getByTestId('variant-switch');
      assert.equal(await sw.inputValue(), 'validate_outside');
      await sw.selectOption('correct');
      await expectText(page.getByTestId('variant-diff-title'), 'From step 30 the variants differ');
      await expectText(
        page.getByTestId('variant-diff'),
        /validate_outside B load state = 11 · validate passed/,
      );
      await expectText(
        page.getByTestId('variant-decision'),
        'Where the engine decided differently — B: validate passed under validate_outside (step 30); validate failed under correct (step 33).',
      );
      // the timeline marks where the engine decided differently (B's validate under correct)
      assert.equal(await page.getByTestId('timeline-mark').getAttribute('data-step'), '33');
      await expectText(page.getByTestId('outcome'), /Finished/);
      await page.waitForURL((u) => u.searchParams.get('variant') === 'correct');
      await screenshot(page, 'variant-diff');
      await page.getByTestId('variant-diff-go').click();
      await expectText(stepCount(page), /^step 30 of \d+$/);
      // the link restores the switched run
      await page.waitForURL((u) => u.searchParams.get('step') === '30');
      await page.reload();
      await ready(page);
      await expectText(stepCount(page), /^step 30 of \d+$/);
      assert.equal(await page.getByTestId('variant-switch').inputValue(), 'correct');
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('past the point where the schedule stops applying, follows the same order of threads and finishes the run', async () => {
      // B validates right after prepare_park: under correct it must lock the bucket first
      const schedule = enc('v1: ' + [...LOST_WAKEUP.slice(0, 23), 'B', 'B', 'B', 'B'].join(' '));
      const { page, errors } = await open(app.chrome.context, app.server.url + `${LW}&schedule=${schedule}`);
      await ready(page);
      await expectText(stepCount(page), 'step 27');
      await page.getByTestId('variant-switch').selectOption('correct');
      await expectText(page.getByTestId('variant-diff-title'), 'From step 27 the variants differ');
      await expectText(page.getByTestId('variant-followed'), /Past step 27 the schedules no longer match/);
      // the run goes on to its end under correct, the learner standing where the variants part
      await expectText(stepCount(page), /^step \d+ of \d+$/);
      const total = Number(/of (\d+)/.exec(await stepCount(page).innerText())[1]);
      assert.ok(total > 27, `the replay went on past the parting: ${total} steps`);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('a variant the scenario does not have is named, and its own opens', async () => {
      const { page } = await open(app.chrome.context, app.server.url + `${LW}&variant=bogus`);
      await ready(page);
      await expectText(page.getByTestId('notice'), /no variant “bogus”.*showing “validate_outside”/);
      const bad = await open(app.chrome.context, app.server.url + `${LW}&variant=%3Cb%3E`);
      await ready(bad.page);
      await expectText(bad.page.getByTestId('notice'), /bad “variant” parameter/);
      await page.close();
      await bad.page.close();
    });
  });

  describe('Simplified Chinese', () => {
    test('every part of the screen speaks Chinese, from structured data', async () => {
      const schedule = enc('v1: ' + CHOICES.join(' '));
      const { page, errors } = await open(
        app.chrome.context,
        app.server.url + `${LW}&schedule=${schedule}&lang=zh-CN`,
      );
      await ready(page);
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
      await expectText(page.locator('header nav'), /停车场/);
      await expectText(lane(page, 'A').locator('h3'), '线程 A');
      await expectText(lane(page, 'A').getByTestId('status'), '✓ 已完成');
      await expectText(page.getByTestId('outcome'), /卡死：B 永远睡下去了/);
      await expectText(page.getByTestId('outcome'), /B：停在 m 上休眠，等待 unpark/);
      await expectText(page.getByTestId('outcome'), /引擎原话/);
      await expectText(lane(page, 'B').getByTestId('reason'), '停在 m 上休眠，等待 unpark');
      await expectText(page.getByTestId('parking-lot-view'), /停车场：64 个桶/);
      await expectText(page.getByTestId('lang-switch').locator('[aria-pressed="true"]'), '中文');
      await page.getByTestId('tab-source').click();
      await expectText(page.getByTestId('source-view'), /跟随正在运行的代码/);
      await screenshot(page, 'zh');

      // back to English: remembered, and in the address
      await page.getByTestId('lang-switch').locator('[data-lang="en"]').click();
      await expectText(lane(page, 'A').locator('h3'), 'Thread A');
      await expectText(page.getByTestId('outcome'), /Stuck: B sleeps forever/);
      await page.waitForURL((u) => u.searchParams.get('lang') === 'en');
      assert.equal(await page.evaluate(() => localStorage.getItem('lockstep.lang')), 'en');
      assert.deepEqual(errors, []);
      await page.close();
    });
  });
});
