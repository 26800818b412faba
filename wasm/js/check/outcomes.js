// @ts-check
/**
 * The figures a lesson states (outcomes:) against what its runs and the
 * explorer really give: outcome, steps, stuck actors, violation, goal,
 * state, event counts and order; found, kind, preemptions, executions.
 */
import { evaluate, explainFalse, findOrder, matchEvent } from '../lesson.js';
import { inRange, plural, rangeText } from './words.js';

/** @typedef {import('../lesson.js').Matcher} Matcher */
/** @typedef {import('./runs.js').LessonCheck} LessonCheck */
/** @typedef {import('./runs.js').Walk} Walk */

/**
 * Every outcome the lesson states (run: or explore:) holds.
 * @param {LessonCheck} c
 */
export function checkOutcomes(c) {
  const l = c.lesson;
  l.outcomes.forEach((o, i) => {
    const field = (/** @type {string} */ k) => `outcomes[${i}].expect.${k}`;
    const say = (/** @type {string} */ k, /** @type {string} */ message) =>
      c.add(o.expectAt[k] ?? o.at, field(k), message);
    const e = o.expect;
    if (o.how === 'explore' && o.explore) {
      const { variant, bound, maxExecutions } = o.explore;
      const { result, replay } = c.explore(variant, bound, maxExecutions);
      const where = `the explorer (${variant}, bound ${bound})`;
      if (e.found !== undefined && result.found !== e.found)
        say(
          'found',
          `${where} ${result.found ? `found a ${result.kind} run` : 'found nothing'}; the lesson says found: ${e.found}`,
        );
      // What describes a counterexample (its kind, length, preemptions)
      // means nothing when there is none: say so once, unless found: did.
      const missing = !result.found && e.found !== true;
      if (e.kind !== undefined && result.found && result.kind !== e.kind)
        say('kind', `${where} found ${result.kind}; the lesson says ${e.kind}`);
      if (e.complete !== undefined && result.complete !== e.complete)
        say(
          'complete',
          `the search was ${result.complete ? '' : 'not '}complete; the lesson says complete: ${e.complete}`,
        );
      for (const k of ['kind', 'preemptions', 'steps']) {
        if (e[k] !== undefined && missing) {
          say(
            k,
            `${where} found nothing, so there is no ${k === 'kind' ? 'kind' : k} to compare; the lesson says ${e[k] && typeof e[k] === 'object' ? rangeText(e[k]) : e[k]}`,
          );
          break;
        }
      }
      for (const k of ['preemptions', 'executions', 'steps']) {
        if (e[k] === undefined || (k !== 'executions' && !result.found)) continue;
        const actual = /** @type {number} */ (/** @type {any} */ (result)[k]);
        if (!inRange(actual, e[k]))
          say(k, `${where} reports ${actual} ${k}; the lesson says ${rangeText(e[k])}`);
      }
      if (e.goal !== undefined) {
        const got = replay !== null && c.goalStep(replay) >= 0;
        if (got !== e.goal)
          say(
            'goal',
            `what ${where} found ${got ? 'reaches' : 'does not reach'} the goal; the lesson says goal: ${e.goal}`,
          );
      }
      return;
    }
    if (!o.run) return;
    const w = c.walk(o.run.variant, o.run.schedule, o.run.policy);
    const where = `the run (${o.run.variant}, ${o.run.scheduleName ?? o.run.schedule ?? 'no schedule'})`;
    if (w.error) {
      c.add(o.howAt, `outcomes[${i}].run`, `does not replay: ${w.error}`);
      return;
    }
    const s = w.summary;
    const last = w.states[w.states.length - 1];
    const outcome = s.end === 'limit' ? 'limit' : s.outcome;
    if (e.outcome !== undefined && outcome !== e.outcome)
      say('outcome', `${where} ends ${outcome}; the lesson says ${e.outcome}`);
    if (e.steps !== undefined && !inRange(s.steps, e.steps))
      say('steps', `${where} takes ${s.steps} steps; the lesson says ${rangeText(e.steps)}`);
    if (e.stuck !== undefined) {
      const got = s.stuck.map((x) => x.actor).sort();
      const want = [...e.stuck].sort();
      if (got.join(',') !== want.join(','))
        say(
          'stuck',
          `${where} leaves ${got.length ? got.join(', ') : 'nobody'} stuck; the lesson says ${want.join(', ') || 'nobody'}`,
        );
    }
    if (e.violation !== undefined && s.violation?.kind !== e.violation)
      say(
        'violation',
        `${where} ends with ${s.violation ? `a ${s.violation.kind} violation` : 'no violation'}; the lesson says ${e.violation}`,
      );
    if (e.goal !== undefined) {
      const got = c.goalStep(w) >= 0;
      if (got !== e.goal)
        say(
          'goal',
          `${where} ${got ? 'reaches' : 'does not reach'} the goal; the lesson says goal: ${e.goal}`,
        );
    }
    if (e.state !== undefined)
      /** @type {import('../lesson.js').Predicate[]} */ (e.state).forEach((p) => {
        if (!evaluate(p, last).holds)
          say('state', `'${p.text}' does not hold at the end of ${where}: ${explainFalse(p, last)}`);
      });
    if (e.count !== undefined)
      /** @type {{of: Matcher, is: any}[]} */ (e.count).forEach((count, j) => {
        const n = w.events.filter((ev) => matchEvent(count.of, ev, w.variant)).length;
        if (!inRange(n, count.is))
          c.add(
            o.countAt[j].is,
            `outcomes[${i}].expect.count[${j}].is`,
            `${where} has ${plural(n, 'such event')}; the lesson says ${rangeText(count.is)}`,
          );
      });
    if (e.order !== undefined && findOrder(e.order, w.events, w.variant) < 0)
      say('order', `${where} does not have these events in this order`);
  });
}
