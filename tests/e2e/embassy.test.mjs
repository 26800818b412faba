// The embassy engine in the browser: cancellation is the learner's choice.  A task pending at
// an await point offers "Drop its future"; lesson 24 (the cancelled head) is won by clicking:
// main releases, waking A, the head of the queue; A's future is dropped before it runs; under
// fair_cancel_bug nobody wakes B although a permit is free.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clean, lane, open, stepOf, take, until, useApp, waitForText } from './harness.mjs';

const app = useApp();

describe('embassy choices in the browser', () => {
  test('lesson 24: A is dropped by a click, B waits forever with a permit free', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=cancelled-head`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await lane(page, 'main').waitFor({ timeout: 15000 });
    const a = lane(page, 'A');
    // A is pending at its acquire: its future may be dropped already
    assert.equal(await a.getByTestId('drop').count(), 1, 'A offers a drop while it is pending');
    assert.match(clean(await a.getByTestId('drop').innerText()), /^Drop A’s future d 1$/);
    // main's release: ten steps, the last wakes A (the head of the queue)
    for (let k = 0; k < 10; k++) await take(page, lane(page, 'main').getByTestId('step'), 'main');
    await take(page, a.getByTestId('drop'), 'dropping A');
    assert.equal(await a.getByTestId('drop').count(), 0, 'a dropped future cannot be dropped again');
    // the rest: main returns, A's drop logic runs
    for (let i = 0; i < 20 && (await page.getByTestId('goal-banner').count()) === 0; i++) {
      const next = (await lane(page, 'main').getByTestId('step').isEnabled()) ? 'main' : 'A';
      if (!(await lane(page, next).getByTestId('step').isEnabled())) break;
      await take(page, lane(page, next).getByTestId('step'), next);
    }
    await waitForText(page.getByTestId('goal-banner'), /Goal reached/, 8000);
    assert.match(clean(await lane(page, 'B').getByTestId('status').innerText()), /stuck|waits|blocked/i);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('lesson 24 by the keyboard: d, then 1 drops task 1’s future; the keys list says so', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=cancelled-head`);
    await lane(page, 'main').waitFor({ timeout: 15000 });
    const press = async (key, what) => {
      const before = await stepOf(page);
      await page.keyboard.press(key);
      await until(async () => (await stepOf(page)) > before, `${what} after step ${before}`);
    };
    // main is the third lane: 3 steps it, ten times up to the wake of A
    for (let k = 0; k < 10; k++) await press('3', 'main');
    const at = await stepOf(page);
    // d alone does nothing yet; d, x forgets the d (x is no key): the next 1 steps A
    await page.keyboard.press('d');
    await page.keyboard.press('x');
    assert.equal(await stepOf(page), at, 'd, x takes no step');
    assert.equal(await lane(page, 'A').getByTestId('drop').count(), 1);
    await page.keyboard.press('d');
    await press('1', 'dropping A');
    assert.equal(await lane(page, 'A').getByTestId('drop').count(), 0, 'A’s future is dropped');
    assert.equal(await stepOf(page), at + 1, 'the drop is one choice');
    await page.keyboard.press('?');
    await waitForText(
      page.getByTestId('keys').locator('div', { hasText: 'd, 1 – 9' }),
      /drop task N’s future/,
      5000,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});
