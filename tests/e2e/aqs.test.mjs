// Issue 7 in headless Chromium: the aqs engine's view (the permit gauge with
// its zero line and debt region, the wait queue as a chain of nodes with
// their statuses and wants, the holders, the interrupt flags, the clock), the
// lanes' aqs wording, and two of its lessons (one in Chinese).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clean, lane, open, screenshot, useApp, waitForText } from './harness.mjs';
import { useMotion, viewOf, motionLast, settled, pressAndWait } from './motion.mjs';

const app = useApp();
const motion = useMotion();

/** Waits until the locator's text is `want` (this file waits up to 8000 ms). */
const expectText = (locator, want, timeout = 8000) => waitForText(locator, want, timeout);

/** Waits until the locator's attribute is `want`. */
async function expectAttr(locator, name, want, timeout = 8000) {
  const end = Date.now() + timeout;
  let got;
  for (;;) {
    got = await locator
      .first()
      .getAttribute(name, { timeout })
      .catch(() => null);
    if (got === want) return;
    if (Date.now() > end) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.equal(got, want, `${name}`);
}

const stepCount = (page) => page.getByTestId('step-count');
const view = (page) => page.getByTestId('aqs-view');
/** The queue's nodes, head first, as "A:WAITING" ("A:gone" for one that has just left). */
const chain = async (page, sem) =>
  (await view(page)
    .getByTestId(`queue-${sem}`)
    .locator('li[data-actor]')
    .evaluateAll((els) =>
      els.map((e) => `${e.getAttribute('data-actor')}:${e.getAttribute('data-status')}`),
    )) ?? [];

async function stepCountIs(page, n) {
  await expectText(stepCount(page), new RegExp(`^(step ${n}( of \\d+)?|第 ${n} 步( / 共 \\d+ 步)?)$`));
}

/** Presses actor `key` `times` times, waiting for each step to land; returns the step reached. */
async function press(page, key, times, from) {
  let n = from;
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key);
    n++;
    await stepCountIs(page, n);
  }
  return n;
}

