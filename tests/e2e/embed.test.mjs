// The embed (embed.html, what a course page frames) offers the learner the moves the app does:
// a digit steps, Shift+digit runs until shared state, d then a digit drops a task's future, and
// the tick has its button and its key T.  Lessons that need them are won inside the embed, by
// the same keys `lockstep check`'s run asks for (plans.mjs), exactly as solutions.test.mjs wins
// them in the app.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from '../../wasm/js/node.js';
import { catalog } from '../../wasm/js/lockstep.js';
import { clean, open, screenshot, useApp, waitForText } from './harness.mjs';
import { plan, playByKeys } from './plans.mjs';

const app = useApp();
const plans = {};
before(async () => {
  const M = await loadModule();
  const cat = catalog(M);
  for (const f of ['rtos/05-the-signed-count.md', 'embassy/04-cancelled-head.md']) {
    const p = plan(M, cat, f);
    plans[p.id] = p;
  }
});

/** The embed of lesson `id`, at a width and height. */
async function embed(id, width, height) {
  const opened = await open(app.chrome.context, `${app.server.url}embed.html?lesson=${id}`);
  await opened.page.setViewportSize({ width, height });
  await opened.page.getByTestId('embed-title').waitFor({ timeout: 15000 });
  return opened;
}

describe('the embed offers the app’s moves', () => {
  test('lesson 29, which needs the tick, is won in the embed by keys (t, Shift+N, N)', async () => {
    const p = plans['the-signed-count'];
    assert.ok(
      p.actions.some((a) => a.keys.includes('t')),
      'the lesson’s run lets the tick fall (else this test proves nothing)',
    );
    const { page, errors } = await embed(p.id, 1440, 900);
    // the rtos kernel's actors are tasks, and the page says so
    await waitForText(page.getByTestId('narration'), /^A count below zero is ready\. 3 tasks\./, 8000);
    assert.match(clean(await page.getByTestId('lesson-panel').innerText()), /Step the tasks\./);
    assert.doesNotMatch(clean(await page.getByTestId('embed').innerText()), /thread/i);
    await playByKeys(page, p);
    // no tick on offer once the goal is reached: the button, if it stays, is disabled and says why
    const tick = page.getByTestId('tick');
    assert.ok(
      (await tick.count()) === 0 || !(await tick.isEnabled()),
      'no tick on offer once the goal is reached',
    );
    // lesson 29 is not the course's last, and the embed has no sandbox: the banner claims neither
    assert.doesNotMatch(clean(await page.getByTestId('goal-banner').innerText()), /last lesson|sandbox/i);
    await screenshot(page, 'embed-tick-won-1440');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('lesson 29 in a phone-sized embed: the tick button is there when the tick may fall, and clicking it wins too', async () => {
    const p = plans['the-signed-count'];
    const { page, errors } = await embed(p.id, 390, 844);
    let clicked = 0;
    await playByKeys(page, p, async (a) => {
      const tick = page.getByTestId('tick');
      if (!a.keys.includes('t')) return false;
      assert.equal(await tick.count(), 1, `the tick button before ${a.what}`);
      assert.match(clean(await tick.innerText()), /^Let the tick fall T$/);
      await tick.click();
      clicked++;
      return true;
    });
    assert.ok(clicked > 0, 'the tick was taken by its button');
    await screenshot(page, 'embed-tick-won-390');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('lesson 24, which drops a future, is won in the embed by keys (d then N)', async () => {
    const p = plans['cancelled-head'];
    assert.ok(
      p.actions.some((a) => a.keys[0] === 'd'),
      'the lesson’s run drops a future (else this test proves nothing)',
    );
    const { page, errors } = await embed(p.id, 1440, 900);
    await playByKeys(page, p);
    // the banner counts the learner's steps, as the app's does: not the opening's
    const steps = p.actions.at(-1).to - p.startSteps;
    assert.ok(p.startSteps > 0, 'the lesson opens after some steps (else this proves nothing)');
    await waitForText(page.getByTestId('goal-banner'), new RegExp(`Goal reached in ${steps} steps!`), 5000);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
