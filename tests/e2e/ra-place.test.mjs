// Placing a store before the end of its cell's modification order under ra
// in headless Chromium (issue 23, 2+2W): the 2+2W litmus test
// (tests/scenarios/<engine>/litmus/2plus2w.yaml) opened under ?memory=ra.  After A's
// two stores and B's store of y, B's next store of x may go before A's store
// (place 1) or at the end; the learner places it before with a click in B's
// lane, and, in a second run, with the keys p 2 1.  Both threads then read
// back 2, the outcome sequential consistency cannot give; the narration says
// where the store went, the store-history panel marks it, the schedule holds
// the choice (>B:1), and the share URL reloads to the same state, where the
// trace and the sequence diagram say it too.  Screenshots at 1440x900 and
// 390x844 in both languages go to build/test-output/ra-place-*.png.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clean,
  lane,
  open,
  pressStep,
  screenshot,
  stepOf,
  take,
  until,
  useApp,
  waitForText,
  litmusId,
  atBothSizes,
  stepActor,
} from './harness.mjs';

const app = useApp();
const TWO_TWO = `?scenario=${litmusId('2plus2w')}&memory=ra`;
const PLACED =
  /B stored 1 to x, placed before A’s store of 2 \(step 1\): it comes earlier in x’s order, so x still holds 2\./;

const text = async (locator) => clean(await locator.innerText());
const history = (page) => page.getByTestId('store-history');

/** A stores x = 2 and y = 1, B stores y = 2 at the end: B's next store, of x, may go before A's. */
async function upToThePlace(page) {
  await lane(page, 'A').waitFor({ timeout: 15000 });
  await history(page).waitFor({ timeout: 10000 });
  await stepActor(page, 'A');
  await stepActor(page, 'A');
  await stepActor(page, 'B');
  await lane(page, 'B').getByTestId('place-B-1').waitFor({ timeout: 5000 });
}

/** After the place: x's order is 0, B's 1, A's 2, and the panel says where B's store went. */
async function placedSeen(page) {
  const placed = page.getByTestId('history-x-1');
  await until(
    async () => (await placed.getAttribute('data-placed')) === 'yes',
    'the placed store in the panel',
  );
  assert.match(await text(placed), /^1 1 B, step 4 · relaxed/);
  assert.equal(await text(placed.getByTestId('placed-before')), 'placed before A, step 1');
  assert.match(await text(page.getByTestId('history-x-2')), /^2 2 A, step 1 · relaxed/);
}

/** B and A read back their last cells: both 2, the outcome 2+2W is about. */
async function bothLost(page) {
  await stepActor(page, 'B');
  await stepActor(page, 'A');
  await waitForText(page.getByTestId('outcome'), /both_lost\.seen/, 10000);
  await waitForText(page.getByTestId('schedule'), /^v3: A A B >B:1 B A$/, 5000);
  await until(async () => new URL(page.url()).searchParams.get('step') === '6', 'the run in the address');
}

