// The parking_lot engine's flagship lesson, the lost wakeup, won: Shift+N wins it in a handful
// of actions, saved as the learner's; the replay under correct follows the same order past the
// parting to the end (was in tests/e2e/learner.test.mjs, then tests/e2e/parking_lot.test.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clean,
  inView,
  lane,
  open,
  pressMoving as press,
  screenshot,
  stepOf,
  useApp,
  waitForText,
} from '../harness.mjs';
import { stepCount } from '../motion.mjs';

const app = useApp();

const expectText = (locator, want, timeout = 10000) => waitForText(locator, want, timeout);

/** The flagship's solution, taken with Shift+N where a thread only spins: returns the learner's actions. */
async function winFlagship(page) {
  let actions = 0;
  const act = async (key) => {
    await press(page, key);
    actions++;
  };
  await act('1'); // A locks m: one CAS
  await act('Shift+Digit2'); // B's CAS fails, it spins its rounds, stops before setting PARKED
  await expectText(lane(page, 'B').getByTestId('action'), 'CAS state 01 → 11');
  for (let i = 0; i < 3; i++) await act('2'); // set PARKED, reset the parker, validate outside the lock
  // the lesson's newest words: in the narration line, and in view in the column's history
  await expectText(page.getByTestId('narration-lesson'), /This is the window/);
  await expectText(page.getByTestId('lesson-beat').last(), /This is the window/);
  assert.ok(await inView(page, page.getByTestId('lesson-beat').last()), 'the newest beat in view');
  for (let i = 0; i < 20 && (await page.getByTestId('goal-banner').count()) === 0; i++) {
    // A unlocks before B queues; then whoever can move, A first
    const a = await lane(page, 'A').getByTestId('step').isEnabled();
    await act(a ? '1' : '2');
  }
  return actions;
}

describe('the flagship’s payoff', () => {
  test('won in at most 15 learner actions with Shift+N; saved as the learner’s', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=lost-wakeup`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    const actions = await winFlagship(page);
    const banner = page.getByTestId('goal-banner');
    await expectText(banner, /Goal reached in \d+ steps!/);
    assert.equal(await banner.getAttribute('data-by'), 'learner');
    assert.ok(actions >= 5 && actions <= 15, `learner actions: ${actions}`);
    await expectText(page.getByTestId('goal-saved'), /Saved to your progress/);
    console.log(`# flagship won in ${actions} learner actions`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('replay under correct follows the same order past the parting: B’s refused sleep, its retry, both finish', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=lost-wakeup`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await winFlagship(page);
    await page.getByTestId('replay-correct').click();
    const diff = page.getByTestId('variant-diff');
    await expectText(diff, /From step \d+ the variants differ/);
    await expectText(page.getByTestId('variant-followed'), /followed the same order of threads/);
    await expectText(
      page.getByTestId('variant-decision'),
      /validate passed under validate_outside.*validate failed under correct/,
    );
    // the learner stands where B's validate fails under the bucket lock: marked on the timeline and in B's lane
    const at = await stepOf(page);
    await expectText(
      lane(page, 'B').getByTestId('lane-parting'),
      `⇄ Step ${at}: under correct, B decides differently here: validate failed.`,
    );
    const mark = page.locator(`[data-testid="timeline-mark"][data-step="${at}"]`);
    assert.ok((await mark.boundingBox()).width > 0, 'a visible mark on the timeline');
    await screenshot(page, 'learner-replay-correct');
    // the rest of the run: B refuses to sleep (validate fails under the bucket lock), retries, both finish
    const total = Number(/of (\d+)/.exec(clean(await stepCount(page).innerText()))[1]);
    await page.getByTestId('step-bar').fill(String(total));
    await expectText(stepCount(page), `step ${total}`);
    await expectText(page.getByTestId('outcome'), /Finished/);
    await expectText(lane(page, 'A').getByTestId('status'), /finished/);
    await expectText(lane(page, 'B').getByTestId('status'), /finished/);
    await page.getByTestId('tab-trace').click();
    await expectText(page.getByTestId('tabpanel-trace'), /validate failed/);
    assert.equal(await page.getByTestId('goal-banner').count(), 0);
    // Ctrl+Z: back to the learner's own winning run under validate_outside
    await page.keyboard.press('Control+z');
    await page.getByTestId('goal-banner').waitFor();
    assert.equal(
      await page.getByTestId('variant-switch').locator('[aria-checked="true"]').getAttribute('data-variant'),
      'validate_outside',
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});
