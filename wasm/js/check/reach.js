// @ts-check
/**
 * The goal can be reached, and only where the lesson says: the starting
 * runs, the solution (within the learner's action budget), the explorer's
 * search in the goal's variant, and for a bug lesson a complete search
 * under correct that does not reach it (within the bound, or with proven:
 * in every interleaving).
 */
import { EXPLORABLE } from '../lesson.js';
import { MAX_LEARNER_ACTIONS } from './runs.js';
import { plural } from './words.js';

/** @typedef {import('./runs.js').LessonCheck} LessonCheck */
/** @typedef {import('./runs.js').Walk} Walk */

/**
 * Replays the starting schedule and the solution in every variant the
 * learner can pick, and says whether the goal is reached (by the starting
 * run, the solution or the explorer) and, for a bug lesson, not reachable
 * under correct by a complete search.  Records the solution's learner steps
 * and actions on `c`.
 * @param {LessonCheck} c
 * @returns {{startSteps: number, solutionWalk: Walk|null}}
 */
export function checkReach(c) {
  const l = c.lesson;
  const goalVariant = l.goal.variant ?? l.variant;

  // The runs a learner sees first: the starting schedule, then round-robin, in every variant.
  for (const v of l.variants) c.walk(v, l.start, 'round-robin', `the starting run under ${v} (round-robin)`);
  const startStop = c.walk(l.variant, l.start, 'manual', 'the starting schedule');
  if (startStop.error) c.add(l.at.schedule, 'scenario.schedule', `does not replay: ${startStop.error}`);

  // The goal: reachable, and by the solution if there is one.
  let reached = c.goalStep(c.walk(goalVariant, l.start, 'round-robin')) >= 0;
  let solutionWalk = null;
  if (l.solution) {
    solutionWalk = c.walk(goalVariant, l.solution.schedule, 'manual', `the solution under ${goalVariant}`);
    c.walk(
      goalVariant,
      l.solution.schedule,
      'round-robin',
      `the solution under ${goalVariant}, then round-robin`,
    );
    // The solution replayed under each other variant, as the app replays it.
    for (const v of l.variants)
      if (v !== goalVariant)
        c.follow(
          v,
          l.solution.schedule,
          `the solution replayed under ${v} (same actor order, then round-robin)`,
        );
    const at = c.goalStep(solutionWalk);
    if (solutionWalk.error)
      c.add(l.at.solution, 'solution', `does not replay under ${goalVariant}: ${solutionWalk.error}`);
    else if (at < 0) {
      const s = solutionWalk.summary;
      c.add(
        l.at.solution,
        'solution',
        `does not reach the goal under ${goalVariant}: the run stops after ${s.steps} steps (${s.outcome === 'running' ? 'waiting for a choice' : s.outcome})`,
      );
    } else {
      reached = true;
      c.learnerSteps = at - startStop.summary.steps;
      c.learnerActions = c.countActions(solutionWalk, startStop.summary.steps, at);
      if (c.learnerActions > MAX_LEARNER_ACTIONS)
        c.add(
          l.at.solution,
          'solution',
          `takes ${plural(c.learnerActions, 'learner action')} to win; a lesson is won in at most ${MAX_LEARNER_ACTIONS} (start it later with scenario.schedule, or let fold: take the steps that change nothing shared in one go)`,
        );
    }
  }
  /** @type {string} */
  let searched = '';
  if (EXPLORABLE.includes(l.goal.kind)) {
    const { result, replay } = c.explore(goalVariant, l.explore.bound, l.explore.maxExecutions);
    if (replay && c.goalStep(replay) >= 0) reached = true;
    searched = result.found
      ? `; the explorer found a ${result.kind} run under ${goalVariant} that is not the goal`
      : `; the explorer found nothing under ${goalVariant} within bound ${l.explore.bound} (${plural(result.executions, 'execution')}${result.complete ? '' : `, incomplete: ${result.reason}`})`;
  } else if (!l.solution && !reached) {
    searched = `; the explorer cannot search for ${l.goal.kind} goals: give a solution: that reaches it`;
  }
  if (!reached)
    c.add(
      l.at.goal,
      'goal',
      `is not reachable: the starting run does not reach it${l.solution ? ', nor does the solution' : ''}${searched}`,
    );

  // A bug lesson: not reachable under correct, by a complete search.
  if (l.bug) {
    const { result, replay } = c.explore('correct', l.explore.bound, l.explore.maxExecutions);
    if (replay && c.goalStep(replay) >= 0)
      c.add(l.at.bug, 'bug', `the goal is reachable under correct: the explorer found ${result.schedule}`);
    else if (!result.complete)
      c.add(
        l.at.bug,
        'bug',
        `the search under correct was not complete within bound ${l.explore.bound} (${result.executions} executions${result.reason ? `: ${result.reason}` : ''}); raise explore: bound or max_executions`,
      );
  }

  // A proven lesson: not reachable under correct in any interleaving, by the
  // complete search (no bound), as the app's recap says.
  if (l.proven) {
    const { result, replay } = c.explore('correct', 'none', 0);
    if (replay && c.goalStep(replay) >= 0)
      c.add(
        l.at.proven,
        'proven',
        `the goal is reachable under correct: the complete search found ${result.schedule}`,
      );
    else if (result.found)
      c.add(
        l.at.proven,
        'proven',
        `the complete search under correct found a ${result.kind} run that is not the goal (${result.schedule}), so it stopped before every interleaving was run`,
      );
    else if (!result.complete)
      c.add(
        l.at.proven,
        'proven',
        `the complete search under correct did not finish (${plural(result.executions, 'execution')}: ${result.reason}); a lesson is proven only by a search that runs every interleaving`,
      );
  }

  // The explorer's run in every variant the learner can pick.
  if (EXPLORABLE.includes(l.goal.kind))
    for (const v of l.variants) c.explore(v, l.explore.bound, l.explore.maxExecutions);

  return { startSteps: startStop.summary.steps, solutionWalk };
}
