// Shared by the tests of the engine views' motion (web/src/motion), each in its
// engine's e2e file (tests/e2e/<engine>.test.mjs) or, for what no engine owns,
// tests/e2e/motion.test.mjs: two browsers, one moving and one under
// prefers-reduced-motion, and the measures that say a step's motion ended
// exactly where the still page stands.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { browser, lane, open, waitForText } from './harness.mjs';

/** A moving browser and a still one (reduced motion, the harness's default), for the file's tests. */
export function useMotion() {
  const motion = { moving: null, still: null };
  before(async () => {
    motion.moving = await browser({ reducedMotion: 'no-preference' });
    motion.still = await browser();
  });
  after(async () => {
    await motion.moving?.close();
    await motion.still?.close();
  });
  return motion;
}

export const stepCount = (page) => page.getByTestId('step-count');
export const KEY = { A: '1', B: '2', C: '3', D: '4' };

/** The script animations (the motion layer's) running now, and every animation running now. */
export const running = (page) =>
  page.evaluate(() => {
    const all = document.getAnimations().filter((a) => a.playState === 'running');
    return {
      layer: all.filter((a) => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition)).length,
      all: all.length,
    };
  });

/** Every keyed element of the view, as "key x y w h" relative to the view's root. */
export const geometry = (page, view) =>
  page.evaluate((view) => {
    const root = document.querySelector(`[data-testid="${view}"]`);
    const o = root.getBoundingClientRect();
    return [...root.querySelectorAll('[data-motion]')].map((el) => {
      const r = el.getBoundingClientRect();
      const f = (n) => Math.round(n * 2) / 2;
      return `${el.dataset.motion} ${f(r.left - o.left)} ${f(r.top - o.top)} ${f(r.width)} ${f(r.height)}`;
    });
  }, view);

// The engine's view is loaded lazily (web/src/engines/): wait until it is there.
export const viewOf = (page, view) => page.getByTestId(view).waitFor({ timeout: 15000 });

/**
 * Opens `url` in both browsers at 1440x900 and waits for actor `first`'s lane and for the view
 * `view` (loaded lazily: before the first step); {m, s}: the moving page and the still one.
 */
export async function openBoth(motion, url, first, view) {
  const m = await open(motion.moving.context, url);
  const s = await open(motion.still.context, url);
  for (const p of [m.page, s.page]) {
    await p.setViewportSize({ width: 1440, height: 900 });
    await lane(p, first).waitFor({ timeout: 15000 });
  }
  for (const p of [m.page, s.page]) await viewOf(p, view);
  return { m, s };
}
export const motionLast = async (page, view) =>
  (await viewOf(page, view)) ??
  page.evaluate((view) => {
    const root = document.querySelector(`[data-testid="${view}"]`);
    return {
      last: root.dataset.motionLast ?? '',
      moves: (root.dataset.motionMoves ?? '').split(' '),
    };
  }, view);

/** Waits until the layer has nothing running (at most a second). */
export async function settled(page) {
  const end = Date.now() + 1000;
  while ((await running(page)).layer > 0) {
    assert.ok(Date.now() < end, 'the motion never ended');
    await page.waitForTimeout(20);
  }
}

export async function pressAndWait(page, key, n) {
  await page.keyboard.press(key);
  await waitForText(stepCount(page), new RegExp(`^step ${n}( of \\d+)?$`), 8000);
}

/**
 * Presses `key` on the moving page `m` and the still page `s`, both landing on step `n`. A step
 * forward leaves the still page with nothing running; the moving page plays `dir` ('forward' or
 * 'back'), and once it has settled both pages stand in the same geometry. Returns the moves the
 * motion made, each written after the step ("12 fx:bit:m.LOCKED").
 */
export async function pressBoth(m, s, view, key, n, dir = 'forward') {
  await pressAndWait(m.page, key, n);
  await pressAndWait(s.page, key, n);
  // the still page never animates, not even the views' own CSS pulses
  if (dir === 'forward')
    assert.deepEqual(await running(s.page), { layer: 0, all: 0 }, `still page, step ${n}`);
  const last = await motionLast(m.page, view);
  assert.match(last.last, new RegExp(`^${dir} 200 \\d+$`), `step ${n}`);
  await settled(m.page);
  assert.deepEqual(
    await geometry(m.page, view),
    await geometry(s.page, view),
    `geometry ${dir === 'back' ? 'back at' : 'after'} step ${n}`,
  );
  return last.moves.map((x) => `${n} ${x}`);
}

/** The index of the first of `names` whose lane can step, or -1. */
export async function firstEnabled(page, names) {
  for (const [i, a] of names.entries()) if (await lane(page, a).getByTestId('step').isEnabled()) return i;
  return -1;
}
