// The spinlocks engine in the browser: lessons 32 and 33 won by clicking each thread's Step
// button, with the view saying what the learner just did (two threads holding ticket 0; B
// queued in tail, not linked, its node locked), in English and in Chinese, at 1440x900 and
// 390x844 (screenshots go to build/test-output/).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clean, lane, open, screenshot, take, waitForText, useApp } from './harness.mjs';

const app = useApp();

/** Opens a lesson at a size and language, and waits for its first lane. */
async function lesson(id, width, height, lang) {
  const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=${id}&lang=${lang}`);
  await page.setViewportSize({ width, height });
  await lane(page, 'A').waitFor({ timeout: 15000 });
  return { page, errors };
}

/** Plays a solution ("A B A") by clicking each named thread's Step button. */
async function play(page, solution) {
  for (const actor of solution.split(' ')) await take(page, lane(page, actor).getByTestId('step'), actor);
}

/** Who took lock `name`, in order, as the view lists them. */
const takers = (page, name) =>
  page
    .getByTestId(`order-${name}`)
    .locator('li[data-actor]')
    .evaluateAll((li) => li.map((e) => e.dataset.actor));

const view = (page) => page.getByTestId('spinlocks-view');

describe('spinlocks lessons in the browser', () => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ])
    for (const lang of ['en', 'zh-CN']) {
      test(`take-a-number (lesson 32) at ${width}x${height} in ${lang}: A and B both hold ticket 0, and both walk in`, async () => {
        const { page, errors } = await lesson('take-a-number', width, height, lang);
        await play(page, 'A B');
        // both have read 0 from the dispenser; it still shows 0
        assert.equal(await page.getByTestId('next-t').innerText(), '0');
        assert.match(clean(await page.getByTestId('ticket-A').innerText()), /#0/);
        assert.match(
          clean(await page.getByTestId('ticket-B').innerText()),
          lang === 'en' ? /#0 same ticket as A/ : /#0 和 A 同一个号/,
        );
        await play(page, 'A A A B B B');
        await waitForText(page.getByTestId('goal-banner'), lang === 'en' ? /Goal reached/ : /达成目标/, 8000);
        assert.equal(await page.getByTestId('serving-t').innerText(), '0');
        assert.equal(await page.getByTestId('next-t').innerText(), '1');
        assert.deepEqual(await takers(page, 't'), ['A', 'B']);
        assert.match(
          clean(await page.getByTestId('owner-t').innerText()),
          lang === 'en' ? /held by A and B at once/ : /同时被 A 和 B 持有/,
        );
        await view(page).scrollIntoViewIfNeeded();
        await screenshot(page, `spinlocks-take-a-number-${width}-${lang}`);
        assert.deepEqual(errors, []);
        await page.close();
      });

      test(`spin-on-your-own-node (lesson 35) at ${width}x${height} in ${lang}: A leaves, B is queued and locked`, async () => {
        const { page, errors } = await lesson('spin-on-your-own-node', width, height, lang);
        await play(page, 'A A A');
        assert.equal(clean(await page.getByTestId('tail-q').innerText()), 'A');
        await play(page, 'B B B');
        assert.equal(clean(await page.getByTestId('tail-q').innerText()), 'B');
        assert.match(
          clean(await page.getByTestId('node-B').innerText()),
          lang === 'en' ? /locked = 1 next = none not linked yet/ : /locked = 1 next = 无 还没接上/,
        );
        await play(page, 'A A');
        await waitForText(page.getByTestId('goal-banner'), lang === 'en' ? /Goal reached/ : /达成目标/, 8000);
        assert.match(clean(await page.getByTestId('owner-q').innerText()), lang === 'en' ? /free/ : /空闲/);
        assert.deepEqual(await takers(page, 'q'), ['A']);
        await view(page).scrollIntoViewIfNeeded();
        await screenshot(page, `spinlocks-own-node-${width}-${lang}`);
        assert.deepEqual(errors, []);
        await page.close();
      });
    }
});
