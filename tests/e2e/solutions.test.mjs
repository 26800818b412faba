// Every lesson is won in the browser, by the keys a learner presses.  `lockstep check` proves
// each lesson winnable on the engine (its solution:, or for a lesson without one the starting
// run, reaches the goal); here the same run is played in the app: one page walks the whole
// course by its Next link, and in each lesson presses, for every action the check counts, the
// key the keys list names (N steps task N or raises handler N, Shift+N runs N through what the
// lesson folds, d then N drops task N's future, t lets the tick fall), waits for the step count
// to land exactly where the engine's run does, and then sees "Goal reached".
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadModule } from '../../wasm/js/node.js';
import { catalog, Session } from '../../wasm/js/lockstep.js';
import { goalStepOfRun, learnerActions, parseLesson, scheduleTokens } from '../../wasm/js/lesson.js';
import { open, ROOT, screenshot, stepOf, useApp, waitForText } from './harness.mjs';

const app = useApp();

/** The move a schedule's token names, among the moves on offer (`names`: the actors in order). */
function moveOf(token, names) {
  const t = token.replace(/@.*$/, '');
  if (t === 'tick') return { kind: 'tick' };
  if (t.startsWith('~')) return { kind: 'drop', actor: names.indexOf(t.slice(1)) };
  if (t.startsWith('!')) return { kind: 'irq', actor: names.indexOf(t.slice(1)) };
  return { kind: 'step', actor: names.indexOf(t.replace(/^=/, '')) };
}

/**
 * For a lesson without a solution, the run `lockstep check` reaches its goal by: the starting
 * run (round-robin after the opening) when that gets there, else the explorer's run, found by
 * the same search (dfs within the lesson's bound).
 */
function found(l, session) {
  const s = session();
  try {
    const r = s.run({ policy: 'round-robin', schedule: l.start ?? '', maxSteps: l.explore.maxSteps });
    const st = s.state();
    if (goalStepOfRun(l.goal, s.trace(), [st], l.variant) === 0) return r.schedule;
    s.reset();
    s.exploreStart({
      strategy: 'dfs',
      bound: l.explore.bound,
      maxExecutions: l.explore.maxExecutions,
      maxSteps: l.explore.maxSteps,
      seed: 0,
      prune: true,
    });
    let e = s.exploreStep(5000);
    while (!e.finished) e = s.exploreStep(5000);
    s.exploreFinish();
    assert.ok(e.result.found, `${l.file}: neither the starting run nor the explorer reaches the goal`);
    return e.result.schedule;
  } finally {
    s.free();
  }
}

/**
 * The lesson as `lockstep check` wins it, move by move: its solution (or, without one, the
 * run `found` gives) replayed on the engine, taking the token at every real choice
 * and the only move where there is one.  Returns the learner's actions from where the lesson
 * opens to the goal, each with its keys and the step it ends at.
 */
