// @ts-check
/**
 * What beats and hint stages claim (verify:) holds wherever the learner can
 * be shown them: on every run the check made.
 */
import { beatsAt, evaluate, explainFalse, goalStepOfRun, hintStage } from '../lesson.js';

/** @typedef {import('../lesson.js').Matcher} Matcher */
/** @typedef {import('./runs.js').LessonCheck} LessonCheck */
/** @typedef {import('./runs.js').Walk} Walk */

/**
 * What beats and hint stages claim (`verify:`) holds on every path they
 * can be shown on: every run this check made (the starting runs, the
 * solution in its variant and replayed under the others, the explorer's
 * runs, the outcomes' runs).  A beat's claim is checked after each step it
 * is said at; a stage's at every step it is the one shown while the run
 * goes on.  Each is reported once, on the first path that contradicts it.
 * @param {LessonCheck} c @param {number} startSteps
 */
export function checkClaims(c, startSteps) {
  const l = c.lesson;
  if (!l.beats.some((b) => b.verify.length) && !l.hints.some((h) => h.verify.length)) return;
  /** @type {Set<string>} */
  const reported = new Set();
  for (const w of c.walks) {
    if (w.error) continue;
    for (let k = startSteps; k < w.states.length; k++) {
      const state = w.states[k];
      if (!state) continue;
      const events = w.trace.upTo(k);
      if (k > startSteps)
        for (const { index, beat } of beatsAt(l.beats, events, k, w.variant, state)) {
          const wrong = beat.verify.filter((p) => !evaluate(p, state).holds);
          if (!wrong.length || reported.has(`b${index}`)) continue;
          reported.add(`b${index}`);
          c.add(
            l.at.beatVerify[index],
            `beats[${index}].verify`,
            `does not hold when the beat is said at step ${k} of ${w.name}: ${wrong.map((p) => explainFalse(p, state)).join('; ')}`,
          );
        }
      if (state.outcome !== 'running') continue;
      const stage = hintStage(l.hints, events, w.variant, state);
      const h = stage >= 0 ? l.hints[stage] : null;
      if (!h || reported.has(`h${stage}`)) continue;
      const wrong = h.verify.filter((p) => !evaluate(p, state).holds);
      if (!wrong.length) continue;
      reported.add(`h${stage}`);
      c.add(
        l.at.hintVerify[stage],
        `hints[${stage}].verify`,
        `does not hold while the stage is shown after step ${k} of ${w.name}: ${wrong.map((p) => explainFalse(p, state)).join('; ')}`,
      );
    }
  }
}

/**
 * What the opening claims (`opening.verify`) holds where it is said: after
 * the starting schedule, on every run this check made (each variant's
 * starting run, the solution's, the explorer's: all begin with it).
 * @param {LessonCheck} c @param {number} startSteps
 */
export function checkOpening(c, startSteps) {
  const l = c.lesson;
  if (!l.openingVerify.length) return;
  for (const w of c.walks) {
    const state = w.error ? undefined : w.states[startSteps];
    if (!state) continue;
    const wrong = l.openingVerify.filter((p) => !evaluate(p, state).holds);
    if (!wrong.length) continue;
    c.add(
      l.at.openingVerify,
      'opening.verify',
      `does not hold after the starting schedule (step ${startSteps}) of ${w.name}: ${wrong.map((p) => explainFalse(p, state)).join('; ')}`,
    );
    return;
  }
}

/**
 * What the recap claims (`recap.verify`) holds at the step that reached the
 * goal, on every run this check made that reaches it: the recap describes the
 * run the learner made, not one they might have made.
 * @param {LessonCheck} c
 */
export function checkRecap(c) {
  const l = c.lesson;
  if (!l.recapVerify.length) return;
  for (const w of c.walks) {
    if (w.error) continue;
    const k = goalStepOfRun(l.goal, w.events, w.states, w.variant);
    const state = k >= 0 ? w.states[k] : undefined;
    if (!state) continue;
    const wrong = l.recapVerify.filter((p) => !evaluate(p, state).holds);
    if (!wrong.length) continue;
    c.add(
      l.at.recapVerify,
      'recap.verify',
      `does not hold when the goal is reached at step ${k} of ${w.name}: ${wrong.map((p) => explainFalse(p, state)).join('; ')}`,
    );
    return;
  }
}
