// The parking_lot engine's flagship lesson played by hand inside a course's host page (was in
// tests/e2e/lessons.test.mjs): hints, spinning, predict, the goal banner, progress and the
// host's events; the index that shows it reached; its Chinese text.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadModule } from '../../../wasm/js/node.js';
import { catalog, Session } from '../../../wasm/js/lockstep.js';
import { parseLesson } from '../../../wasm/js/lesson.js';
import {
  ROOT,
  browser,
  hostPage,
  hostSite,
  lane,
  open,
  screenshot,
  stepOf,
  until,
  useApp,
  waitForText,
  COURSE,
  COUNT,
  numberOf,
  stepActor,
} from '../harness.mjs';
import { stepCount } from '../motion.mjs';

const app = useApp();

const expectText = (locator, want, timeout = 10000) => waitForText(locator, want, timeout);

const COURSE_TITLE_0 = /^title:\n {2}en: (.*)$/m
  .exec(readFileSync(join(ROOT, 'lessons', COURSE[0].rel), 'utf8'))[1]
  .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The executions of the complete search under correct of a course lesson, in node. */
async function provenExecutions(rel) {
  const M = await loadModule();
  const file = join(ROOT, rel);
  const l = parseLesson(readFileSync(file, 'utf8'), { file, catalog: catalog(M) });
  const s = new Session(M, l.bytecode, { variant: 'correct', trace: false });
  s.exploreStart({ strategy: 'dfs', bound: 'none', maxExecutions: 0, maxSteps: l.explore.maxSteps });
  let st = s.exploreStep(5000);
  while (!st.finished) st = s.exploreStep(5000);
  s.exploreFinish();
  s.free();
  assert.ok(st.result.complete && !st.result.found, 'the lesson is proven under correct');
  return st.result.executions;
}

