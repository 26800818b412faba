// How `lockstep check` wins a lesson, as the keys a learner presses: shared by the tests that
// play lessons in a page (solutions.test.mjs walks the course in the app, embed.test.mjs wins
// lessons inside the embed).
import assert from 'node:assert/strict';
import { before } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { goalStepOfRun, learnerActions, parseLesson, scheduleTokens } from '../../wasm/js/lesson.js';
import { Session, catalog } from '../../wasm/js/lockstep.js';
import { loadModule } from '../../wasm/js/node.js';
import { ROOT, stepOf, waitForText } from './harness.mjs';

/** The move a schedule's token names, among the moves on offer (`names`: the actors in order). */
function moveOf(token, names) {
  const t = token.replace(/@.*$/, '');
  if (t === 'tick') return { kind: 'tick' };
  if (t.startsWith('~')) return { kind: 'drop', actor: names.indexOf(t.slice(1)) };
  if (t.startsWith('!')) return { kind: 'irq', actor: names.indexOf(t.slice(1)) };
  if (t.startsWith('^')) return { kind: 'flush', actor: names.indexOf(t.slice(1)) };
  // <A:N: A's next load reads store N of its cell (ra)
  const read = /^<(.+):(\d+)$/.exec(t);
  if (read) return { kind: 'read_from', actor: names.indexOf(read[1]), store: Number(read[2]) };
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
export function plan(M, cat, file) {
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
  // a run can go on for ever (a spinner whose lock is never released): stop where the check
  // stops, at the lesson's step limit
  while (s.state().outcome === 'running' && moves.length < l.explore.maxSteps) {
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
        offered.some((o) => o.kind === m.kind && o.actor === m.actor && o.store === m.store),
        `${file} step ${st.step}: ${JSON.stringify(m)} is not on offer`,
      );
    }
    if (m.kind === 'step') s.step(m.actor);
    else if (m.kind === 'tick') s.take('tick');
    else s.take(m.kind, m.actor, m.store);
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
  // a flush or a read_from is its own action: Shift+N never takes it along with the actor's steps
  const movers = moves.map((m) =>
    m.kind === 'tick'
      ? ''
      : m.kind === 'flush' || m.kind === 'read_from'
        ? `${m.kind} ${names[m.actor]}`
        : names[m.actor],
  );
  const actions = learnerActions(l.fold, variant, states, movers, startSteps, goalAt).map((a) => {
    const m = moves[a.from];
    const n = m.actor + 1;
    assert.ok(m.kind === 'tick' || (n >= 1 && n <= 9), `${file}: actor ${n} has no key`);
    assert.ok(m.kind !== 'read_from' || m.store <= 9, `${file}: store ${m.store} has no key`);
    const keys = a.folded
      ? [`Shift+Digit${n}`]
      : m.kind === 'tick'
        ? ['t']
        : m.kind === 'drop'
          ? ['d', `Digit${n}`]
          : m.kind === 'flush'
            ? ['f', `Digit${n}`]
            : m.kind === 'read_from'
              ? ['r', `Digit${n}`, `Digit${m.store}`]
              : [`Digit${n}`]; // a step, or raising a handler not raised yet
    return { keys, to: a.to, what: `${m.kind} ${movers[a.from] || ''} to step ${a.to}` };
  });
  return { id: l.id, names, variant, opening: l.variant, startSteps, actions };
}

/**
 * Plays plan `p` in `page` (the app, or the embed: both show the lanes, the step count and the
 * goal banner): waits for the lesson to open at its opening step with no goal reached, then for
 * every action presses its keys (or, where `press` answers for the action, lets it act instead)
 * and waits for the step count to land exactly where the engine's run does; then "Goal reached".
 */
export async function playByKeys(page, p, press = async () => false) {
  // the step the timeline stands at, read in the page (as harness.mjs's stepOf reads it)
  await page.evaluate(() => {
    window.stepNow = () =>
      Number(/\d+/.exec(document.querySelector('[data-testid=step-count]')?.textContent ?? '')?.[0]);
  });
  await page.waitForFunction(
    ({ names, step }) =>
      [...document.querySelectorAll('section[data-actor]')].map((x) => x.dataset.actor).join() === names &&
      !document.querySelector('[data-testid=goal-banner]') &&
      window.stepNow() === step,
    { names: p.names.join(), step: p.startSteps },
    { timeout: 15000 },
  );
  for (const a of p.actions) {
    if (!(await press(a))) for (const k of a.keys) await page.keyboard.press(k);
    await page
      .waitForFunction((n) => window.stepNow() === n, a.to, { timeout: 10000 })
      .catch(async () =>
        assert.fail(`${p.id}: ${a.keys.join(', ')} (${a.what}) left the run at step ${await stepOf(page)}`),
      );
  }
  await waitForText(page.getByTestId('goal-banner'), /Goal reached/, 8000);
}

/**
 * For a group of tests that plays lesson `file` (lessons/<file>): registers the hook that makes
 * its plan (in node, as `lockstep check` does) and returns {p}, filled in once it has run.
 */
export function usePlan(file) {
  const planned = { p: null };
  before(async () => {
    const M = await loadModule();
    planned.p = plan(M, catalog(M), file);
  });
  return planned;
}
