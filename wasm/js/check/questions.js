// @ts-check
/**
 * A question comes due on the solution's path (else on some run) after the
 * starting schedule, and what its verify: says holds after the asked step.
 */
import { evaluate, explainFalse, matchEvent, questionDue } from '../lesson.js';
import { describeEvent } from './words.js';

/** @typedef {import('../lesson.js').Matcher} Matcher */
/** @typedef {import('./runs.js').LessonCheck} LessonCheck */
/** @typedef {import('./runs.js').Walk} Walk */

/**
 * Each question comes due after the starting schedule on the solution's
 * path (else on some run), and its verify: holds after the step.
 * @param {LessonCheck} c @param {Walk|null} solution @param {number} startSteps
 */
export function checkQuestions(c, solution, startSteps) {
  const l = c.lesson;
  l.questions.forEach((q, i) => {
    const walks = solution ? [solution] : c.walks;
    for (const w of walks) {
      for (let k = startSteps; k < w.actors.length; k++) {
        if (!w.states[k] || !w.states[k + 1]) continue;
        const who = questionDue(q, w.states[k], w.trace.upTo(k), w.variant);
        if (who === null || w.actors[k] !== who) continue;
        const after = w.states[k + 1];
        const wrong = q.verify.filter((p) => !evaluate(p, after).holds);
        if (wrong.length)
          c.add(
            l.at.questionVerify[i],
            `questions[${i}].verify`,
            `does not hold after ${who}'s step (step ${k + 1}): ${wrong.map((p) => explainFalse(p, after)).join('; ')}`,
          );
        const stepEvents = w.events.filter((e) => Number(e.step) === k + 1);
        if (
          q.verifyEvent &&
          !stepEvents.some((e) => matchEvent(/** @type {Matcher} */ (q.verifyEvent), e, w.variant))
        )
          c.add(
            l.at.questionVerifyEvent[i],
            `questions[${i}].verify_event`,
            `${who}'s step (step ${k + 1}) has no such event; it has: ${stepEvents.map(describeEvent).join('; ')}`,
          );
        return;
      }
    }
    c.add(
      l.at.questions[i],
      `questions[${i}].before`,
      solution
        ? "is never due on the solution's path (no actor's next action matches where the if: holds)"
        : 'is never due in any run of this lesson',
    );
  });
}