describe('the flagship lesson, by hand', () => {
  // a browser of its own (the progress these tests make and read is theirs) and a course's own site
  let chrome;
  let host;
  let server;
  before(async () => {
    server = app.server;
    chrome = await browser();
    host = await hostSite({ '/favicon.ico': ['image/x-icon', ''] });
  });
  after(async () => {
    await chrome?.close();
    await host?.stop();
  });

  test('the flagship played by hand inside a host page: spin, predict, goal banner, progress, goal-reached', async () => {
    const app = `${server.url}?lesson=lost-wakeup`;
    host.routes['/course.html'] = [
      'text/html',
      hostPage(
        'A course',
        `<iframe id="app" src="${app}" title="Lockstep" style="position:fixed;inset:0;width:100%;height:100%;border:0"></iframe>`,
      ),
    ];
    const { page, errors } = await open(chrome.context, `${host.url}course.html`);
    const f = page.frameLocator('#app');
    await lane(f, 'A').waitFor({ timeout: 15000 });
    await expectText(f.getByTestId('lesson-goal'), 'Make B sleep forever while the lock is free.');
    await expectText(
      f.locator('header nav'),
      new RegExp(`Parking lot\\s*▸\\s*${numberOf('lost-wakeup')}\\. The challenge: lose a wakeup`),
    );

    // hints: a nudge, a direction, the exact next actor
    await f.getByTestId('hint-more').click();
    await expectText(f.getByTestId('hint-nudge'), /Nobody can wait for a lock that nobody holds/);
    await f.getByTestId('hint-more').click();
    await expectText(f.getByTestId('hint-direction'), /Let A take m first/);
    await f.getByTestId('hint-more').click();
    await expectText(f.getByTestId('hint-next'), /Step A\./);
    await f.getByTestId('hint-step').click(); // takes the step the hint names
    await expectText(stepCount(f), 'step 1');
    await expectText(f.getByTestId('lesson-beat').last(), /A takes m on the fast path/);

    // B's CAS fails, B reads once: now it spins, and the page offers to finish the spinning
    await stepActor(f, 'B');
    await stepActor(f, 'B');
    await expectText(lane(f, 'B').getByTestId('status'), /spinning/);
    await expectText(f.getByTestId('lesson-spin'), /B is spinning/i);
    await f.getByTestId('hint-more').click();
    await expectText(f.getByTestId('hint-spin'), /Finish B’s spinning/);
    await screenshot(page, 'lesson-6-spinning');
    await f.getByTestId('finish-spin').click();
    await expectText(stepCount(f), 'step 23');
    await expectText(lane(f, 'B').getByTestId('action'), 'CAS state 01 → 11');
    assert.equal(await f.getByTestId('lesson-spin').count(), 0);

    // set PARKED, reset the parker, validate (outside the bucket lock)
    await stepActor(f, 'B');
    await expectText(f.getByTestId('lesson-beat').last(), /B gives up spinning and sets PARKED/);
    await stepActor(f, 'B');
    await stepActor(f, 'B');
    await expectText(f.getByTestId('lesson-beat').last(), /This is the window/);

    // A unlocks: its fast path fails; before it locks the bucket, the lesson asks
    await stepActor(f, 'A');
    const predict = f.getByTestId('lesson-predict');
    await expectText(predict, /What will A find\?/);
    assert.equal(await predict.getAttribute('data-phase'), 'ask');
    await predict.getByTestId('lesson-choice').nth(1).click();
    assert.equal(await predict.getByTestId('lesson-choice').nth(1).getAttribute('aria-checked'), 'true');
    // the arrows move between the answers (a radio group), and not through time (issue 24)
    const at = await stepOf(f);
    await page.keyboard.press('ArrowDown');
    assert.equal(await predict.getByTestId('lesson-choice').nth(2).getAttribute('aria-checked'), 'true');
    await page.keyboard.press('ArrowUp');
    assert.equal(await predict.getByTestId('lesson-choice').nth(1).getAttribute('aria-checked'), 'true');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await predict.getByTestId('lesson-choice').nth(0).getAttribute('aria-checked'), 'true');
    await page.keyboard.press('ArrowRight');
    assert.equal(await predict.getByTestId('lesson-choice').nth(1).getAttribute('aria-checked'), 'true');
    assert.equal(await stepOf(f), at, 'the arrows on the answers do not move through time');
    await screenshot(page, 'lesson-6-predict');
    await stepActor(f, 'A');
    await until(async () => (await predict.getAttribute('data-phase')) === 'reveal', 'the reveal');
    await expectText(f.getByTestId('lesson-verdict'), 'Right!');
    await expectText(predict, /A sees an empty queue/);

    // the rest: whoever can move, A first, until the run ends
    for (let i = 0; i < 20; i++) {
      if ((await f.getByTestId('goal-banner').count()) > 0) break;
      for (const name of ['A', 'B']) {
        if (await lane(f, name).getByTestId('step').isEnabled()) {
          await stepActor(f, name);
          break;
        }
      }
    }
    const banner = f.getByTestId('goal-banner');
    await expectText(banner, /Goal reached in 32 steps!/);
    await expectText(banner, /Make B sleep forever while the lock is free\./);
    await expectText(f.getByTestId('goal-outcome'), /Stuck: B sleeps forever/);
    await expectText(f.getByTestId('goal-saved'), /Saved to your progress/);
    await expectText(f.getByTestId('lesson-recap'), /What you saw.*A's\s+unlock fit into that gap/i);
    await expectText(f.getByTestId('lesson-real-world'), /futexes/);
    // a proven lesson: the complete search under correct, run in the page, says it ran every interleaving
    const executions = await provenExecutions('lessons/parking_lot/05-lost-wakeup.md');
    await expectText(
      f.getByTestId('lesson-proof'),
      `Proven: under correct this never happens, in any interleaving (${executions} executions, every interleaving run).`,
    );
    assert.equal(await f.getByTestId('outcome').count(), 0); // the banner says it all
    await screenshot(page, 'lesson-6-goal');

    // progress, in the app's own storage
    const frame = page.frames().find((x) => x.url().startsWith(server.url));
    const progress = JSON.parse(await frame.evaluate(() => localStorage.getItem('lockstep.progress')));
    assert.equal(progress['lost-wakeup'].variant, 'validate_outside');
    assert.equal(progress['lost-wakeup'].steps, 32);

    // the host page heard every step, the stuck end and the goal
    const events = await until(async () => {
      const ev = await page.evaluate(() => window.__events);
      return ev.some((e) => e.type === 'goal-reached') && ev;
    }, 'goal-reached');
    assert.ok(events.every((e) => e.origin === new URL(server.url).origin && e.lesson === 'lost-wakeup'));
    assert.equal(events[0].type, 'ready');
    const steps = events.filter((e) => e.type === 'step');
    assert.ok(steps.length >= 10, `steps: ${steps.length}`);
    assert.deepEqual(steps[0], {
      origin: new URL(server.url).origin,
      source: 'lockstep',
      type: 'step',
      lesson: 'lost-wakeup',
      step: 1,
      variant: 'validate_outside',
      direction: 'forward',
      actor: 'A',
      schedule: 'v1: A',
      outcome: 'running',
    });
    const tail = events.slice(-3).map((e) => e.type);
    assert.deepEqual(tail, ['step', 'stuck', 'goal-reached']);
    const goal = events.at(-1);
    assert.equal(goal.step, 32);
    assert.match(goal.schedule, /^v1: A B B/);
    assert.deepEqual(events.at(-2).stuck, ['B']);

    // replay under correct: the same steps, the first difference marked
    await f.getByTestId('replay-correct').click();
    await expectText(f.getByTestId('variant-diff'), /correct/);
    assert.equal(await f.getByTestId('goal-banner').count(), 0);
    await f.getByTestId('timeline-mark').first().waitFor();
    await screenshot(page, 'lesson-6-replay-correct');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the index lists the lessons by engine with the learner’s progress, and opens one', async () => {
    const { page, errors } = await open(chrome.context, `${server.url}?lesson=fast-path`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    // progress from the previous test lives in this browser profile (same origin)
    await page.getByTestId('open-lessons').click();
    const index = page.getByTestId('lesson-index');
    await index.waitFor({ state: 'visible' });
    // the course's first lesson (another engine's) is listed by its title
    await expectText(index.locator(`[data-id="${COURSE[0].id}"]`), new RegExp(COURSE_TITLE_0));
    const items = index.getByTestId('lesson-item');
    await until(async () => (await items.count()) === COUNT, `${COUNT} lessons`);
    await expectText(index, new RegExp(`${COURSE_TITLE_0}.*Parking lot`, 'i'));
    assert.equal(await index.locator('[data-id="fast-path"]').getAttribute('aria-current'), 'true');
    assert.equal(await index.locator('[data-id="lost-wakeup"]').getAttribute('data-reached'), 'true');
    assert.equal(await index.locator('[data-id="contention"]').getAttribute('data-reached'), 'false');
    await expectText(index.locator('[data-id="lost-wakeup"]'), /Make B sleep forever.*reached/);
    await expectText(page.getByTestId('lesson-index-tally'), new RegExp(`1 of ${COUNT} goals reached`));
    await screenshot(page, 'lesson-index');
    await index.locator('[data-id="contention"]').click();
    await index.waitFor({ state: 'hidden' });
    await expectText(page.locator('header nav'), new RegExp(`${numberOf('contention')}\\. `));
    await page.waitForURL((u) => u.searchParams.get('lesson') === 'contention');
    // a starting schedule: the lesson begins after it, and the address names only the lesson
    assert.ok((await stepOf(page)) > 0);
    assert.equal(new URL(page.url()).searchParams.get('schedule'), null);
    // next and previous
    await page.getByTestId('lesson-next').click();
    await page.waitForURL((u) => u.searchParams.get('lesson') === 'bucket-table');
    await page.getByTestId('lesson-prev').click();
    await page.waitForURL((u) => u.searchParams.get('lesson') === 'contention');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the Chinese lesson text renders', async () => {
    const { page, errors } = await open(chrome.context, `${server.url}?lesson=lost-wakeup&lang=zh-CN`);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    await expectText(page.getByTestId('lesson-goal'), '让 B 永远睡下去，而锁其实早已空闲。');
    await expectText(
      page.locator('header nav'),
      new RegExp(`停车场\\s*▸\\s*${numberOf('lost-wakeup')}\\. 挑战：制造一次丢失唤醒`),
    );
    await expectText(page.getByTestId('lesson-body'), /两个线程共用一把互斥锁/);
    await expectText(page.getByTestId('lesson-panel'), /你的目标/);
    await expectText(page.getByTestId('lesson-position'), `第 ${numberOf('lost-wakeup')} 课，共 ${COUNT} 课`);
    await page.getByTestId('hint-more').click();
    await expectText(page.getByTestId('hint-nudge'), /锁没人拿着，就没人需要等/);
    await stepActor(page, 'A');
    await expectText(page.getByTestId('lesson-beat').last(), /A 走快路径拿到 m/);
    await screenshot(page, 'lesson-zh');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
