// The embassy engine in the browser: cancellation is the learner's choice.  A task pending at
// an await point offers "Drop its future"; lesson 24 (the cancelled head) is won by clicking:
// main releases, waking A, the head of the queue; A's future is dropped before it runs; under
// fair_cancel_bug nobody wakes B although a permit is free.  And the view draws a
// PubSubChannel's insides: its queue, its subscribers and its two waker lists.  Under
// ra, a OnceLock's two atomic cells each have a store history named by its field (from
// tests/e2e/ra-view.test.mjs).
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
import { useMotion, openBoth, stepCount, pressBoth, firstEnabled } from './motion.mjs';

const app = useApp();
const motion = useMotion();

describe('embassy choices in the browser', () => {
  test('lesson 24: A is dropped by a click, B waits forever with a permit free', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=cancelled-head`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await lane(page, 'main').waitFor({ timeout: 15000 });
    const a = lane(page, 'A');
    // the lesson opens on its story, not on the last set-up step's engine detail (issue 24, item 15)
    const opening =
      /^The cancelled head: main took the only permit; A queued first \(ticket 0\) and B one millisecond later \(ticket 1\)\./;
    await waitForText(page.getByTestId('narration'), opening, 4000);
    assert.match(
      clean(await page.getByTestId('lesson-setup').innerText()),
      /^main took the only permit; A queued first/,
    );
    // A is pending at its acquire: its future may be dropped already
    assert.equal(await a.getByTestId('drop').count(), 1, 'A offers a drop while it is pending');
    assert.match(clean(await a.getByTestId('drop').innerText()), /^Drop A’s future d 1$/);
    // main's release: ten steps, the last wakes A (the head of the queue)
    for (let k = 0; k < 10; k++) await take(page, lane(page, 'main').getByTestId('step'), 'main');
    await take(page, a.getByTestId('drop'), 'dropping A');
    const dropStep = await stepOf(page);
    assert.equal(await a.getByTestId('drop').count(), 0, 'a dropped future cannot be dropped again');
    // the learner's move is narrated, said in A's lane, traced and drawn
    await waitForText(
      page.getByTestId('narration'),
      new RegExp(`^Step ${dropStep}: A’s future was dropped at its await point`),
      4000,
    );
    assert.match(
      clean(await a.getByTestId('lane-dropped').innerText()),
      new RegExp(`^✂ Step ${dropStep}: A’s future was dropped\\.`),
    );
    await page.getByTestId('tab-trace').click();
    const rows = page.getByTestId('trace-row').filter({ hasText: 'dropped' });
    await rows.first().waitFor({ timeout: 8000 });
    assert.equal(await rows.count(), 1, 'one trace row for the drop');
    assert.match(clean(await rows.first().innerText()), new RegExp(`^${dropStep}\\s+A\\s+A\\s+dropped`));
    await page.getByTestId('tab-diagram').click();
    await waitForText(page.getByTestId('tabpanel-diagram'), /✂ future dropped/, 8000);
    await screenshot(page, 'embassy-dropped');
    // the rest: main returns, A's drop logic runs
    for (let i = 0; i < 20 && (await page.getByTestId('goal-banner').count()) === 0; i++) {
      const next = (await lane(page, 'main').getByTestId('step').isEnabled()) ? 'main' : 'A';
      if (!(await lane(page, next).getByTestId('step').isEnabled())) break;
      await take(page, lane(page, next).getByTestId('step'), next);
    }
    await waitForText(page.getByTestId('goal-banner'), /Goal reached/, 8000);
    assert.match(clean(await lane(page, 'B').getByTestId('status').innerText()), /stuck|waits|blocked/i);
    // A's drop logic emptied its ticket: its waker has left the queue for its home row
    const deque = page.getByTestId('deque-s');
    assert.equal(await deque.getByTestId('waker-A').count(), 0, 'A’s waker is no longer in the queue');
    assert.equal(await deque.locator('li[data-hole="1"]').count(), 1, 'A’s slot is None');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('pubsub-lagged-drop at its end: the queue with its readers to go, the subscribers, main’s waker in the publishers’ list', async () => {
    const { page, errors } = await open(
      app.chrome.context,
      `${app.server.url}?scenario=embassy/pubsub-lagged-drop&schedule=${encodeURIComponent('v1:')}&step=123`,
    );
    await page.setViewportSize({ width: 1440, height: 900 });
    const view = page.getByTestId('embassy-view');
    await view.waitFor({ timeout: 15000 });
    await waitForText(page.getByTestId('step-count'), /^step 123/, 8000);
    const queue = view.getByTestId('queue-ch');
    const items = queue.locator('li');
    assert.equal(await items.count(), 2, 'cap 2, both full');
    assert.deepEqual(await items.evaluateAll((els) => els.map((e) => [e.dataset.id, e.dataset.remaining])), [
      ['1', '1'],
      ['2', '1'],
    ]);
    assert.match(clean(await items.first().innerText()), /#1\s*2\s*1 to read/);
    const readers = view.getByTestId('readers-ch').locator('li');
    assert.deepEqual(
      await readers.evaluateAll((els) => els.map((e) => [e.dataset.reader, e.dataset.next, e.dataset.lag])),
      [['fast', '3', '0']],
    );
    const pubs = view.getByTestId('list-ch-publisher_wakers');
    assert.equal(await pubs.getByTestId('waker-main').count(), 1, 'main’s waker sits in the list');
    assert.match(clean(await view.getByTestId('object-ch').innerText()), /publishers’ wakers \(room for 1\)/);
    assert.equal(await view.getByTestId('list-ch-subscriber_wakers').locator('li[data-task=""]').count(), 2);
    await view.getByTestId('object-ch').scrollIntoViewIfNeeded();
    await screenshot(page, 'embassy-pubsub');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('lesson 24 by the keyboard: d, then 1 drops task 1’s future; the keys list says so', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=cancelled-head`);
    await lane(page, 'main').waitFor({ timeout: 15000 });
    const press = async (key, what) => {
      const before = await stepOf(page);
      await page.keyboard.press(key);
      await until(async () => (await stepOf(page)) > before, `${what} after step ${before}`);
    };
    // main is the third lane: 3 steps it, ten times up to the wake of A
    for (let k = 0; k < 10; k++) await press('3', 'main');
    const at = await stepOf(page);
    // d alone does nothing yet; d, x forgets the d (x is no key): the next 1 steps A
    await page.keyboard.press('d');
    await page.keyboard.press('x');
    assert.equal(await stepOf(page), at, 'd, x takes no step');
    assert.equal(await lane(page, 'A').getByTestId('drop').count(), 1);
    await page.keyboard.press('d');
    await press('1', 'dropping A');
    assert.equal(await lane(page, 'A').getByTestId('drop').count(), 0, 'A’s future is dropped');
    assert.equal(await stepOf(page), at + 1, 'the drop is one choice');
    await page.keyboard.press('?');
    await waitForText(
      page.getByTestId('keys').locator('div', { hasText: 'd, 1 – 9' }),
      /drop task N’s future/,
      5000,
    );
    // the executor's actors are tasks: the keys list says so (read once its styles lay it
    // out: the dialog's chunk brings them, and before that its text runs together)
    await waitForText(page.getByTestId('keys'), /1 – 9 step task N \(or raise interrupt handler N\)/, 5000);
    assert.doesNotMatch(clean(await page.getByTestId('keys').innerText()), /thread/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const lang of ['en', 'zh-CN'])
    test(`the task table says what each column means, the waker column too (${lang})`, async () => {
      const { page, errors } = await open(
        app.chrome.context,
        `${app.server.url}?scenario=embassy/watch-herd&lang=${lang}`,
      );
      await page.setViewportSize({ width: 1440, height: 900 });
      const cols = page.getByTestId('embassy-columns');
      await cols.waitFor({ timeout: 15000 });
      await cols.locator('summary').click();
      const waker = clean(await cols.locator('[data-column="waker"]').innerText());
      const table = page.getByTestId('embassy-tasks');
      if (lang === 'en') {
        assert.match(waker, /^waker: the task’s waker when nobody holds it\./);
        assert.match(clean(await page.getByTestId('rq-batch').innerText()), /^this batch ?\(next first\)/);
      } else {
        assert.match(waker, /^唤醒器：没有人拿着时/);
        assert.equal(clean(await table.locator('thead th').last().innerText()), '唤醒器');
        assert.match(clean(await page.getByTestId('rq-batch').innerText()), /^本批（下一个在前）/);
        assert.match(clean(await table.innerText()), /在等：/);
      }
      // the table's state is the lane's word, task by task (one word per state)
      for (const task of ['r0', 'r1', 'r2', 'sender']) {
        const laneWord = clean(await lane(page, task).getByTestId('status').innerText()).replace(/^\S+ /, '');
        assert.equal(clean(await page.getByTestId(`task-state-${task}`).innerText()), laneWord, task);
      }
      for (const c of ['state', 'polls', 'wakes', 'waker'])
        assert.ok(
          clean(await cols.locator(`[data-column="${c}"] dd`).innerText()).length > 8,
          `column ${c} is explained`,
        );
      await screenshot(page, `embassy-columns-${lang}`);
      assert.deepEqual(errors, []);
      await page.close();
    });
});

