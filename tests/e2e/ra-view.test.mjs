// The store history under ra in headless Chromium (issue 23, part 5): the MP
// litmus test (tests/scenarios/<engine>/litmus/mp.yaml) opened under ?memory=ra shows
// each cell's stores in modification order with every thread's view on
// them; after A's two stores and B's read of the flag, B's next load of data
// may read two stores, and the learner picks the stale initial one with a
// click in B's lane and, in a second run, with the keys r 2 0.  Both times
// the narration says which store B read and which newer one it passed over,
// the panel draws the reads-from edge, and the run ends with the outcome
// sequential consistency cannot give (B saw the flag and not the data).  The
// schedule holds the choice (<B:0), the share URL reloads to the same state,
// and there the trace and the sequence diagram say which store B read.
// Screenshots at 1440x900 and 390x844 in both languages go to
// build/test-output/ra-*.png.
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
const MP = `?scenario=${litmusId('mp')}&memory=ra`;
const STALE = /B read data = 0, the initial value, though A stored 1 at step 1\./;

const text = async (locator) => clean(await locator.innerText());
const history = (page) => page.getByTestId('store-history');

/** A steps twice (data = 1, then flag = 1), B reads the flag: its next load of data may read 0 or 1. */
async function upToThePick(page) {
  await lane(page, 'A').waitFor({ timeout: 15000 });
  await history(page).waitFor({ timeout: 10000 });
  await stepActor(page, 'A');
  await stepActor(page, 'A');
  await stepActor(page, 'B');
  await waitForText(page.getByTestId('narration'), /B read flag: 1\./, 5000);
}

/** What the learner sees after B read the stale data: the words, the edge, the outcome. */
async function staleSeen(page) {
  await waitForText(page.getByTestId('narration'), STALE, 5000);
  const initial = page.getByTestId('history-data-0');
  assert.equal(await initial.getAttribute('data-read'), 'B', 'the reads-from edge ends at the initial store');
  assert.match(await text(initial.getByTestId('reads-from')), /B read/);
  assert.equal(await page.getByTestId('history-data-1').getAttribute('data-read'), null);
  // stale.seen == 0 fails: B saw the flag set and the old data, which sc forbids
  await waitForText(page.getByTestId('outcome'), /stale\.seen/, 10000);
  // the schedule holds the choice as <B:0, and the address holds the schedule
  await waitForText(page.getByTestId('schedule'), /^v3: A A B <B:0$/, 5000);
  // the address follows a moment after the step: wait for it to hold the pick (step 4), not the run before it
  await until(async () => new URL(page.url()).searchParams.get('step') === '4', 'the pick in the address');
}

