// Issue 16 in headless Chromium: the engine views move (web/src/motion).  What
// no engine owns is here: the page's switch turns motion off and remembers it,
// and under prefers-reduced-motion the switch is off and says why, on the
// course's first lesson.  Each engine's view moving (after every step and step
// back, motion ends exactly where the still page stands; frames of it saved as
// build/test-output/motion-*.png) is its engine's e2e test,
// tests/e2e/<engine>.test.mjs, with the measures of tests/e2e/motion.mjs.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { courseLesson, lane, open, useApp } from './harness.mjs';
import { pressAndWait, running, useMotion } from './motion.mjs';

const app = useApp();
const motion = useMotion();

/** The course's first lesson, and its engine's view (test id: the engine, hyphenated, and `-view`). */
const FIRST = courseLesson();
const VIEW = `[data-testid="${FIRST.meta.engine.replaceAll('_', '-')}-view"]`;

describe('motion', () => {
  test('the switch turns motion off: nothing moves, the pulses stand still', async () => {
    const { page, errors } = await open(motion.moving.context, `${app.server.url}?lesson=${FIRST.id}`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    const box = page.getByTestId('motion-switch').locator('input');
    assert.equal(await box.isChecked(), true);
    await box.uncheck();
    assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-motion-off')), true);
    await page.evaluate(() => document.activeElement?.blur());
    await pressAndWait(page, '1', 1);
    assert.equal((await running(page)).layer, 0);
    assert.equal(
      await page.evaluate((view) => document.querySelector(view).dataset.motionLast ?? '', VIEW),
      '',
    );
    // remembered for the next visit; turned back on
    assert.equal(await page.evaluate(() => localStorage.getItem('lockstep.motion')), 'off');
    await box.check();
    await page.evaluate(() => document.activeElement?.blur());
    await pressAndWait(page, '2', 2);
    assert.match(
      await page.evaluate((view) => document.querySelector(view).dataset.motionLast, VIEW),
      /^forward 200/,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('under prefers-reduced-motion the switch is off and says why', async () => {
    const { page, errors } = await open(motion.still.context, `${app.server.url}?lesson=${FIRST.id}`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    const sw = page.getByTestId('motion-switch');
    assert.equal(await sw.locator('input').isChecked(), false);
    assert.equal(await sw.locator('input').isDisabled(), true);
    assert.match(await sw.innerText(), /reduced motion/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
