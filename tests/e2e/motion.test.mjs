// Issue 16 in headless Chromium: the engine views move (web/src/motion).
// The flagship lesson (the lost wakeup) is played step by step in two pages,
// one with motion and one under prefers-reduced-motion: after each step (and
// each step back) has finished moving, every keyed element of the engine view
// stands exactly where the still page draws it.  Under reduced motion nothing
// runs at all; a jump never animates; the page's switch turns motion off; the
// basic, aqs, embassy and rtos views move too.  A sequence of frames of B's token travelling
// into the bucket, and of the lost wakeup's last steps, is saved (1440x900 and
// 390x844) as build/test-output/motion-*.png.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, lane, open, OUT, screenshot, serve, waitForText } from './harness.mjs';
import { before, after } from 'node:test';

const app = { server: null, moving: null, still: null };
before(async () => {
  app.server = await serve();
  app.moving = await browser({ reducedMotion: 'no-preference' });
  app.still = await browser(); // the harness's default: reduced motion
});
after(async () => {
  await app.moving?.close();
  await app.still?.close();
  await app.server?.stop();
});

const stepCount = (page) => page.getByTestId('step-count');
const KEY = { A: '1', B: '2', C: '3', D: '4' };
// the lesson's solution (lessons/parking_lot/05-lost-wakeup.md); the steps after it are forced
const SOLUTION = 'A B B B B B B B B B B B B B B B B B B B B B B B B B A A'.split(' ');

/** The script animations (the motion layer's) running now, and every animation running now. */
const running = (page) =>
  page.evaluate(() => {
    const all = document.getAnimations().filter((a) => a.playState === 'running');
    return {
      layer: all.filter((a) => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition)).length,
      all: all.length,
    };
  });

/** Every keyed element of the view, as "key x y w h" relative to the view's root. */
const geometry = (page, view) =>
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
const viewOf = (page, view) => page.getByTestId(view).waitFor({ timeout: 15000 });
const motionLast = async (page, view) =>
  (await viewOf(page, view)) ??
  page.evaluate((view) => {
    const root = document.querySelector(`[data-testid="${view}"]`);
    return {
      last: root.dataset.motionLast ?? '',
      moves: (root.dataset.motionMoves ?? '').split(' '),
    };
  }, view);

/** Waits until the layer has nothing running (at most a second). */
async function settled(page) {
  const end = Date.now() + 1000;
  while ((await running(page)).layer > 0) {
    assert.ok(Date.now() < end, 'the motion never ended');
    await page.waitForTimeout(20);
  }
}

/** The actor to step next: the solution's, then the only one that can move. */
async function nextActor(page, k) {
  if (k < SOLUTION.length) return SOLUTION[k];
  const i = await firstEnabled(page, ['A', 'B']);
  return i < 0 ? null : ['A', 'B'][i];
}

async function pressAndWait(page, key, n) {
  await page.keyboard.press(key);
  await waitForText(stepCount(page), new RegExp(`^step ${n}( of \\d+)?$`), 8000);
}

/**
 * Presses `key` on the moving page `m` and the still page `s`, both landing on step `n`. A step
 * forward leaves the still page with nothing running; the moving page plays `dir` ('forward' or
 * 'back'), and once it has settled both pages stand in the same geometry. Returns the moves the
 * motion made, each written after the step ("12 fx:bit:m.LOCKED").
 */