describe('the store history under ra', () => {
  test('the learner picks the stale store with a click in the lane; the address restores it', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}${MP}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await upToThePick(page);

    // the panel: data's two stores in modification order, each view marked, both readable by B
    const data = page.getByTestId('history-data');
    assert.match(await text(page.getByTestId('history-data-0')), /^0 0 initial/);
    assert.match(await text(page.getByTestId('history-data-1')), /^1 1 A, step 1 · relaxed/);
    assert.equal(await page.getByTestId('history-data-0').getAttribute('data-readable'), 'B');
    assert.equal(await page.getByTestId('history-data-1').getAttribute('data-readable'), 'B');
    assert.match(
      await page.getByTestId('history-data-0').getByTestId('views').innerText(),
      /B may read from here on/,
    );
    assert.match(await text(data.getByTestId('read-panel-B')), /read 0 \(initial\).*read 1 \(A, step 1\)/);
    // the flag's edge: B's load just read A's store 1
    assert.equal(await page.getByTestId('history-flag-1').getAttribute('data-read'), 'B');

    // B's lane offers both stores, each button said in full
    const pick = lane(page, 'B').getByTestId('read-B-0');
    assert.equal(await text(pick), 'read 0 (initial) = 0');
    assert.equal(await pick.getAttribute('aria-label'), 'B’s next load of data reads store 0: 0 (initial)');
    assert.match(
      await text(lane(page, 'B').getByTestId('read-lane-B')),
      /Keys: r, then 2, then the store’s number\./,
    );
    assert.equal(await lane(page, 'A').getByTestId('read-lane-A').count(), 0, 'A has no load to pick for');
    await screenshot(page, 'ra-pick-1440-en');

    await take(page, pick, "B's read of store 0");
    await staleSeen(page);
    assert.equal(await lane(page, 'B').getByTestId('read-lane-B').count(), 0, 'no pick once B is done');
    await screenshot(page, 'ra-stale-1440-en');

    // the share URL replays the choice to the same state
    const address = page.url();
    assert.equal(new URL(address).searchParams.get('memory'), 'ra');
    const again = await open(app.chrome.context, address);
    await again.page.setViewportSize({ width: 1440, height: 900 });
    await lane(again.page, 'A').waitFor({ timeout: 15000 });
    await until(async () => (await stepOf(again.page)) === 4, 'the restored run at step 4');
    await history(again.page).waitFor({ timeout: 10000 });
    await staleSeen(again.page);
    // the trace and the sequence diagram say which store B's load read
    await again.page.getByTestId('tab-trace').click();
    const row = again.page.getByTestId('trace-row').filter({ hasText: 'read store 0' });
    await row.first().waitFor({ timeout: 8000 });
    assert.match(
      clean(await row.first().innerText()),
      /read store 0 \(initial\), not the newest \(1, A at step 1\)/,
    );
    await again.page.getByTestId('tab-diagram').click();
    await waitForText(
      again.page.getByTestId('tabpanel-diagram'),
      /reads an older store: 0 \(initial\), not 1 from A at step 1/,
      15000,
    );
    await screenshot(again.page, 'ra-diagram-1440-en');
    // the source view marks the line of B's load with the store it read
    await again.page.getByTestId('tab-source').click();
    await waitForText(
      again.page.getByTestId('source-read'),
      /B read data = 0, the initial value, though A stored 1 at step 1/,
      15000,
    );
    await screenshot(again.page, 'ra-source-1440-en');
    assert.deepEqual([...errors, ...again.errors], []);
    await again.page.close();
    await page.close();
  });

  test('the keys r 2 0 make B read the initial data; the keys list says so', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}${MP}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    for (const k of ['1', '1', '2']) await pressStep(page, [k], `key ${k}`);
    await lane(page, 'B').getByTestId('read-B-0').waitFor({ timeout: 5000 });
    await pressStep(page, ['r', '2', '0'], 'the keys r 2 0');
    await staleSeen(page);

    await page.keyboard.press('?');
    const keys = page.getByTestId('keys');
    await keys.waitFor({ timeout: 5000 });
    assert.match(
      await text(keys),
      /r, 1 – 9, 0 – 9 r, thread N, store K: thread N’s next load reads store K \(under ra\)/,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const lang of ['en', 'zh-CN'])
    test(`the panel and the lane's picks fit at 1440 and 390 px (${lang})`, async () => {
      await atBothSizes(
        app,
        `${app.server.url}${MP}&lang=${lang}&schedule=v3%3A%20A%20A%20B&step=3`,
        async (page, { width, phone }) => {
          await lane(page, 'B').getByTestId('read-B-0').waitFor({ timeout: 15000 });
          for (const target of [history(page), lane(page, 'B').getByTestId('read-lane-B')]) {
            const box = await target.boundingBox();
            assert.ok(box.x >= 0 && box.x + box.width <= width + 1, `it fits in ${width} px`);
          }
          // every pick stays inside B's lane (a narrow lane wraps a pick's words)
          const inside = await lane(page, 'B').boundingBox();
          for (const k of [0, 1]) {
            const box = await lane(page, 'B').getByTestId(`read-B-${k}`).boundingBox();
            assert.ok(
              box.x >= inside.x && box.x + box.width <= inside.x + inside.width + 1,
              `read ${k} fits in B's lane at ${width} px`,
            );
          }
          const pick = lane(page, 'B').getByTestId('read-B-1');
          if (!phone) assert.ok((await pick.boundingBox()).height < 40, `a pick is one line at ${width} px`);
          if (lang === 'zh-CN') {
            assert.equal(
              await pick.getAttribute('aria-label'),
              'B 下一次读取 data 时读第 1 次写入：1（A，第 1 步）',
            );
            assert.equal(await text(pick), '读 1（A，第 1 步） = 1');
          }
          await screenshot(page, `ra-lane-${width}-${lang}`);
          await history(page).scrollIntoViewIfNeeded();
          await screenshot(page, `ra-history-${width}-${lang}`);
        },
      );
    });
});