function plan(M, cat, file) {
  const l = parseLesson(readFileSync(join(ROOT, 'lessons', file), 'utf8'), { file, catalog: cat });
  const variant = l.goal.variant ?? l.variant;
  const session = () => new Session(M, l.bytecode, { variant, seed: 0 });
  const s = session();
  const schedule = l.solution?.schedule ?? found(l, session);
  const opening = session();
  const startSteps = opening.run({ policy: 'manual', schedule: l.start ?? '' }).steps;
  opening.free();
  const names = s.state().actors.map((a) => a.name);
  const tokens = scheduleTokens(schedule);
  const states = [s.state()];
  const moves = [];
  while (s.state().outcome === 'running') {
    const st = s.state();
    const offered = [
      ...st.actors.flatMap((a, i) => (a.status === 'enabled' ? [{ kind: 'step', actor: i }] : [])),
      ...s.choices(),
    ];
    const steps = offered.filter((o) => o.kind === 'step');
    let m = offered[0];
    if (offered.length > 1 && !tokens.length) {
      // the schedule is used up: one actor left to step goes on (a tick or a drop on offer is
      // optional: the policies take it only when nothing else can move); a real choice stops here
      if (steps.length !== 1) break;
      m = steps[0];
    } else if (offered.length > 1) {
      m = moveOf(tokens.shift(), names);
      assert.ok(
        offered.some((o) => o.kind === m.kind && o.actor === m.actor),
        `${file} step ${st.step}: ${JSON.stringify(m)} is not on offer`,
      );
    }
    if (m.kind === 'step') s.step(m.actor);
    else if (m.kind === 'tick') s.take('tick');
    else s.take(m.kind, m.actor);
    moves.push(m);
    states.push(s.state());
  }
  const events = s.trace();
  s.free();
  const goalAt = goalStepOfRun(l.goal, events, states, variant);
  assert.ok(
    goalAt > startSteps,
    `${file}: the goal is reached at step ${goalAt}, after the opening ${startSteps}`,
  );
  const movers = moves.map((m) => (m.kind === 'tick' ? '' : names[m.actor]));
  const actions = learnerActions(l.fold, variant, states, movers, startSteps, goalAt).map((a) => {
    const m = moves[a.from];
    const n = m.actor + 1;
    assert.ok(m.kind === 'tick' || (n >= 1 && n <= 9), `${file}: actor ${n} has no key`);
    const keys = a.folded
      ? [`Shift+Digit${n}`]
      : m.kind === 'tick'
        ? ['t']
        : m.kind === 'drop'
          ? ['d', `Digit${n}`]
          : [`Digit${n}`]; // a step, or raising a handler not raised yet
    return { keys, to: a.to, what: `${m.kind} ${movers[a.from] || ''} to step ${a.to}` };
  });
  return { id: l.id, names, variant, opening: l.variant, startSteps, actions };
}

describe('every lesson in the browser', () => {
  test('is won by the learner’s keys, walking the course by Next', async () => {
    const M = await loadModule();
    const cat = catalog(M);
    const files = readdirSync(join(ROOT, 'lessons')).filter((f) => /^\d+-[a-z0-9-]+\.md$/.test(f));
    const plans = new Map(files.map((f) => plan(M, cat, f)).map((p) => [p.id, p]));

    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=racy-counter`);
    // the step the timeline stands at, read in the page (as harness.mjs's stepOf reads it)
    await page.evaluate(() => {
      window.stepNow = () =>
        Number(/\d+/.exec(document.querySelector('[data-testid=step-count]')?.textContent ?? '')?.[0]);
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    const won = [];
    for (;;) {
      const id = new URL(page.url()).searchParams.get('lesson');
      const p = plans.get(id);
      assert.ok(p, `the app opened ${id}, which is no lesson file`);
      assert.ok(!won.includes(id), `Next came back to ${id}`);
      assert.equal(p.variant, p.opening, `${id} is won under the variant it opens with`);
      // the lesson has opened: its lanes, its opening step, and no goal reached yet
      await page.waitForFunction(
        ({ names, step }) =>
          [...document.querySelectorAll('section[data-actor]')].map((x) => x.dataset.actor).join() ===
            names &&
          !document.querySelector('[data-testid=goal-banner]') &&
          window.stepNow() === step,
        { names: p.names.join(), step: p.startSteps },
        { timeout: 15000 },
      );
      for (const a of p.actions) {
        for (const k of a.keys) await page.keyboard.press(k);
        await page
          .waitForFunction((n) => window.stepNow() === n, a.to, { timeout: 10000 })
          .catch(async () =>
            assert.fail(`${id}: ${a.keys.join(', ')} (${a.what}) left the run at step ${await stepOf(page)}`),
          );
      }
      await waitForText(page.getByTestId('goal-banner'), /Goal reached/, 8000);
      won.push(id);
      const next = page.getByTestId('lesson-next');
      if ((await next.count()) === 0) {
        await screenshot(page, 'solutions-last-lesson-won');
        break;
      }
      await next.click();
      await page.waitForURL((u) => u.searchParams.get('lesson') !== id);
    }
    assert.deepEqual([...won].sort(), [...plans.keys()].sort(), 'Next walks every lesson once');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
