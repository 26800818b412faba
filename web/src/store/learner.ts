/*
 * Whose run it is: a learner's move that forks off before the help began
 * (the auto-player, the explorer, a replay) makes the whole run theirs again;
 * a run of theirs that ends, or reaches the lesson's goal, counts as an
 * attempt; opening a hint is noted.  A lesson's `unlock:` reads both
 * (state.ts, helpLocked).
 */
import type { Snapshot } from '../bridge/types';
import { isGoalReached } from '../model/lesson';
import type { StoreCore } from './core';
import type { AppState } from './state';

/**
 * Before a learner's move: a function that, after it, keeps the record of
 * whose run this is.
 */
export function ownMove(c: StoreCore): (after: Snapshot) => Snapshot {
  const before = c.state.snap?.state.step ?? 0;
  return (after) => {
    const assist = c.state.assist;
    const forked = after.state.steps_recorded === after.state.step;
    const patch: Partial<AppState> = {};
    if (assist && before <= assist.from && forked) patch.assist = null;
    const own = !(patch.assist === undefined ? assist : null);
    const lesson = c.state.lesson;
    if (own && (after.state.outcome !== 'running' || (lesson && isGoalReached(lesson, after))))
      patch.tried = true;
    if (Object.keys(patch).length) c.set(patch);
    return after;
  };
}

/** The learner opened a hint (a lesson with `unlock: hint` then lets Play and the explorer help). */
export function noteHint(c: StoreCore): void {
  if (!c.state.hinted) c.set({ hinted: true });
}
