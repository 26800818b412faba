// The parking lot's view in motion (was in tests/e2e/motion.test.mjs; helpers in
// tests/e2e/motion.mjs): after every step and step back of the lost wakeup, motion ends exactly
// where the still page stands, and a recorded run moves as it should.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { lane, open, screenshot, useApp, waitForText, OUT } from '../harness.mjs';
import {
  useMotion,
  openBoth,
  stepCount,
  KEY,
  motionLast,
  pressAndWait,
  pressBoth,
  firstEnabled,
} from '../motion.mjs';

const app = useApp();
const motion = useMotion();

// the lesson's solution (lessons/parking_lot/05-lost-wakeup.md); the steps after it are forced
const SOLUTION = 'A B B B B B B B B B B B B B B B B B B B B B B B B B A A'.split(' ');

/** The actor to step next: the solution's, then the only one that can move. */
async function nextActor(page, k) {
  if (k < SOLUTION.length) return SOLUTION[k];
  const i = await firstEnabled(page, ['A', 'B']);
  return i < 0 ? null : ['A', 'B'][i];
}

describe('motion', () => {
  test('the lost wakeup: after every step and step back, motion ends exactly where the still page stands', async () => {
    const url = `${app.server.url}?lesson=lost-wakeup`;
    const view = 'parking-lot-view';
    const { m, s } = await openBoth(motion, url, 'A', view);
    const moves = [];
    let n = 0;
    for (;;) {
      const a = await nextActor(s.page, n);
      if (!a) break;
      n++;
      moves.push(...(await pressBoth(m, s, view, KEY[a], n)));
      // "Inside the lock" says one thing: the caption's holder agrees with the LOCKED bit beside it
      const lock = await s.page.evaluate(() => ({
        holding: document.querySelector('[data-testid="holder-m"]').dataset.holding,
        locked: document.querySelector('[data-testid="bit-LOCKED"]').dataset.on,
        caption: document.querySelector('[data-testid="holder-m"]').textContent,
      }));
      assert.equal(lock.holding === 'free', lock.locked === '0', `step ${n}: ${JSON.stringify(lock)}`);
      if (n === 29) assert.match(lock.caption, /^free — A is still finishing its unlock$/);
    }
    assert.equal(n, 32, 'the lesson is won at step 32');
    await waitForText(m.page.getByTestId('goal-banner'), /B sleeps forever|sleep/i, 8000);

    // what moved, step by step: the bits flip, B's token goes into the bucket, the bucket lock closes
    assert.ok(moves.includes('1 fx:bit:m.LOCKED'), 'A sets LOCKED: the bit flips');
    assert.ok(
      moves.some((x) => /^2[0-9] fx:bit:m.PARKED$/.test(x)),
      'B sets PARKED: the bit flips',
    );
    assert.ok(
      moves.some((x) => / fx:shackle:30$/.test(x)),
      'a bucket lock closes or opens',
    );
    const park = moves.find((x) => / move:token:B$/.test(x) && Number(x.split(' ')[0]) >= 29);
    assert.ok(
      park,
      `B's token travels into the queue: ${moves.filter((x) => x.includes('token:B')).join(', ')}`,
    );
    assert.equal(await m.page.getByTestId('home-B').getAttribute('data-away'), '1');

    // back: the same pictures in reverse, each ending where the still page stands
    for (let k = 0; k < 4; k++) {
      n--;
      await pressBoth(m, s, view, 'ArrowLeft', n, 'back');
    }
    assert.equal(
      await m.page.getByTestId('home-B').getAttribute('data-away'),
      '0',
      'B is back out of the queue',
    );

    // a jump (the step bar) moves nothing
    const before = (await motionLast(m.page, view)).last;
    await m.page.evaluate(() => {
      window.__started = 0;
      const orig = Element.prototype.animate;
      Element.prototype.animate = function (...args) {
        window.__started++;
        return orig.apply(this, args);
      };
    });
    const bar = m.page.getByTestId('step-bar');
    const box = await bar.boundingBox();
    await m.page.mouse.click(box.x + box.width * 0.3, box.y + box.height / 2);
    await m.page.waitForFunction(
      (n) =>
        !new RegExp(`^step ${n}( of|$)`).test(
          document.querySelector('[data-testid="step-count"]').textContent,
        ),
      n,
    );
    await m.page.waitForTimeout(50);
    assert.equal(await m.page.evaluate(() => window.__started), 0, 'a jump starts no animation');
    assert.equal((await motionLast(m.page, view)).last, before);
    assert.deepEqual(m.errors, []);
    assert.deepEqual(s.errors, []);
    await m.page.close();
    await s.page.close();
  });
});

describe('motion, recorded', () => {
  // frames of the lost wakeup's last steps in motion, paused at fixed times (the layer's clock is
  // the animations' own), at both sizes: build/test-output/motion-<size>-<step>-<ms>.png
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ])
    test(`the lost wakeup in motion at ${w}x${h}`, async () => {
      const url = `${app.server.url}?lesson=lost-wakeup&schedule=${encodeURIComponent('v1: ' + SOLUTION.join(' '))}&step=28`;
      const { page, errors } = await open(motion.moving.context, url);
      await page.setViewportSize({ width: w, height: h });
      // every animation the layer starts is held at its start, to be shown frame by frame
      await page.evaluate(() => {
        window.__held = [];
        const animate = Element.prototype.animate;
        Element.prototype.animate = function (...args) {
          const a = animate.apply(this, args);
          a.pause();
          window.__held.push(a);
          return a;
        };
      });
      await lane(page, 'A').waitFor({ timeout: 15000 });
      await waitForText(stepCount(page), /^step 28/, 8000);
      const view = page.getByTestId('parking-lot-view');
      for (let n = 29; n <= 32; n++) {
        const a = (await lane(page, 'A').getByTestId('step').isEnabled()) ? 'A' : 'B';
        await pressAndWait(page, KEY[a], n);
        // the step's animations, held at their start: shown at 0, 50, 100, 150 and 200 ms
        assert.ok(await page.evaluate(() => window.__held.length > 0), `step ${n} moves something`);
        for (const t of [0, 50, 100, 150, 200]) {
          await page.evaluate((t) => window.__held.forEach((x) => (x.currentTime = t)), t);
          await view.scrollIntoViewIfNeeded();
          await page.screenshot({
            path: join(OUT, `motion-${w}x${h}-step${n}-${String(t).padStart(3, '0')}ms.png`),
          });
        }
        await page.evaluate(() => {
          window.__held.forEach((x) => x.finish());
          window.__held = [];
        });
      }
      await screenshot(page, `motion-${w}x${h}-end`);
      assert.deepEqual(errors, []);
      await page.close();
    });
});