describe('the semaphore view', () => {
  test('an interrupted waiter: WAITING, signalled (0), interrupted, CANCELLED, then gone', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url + '?scenario=aqs/interrupt-head');
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await expectText(page.locator('header nav'), /AQS semaphore/);
    await expectText(page.locator('#inside-title'), 'Inside the semaphore');
    const v = view(page);
    await expectText(v.getByTestId('permits-s'), '0');
    await expectAttr(v.getByTestId('gauge-s'), 'data-region', 'zero');
    await expectText(v.getByTestId('mode-s'), 'nonfair');
    await expectText(v.getByTestId('queue-s'), /nobody waits/);
    await expectText(v.getByTestId('aqs-time'), 'virtual time 0 µs');
    await expectText(lane(page, 'A').getByTestId('action'), 'read my interrupt flag');
    await expectText(lane(page, 'A').getByTestId('effect'), 'reads “clear”: not interrupted');

    // A (wants 2) queues, sets WAITING and parks
    let n = await press(page, '1', 12, 0);
    assert.deepEqual(await chain(page, 's'), ['A:WAITING']);
    await expectText(v.getByTestId('node-s-A'), /WAITING wants 2/);
    await expectText(v.getByTestId('first-s'), 'first = A');
    await expectText(lane(page, 'A').getByTestId('action'), 'park (wait for a signal)');
    await expectText(
      lane(page, 'A').getByTestId('reason'),
      'parked in s’s queue (1st in line, wants 2, status WAITING) while s has 0 permits free',
    );
    // B (wants 1) queues behind it
    n = await press(page, '2', 11, n);
    assert.deepEqual(await chain(page, 's'), ['A:WAITING', 'B:WAITING']);
    await expectText(v.getByTestId('node-s-B'), /WAITING wants 1/);
    await expectText(v.getByTestId('aqs-time'), 'virtual time 2 ms');

    // C releases one permit: CAS 0 → 1, then signals A (WAITING → 0) and unparks it
    n = await press(page, '3', 2, n);
    await expectText(lane(page, 'C').getByTestId('action'), 'CAS permits 0 → 1');
    await expectText(lane(page, 'C').getByTestId('effect'), 'will succeed: permits 0 → 1');
    n = await press(page, '3', 1, n);
    await expectText(v.getByTestId('permits-s'), '1');
    await expectAttr(v.getByTestId('gauge-s'), 'data-region', 'free');
    await expectText(v.getByTestId('delta-s'), 'was 0');
    await expectText(page.getByTestId('narration'), 'Step 26: C gave back 1: permits 0 → 1.');
    n = await press(page, '3', 4, n);
    await expectText(page.getByTestId('narration'), 'Step 30: C signalled A: status WAITING → 0.');
    assert.deepEqual(await chain(page, 's'), ['A:0', 'B:WAITING']);
    n = await press(page, '3', 1, n);
    await expectText(lane(page, 'C').getByTestId('action'), 'unlock s’s queue');

    // A wakes, finds 1 < 2, parks again; C interrupts it
    n = await press(page, '1', 1, n);
    n = await press(page, '3', 1, n);
    n = await press(page, '1', 10, n);
    assert.deepEqual(await chain(page, 's'), ['A:WAITING', 'B:WAITING']);
    n = await press(page, '3', 3, n);
    await expectAttr(v.getByTestId('interrupt-A'), 'data-on', '1');
    await expectText(v.getByTestId('thread-A'), /interrupt flag set/);
    await expectText(page.getByTestId('narration'), 'Step 46: C set A’s interrupt flag.');
    n = await press(page, '3', 1, n);

    // A notices, clears its flag and cancels: CANCELLED, and then gone
    n = await press(page, '1', 5, n);
    await expectAttr(v.getByTestId('interrupt-A'), 'data-on', '0');
    n = await press(page, '1', 1, n);
    assert.equal(n, 53);
    assert.deepEqual(await chain(page, 's'), ['A:CANCELLED', 'B:WAITING']);
    await expectText(v.getByTestId('status-s-A'), '✕ CANCELLED');
    await screenshot(page, 'aqs-cancelled');
    n = await press(page, '1', 1, n);
    // gone from the queue; for one step it fades out where it stood
    assert.deepEqual(await chain(page, 's'), ['A:gone', 'B:WAITING']);
    assert.equal(await v.getByTestId('node-s-A').count(), 0);
    await expectText(v.getByTestId('first-s'), 'first = A');
    await press(page, '1', 1, n);
    assert.deepEqual(await chain(page, 's'), ['B:WAITING']);
    await expectText(v.getByTestId('first-s'), 'first = B');
    await expectText(page.getByTestId('narration'), 'Step 55: A made B first in line.');
    await screenshot(page, 'aqs-gone');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('reducePermits drives the gauge into the debt region', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url + '?scenario=aqs/reduce-drain');
    await lane(page, 'A').waitFor({ timeout: 15000 });
    const v = view(page);
    await expectText(v.getByTestId('permits-pool'), '3');
    const n = await press(page, '1', 15, 0);
    await expectText(lane(page, 'A').getByTestId('action'), 'CAS permits 1 → -1');
    await expectText(lane(page, 'A').getByTestId('effect'), 'will succeed: permits 1 → -1');
    await press(page, '1', 1, n);
    await expectText(page.getByTestId('narration'), 'Step 16: A reduced the permits by 2: permits 1 → -1.');
    await expectText(v.getByTestId('permits-pool'), '-1');
    await expectAttr(v.getByTestId('permits-pool'), 'data-region', 'debt');
    await expectAttr(v.getByTestId('gauge-pool'), 'data-region', 'debt');
    const gauge = v.getByTestId('gauge-pool');
    await expectAttr(gauge.locator('[data-value="-1"]'), 'data-filled', '1');
    await expectAttr(gauge.locator('[data-value="-2"]'), 'data-filled', '0');
    await expectAttr(gauge.locator('[data-value="1"]'), 'data-filled', '0');
    assert.equal(await gauge.locator('[data-value="3"]').count(), 1);
    assert.match(clean(await gauge.getAttribute('aria-label')), /pool: -1 permits/);
    await expectText(v.getByTestId('sem-pool'), /below zero: 1 owed/);
    // the holders come from the scenario's count, and the view says so
    await expectText(v.getByTestId('holders-note-pool'), /does not know this/);
    await screenshot(page, 'aqs-debt');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('the semaphore lessons', () => {
  test('the interrupt that inflates permits: found by hand, CANCELLED, then a drift', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url + '?lesson=interrupt-inflates');
    await lane(page, 'B').waitFor({ timeout: 15000 });
    await stepCountIs(page, 15);
    const v = view(page);
    await expectText(v.getByTestId('capacity-pool'), 'capacity 1');
    assert.deepEqual(await chain(page, 'pool'), ['B:WAITING']);
    await expectText(v.getByTestId('holder-pool-A'), /holds 1/);
    await expectText(lane(page, 'C').getByTestId('action'), 'B’s interrupt flag ← set');

    let n = await press(page, '3', 2, 15);
    await expectAttr(v.getByTestId('interrupt-B'), 'data-on', '1');
    n = await press(page, '2', 5, n);
    // the lesson asks what B will do with its place in the queue: until the
    // learner predicts, B's lane does not say
    await expectText(lane(page, 'B').getByTestId('next-hidden'), /Hidden until you predict/);
    assert.equal(await lane(page, 'B').getByTestId('action').count(), 0);
    n = await press(page, '2', 1, n);
    assert.deepEqual(await chain(page, 'pool'), ['B:CANCELLED']);
    n = await press(page, '2', 1, n);
    assert.deepEqual(await chain(page, 'pool'), ['B:gone']);
    n = await press(page, '2', 2, n);
    assert.deepEqual(await chain(page, 'pool'), []);
    await expectText(v.getByTestId('queue-pool'), /nobody waits/);
    // the finally releases a permit B never had: 1 free + A's 1 = 2 > capacity 1
    await expectText(lane(page, 'B').getByTestId('action'), 'read permits');
    n = await press(page, '2', 2, n);
    await expectText(v.getByTestId('permits-pool'), '1');
    await press(page, '2', 1, n);
    await expectText(page.getByTestId('goal-banner'), /Goal reached/);
    await expectText(page.getByTestId('goal-outcome'), /The permits drifted/);
    await expectText(v.getByTestId('drift-pool'), '⚠ drift: 1 more than the capacity');
    await expectText(v.getByTestId('holder-pool-A'), /holds 1/);
    await screenshot(page, 'aqs-lesson-drift');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('shrinking a pool, in Chinese: drain, reduce into debt, a release that only pays it', async () => {
    const { page, errors } = await open(
      app.chrome.context,
      app.server.url + '?lesson=shrinking-a-pool&lang=zh-CN',
    );
    await lane(page, 'O').waitFor({ timeout: 15000 });
    await stepCountIs(page, 6);
    const v = view(page);
    await expectText(page.locator('#inside-title'), '信号量的内部');
    await expectText(v.getByTestId('permits-pool'), '1');
    await expectText(v.getByTestId('mode-pool'), '非公平');
    let n = await press(page, '3', 2, 6);
    await expectText(v.getByTestId('permits-pool'), '0');
    await expectText(page.getByTestId('narration'), /O 抽走 1 个：permits 1 → 0。/);
    await expectText(lane(page, 'O').getByTestId('action'), '读 permits');
    n = await press(page, '3', 2, n);
    await expectText(v.getByTestId('permits-pool'), '-1');
    await expectAttr(v.getByTestId('gauge-pool'), 'data-region', 'debt');
    await expectText(v.getByTestId('capacity-pool'), '容量 2');
    await expectText(v.getByTestId('sem-pool'), /欠着 1 个/);
    await expectText(v.getByTestId('holders-pool'), /拿着 1 个/);
    await screenshot(page, 'aqs-lesson-debt-zh');
    n = await press(page, '1', 4, n);
    await expectText(v.getByTestId('permits-pool'), '0');
    await press(page, '4', 1, n);
    await expectText(page.getByTestId('goal-banner'), /用 \d+ 步达成目标！/);
    await expectText(v.getByTestId('permits-pool'), '0');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the bounded notifier: two in flight, four queued, and a release lets exactly one in', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url + '?lesson=bounded-notifier');
    await lane(page, 'W1').waitFor({ timeout: 15000 });
    await stepCountIs(page, 50);
    const v = view(page);
    await expectText(v.getByTestId('aqs-time'), 'virtual time 50 ms');
    assert.deepEqual(await chain(page, 'permits'), ['W3:WAITING', 'W4:WAITING', 'W5:WAITING', 'W6:WAITING']);
    await expectText(v.getByTestId('holder-permits-W1'), /holds 1/);
    await expectText(v.getByTestId('holder-permits-W2'), /holds 1/);
    await expectText(v.getByTestId('capacity-permits'), 'capacity 2');
    let n = await press(page, '1', 8, 50);
    // W1's release signalled W3: its status is 0 now, the permit is free
    assert.deepEqual(await chain(page, 'permits'), ['W3:0', 'W4:WAITING', 'W5:WAITING', 'W6:WAITING']);
    // what the step did, then the lesson's words for it, on the one narration line
    await expectText(
      page.getByTestId('narration'),
      /^Step 58: W1 unparked W3\. The release wakes W3, first in line/,
    );
    await expectText(page.getByTestId('narration-lesson'), /and only W3/);
    await expectText(v.getByTestId('permits-permits'), '1');
    n = await press(page, '1', 1, n);
    n = await press(page, '3', 6, n);
    await expectText(v.getByTestId('permits-permits'), '0');
    await expectText(page.getByTestId('narration'), /^Step 65: W3 took 1: permits 1 → 0\./);
    await press(page, '3', 7, n);
    await expectText(page.getByTestId('goal-banner'), /Goal reached/);
    await expectText(v.getByTestId('sem-permits'), /at most 2 at once so far/);
    await screenshot(page, 'aqs-lesson-notifier');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

// ---- motion (from tests/e2e/motion.test.mjs; helpers in tests/e2e/motion.mjs) ----
describe('motion', () => {
  test('aqs: an interrupt lamp flashes on the thread and its node; nodes come and go', async () => {
    const { page, errors } = await open(
      motion.moving.context,
      `${app.server.url}?scenario=aqs/interrupt-head`,
    );
    await lane(page, 'A').waitFor({ timeout: 15000 });
    const view = 'aqs-view';
    await viewOf(page, view); // loaded lazily: before the first step
    const all = [];
    // the run of tests/e2e/aqs.test.mjs: A and B queue, C releases one, A wakes and parks
    // again, C interrupts A, A cancels and unsplices
    const presses = [
      [1, 12],
      [2, 11],
      [3, 2],
      [3, 1],
      [3, 4],
      [3, 1],
      [1, 1],
      [3, 1],
      [1, 10],
      [3, 3],
      [3, 1],
      [1, 5],
      [1, 1],
      [1, 2],
    ];
    let n = 0;
    for (const [key, times] of presses)
      for (let k = 0; k < times; k++) {
        await pressAndWait(page, String(key), ++n);
        all.push(...(await motionLast(page, view)).moves.map((x) => `${n} ${x}`));
        await settled(page);
      }
    assert.ok(
      all.some((x) => / enter:node:s:A$/.test(x)),
      `a node joins: ${all.join(' ')}`,
    );
    assert.ok(
      all.includes('46 fx:lamp:A') && all.includes('46 fx:node-lamp:s:A'),
      `an interrupt lamp flashes: ${all.join(' ')}`,
    );
    assert.ok(all.includes('26 fx:permit:s:1'), 'C gives back a permit: its box fills');
    // A's node unsplices (step 54): B slides forward into its place at the next step
    assert.ok(
      all.some((x) => /^5[5-9] move:node:s:B$/.test(x)),
      `B slides forward: ${all.filter((x) => x.includes('node:s:B')).join(', ')}`,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});
