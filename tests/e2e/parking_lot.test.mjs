// The parking_lot engine in headless Chromium: the flagship lesson's payoff
// (Shift+N wins it in a handful of actions, saved as the learner's; the replay
// under correct follows the same order past the parting to the end; from
// tests/e2e/learner.test.mjs); its view (bits, buckets, queues, parkers, SpinWait), the lanes'
// wording and "step into", the source view, the variant switch and its comparison, and the
// Chinese UI on the lost wakeup (from tests/e2e/views.test.mjs); the flagship played by hand inside a host page
// (hints, spinning, predict, goal banner, progress, the host's events), the
// index that shows it reached, its Chinese text (from tests/e2e/lessons.test.mjs);
// and (was tests/e2e/prove.test.mjs)
// "Prove it" on its scenarios: the complete search split over Web
// Workers says exactly what it proved, with the same executions as one
// search in node; its progress bar fills against the estimate and says the
// time left; it cancels at any moment; a search beyond the limits is not
// started and the bounded search is offered; in English and Chinese, at a
// desktop and a phone size (screenshots in build/test-output/).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadModule } from '../../wasm/js/node.js';
import { catalog, Session } from '../../wasm/js/lockstep.js';
import { compileScenario } from '../../wasm/js/scenario.js';
import { courseFiles } from '../../wasm/js/cli/course-files.js';
import { parseLesson } from '../../wasm/js/lesson.js';
import {
  ROOT,
  browser,
  clean,
  hostPage,
  hostSite,
  inView,
  lane,
  open,
  pressMoving as press,
  screenshot,
  stepOf,
  take,
  until,
  useApp,
  waitForText,
  OUT,
} from './harness.mjs';
import {
  useMotion,
  stepCount,
  KEY,
  viewOf,
  motionLast,
  pressAndWait,
  pressBoth,
  firstEnabled,
} from './motion.mjs';
import { drawn, openDiagram } from './diagram.mjs';
import { addressHas, author, documentOf, download, payloadFor, replaceOnLine } from './author.mjs';
import { checkLesson } from '../../wasm/js/check/lesson.js';
import { checkScenario } from '../../wasm/js/check/scenario.js';
import { formatProblem } from '../../wasm/js/lesson.js';

const app = useApp();
const motion = useMotion();
const M = await loadModule();

/** The executions of one complete search of a scenario, in node (one worker). */
function oneSearch(/** @type {string} */ rel) {
  const text = readFileSync(join(ROOT, 'tests/scenarios', rel), 'utf8');
  const { bytecode } = compileScenario(text, { file: rel, catalog: catalog(M) });
  const s = new Session(M, bytecode, { trace: false });
  s.exploreStart({ bound: 'none' });
  let st;
  do st = s.exploreStep(5000);
  while (!st.finished);
  s.free();
  return st.result;
}

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

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

