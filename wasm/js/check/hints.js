// @ts-check
/**
 * A hint stage names the actor the solution moves next where the stage
 * begins (after its after: event on the solution's path, or at the start).
 */
import { findEvent } from '../lesson.js';

/** @typedef {import('../lesson.js').Matcher} Matcher */
/** @typedef {import('./runs.js').LessonCheck} LessonCheck */
/** @typedef {import('./runs.js').Walk} Walk */

/** Each hint stage's next actor is the one the solution takes when the stage begins. */
export function checkHints(
  /** @type {LessonCheck} */ c,
  /** @type {Walk} */ w,
  /** @type {number} */ startSteps,
) {
  const l = c.lesson;
  const goalAt = c.goalStep(w);
  l.hints.forEach((h, i) => {
    let begins = startSteps;
    // A stage for another variant than the solution's is not on its path.
    if (h.after?.variant && !h.after.variant.includes(w.variant)) return;
    if (h.variant && !h.variant.includes(w.variant)) return;
    if (h.after) {
      const e = findEvent(h.after, w.events, w.variant);
      const anywhere = c.walks.some(
        (x) => findEvent(/** @type {Matcher} */ (h.after), x.events, x.variant) >= 0,
      );
      if (!anywhere) return; // checkMatchers says so
      if (e < 0 || Number(w.events[e].step) >= goalAt) {
        c.add(l.at.hintAfter[i], `hints[${i}].after`, "never happens on the solution's path before the goal");
        return;
      }
      begins = Math.max(startSteps, Number(w.events[e].step));
    }
    const who = w.actors[begins];
    if (who !== h.next.actor)
      c.add(
        l.at.hintNext[i],
        `hints[${i}].next.actor`,
        `is ${h.next.actor}, but the solution's next step there (step ${begins + 1}) is ${who || "nobody's"}`,
      );
  });
}
