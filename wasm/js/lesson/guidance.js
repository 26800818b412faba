// @ts-check
/**
 * What a lesson says while it is played: beats (narration when an event
 * happens), hint stages (nudge, direction, the next actor) and questions
 * (predict the next step), each with its names checked and its matchers and
 * predicates normalized.
 */
import { matcher, predicates, variantList, NEXT_FIELDS } from './names.js';

/** @typedef {import('./parser.js').Parser} Parser */
/** @typedef {import('./play.js').Beat} Beat */
/** @typedef {import('./play.js').HintStage} HintStage */
/** @typedef {import('./play.js').Question} Question */

/**
 * The beats, in the order written.
 * @param {Parser} p @param {string[]} variants
 * @returns {Beat[]}
 */
export function readBeats(p, variants) {
  const d = p.data;
  return (d.beats ?? []).map((/** @type {any} */ b, /** @type {number} */ i) => ({
    when: matcher(p, b.when, ['beats', i, 'when'], variants),
    say: b.say,
    every: b.every === true,
    variant: variantList(p, b.variant, ['beats', i, 'variant'], variants),
    if: predicates(p, b.if, ['beats', i, 'if']),
    verify: predicates(p, b.verify, ['beats', i, 'verify']),
  }));
}

/**
 * The hint stages; each names an actor of the lesson as the next to move.
 * @param {Parser} p @param {string[]} variants
 * @returns {HintStage[]}
 */
export function readHints(p, variants) {
  const d = p.data;
  return d.hints.map((/** @type {any} */ h, /** @type {number} */ i) => {
    if (!p.actors.includes(h.next.actor))
      p.bad(
        ['hints', i, 'next', 'actor'],
        `'${h.next.actor}' is not an actor of this lesson (actors: ${p.actors.join(', ')})`,
      );
    return {
      after: h.after ? matcher(p, h.after, ['hints', i, 'after'], variants) : null,
      variant: variantList(p, h.variant, ['hints', i, 'variant'], variants),
      if: predicates(p, h.if, ['hints', i, 'if']),
      verify: predicates(p, h.verify, ['hints', i, 'verify']),
      nudge: h.nudge,
      direction: h.direction,
      next: h.next,
    };
  });
}

/**
 * The questions; before: may name only what an actor's next action has.
 * @param {Parser} p @param {string[]} variants
 * @returns {Question[]}
 */
export function readQuestions(p, variants) {
  const d = p.data;
  return (d.questions ?? []).map((/** @type {any} */ q, /** @type {number} */ i) => {
    const path = ['questions', i];
    for (const key of Object.keys(q.before))
      if (!NEXT_FIELDS.includes(key))
        p.badKey(
          [...path, 'before', key],
          `an actor's next action has no '${key}' yet (it is known only after the step); before: may use ${NEXT_FIELDS.join(', ')}`,
        );
    if (q.answer > q.choices.length)
      p.bad([...path, 'answer'], `is ${q.answer}, but there are only ${q.choices.length} choices`);
    return {
      before: matcher(p, q.before, [...path, 'before'], variants),
      after: q.after ? matcher(p, q.after, [...path, 'after'], variants) : null,
      if: predicates(p, q.if, [...path, 'if']),
      ask: q.ask,
      choices: q.choices,
      answerIndex: q.answer - 1,
      explain: q.explain,
      verify: predicates(p, q.verify, [...path, 'verify']),
      verifyEvent: q.verify_event ? matcher(p, q.verify_event, [...path, 'verify_event'], variants) : null,
    };
  });
}