async function pressBoth(m, s, view, key, n, dir = 'forward') {
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
async function firstEnabled(page, names) {
  for (const [i, a] of names.entries()) if (await lane(page, a).getByTestId('step').isEnabled()) return i;
  return -1;
}

describe('motion', () => {
  test('the lost wakeup: after every step and step back, motion ends exactly where the still page stands', async () => {
    const url = `${app.server.url}?lesson=lost-wakeup`;
    const m = await open(app.moving.context, url);
    const s = await open(app.still.context, url);
    for (const p of [m.page, s.page]) {
      await p.setViewportSize({ width: 1440, height: 900 });
      await lane(p, 'A').waitFor({ timeout: 15000 });
    }
    const view = 'parking-lot-view';
    for (const p of [m.page, s.page]) await viewOf(p, view); // loaded lazily: before the first step
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

  test('the switch turns motion off: nothing moves, the pulses stand still', async () => {
    const { page, errors } = await open(app.moving.context, `${app.server.url}?lesson=lost-wakeup`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    const box = page.getByTestId('motion-switch').locator('input');
    assert.equal(await box.isChecked(), true);
    await box.uncheck();
    assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-motion-off')), true);
    await page.evaluate(() => document.activeElement?.blur());
    await pressAndWait(page, '1', 1);
    assert.equal((await running(page)).layer, 0);
    assert.equal(
      await page.evaluate(
        () => document.querySelector('[data-testid="parking-lot-view"]').dataset.motionLast ?? '',
      ),
      '',
    );
    // remembered for the next visit; turned back on
    assert.equal(await page.evaluate(() => localStorage.getItem('lockstep.motion')), 'off');
    await box.check();
    await page.evaluate(() => document.activeElement?.blur());
    await pressAndWait(page, '2', 2);
    assert.match(
      await page.evaluate(
        () => document.querySelector('[data-testid="parking-lot-view"]').dataset.motionLast,
      ),
      /^forward 200/,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('under prefers-reduced-motion the switch is off and says why', async () => {
    const { page, errors } = await open(app.still.context, `${app.server.url}?lesson=lost-wakeup`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    const sw = page.getByTestId('motion-switch');
    assert.equal(await sw.locator('input').isChecked(), false);
    assert.equal(await sw.locator('input').isDisabled(), true);
    assert.match(await sw.innerText(), /reduced motion/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('basic: a load carries the value into the private copy, a lost update knocks an increment off', async () => {
    const { page, errors } = await open(app.moving.context, `${app.server.url}?lesson=racy-counter`);
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

  test('aqs: an interrupt lamp flashes on the thread and its node; nodes come and go', async () => {
    const { page, errors } = await open(app.moving.context, `${app.server.url}?scenario=aqs/interrupt-head`);
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

describe('motion in the embassy view', () => {
  test('tickets make it fair: tasks and wakers move, and every step ends where the still page stands', async () => {
    const url = `${app.server.url}?lesson=tickets-make-it-fair`;
    const m = await open(app.moving.context, url);
    const s = await open(app.still.context, url);
    for (const p of [m.page, s.page]) {
      await p.setViewportSize({ width: 1440, height: 900 });
      await lane(p, 't0').waitFor({ timeout: 15000 });
    }
    const view = 'embassy-view';
    for (const p of [m.page, s.page]) await viewOf(p, view); // loaded lazily: before the first step
    const names = ['t0', 't1', 't2', 'holder'];
    const start = Number(/(\d+)/.exec(await stepCount(s.page).innerText())?.[1] ?? 0);
    const moves = [];
    let n = start;
    for (let k = 0; k < 40; k++) {
      const who = await firstEnabled(s.page, names);
      if (who < 0) break;
      n++;
      moves.push(...(await pressBoth(m, s, view, String(who + 1), n)));
    }
    assert.ok(n > start + 20, `the run went on: ${n}`);
    // holder's release wakes t2: t2's token moves into the run queue, then into "now polling"
    assert.ok(
      moves.some((x) => / move:task:t2$/.test(x)),
      `t2's token moves: ${moves.filter((x) => x.includes('task:')).join(', ')}`,
    );
    assert.ok(
      moves.some((x) => / fx:wakes:t2$/.test(x)),
      'the wake count of t2 flashes',
    );
    assert.ok(
      moves.some((x) => / (move|enter):waker:t2$/.test(x)),
      `t2's waker leaves the deque for home: ${moves.filter((x) => x.includes('waker:')).join(', ')}`,
    );
    // back: in reverse, ending where the still page stands
    for (let k = 0; k < 3; k++) {
      n--;
      await pressBoth(m, s, view, 'ArrowLeft', n, 'back');
    }
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
      const { page, errors } = await open(app.moving.context, url);
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

describe('motion, rtos', () => {
  // wake-by-priority stepped by whoever can move: T1 and T2 go onto the delayed list, T3 pends
  // and its token goes into sem's wait set (its lamp lights), T1 and T2 follow, and Poster's
  // three posts carry T1, T2, T3 back out (lamps going dark) to the processor and to done.
  // After every step the moving page ends where the still page stands, and the still page
  // (reduced motion) runs no animation at all.
  test('wake-by-priority: tokens travel between the places and lamps flash; final geometry equals the still page', async () => {
    const url = `${app.server.url}?scenario=rtos/wake-by-priority`;
    const m = await open(app.moving.context, url);
    const s = await open(app.still.context, url);
    const names = ['T3', 'T1', 'T2', 'Poster'];
    for (const p of [m.page, s.page]) {
      await p.setViewportSize({ width: 1440, height: 900 });
      await lane(p, 'T1').waitFor({ timeout: 15000 });
    }
    const view = 'rtos-view';
    for (const p of [m.page, s.page]) await viewOf(p, view); // loaded lazily: before the first step
    const moves = [];
    let n = Number(/(\d+)/.exec(await stepCount(s.page).innerText())?.[1] ?? 0);
    for (;;) {
      const next = await firstEnabled(s.page, names);
      if (next < 0) break;
      n++;
      moves.push(...(await pressBoth(m, s, view, String(next + 1), n)));
      assert.ok(n < 120, 'the run ends');
    }
    assert.equal(n, 69, 'wake-by-priority ends at step 69');
    const at = (re) => moves.filter((x) => re.test(x)).map((x) => Number(x.split(' ')[0]));
    // each waiter's lamp in sem's wait mask lights when it pends and goes dark when posted
    for (const [task, bit] of [
      ['T1', 0],
      ['T2', 1],
      ['T3', 2],
    ])
      assert.equal(
        at(new RegExp(` fx:lamp:sem:${bit}$`)).length,
        2,
        `${task}'s lamp (bit ${bit}) lights and goes dark`,
      );
    // the posts clear bit 0 (T1) first, then 1 (T2), then 2 (T3)
    const dark = [0, 1, 2].map((bit) => at(new RegExp(` fx:lamp:sem:${bit}$`))[1]);
    assert.ok(dark[0] < dark[1] && dark[1] < dark[2], `posted in the order T1, T2, T3: ${dark}`);
    // the timeline: each new step's cells fade in; once 32 steps fill the window, they slide left
    assert.ok(at(/ enter:cell:T1:5$/).includes(5), 'step 5 appears in the timeline at step 5');
    assert.ok(at(/ move:cell:T3:40$/).includes(41), 'a full window slides: step 40 moves at step 41');
    // T1's token: onto the processor, the delayed list, the processor, sem's wait set, and out
    assert.ok(at(/ move:task:T1$/).length >= 4, `T1's token travels: ${at(/ move:task:T1$/)}`);
    assert.deepEqual(m.errors, []);
    assert.deepEqual(s.errors, []);
    await m.page.close();
    await s.page.close();
  });

  test('signal-or-lock: a raised handler takes the processor; the inherited priority comes from the donor', async () => {
    const { page, errors } = await open(app.moving.context, `${app.server.url}?lesson=signal-or-lock`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await lane(page, 'Logger').waitFor({ timeout: 15000 });
    const view = 'rtos-view';
    await viewOf(page, view); // loaded lazily: before the first step
    let n = Number(/(\d+)/.exec(await stepCount(page).innerText())?.[1] ?? 0);
    const press = async (key) => {
      await pressAndWait(page, key, ++n);
      const moves = (await motionLast(page, view)).moves;
      await settled(page);
      return moves;
    };
    for (let k = 0; k < 6; k++) await press('2'); // Logger takes port
    const raised = await press('3'); // raise Uart
    // raised, Uart takes the processor at once: its token appears there and Logger's moves off it
    assert.ok(raised.includes('enter:task:Uart') && raised.includes('move:task:Logger'), `${raised}`);
    // Uart runs and wakes Reader; Reader asks for port: its step that lends Logger priority 1
    let inherited = null;
    for (let k = 0; k < 30 && !inherited; k++) {
      const key = (await lane(page, 'Uart').getByTestId('step').isEnabled()) ? '3' : '1';
      const moves = await press(key);
      if (await page.getByTestId('inherited-Logger').count()) inherited = moves;
    }
    assert.ok(inherited, 'Logger inherits a priority');
    assert.ok(inherited.includes('enter:prio:Logger'), `the inherited priority enters: ${inherited}`);
    assert.match(
      await page.getByTestId('inherited-Logger').innerText(),
      /runs at -?1, inherited from Reader/,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});
