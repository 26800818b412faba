// The rtos engine in the browser: a learner can take every choice its lessons need.  An
// interrupt handler not raised says so and its lane's button raises it; the tick has a button
// of its own (and the key T) when the model offers it.  Lessons 28 (raise) and 29 (tick) are
// won by clicking, and the view's places follow the run.
import { describe, test } from 'node:test';
import { playByKeys, usePlan } from './plans.mjs';
import assert from 'node:assert/strict';
import {
  clean,
  lane,
  open,
  screenshot,
  stepOf,
  take,
  until,
  openEmbed,
  useApp,
  waitForText,
} from './harness.mjs';
import {
  useMotion,
  openBoth,
  stepCount,
  viewOf,
  motionLast,
  settled,
  pressAndWait,
  pressBoth,
  firstEnabled,
} from './motion.mjs';

const app = useApp();
const motion = useMotion();

/** Steps the first of `names` that can move; false when none can. */
async function stepFirst(page, names) {
  for (const n of names) {
    const b = lane(page, n).getByTestId('step');
    if (await b.isEnabled()) {
      await take(page, b, n);
      return true;
    }
  }
  return false;
}

describe('rtos choices in the browser', () => {
  test('signal-or-lock (lesson 28): Uart is "not raised", its button raises it, and the goal is reached by clicking', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=signal-or-lock`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await lane(page, 'Logger').waitFor({ timeout: 15000 });
    const uart = lane(page, 'Uart');
    await waitForText(uart.getByTestId('status'), /not raised/, 8000);
    assert.equal(clean(await uart.getByTestId('step').innerText()), 'Raise Uart 3');
    assert.equal(await uart.getByTestId('step').isEnabled(), true);
    assert.equal(await uart.getByTestId('step-over').isEnabled(), false);
    // Logger takes port and enters its critical section (the starting schedule made Reader wait)
    for (let k = 0; k < 6; k++) await take(page, lane(page, 'Logger').getByTestId('step'), 'Logger');
    await take(page, uart.getByTestId('step'), 'raising Uart');
    await waitForText(uart.getByTestId('status'), /running/, 8000);
    assert.match(clean(await uart.getByTestId('step').innerText()), /^Step Uart/);
    for (let i = 0; i < 40 && (await page.getByTestId('goal-banner').count()) === 0; i++)
      assert.ok(await stepFirst(page, ['Uart', 'Reader', 'Logger']), 'somebody can move');
    await waitForText(page.getByTestId('goal-banner'), /Goal reached/, 8000);
    // the view at the goal: port is Reader's already, out of its wait set, and Logger, still on
    // the processor, has yet to wake it (the kernel still has Reader blocked)
    assert.match(clean(await page.locator('[data-object="port"]').innerText()), /held by Reader/);
    const places = clean(await page.getByTestId('rtos-places').innerText());
    assert.equal(
      await page.locator('[data-place="blocked"] [data-testid="token-Reader"]').count(),
      1,
      places,
    );
    // held++, is it blocked?, ready, unpark: then it is ready, and runs once Logger is done
    const readyReader = page.locator('[data-place="ready"] [data-testid="token-Reader"]');
    for (let k = 0; k < 3; k++) await take(page, lane(page, 'Logger').getByTestId('step'), 'Logger');
    assert.equal(await readyReader.count(), 1, 'woken: ready');
    assert.equal(await page.locator('[data-place="running"] [data-testid="token-Logger"]').count(), 1);
    await screenshot(page, 'rtos-lesson-31-won');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the-signed-count (lesson 29): the tick button hands the processor over, and the count reaches -2', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=the-signed-count`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await lane(page, 'A').waitFor({ timeout: 15000 });
    const tick = page.getByTestId('tick');
    // the first tick may fall at once; A pends and takes the unit, and once it unmasks the tick
    // may fall again
    await until(async () => (await tick.count()) > 0, 'the tick button');
    await take(page, lane(page, 'A').getByTestId('step'), 'A');
    // the button stays, disabled, and says why (issue 24, item 13)
    assert.equal(await tick.isEnabled(), false, 'no tick while A masks interrupts');
    await waitForText(
      page.getByTestId('tick-why-not'),
      'No tick now: interrupts are masked (A is in a critical section).',
      8000,
    );
    for (let k = 0; k < 6 && !(await tick.isEnabled()); k++)
      await take(page, lane(page, 'A').getByTestId('step'), 'A');
    assert.equal(await page.getByTestId('count-sem').innerText(), '0');
    await take(page, tick, 'the tick');
    // the machine's choice has a sentence of its own (issue 24, item 3)
    await waitForText(
      page.getByTestId('narration'),
      /^Step \d+: The tick fell at \d+ ms: the scheduler looks again/,
      4000,
    );
    assert.equal(await lane(page, 'B').getByTestId('step').isEnabled(), true, 'B has the processor');
    for (let i = 0; i < 30 && (await page.getByTestId('goal-banner').count()) === 0; i++)
      assert.ok(await stepFirst(page, ['B', 'C', 'A']), 'somebody can move');
    await waitForText(page.getByTestId('goal-banner'), /Goal reached/, 8000);
    assert.equal(await page.getByTestId('count-sem').innerText(), '-2');
    // the narration reads the count with its type, as the view does (item 5): -2, not 65534
    assert.match(
      clean(await page.getByTestId('narration').innerText()),
      /C, count--: negative, one more task waiting — wrote -2 to sem \(it was -1\)/,
    );
    // "What happened" quotes the step that reached the goal, not B's earlier beat (item 6)
    const goalAt = await stepOf(page);
    assert.equal(
      clean(await page.getByTestId('goal-moment').innerText()),
      `Step ${goalAt}: C, count--: negative, one more task waiting — wrote -2 to sem (it was -1).`,
    );
    // the goal falls at C's decrement, one step before C sets its bit: the count says two wait,
    // the mask still shows one
    assert.match(clean(await page.locator('[data-object="sem"]').innerText()), /waiting here: B B$/);
    await screenshot(page, 'rtos-lesson-32-won');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the "Who ran" chart has a step axis and marks the step the learner stands at', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=the-signed-count`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await lane(page, 'A').waitFor({ timeout: 15000 });
    for (let k = 0; k < 3; k++) await take(page, lane(page, 'A').getByTestId('step'), 'A');
    const axis = page.getByTestId('rtos-axis');
    const step = await stepOf(page);
    await waitForText(axis.locator('td[data-now="1"]'), String(step), 8000);
    assert.equal(await axis.locator('td[data-now="1"]').getAttribute('data-step'), String(step));
    assert.match(
      clean(await page.getByTestId('rtos-timeline-how').innerText()),
      new RegExp(`the outlined column is step ${step}, where you stand`),
    );
    // back in time: the mark follows the learner
    await page.keyboard.press('ArrowLeft');
    await waitForText(axis.locator('td[data-now="1"]'), String(step - 1), 8000);
    await screenshot(page, 'rtos-axis');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

// ---- in the embed (was in tests/e2e/embed.test.mjs) ----
// The embed offers the tick, by its button and its key T: lesson 29 is won inside it by the keys `lockstep check`'s run asks for (plans.mjs).
describe('the embed offers the app’s moves', () => {
  const planned = usePlan('rtos/05-the-signed-count.md');

  test('lesson 29, which needs the tick, is won in the embed by keys (t, Shift+N, N)', async () => {
    assert.ok(
      planned.p.actions.some((a) => a.keys.includes('t')),
      'the lesson’s run lets the tick fall (else this test proves nothing)',
    );
    const { page, errors } = await openEmbed(app, planned.p.id, 1440, 900);
    // the rtos kernel's actors are tasks, and the page says so
    await waitForText(page.getByTestId('narration'), /^A count below zero is ready\. 3 tasks\./, 8000);
    assert.match(clean(await page.getByTestId('lesson-panel').innerText()), /Step the tasks\./);
    assert.doesNotMatch(clean(await page.getByTestId('embed').innerText()), /thread/i);
    await playByKeys(page, planned.p);
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
    const { page, errors } = await openEmbed(app, planned.p.id, 390, 844);
    let clicked = 0;
    await playByKeys(page, planned.p, async (a) => {
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
});

// ---- motion (from tests/e2e/motion.test.mjs; helpers in tests/e2e/motion.mjs) ----
describe('motion, rtos', () => {
  // wake-by-priority stepped by whoever can move: T1 and T2 go onto the delayed list, T3 pends
  // and its token goes into sem's wait set (its lamp lights), T1 and T2 follow, and Poster's
  // three posts carry T1, T2, T3 back out (lamps going dark) to the processor and to done.
  // After every step the moving page ends where the still page stands, and the still page
  // (reduced motion) runs no animation at all.
  test('wake-by-priority: tokens travel between the places and lamps flash; final geometry equals the still page', async () => {
    const url = `${app.server.url}?scenario=rtos/wake-by-priority`;
    const view = 'rtos-view';
    const { m, s } = await openBoth(motion, url, 'T1', view);
    const names = ['T3', 'T1', 'T2', 'Poster'];
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
    const { page, errors } = await open(motion.moving.context, `${app.server.url}?lesson=signal-or-lock`);
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