// ---- in the embed (was in tests/e2e/embed.test.mjs) ----
// The embed offers the drop (d then a digit): lesson 24 is won inside it by the keys `lockstep check`'s run asks for (plans.mjs).
describe('the embed offers the app’s moves', () => {
  const planned = usePlan('embassy/04-cancelled-head.md');

  test('lesson 24, which drops a future, is won in the embed by keys (d then N)', async () => {
    assert.ok(
      planned.p.actions.some((a) => a.keys[0] === 'd'),
      'the lesson’s run drops a future (else this test proves nothing)',
    );
    const { page, errors } = await openEmbed(app, planned.p.id, 1440, 900);
    await playByKeys(page, planned.p);
    // the banner counts the learner's steps, as the app's does: not the opening's
    const steps = planned.p.actions.at(-1).to - planned.p.startSteps;
    assert.ok(planned.p.startSteps > 0, 'the lesson opens after some steps (else this proves nothing)');
    await waitForText(page.getByTestId('goal-banner'), new RegExp(`Goal reached in ${steps} steps!`), 5000);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('embassy under ra', () => {
  const text = async (locator) => clean(await locator.innerText());
  const history = (page) => page.getByTestId('store-history');

  test('an object of two atomic cells: each history is named by its field (the OnceLock’s flag and value)', async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=relaxed-publication`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await history(page).waitFor({ timeout: 15000 });
    // the writer's init ran before the reader's first choice: both cells have their stores
    const flag = page.getByTestId('history-cell.initialized');
    await flag.waitFor({ timeout: 10000 });
    assert.match(await text(flag), /^cell\.initialized 0 0 initial/);
    assert.match(await text(page.getByTestId('history-cell.value')), /^cell\.value 0 0 initial/);
    assert.equal(
      await history(page)
        .getByText(/the cell of “/)
        .count(),
      0,
      'no first-use label is needed',
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});

// ---- motion (from tests/e2e/motion.test.mjs; helpers in tests/e2e/motion.mjs) ----
describe('motion in the embassy view', () => {
  test('tickets make it fair: tasks and wakers move, and every step ends where the still page stands', async () => {
    const url = `${app.server.url}?lesson=tickets-make-it-fair`;
    const view = 'embassy-view';
    const { m, s } = await openBoth(motion, url, 't0', view);
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