describe('Prove it', () => {
  test('proves the correct lost-wakeup variant with the executions of one search', async () => {
    const want = oneSearch('parking_lot/lost-wakeup-correct.yaml');
    assert.equal(want.complete, true);
    const { page, errors } = await open(
      app.chrome.context,
      `${app.server.url}?scenario=parking_lot/lost-wakeup-correct`,
    );
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await page.getByTestId('explore-prove').click();
    await waitForText(
      page.getByTestId('explore-result'),
      new RegExp(
        `^Proven: no stuck run and no overlap in any interleaving of A and B: ${want.executions.toLocaleString('en')} executions, [\\d.]+ m?s\\.$`,
      ),
      30000,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('shows its progress against the estimate, and cancels at any moment', async () => {
    const { page, errors } = await open(
      app.chrome.context,
      `${app.server.url}?scenario=parking_lot/three-threads`,
    );
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await page.getByTestId('explore-prove').click();
    const figures = page.getByTestId('explore-figures');
    await until(
      async () =>
        /^[\d,]+ of about [\d,]+ executions · [\d,]+ a second · about [\d,—]+ s left$/.test(
          clean(await figures.innerText()),
        ),
      'the progress line with the estimate',
      30000,
    );
    const now = Number(await page.getByTestId('explore-progress').getAttribute('aria-valuenow'));
    assert.ok(now >= 0 && now <= 100, `the bar is filled ${now}%`);
    await page.getByTestId('explore-cancel').click();
    await waitForText(page.getByTestId('explore-result'), /^Search cancelled after [\d,]+ executions/, 5000);
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const lang of ['en', 'zh-CN'])
    for (const size of SIZES)
      test(`in ${lang} at ${size.width}x${size.height}: the button beside the search, and the proof`, async () => {
        const { page, errors } = await open(
          app.chrome.context,
          `${app.server.url}?scenario=parking_lot/lost-wakeup-correct&lang=${lang}`,
        );
        await page.setViewportSize({ width: size.width, height: size.height });
        await lane(page, 'A').waitFor({ timeout: 15000 });
        const prove = page.getByTestId('explore-prove');
        await prove.scrollIntoViewIfNeeded();
        await screenshot(page, `prove-idle-${lang}-${size.name}`);
        await prove.click();
        await waitForText(
          page.getByTestId('explore-result'),
          lang === 'en' ? /^Proven: / : /^已证明：/,
          30000,
        );
        await page.getByTestId('explorer').scrollIntoViewIfNeeded();
        await screenshot(page, `prove-done-${lang}-${size.name}`);
        assert.deepEqual(errors, []);
        await page.close();
      });
});

// ---- the flagship lesson by hand, in a host page (from tests/e2e/lessons.test.mjs) -------------

/** the course's lessons in order (lessons/course.yaml, lessons/<engine>/NN-id.md) */
const COURSE = courseFiles(join(ROOT, 'lessons'));
/** how many lessons the course has */
const COUNT = COURSE.length;
/** a lesson's number in the course, as the header and the index show it */
const numberOf = (id) => {
  const i = COURSE.findIndex((l) => l.id === id);
  assert.ok(i >= 0, `the course has no lesson ${id}`);
  return i + 1;
};
/** the English title of the course's first lesson, as a regular expression's source */
const COURSE_TITLE_0 = /^title:\n {2}en: (.*)$/m
  .exec(readFileSync(join(ROOT, 'lessons', COURSE[0].rel), 'utf8'))[1]
  .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Clicks actor `name`'s Step button and waits for the step count to move. */
const stepActor = (root, name) => take(root, lane(root, name).getByTestId('step'), `${name}'s step`);

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

// ---- motion (from tests/e2e/motion.test.mjs; helpers in tests/e2e/motion.mjs) ----
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
    const m = await open(motion.moving.context, url);
    const s = await open(motion.still.context, url);
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

// ---- its view, source, variants and Chinese (from tests/e2e/views.test.mjs) ----
describe('the parking lot’s view', () => {
  /** Waits until the locator's text is `want` (this file waits up to 8000 ms). */
  const expectText = (locator, want, timeout = 8000) => waitForText(locator, want, timeout);

  const next = (page, name) => lane(page, name).getByTestId('action');

  // The lost wakeup by hand (lost-wakeup.yaml's comment): A takes the lock; B
  // fails its fast path and spins out its SpinWait (21 steps); then A and B
  // alternate: B sets PARKED, A's unlock fails its fast path, B validates, A
  // finds no waiter and writes 00 (B, waiting for the bucket, cannot move), B
  // queues and sleeps.  Steps 31-34 are forced (one thread can move), so the
  // schedule, which records choices only, is the first 30.
  const LOST_WAKEUP = ['A', ...Array(21).fill('B'), ...'ABABABABAABB'.split('')];
  const CHOICES = LOST_WAKEUP.slice(0, 30);
  const enc = (s) => encodeURIComponent(s);
  const LW = '?scenario=parking_lot/lost-wakeup';

  async function ready(page) {
    await lane(page, 'A').waitFor({ timeout: 15000 });
  }

  /** Presses each actor's key in turn, waiting for each step to land. */
  async function play(page, actors, from = 0) {
    let n = from;
    for (const a of actors) {
      await page.keyboard.press(KEY[a]);
      n++;
      await expectText(stepCount(page), new RegExp(`^step ${n}( of \\d+)?$`));
    }
  }

  describe('the parking lot', () => {
    test('draws the mutex byte, the 64 buckets and each actor’s parker', async () => {
      const { page, errors } = await open(app.chrome.context, app.server.url + LW);
      await ready(page);
      await expectText(page.locator('header nav'), /Parking lot\s*▸\s*The lost wakeup/);
      const view = page.getByTestId('parking-lot-view');
      await expectText(view.getByTestId('bits-m'), '00');
      assert.equal(await view.getByTestId('bit-PARKED').getAttribute('data-on'), '0');
      assert.equal(await view.locator('[data-bucket]').count(), 64);
      await expectText(view.locator('[data-bucket="30"]'), 'm');
      await expectText(view.getByTestId('queue-30'), /nobody queued/);
      await expectText(view.getByTestId('flag-A'), /○/);
      // the next actions say what they would change, in binary
      await expectText(next(page, 'A'), 'CAS state 00 → 01');
      await expectText(lane(page, 'A').getByTestId('effect'), 'will succeed: state 00 → 01');
      await screenshot(page, 'parking-lot-start');

      await page.keyboard.press('1');
      await expectText(view.getByTestId('bits-m'), '01');
      assert.equal(await view.getByTestId('bit-LOCKED').getAttribute('data-on'), '1');
      await expectText(page.getByTestId('narration'), 'Step 1: A, fast path: state 00 → 01.');
      await expectText(lane(page, 'B').getByTestId('effect'), 'will fail: state is 01, not 00');
      await expectText(view.getByTestId('mutex-m'), /held by/);

      // B fails its fast path, then spins: the SpinWait round shows
      await play(page, ['B', 'B', 'B', 'B'], 1);
      await expectText(lane(page, 'B').getByTestId('status'), '↻ spinning');
      await expectText(view.getByTestId('parker-B'), /spinning, round 2 of 10/);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('the mutex card keeps its state word inside, on a laptop and on a phone', async () => {
      const { page, errors } = await open(app.chrome.context, app.server.url + LW);
      await ready(page);
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ]) {
        await page.setViewportSize({ width, height });
        const card = await page.getByTestId('mutex-m').boundingBox();
        const word = await page.getByTestId('bits-m').boundingBox();
        const bits = await page.getByTestId('bit-LOCKED').boundingBox();
        // the word sits on the row of the bits (not pushed below them) and ends inside the card's padding
        assert.ok(word.y < bits.y + bits.height, `${width}px: "= 00" is on the bits' row`);
        assert.ok(
          word.x + word.width <= card.x + card.width - 8,
          `${width}px: the word ends at ${word.x + word.width}, the card at ${card.x + card.width}`,
        );
      }
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('the lost wakeup by hand: PARKED set, no waiter found, B queued and asleep forever', async () => {
      const { page, errors } = await open(app.chrome.context, app.server.url + LW);
      await ready(page);
      const view = page.getByTestId('parking-lot-view');
      await play(page, LOST_WAKEUP.slice(0, 26));
      // step 26: B set PARKED
      await expectText(view.getByTestId('bits-m'), '11');
      await expectText(page.getByTestId('narration'), 'Step 26: B, set PARKED: state 01 → 11.');
      await play(page, LOST_WAKEUP.slice(26, 29), 26);
      // step 29: A holds m's bucket and found nobody; B is about to validate outside the bucket lock
      await expectText(view.getByTestId('bucket-lock-30'), /locked by/);
      assert.equal(
        (await view.getByTestId('bucket-lock-30').locator('[aria-hidden="true"]').count()) >= 1,
        true,
      );
      await expectText(next(page, 'A'), 'store state ← 00');
      await expectText(lane(page, 'A').getByTestId('effect'), 'state: 11 → 00');
      await expectText(next(page, 'B'), 'load state');
      await expectText(lane(page, 'B').getByTestId('effect'), 'reads state = 11');
      await play(page, LOST_WAKEUP.slice(29), 29);
      await expectText(stepCount(page), 'step 34');
      await expectText(page.getByTestId('outcome'), /Stuck: B sleeps forever/);
      await expectText(page.getByTestId('outcome'), /B: parked on m, waiting for an unpark \(lot\.c:\d+\)/);
      await expectText(page.getByTestId('outcome-detail'), /^parked on mutex m \(bucket 30\)/);
      await expectText(lane(page, 'B').getByTestId('status'), '⚠ stuck');
      await expectText(lane(page, 'B').getByTestId('reason'), 'parked on m, waiting for an unpark');
      await expectText(view.getByTestId('bits-m'), '00');
      await expectText(view.getByTestId('queue-30').locator('[data-actor="B"]'), /B/);
      await expectText(view.getByTestId('parker-B'), /asleep in the lot \(on m\)/);
      await screenshot(page, 'parking-lot-stuck');
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('step into lists the engine actions inside the current operation', async () => {
      const schedule = enc('v1: ' + LOST_WAKEUP.slice(0, 29).join(' '));
      const { page, errors } = await open(app.chrome.context, app.server.url + `${LW}&schedule=${schedule}`);
      await ready(page);
      await expectText(stepCount(page), 'step 29');
      const into = lane(page, 'A').getByTestId('step-into');
      await expectText(into, /Step into 4 engine actions so far/);
      assert.equal(await into.getAttribute('aria-expanded'), 'false');
      await into.click();
      const inside = lane(page, 'A').getByTestId('inside');
      await expectText(inside, /CAS state 01 → 00 ✗ \(it was 11\)/);
      await expectText(inside, /unlock’s fast path failed: state is 11/);
      await expectText(inside, /lock bucket lot\[30\]/);
      await expectText(inside, /found no waiter/);
      // stepping A adds its action to the list
      await page.keyboard.press('1');
      await expectText(stepCount(page), 'step 30');
      await page.keyboard.press('2');
      await expectText(stepCount(page), 'step 31');
      await expectText(lane(page, 'B').getByTestId('step-into'), /Step into \d+ engine actions so far/);
      await screenshot(page, 'step-into');
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('a thread waiting for a bucket lock says who holds it', async () => {
      const schedule = enc('v1: ' + LOST_WAKEUP.slice(0, 29).join(' '));
      const { page, errors } = await open(
        app.chrome.context,
        app.server.url + `${LW}&variant=correct&schedule=${schedule}&step=29`,
      );
      await ready(page);
      await expectText(stepCount(page), /^step 29 of \d+$/);
      // five variants: the switch is a menu (issue 24)
      assert.equal(await page.getByTestId('variant-switch').inputValue(), 'correct');
      await expectText(lane(page, 'B').getByTestId('status'), '◌ waiting');
      await expectText(lane(page, 'B').getByTestId('reason'), 'waits for bucket lot[30], held by A');
      await expectText(next(page, 'B'), 'lock bucket lot[30]');
      assert.equal(await lane(page, 'B').getByTestId('step').isDisabled(), true);
      assert.deepEqual(errors, []);
      await page.close();
    });
  });

  describe('the source view', () => {
    test('shows the real C source with each thread’s next line marked', async () => {
      const { page, errors } = await open(app.chrome.context, app.server.url + LW);
      await ready(page);
      await page.getByTestId('tab-source').click();
      const view = page.getByTestId('source-view');
      await view.waitFor();
      assert.equal(
        await view.locator('[data-testid="source-file"][aria-pressed="true"]').getAttribute('data-path'),
        'engines/parking_lot/mini_mutex.c',
      );
      await expectText(view.getByTestId('source-code'), /void mini_mutex_lock\(mini_mutex \*m\)/);
      // both fast paths are at the same CAS
      const marked = view.locator('tr[data-actors]');
      assert.equal(await marked.count(), 1);
      assert.equal(await marked.getAttribute('data-actors'), 'A B');
      await expectText(marked, /plat_cas8\(&m->state, &expected, LOCKED/);
      const line = Number(await marked.getAttribute('data-line'));
      assert.ok(line > 1);
      // the marked line is scrolled into view
      const box = await view.locator('tr[data-actors]').boundingBox();
      const code = await view.getByTestId('source-code').locator('..').boundingBox();
      assert.ok(box.y >= code.y && box.y + box.height <= code.y + code.height, 'the marked line is visible');

      await page.keyboard.press('1');
      await expectText(stepCount(page), 'step 1');
      await page.keyboard.press('2');
      await expectText(stepCount(page), 'step 2');
      // B's fast path failed: it reads the state in lock_slow; A is in its critical section
      await expectText(view.locator('tr[data-actors="B"]'), /plat_load8\(&m->state/);
      assert.equal(await view.locator('tr[data-actors*="A"]').count(), 0);
      await screenshot(page, 'source');

      // another file: the learner's choice sticks; nobody is there
      await view.locator('[data-path="engines/parking_lot/lot.c"]').click();
      await expectText(view.getByTestId('source-code'), /lot_park_result lot_park\(/);
      assert.equal(await view.getByTestId('source-follow').isChecked(), false);
      await expectText(view, /Nobody runs in this file right now/);
      assert.deepEqual(errors, []);
      await page.close();
    });
  });

  describe('switching variants', () => {
    test('replays the run under correct and marks where the variants differ', async () => {
      const schedule = enc('v1: ' + CHOICES.join(' '));
      const { page, errors } = await open(app.chrome.context, app.server.url + `${LW}&schedule=${schedule}`);
      await ready(page);
      await expectText(page.getByTestId('outcome'), /Stuck: B sleeps forever/);
      const sw = page.getByTestId('variant-switch');
      assert.equal(await sw.inputValue(), 'validate_outside');
      await sw.selectOption('correct');
      await expectText(page.getByTestId('variant-diff-title'), 'From step 30 the variants differ');
      await expectText(
        page.getByTestId('variant-diff'),
        /validate_outside B load state = 11 · validate passed/,
      );
      await expectText(
        page.getByTestId('variant-decision'),
        'Where the engine decided differently — B: validate passed under validate_outside (step 30); validate failed under correct (step 33).',
      );
      // the timeline marks where the engine decided differently (B's validate under correct)
      assert.equal(await page.getByTestId('timeline-mark').getAttribute('data-step'), '33');
      await expectText(page.getByTestId('outcome'), /Finished/);
      await page.waitForURL((u) => u.searchParams.get('variant') === 'correct');
      await screenshot(page, 'variant-diff');
      await page.getByTestId('variant-diff-go').click();
      await expectText(stepCount(page), /^step 30 of \d+$/);
      // the link restores the switched run
      await page.waitForURL((u) => u.searchParams.get('step') === '30');
      await page.reload();
      await ready(page);
      await expectText(stepCount(page), /^step 30 of \d+$/);
      assert.equal(await page.getByTestId('variant-switch').inputValue(), 'correct');
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('past the point where the schedule stops applying, follows the same order of threads and finishes the run', async () => {
      // B validates right after prepare_park: under correct it must lock the bucket first
      const schedule = enc('v1: ' + [...LOST_WAKEUP.slice(0, 23), 'B', 'B', 'B', 'B'].join(' '));
      const { page, errors } = await open(app.chrome.context, app.server.url + `${LW}&schedule=${schedule}`);
      await ready(page);
      await expectText(stepCount(page), 'step 27');
      await page.getByTestId('variant-switch').selectOption('correct');
      await expectText(page.getByTestId('variant-diff-title'), 'From step 27 the variants differ');
      await expectText(page.getByTestId('variant-followed'), /Past step 27 the schedules no longer match/);
      // the run goes on to its end under correct, the learner standing where the variants part
      await expectText(stepCount(page), /^step \d+ of \d+$/);
      const total = Number(/of (\d+)/.exec(await stepCount(page).innerText())[1]);
      assert.ok(total > 27, `the replay went on past the parting: ${total} steps`);
      assert.deepEqual(errors, []);
      await page.close();
    });

    test('a variant the scenario does not have is named, and its own opens', async () => {
      const { page } = await open(app.chrome.context, app.server.url + `${LW}&variant=bogus`);
      await ready(page);
      await expectText(page.getByTestId('notice'), /no variant “bogus”.*showing “validate_outside”/);
      const bad = await open(app.chrome.context, app.server.url + `${LW}&variant=%3Cb%3E`);
      await ready(bad.page);
      await expectText(bad.page.getByTestId('notice'), /bad “variant” parameter/);
      await page.close();
      await bad.page.close();
    });
  });

  describe('Simplified Chinese', () => {
    test('every part of the screen speaks Chinese, from structured data', async () => {
      const schedule = enc('v1: ' + CHOICES.join(' '));
      const { page, errors } = await open(
        app.chrome.context,
        app.server.url + `${LW}&schedule=${schedule}&lang=zh-CN`,
      );
      await ready(page);
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
      await expectText(page.locator('header nav'), /停车场/);
      await expectText(lane(page, 'A').locator('h3'), '线程 A');
      await expectText(lane(page, 'A').getByTestId('status'), '✓ 已完成');
      await expectText(page.getByTestId('outcome'), /卡死：B 永远睡下去了/);
      await expectText(page.getByTestId('outcome'), /B：停在 m 上休眠，等待 unpark/);
      await expectText(page.getByTestId('outcome'), /引擎原话/);
      await expectText(lane(page, 'B').getByTestId('reason'), '停在 m 上休眠，等待 unpark');
      await expectText(page.getByTestId('parking-lot-view'), /停车场：64 个桶/);
      await expectText(page.getByTestId('lang-switch').locator('[aria-pressed="true"]'), '中文');
      await page.getByTestId('tab-source').click();
      await expectText(page.getByTestId('source-view'), /跟随正在运行的代码/);
      await screenshot(page, 'zh');

      // back to English: remembered, and in the address
      await page.getByTestId('lang-switch').locator('[data-lang="en"]').click();
      await expectText(lane(page, 'A').locator('h3'), 'Thread A');
      await expectText(page.getByTestId('outcome'), /Stuck: B sleeps forever/);
      await page.waitForURL((u) => u.searchParams.get('lang') === 'en');
      assert.equal(await page.evaluate(() => localStorage.getItem('lockstep.lang')), 'en');
      assert.deepEqual(errors, []);
      await page.close();
    });
  });
});

// ---- its run drawn, traced, found by the explorer, shared (from tests/e2e/diagram-explorer.test.mjs) ----
describe('the lost wakeup in the diagram, the trace, the explorer and a shared address', () => {
  let server;
  let chrome;
  // a browser of their own, as when they were a file of their own (a test here chooses Chinese)
  before(async () => {
    server = app.server;
    chrome = await browser();
    await chrome.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  });
  after(async () => {
    await chrome?.close();
  });

  /** Waits until the locator's text is `want` (these tests wait up to 8000 ms). */
  const expectText = (locator, want, timeout = 8000) => waitForText(locator, want, timeout);
  const ready = (page, first = 'A') => lane(page, first).waitFor({ timeout: 15000 });
  const LOST_WAKEUP = 'v1: A A A B B B B B B B B B B B B B B B B B B B B B B B B B A A';

  test('draws the lost wakeup from the trace, with Mermaid loaded only when the tab opens', async () => {
    const url = `${server.url}?scenario=parking_lot/lost-wakeup&variant=validate_outside&schedule=${encodeURIComponent(LOST_WAKEUP)}`;
    const { page, errors } = await open(chrome.context, url);
    await ready(page);
    await expectText(page.getByTestId('outcome'), /Stuck/);
    const loaded = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => /\/(draw|sequenceDiagram|mermaid)[^/]*\.js$/.test(n)),
      );
    assert.deepEqual(await loaded(), [], 'Mermaid is not part of the first load');
    await openDiagram(page);
    assert.ok((await loaded()).length > 0, 'Mermaid came with the diagram tab');
    const d = await drawn(page, 10);
    assert.deepEqual(d.arrows.slice(0, 2), ['CAS 00→01 ✓', 'enter critical section']);
    for (const a of [
      'CAS 00→01 ✗ (found 01)',
      'set PARKED 01→11 ✓',
      'validate ok (11)',
      'lock bucket, no waiter',
      'callback: write 00',
      'lock bucket, enqueue',
    ])
      assert.ok(d.arrows.includes(a), `arrow "${a}" in ${JSON.stringify(d.arrows)}`);
    // the two arrows that crossed: B validated, then A wrote 00, then B queued
    const at = (a) => d.arrows.indexOf(a);
    assert.ok(at('validate ok (11)') < at('callback: write 00'));
    assert.ok(at('callback: write 00') < at('lock bucket, enqueue'));
    assert.equal(d.notes.at(-1), '⚠ sleeps forever');
    assert.equal(d.lines, d.arrows.length);
    await expectText(page.getByTestId('diagram-summary'), `arrows: ${d.arrows.length} · steps: 34`);
    // strict Mermaid: nothing executable in the drawing
    const unsafe = await page.evaluate(() => {
      const svg = document.querySelector('[data-testid=diagram-svg] svg');
      const bad = [...svg.querySelectorAll('*')].filter(
        (el) =>
          ['script', 'foreignobject', 'iframe'].includes(el.localName.toLowerCase()) ||
          [...el.attributes].some((a) => /^on/i.test(a.name)),
      );
      return bad.length;
    });
    assert.equal(unsafe, 0);
    await screenshot(page, 'diagram-lost-wakeup');
    // the exported drawing of the whole run, opened on its own
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()]);
    const copy = join(OUT, 'diagram-lost-wakeup.svg');
    await svg.saveAs(copy);
    const text = await readFile(copy, 'utf8');
    assert.match(text, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg /);
    const file = await chrome.context.newPage();
    await file.setViewportSize({ width: 860, height: 1000 });
    await file.setContent(
      `<!doctype html><body style="margin:0;background:#fff">${text.replace(/^<\?xml[^>]*>\n/, '')}</body>`,
    );
    await file.screenshot({ path: join(OUT, 'diagram-lost-wakeup-export.png'), fullPage: true });
    await file.close();
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('lists the events and exports them as JSON Lines', async () => {
    const url = `${server.url}?scenario=parking_lot/lost-wakeup&variant=validate_outside&schedule=${encodeURIComponent(LOST_WAKEUP)}`;
    const { page, errors } = await open(chrome.context, url);
    await ready(page);
    await page.getByTestId('tab-trace').click();
    const rows = page.getByTestId('trace-row');
    await until(async () => (await rows.count()) > 30, 'trace rows');
    const n = await rows.count();
    await expectText(page.getByTestId('trace-list').locator('span').first(), `${n} events`);
    await expectText(rows.last(), /stuck .*parked on mutex m/);
    await screenshot(page, 'trace');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-jsonl-file').click(),
    ]);
    assert.equal(file.suggestedFilename(), 'lost-wakeup-step-34.jsonl');
    const lines = (await readFile(await file.path(), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(lines.length, n);
    const first = lines[0];
    for (const [k, v] of Object.entries({
      step: 1,
      kind: 'cas',
      actor: 'A',
      object: 'm',
      expected: 0,
      desired: 1,
      old: 0,
      new: 1,
      ok: true,
      site: 'engines/parking_lot/mini_mutex.c:34',
      label: 'fast path: CAS 00 -> 01',
    }))
      assert.equal(first[k], v, `first event's ${k}`);
    assert.equal(lines.at(-1).kind, 'stuck');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('finds the lost wakeup (key e), loads it at step 0, and the learner steps through it', async () => {
    const { page, errors } = await open(
      chrome.context,
      `${server.url}?scenario=parking_lot/lost-wakeup&variant=validate_outside`,
    );
    await ready(page);
    await expectText(page.getByTestId('explorer'), /Could a computer have found this\?/);
    await page.keyboard.press('e');
    await expectText(
      page.getByTestId('explore-result'),
      /^Found: stuck after 34 steps with 2 preemptions, in \d+ executions \([\d.]+ m?s\)\.$/,
      20000,
    );
    await expectText(stepCount(page), 'step 0 of 34');
    await expectText(
      page.getByTestId('explore-schedule'),
      'A A A B B B B B B B B B B B B B B B B B B B B B B B B B A A',
    );
    await expectText(page.getByTestId('narration'), /Its 34 steps are loaded at step 0/);
    await expectText(page.getByTestId('schedule-future'), /A A A B B/);
    await screenshot(page, 'explorer-found');
    // step through it: forward, forward, … (34 times), as the learner would
    await page.locator('#lanes').focus();
    for (let i = 0; i < 34; i++) await page.keyboard.press('ArrowRight');
    await expectText(stepCount(page), 'step 34');
    await expectText(page.getByTestId('outcome'), /Stuck/);
    await openDiagram(page);
    const d = await drawn(page, 10);
    assert.equal(d.notes.at(-1), '⚠ sleeps forever');
    await screenshot(page, 'explorer-stepped');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('for the correct variant it says what was proven', async () => {
    const { page, errors } = await open(
      chrome.context,
      `${server.url}?scenario=parking_lot/lost-wakeup-correct`,
    );
    await ready(page);
    await page.getByTestId('explore-run').click();
    await expectText(
      page.getByTestId('explore-result'),
      /^No stuck run or failed check within 3 preemptions: [\d,]+ executions, complete \([\d.]+ m?s\)\.$/,
      20000,
    );
    await expectText(stepCount(page), 'step 0');
    await screenshot(page, 'explorer-proven');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('Share copies an address that reopens exactly this state', async () => {
    const { page, errors } = await open(
      chrome.context,
      `${server.url}?scenario=parking_lot/lost-wakeup&variant=validate_outside`,
    );
    await ready(page);
    await page.keyboard.press('e');
    await expectText(page.getByTestId('explore-result'), /^Found: stuck/, 20000);
    await page.locator('#lanes').focus();
    for (let i = 0; i < 29; i++) await page.keyboard.press('ArrowRight');
    await expectText(stepCount(page), 'step 29 of 34');
    await page.locator('[data-lang="zh-CN"]').click();
    await until(
      async () => (await page.evaluate(() => document.documentElement.lang)) === 'zh-CN',
      'Chinese',
    );
    await page.getByTestId('share').click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const url = new URL(link);
    assert.equal(url.searchParams.get('scenario'), 'parking_lot/lost-wakeup');
    assert.equal(url.searchParams.get('variant'), null, 'the scenario’s own variant is not repeated');
    assert.equal(url.searchParams.get('step'), '29');
    assert.equal(url.searchParams.get('lang'), 'zh-CN');
    assert.match(url.searchParams.get('schedule'), /^v1\./);

    const state = async (p) => ({
      lang: await p.evaluate(() => document.documentElement.lang),
      step: clean(await stepCount(p).innerText()),
      schedule: clean(await p.getByTestId('schedule').innerText()),
      variant: clean(
        await p
          .locator('[aria-pressed="true"], [aria-checked="true"]')
          .allInnerTexts()
          .then((a) => a.join('|')),
      ),
      lanes: clean((await p.locator('section[data-actor]').allInnerTexts()).join(' | ')),
      inside: clean(await p.locator('aside').last().innerText()),
    });
    const before = await state(page);
    const again = await chrome.context.newPage();
    const errors2 = [];
    again.on('pageerror', (e) => errors2.push(e.message));
    await again.goto(link);
    await ready(again);
    await expectText(stepCount(again), before.step);
    assert.deepEqual(await state(again), before);
    await screenshot(again, 'shared-link');
    assert.deepEqual(errors, []);
    assert.deepEqual(errors2, []);
    await again.close();
    await page.close();
  });
});

// ---- on the author page: its template and its scenario (from tests/e2e/author.test.mjs) ----
describe('the author page', () => {
  const expectText = (locator, want, timeout = 15000) => waitForText(locator, want, timeout);

  describe('the teacher: a lesson from the parking_lot template', () => {
    test('a mistyped operation shows at its line with the CLI words; fixed, it passes, is shared and is played to its goal', async () => {
      const { page, errors } = await author(app, app.chrome.context);
      await app.chrome.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: app.server.url,
      });
      page.on('dialog', (d) => void d.accept());
      await page.getByTestId('author-start').selectOption('template:parking_lot');
      await addressHas(page, /engine: parking_lot/);
      await page.locator('[data-testid=author-status][data-state=pass]').waitFor({ timeout: 30000 });

      // lokc for lock, on A's program line
      await replaceOnLine(page, 'A: [lock m', 9, 4, 'lokc');
      await page.locator('[data-testid=author-status][data-state=problems]').waitFor({ timeout: 10000 });
      const typed = await addressHas(page, /A: \[lokc m/).then(() => documentOf(page.url()));
      const cli = checkLesson(M, typed, { file: 'lesson.md' }).problems.map(formatProblem);
      assert.equal(cli.length, 1);
      assert.match(
        cli[0],
        /^lesson\.md:\d+:\d+: scenario\.actors\.A\[0\]: m \(mini_mutex\) has no operation 'lokc'; it has: lock, unlock, try_lock$/,
      );
      const [, line, column, rest] = /^lesson\.md:(\d+):(\d+): (.*)$/.exec(cli[0]);
      // the same words, at the same line and column, in the list and inline
      await expectText(page.getByTestId('author-problems'), `${line}:${column} ${rest}`);
      const marked = page.locator('.cm-line', { hasText: 'A: [lokc m' }).locator('.cm-lintRange-error');
      assert.equal(clean(await marked.innerText()), 'lokc');
      await screenshot(page, 'author-typo-1440');

      await replaceOnLine(page, 'A: [lokc m', 9, 4, 'lock');
      await page.locator('[data-testid=author-status][data-state=pass]').waitFor({ timeout: 30000 });
      await addressHas(page, /A: \[lock m/);
      assert.equal(await page.locator('.cm-lintRange-error').count(), 0);

      await page.getByTestId('author-share').click();
      const dialog = page.getByTestId('author-share-dialog');
      await dialog.waitFor({ state: 'visible' });
      await expectText(dialog.getByTestId('author-share-length'), /^The link is \d+ characters long\.$/);
      await dialog.getByTestId('share-play-copy').click();
      const link = await until(async () => {
        const got = await page.evaluate(() => navigator.clipboard.readText()).catch(() => '');
        return /index\.html#src=/.test(got) ? got : null;
      }, 'the copied link');
      assert.equal(documentOf(link), documentOf(page.url()));
      assert.match(
        await dialog.getByTestId('share-element').inputValue(),
        /<lockstep-lesson doc="[A-Za-z0-9_-]+">/,
      );
      assert.deepEqual(errors, []);
      await page.close();

      // a fresh browser: no storage, only the link
      const fresh = await browser();
      try {
        const played = await open(fresh.context, link.replace(/^https?:\/\/[^/]+\//, app.server.url));
        const p = played.page;
        await expectText(
          p.getByTestId('lesson-goal'),
          /Let A and B each lock and unlock m without one failed CAS\./,
        );
        for (let i = 0; i < 4; i++) await take(p, lane(p, 'A').getByTestId('step'), 'A');
        for (let i = 0; i < 8 && !(await p.getByTestId('goal-banner').isVisible()); i++)
          await take(p, lane(p, 'B').getByTestId('step'), 'B');
        await expectText(p.getByTestId('goal-banner'), /Goal reached/);
        assert.deepEqual(played.errors, []);
      } finally {
        await fresh.close();
      }
    });
  });

  describe('the student: the lost wakeup, with B unlocking first', () => {
    test('from the scenario picker to the author page; the edit plays, and an edit to the words keeps the step', async () => {
      const { page: appPage } = await open(
        app.chrome.context,
        `${app.server.url}?scenario=parking_lot/lost-wakeup`,
      );
      await lane(appPage, 'A').waitFor({ timeout: 15000 });
      await appPage.getByTestId('open-picker').click();
      const edit = appPage.getByTestId('picker-edit');
      await expectText(edit, 'Edit this scenario');
      assert.equal(await edit.getAttribute('href'), 'author.html?scenario=parking_lot%2Flost-wakeup');
      await edit.click();
      await appPage.locator('body[data-editor-ready]').waitFor({ timeout: 20000 });
      const page = appPage;
      await addressHas(page, /en: The lost wakeup/);

      // B takes the lock first and unlocks it: the schedule is B's four steps
      await page.locator('.cm-line', { hasText: 'schedule: "v1: A B B' }).click({ position: { x: 1, y: 4 } });
      await page.keyboard.press('Shift+End');
      await page.keyboard.type('schedule: "v1: B B B B"');
      await addressHas(page, /^schedule: "v1: B B B B"$/m);
      // its expect: (B stuck) no longer holds: lockstep compile's words, at the key
      const edited = documentOf(page.url());
      const compiled = checkScenario(M, edited, { file: 'scenario.yaml' }).problems;
      assert.equal(compiled.length, 1);
      assert.match(
        formatProblem(compiled[0]),
        /^scenario\.yaml:\d+:\d+: expect\.outcome: is stuck, but the default run \(variant validate_outside, its schedule: then round-robin\) ends done after 8 steps$/,
      );
      await expectText(
        page.getByTestId('author-problems'),
        `${compiled[0].line}:${compiled[0].column} expect.outcome: ${compiled[0].message}`,
        30000,
      );
      const preview = page.frameLocator('[data-testid=author-preview]');
      // B's four steps, then A alone to its end (no choice left): nobody is stuck now
      await until(async () => (await stepOf(preview).catch(() => 0)) === 8, 'the preview to replay B first');
      await expectText(lane(preview, 'A').getByTestId('status'), /finished/);
      await expectText(lane(preview, 'B'), /finished/);
      // back to where B has unlocked: A's lock now takes the free mutex in one CAS
      for (let i = 0; i < 4; i++) await preview.getByTestId('back').click();
      await until(async () => (await stepOf(preview)) === 4, 'the preview to go back to step 4');
      await expectText(lane(preview, 'A'), /will succeed: state 00 → 01/);
      await take(preview, lane(preview, 'A').getByTestId('step'), 'A in the preview');
      assert.equal(await stepOf(preview), 5);

      // an edit to the words: the preview stays at its step
      // the title is in both languages (title: {en, zh-CN}); the English line is "  en: The lost …"
      await replaceOnLine(page, 'en: The lost wakeup', 11, 4, 'Lost');
      await addressHas(page, /en: The Lost wakeup/);
      await expectText(preview.locator('header nav'), /The Lost wakeup/);
      assert.equal(await stepOf(preview), 5);
      await screenshot(page, 'author-student-1440');
      await page.close();
    });
  });

  describe('a hostile lesson on its template', () => {
    const hostile = (template) =>
      template
        .replace('en: Two threads, one mutex', 'en: "Two threads <img src=x onerror=window.__pwned=1>"')
        .replace(
          /## en\n\n/,
          '## en\n\n<script>window.__pwned = 2</script>\n<img src="x" onerror="window.__pwned = 3">\n[click](javascript:window.__pwned=4)\n<iframe src="javascript:window.__pwned=5"></iframe>\n\n',
        );

    test('a hostile lesson runs no script and breaks no CSP rule, in the app, the embed and the author page', async () => {
      const { page: a } = await author(app, app.chrome.context, '?template=parking_lot');
      const template = await addressHas(a, /engine: parking_lot/).then(() => documentOf(a.url()));
      await a.close();
      const payload = payloadFor(hostile(template));
      for (const path of ['index.html', 'embed.html', 'author.html']) {
        const { page, errors } = await open(app.chrome.context, `${app.server.url}${path}#src=${payload}`);
        if (path === 'author.html') {
          await page.locator('body[data-editor-ready]').waitFor({ timeout: 20000 });
          await page
            .frameLocator('[data-testid=author-preview]')
            .getByTestId('lesson-goal')
            .waitFor({ timeout: 20000 });
        } else await expectText(page.getByTestId('lesson-goal'), /Let A and B each lock/);
        await page.waitForTimeout(500);
        const frames = page.frames();
        for (const f of frames) {
          assert.equal(await f.evaluate(() => window.__pwned), undefined, `${path}: ${f.url().slice(0, 60)}`);
          assert.equal(
            await f.locator('[data-testid=lesson-panel] script, [data-testid=lesson-panel] iframe').count(),
            0,
          );
          assert.equal(await f.locator('[onerror]').count(), 0);
        }
        assert.deepEqual(errors, [], path);
        await page.close();
      }
    });
  });

  describe("the editor's help on its template", () => {
    test('hover and completion come from the catalog; a missing translation is drafted and reported; Download gives the file', async () => {
      const fresh = await browser();
      try {
        const { page, errors } = await author(app, fresh.context, '?template=parking_lot');
        await addressHas(page, /engine: parking_lot/);
        await page.locator('[data-testid=author-status][data-state=pass]').waitFor({ timeout: 30000 });

        // hover over the operation `lock` in A's program: what the catalog says of it
        const box = await page.evaluate(() => {
          const line = [...document.querySelectorAll('.cm-line')].find((l) =>
            l.textContent.includes('A: [lock m'),
          );
          const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const i = n.textContent.indexOf('lock m');
            if (i < 0) continue;
            const r = document.createRange();
            r.setStart(n, i + 1);
            r.setEnd(n, i + 3);
            const b = r.getBoundingClientRect();
            return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
          }
          return null;
        });
        assert.ok(box, 'the word lock on the page');
        await page.mouse.move(box.x, box.y);
        await expectText(page.locator('.cm-tooltip-hover'), /^lock: .*mini_mutex.*$/);

        // completion: the operations of the document's objects, at the start of an item
        await replaceOnLine(page, 'A: [lock m', 9, 0, 'try_');
        await expectText(page.locator('.cm-tooltip-autocomplete'), /try_lock/);
        await page.keyboard.press('Escape');
        await replaceOnLine(page, 'A: [try_lock m', 9, 4, '');
        await page.keyboard.press('Backspace');
        await addressHas(page, /A: \[lock m/);

        // the title's Chinese removed: a problem; drafted from English: marked, and still a problem
        await page
          .locator('.cm-line', { hasText: 'zh-CN: 两个线程，一把互斥锁' })
          .click({ position: { x: 1, y: 4 } });
        await page.keyboard.press('Control+Shift+K'); // the editor's "delete line"
        await addressHas(page, /title:\n {2}en: Two threads, one mutex\n\n/);
        await expectText(page.getByTestId('author-problems'), "9:3 title: needs 'zh-CN'");
        await page.getByTestId('author-draft').click();
        await addressHas(
          page,
          /title:\n {2}en: Two threads, one mutex\n {2}zh-CN: "【待译】 Two threads, one mutex"\n/,
        );
        await expectText(
          page.getByTestId('author-problems'),
          /title\.zh-CN: is a draft copied from English \(it starts with 【待译】\); translate it/,
        );

        // Download: the document as it is, named after the lesson's id
        const file = await download(page, page.getByTestId('author-download'));
        assert.deepEqual(file, { name: 'my-mutex-lesson.md', text: documentOf(page.url()) });
        assert.deepEqual(errors, []);
        await page.close();
      } finally {
        await fresh.close();
      }
    });
  });
});