describe('placing a store under ra (2+2W)', () => {
  test('the learner places B’s store of x before A’s with a click; the address restores it', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}${TWO_TWO}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await upToThePlace(page);

    // B's lane and the panel offer both places, each button said in full
    const before = lane(page, 'B').getByTestId('place-B-1');
    assert.equal(await text(before), 'before 1 (A, step 1) = 2');
    assert.equal(
      await before.getAttribute('aria-label'),
      'B’s next store to x goes before store 1: 2 (A, step 1)',
    );
    assert.equal(await text(lane(page, 'B').getByTestId('place-B-2')), 'at the end (2)');
    assert.match(
      await text(lane(page, 'B').getByTestId('place-lane-B')),
      /B’s next store to x may go:.*Keys: p, then 2, then the place’s number\./,
    );
    assert.match(
      await text(page.getByTestId('history-x').getByTestId('place-panel-B')),
      /before 1 \(A, step 1\) = 2 at the end \(2\)/,
    );
    await screenshot(page, 'ra-place-pick-1440-en');

    await take(page, before, "B's store placed before A's");
    await waitForText(page.getByTestId('narration'), PLACED, 5000);
    await placedSeen(page);
    await bothLost(page);
    await screenshot(page, 'ra-place-done-1440-en');

    // the share URL replays the place to the same state
    const address = page.url();
    assert.equal(new URL(address).searchParams.get('memory'), 'ra');
    const again = await open(app.chrome.context, address);
    await again.page.setViewportSize({ width: 1440, height: 900 });
    await lane(again.page, 'A').waitFor({ timeout: 15000 });
    await until(async () => (await stepOf(again.page)) === 6, 'the restored run at step 6');
    await history(again.page).waitFor({ timeout: 10000 });
    await placedSeen(again.page);
    await waitForText(again.page.getByTestId('outcome'), /both_lost\.seen/, 10000);
    await waitForText(again.page.getByTestId('schedule'), /^v3: A A B >B:1 B A$/, 5000);
    // the trace and the sequence diagram say where B's store went
    await again.page.getByTestId('tab-trace').click();
    const row = again.page.getByTestId('trace-row').filter({ hasText: 'placed before' });
    await row.first().waitFor({ timeout: 8000 });
    assert.match(clean(await row.first().innerText()), /placed before A’s store of 2 \(step 1\)/);
    await again.page.getByTestId('tab-diagram').click();
    await waitForText(
      again.page.getByTestId('tabpanel-diagram'),
      /placed before A’s store of 2 \(step 1\)/,
      15000,
    );
    await screenshot(again.page, 'ra-place-diagram-1440-en');
    assert.deepEqual([...errors, ...again.errors], []);
    await again.page.close();
    await page.close();
  });

  test('the keys p 2 1 place B’s store before A’s; the keys list says so', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}${TWO_TWO}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    for (const k of ['1', '1', '2']) await pressStep(page, [k], `key ${k}`);
    await lane(page, 'B').getByTestId('place-B-1').waitFor({ timeout: 5000 });
    await pressStep(page, ['p', '2', '1'], 'the keys p 2 1');
    await waitForText(page.getByTestId('narration'), PLACED, 5000);
    await placedSeen(page);
    await bothLost(page);
    await page.keyboard.press('?');
    const keys = page.getByTestId('keys');
    await keys.waitFor({ timeout: 5000 });
    assert.match(
      await text(keys),
      /p, 1 – 9, 0 – 9 p, thread N, place K: thread N’s next store takes place K of its cell’s order \(under ra\)/,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const lang of ['en', 'zh-CN'])
    test(`the place picks and the placed store fit at 1440 and 390 px (${lang})`, async () => {
      await atBothSizes(
        app,
        `${app.server.url}${TWO_TWO}&lang=${lang}&schedule=v3%3A%20A%20A%20B&step=3`,
        async (page, { width }) => {
          const pick = lane(page, 'B').getByTestId('place-B-1');
          await pick.waitFor({ timeout: 15000 });
          for (const target of [history(page), lane(page, 'B').getByTestId('place-lane-B')]) {
            const box = await target.boundingBox();
            assert.ok(box.x >= 0 && box.x + box.width <= width + 1, `it fits in ${width} px`);
          }
          const inside = await lane(page, 'B').boundingBox();
          for (const k of [1, 2]) {
            const box = await lane(page, 'B').getByTestId(`place-B-${k}`).boundingBox();
            assert.ok(
              box.x >= inside.x && box.x + box.width <= inside.x + inside.width + 1,
              `place ${k} fits in B's lane at ${width} px`,
            );
          }
          if (lang === 'zh-CN') {
            assert.equal(
              await pick.getAttribute('aria-label'),
              'B 下一次对 x 的写入排在第 1 次写入之前：2（A，第 1 步）',
            );
            assert.equal(await text(pick), '第 1 次之前（A，第 1 步） = 2');
          }
          await screenshot(page, `ra-place-lane-${width}-${lang}`);
          await take(page, pick, "B's store placed before A's");
          await until(
            async () => (await page.getByTestId('history-x-1').getAttribute('data-placed')) === 'yes',
            'the placed store',
          );
          if (lang === 'zh-CN')
            assert.equal(
              await text(page.getByTestId('history-x-1').getByTestId('placed-before')),
              '排在（A，第 1 步）之前',
            );
          const placed = await page.getByTestId('history-x-1').boundingBox();
          assert.ok(
            placed.x >= 0 && placed.x + placed.width <= width + 1,
            `the placed store fits in ${width} px`,
          );
          await history(page).scrollIntoViewIfNeeded();
          await screenshot(page, `ra-place-history-${width}-${lang}`);
        },
      );
    });
});
