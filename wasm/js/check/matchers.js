// @ts-check
/**
 * Every matcher of a lesson (beats, hints, goal events, outcomes' counts and
 * orders, questions) matches something in some run, and every beat is said
 * after the starting schedule; a matcher that matches nothing gets the
 * closest value that does occur.
 */
import { beatsAt, matchNext } from '../lesson.js';

/** @typedef {import('../lesson.js').Matcher} Matcher */
/** @typedef {import('./runs.js').LessonCheck} LessonCheck */
/** @typedef {import('./runs.js').Walk} Walk */
/** @typedef {{line: number, column: number}} Position */

/**
 * Every matcher of the lesson matches some event (or next action) of some run.
 * @param {LessonCheck} c
 * @param {number} startSteps  how many steps the starting schedule plays
 */
export function checkMatchers(c, startSteps) {
  const l = c.lesson;
  /** @type {{m: Matcher, at: Position, field: string}[]} */
  const all = [];
  l.beats.forEach((b, i) => all.push({ m: b.when, at: l.at.beats[i], field: `beats[${i}].when` }));
  l.hints.forEach(
    (h, i) =>
      h.after &&
      all.push({
        m: h.after,
        at: l.at.hintAfter[i],
        field: `hints[${i}].after`,
      }),
  );
  (l.goal.events ?? []).forEach((m, i) =>
    all.push({ m, at: l.at.goalEvents[i], field: `goal.${l.goal.kind}[${i}]` }),
  );
  l.outcomes.forEach((o, i) => {
    (o.expect.count ?? []).forEach((/** @type {{of: Matcher}} */ c, /** @type {number} */ j) =>
      all.push({
        m: c.of,
        at: o.countAt[j].of,
        field: `outcomes[${i}].expect.count[${j}].of`,
      }),
    );
    (o.expect.order ?? []).forEach((/** @type {Matcher} */ m, /** @type {number} */ j) =>
      all.push({
        m,
        at: o.orderAt[j],
        field: `outcomes[${i}].expect.order[${j}]`,
      }),
    );
  });
  l.questions.forEach((q, i) => {
    if (q.after)
      all.push({
        m: q.after,
        at: l.at.questionAfter[i],
        field: `questions[${i}].after`,
      });
    if (q.verifyEvent)
      all.push({
        m: q.verifyEvent,
        at: l.at.questionVerifyEvent[i],
        field: `questions[${i}].verify_event`,
      });
  });
  for (const { m, at, field } of all) {
    if (c.walks.some((w) => w.trace.matches(m).length > 0)) continue;
    c.add(at, field, `matches no event in any run of this lesson${nearMiss(c, m)}`);
  }
  l.questions.forEach((q, i) => {
    const seen = c.walks.some((w) =>
      w.states.some((st) =>
        (st?.actors ?? []).some((/** @type {any} */ a) => matchNext(q.before, a.name, a.next, w.variant)),
      ),
    );
    if (!seen)
      c.add(
        l.at.questions[i],
        `questions[${i}].before`,
        `matches no actor's next action in any run of this lesson${nearMiss(c, q.before)}`,
      );
  });
  // Beats are said for the learner's steps, not for the starting
  // schedule's: a beat must be said (by beatsAt, the player's own function)
  // at some step after the start in some run.
  l.beats.forEach((b, i) => {
    const matching = c.walks.filter((x) => x.trace.matches(b.when).length > 0);
    if (!matching.length) return; // reported above
    const said = matching.some((w) => {
      for (let step = startSteps + 1; step < w.states.length; step++) {
        if (beatsAt(l.beats, w.trace.upTo(step), step, w.variant, w.states[step]).some((x) => x.index === i))
          return true;
      }
      return false;
    });
    if (!said)
      c.add(
        l.at.beats[i],
        `beats[${i}].when`,
        `is never said: in every run it first matches during the starting schedule (the first ${startSteps} steps), before the learner's first step, or where its variant: or if: does not hold`,
      );
  });
}

/**
 * A hint for a matcher that matches nothing: the field whose value no
 * event has, with the closest value that exists.
 * @param {LessonCheck} c @param {Matcher} m
 */
function nearMiss(c, m) {
  for (const [field, want] of Object.entries(m)) {
    if (field === 'variant') continue;
    /** @type {Set<string>} */
    const values = new Set();
    for (const w of c.walks)
      for (const e of w.events) if (e[field] !== undefined) values.add(String(e[field]));
    const missing = want.filter((v) => !values.has(String(v)));
    if (!missing.length) continue;
    const v = String(missing[0]);
    const close = closest(v, [...values]);
    return `: no event has ${field} '${v}'${close ? ` (did you mean '${close}'?)` : ''}`;
  }
  return ': each field occurs, but never all together';
}

/**
 * The value nearest to `v` by edit distance, if it is near enough.
 * @param {string} v @param {string[]} values
 */
function closest(v, values) {
  let best = null;
  let bestD = Math.max(2, Math.floor(v.length / 3)) + 1;
  for (const x of values) {
    const d = distance(v.toLowerCase(), x.toLowerCase());
    if (d < bestD) {
      best = x;
      bestD = d;
    }
  }
  return best;
}

/** @param {string} a @param {string} b */
function distance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}
