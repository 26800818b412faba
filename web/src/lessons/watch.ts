/*
 * Watching the run for the page around it: after every move, the messages a
 * host page receives (model/hostEvents.ts, posted to window.parent when the
 * app is framed) and the learner's progress (saved when a lesson's goal is
 * reached).
 */
import { isGoalReached } from '../model/lesson';
import { hostEvents, type HostEvent, type Moment } from '../model/hostEvents';
import { ownRun, type Store } from '../store/store';
import { saveReached } from './progress';

/** Posts to the page that frames this one (any origin: the messages hold nothing private). */
export function postToHost(e: HostEvent | Record<string, unknown>): void {
  if (typeof window === 'undefined' || window.parent === window) return;
  try {
    window.parent.postMessage(e, '*');
  } catch {
    // a message that does not clone: not sent
  }
}

export function watchRun(store: Store, post: (e: HostEvent) => void = postToHost): () => void {
  let prev: Moment | null = null;
  return store.subscribe((s) => {
    const snap = s.snap;
    if (s.phase !== 'ready' || !snap || prev?.snap === snap) return;
    const lesson = s.lesson;
    const goal = lesson ? isGoalReached(lesson, snap) : false;
    const now: Moment = {
      lesson: lesson?.id ?? null,
      scenario: s.scenarioId,
      snap,
      goal,
      title: lesson?.title.en,
    };
    for (const e of hostEvents(prev, now)) post(e);
    // a goal the auto-player, the explorer or a replay reached is theirs, not the learner's win
    if (lesson && goal && ownRun(s) && prev && prev.scenario === now.scenario && !prev.goal)
      saveReached(lesson.id, { steps: snap.state.step, variant: snap.state.variant });
    prev = now;
  });
}
