// @ts-check
/**
 * A lesson's goal: exactly one kind, its actors, matchers and predicates
 * checked against the scenario, normalized for play.js.
 */
import { matcher, predicates } from './names.js';

/** @typedef {import('./parser.js').Parser} Parser */
/** @typedef {import('../scenario/source.js').Path} Path */
/** @typedef {import('./play.js').Goal} Goal */

export const GOAL_KINDS = /** @type {const} */ ([
  'stuck',
  'overlap',
  'assertion',
  'violation',
  'order',
  'state',
  'done_without',
]);

/**
 * @param {Parser} p
 * @param {string[]} variants
 * @returns {Goal}
 */
export function readGoal(p, variants) {
  const g = p.data.goal;
  const kinds = GOAL_KINDS.filter((k) => g[k] !== undefined);
  if (kinds.length !== 1) {
    const has = kinds.length ? `it has ${kinds.join(' and ')}` : 'it has none';
    p.bad(['goal'], `needs exactly one of ${GOAL_KINDS.join(', ')} (${has})`);
    p.throw();
  }
  const kind = kinds[0];
  if (g.at !== undefined && kind !== 'state') p.badKey(['goal', 'at'], 'belongs to a state: goal only');
  if (g.variant !== undefined && !variants.includes(g.variant))
    p.bad(['goal', 'variant'], `'${g.variant}' is not one of the lesson's variants: ${variants.join(', ')}`);
  /** @type {Goal} */
  const goal = { text: g.text, kind, variant: g.variant ?? null };
  switch (kind) {
    case 'stuck':
      goal.actors = g.stuck === true ? [] : g.stuck === false ? [] : g.stuck;
      if (g.stuck === false)
        p.bad(['goal', 'stuck'], 'must be true, or the list of actors that must be stuck');
      (goal.actors ?? []).forEach((a, i) => {
        if (!p.actors.includes(a))
          p.bad(
            ['goal', 'stuck', i],
            `'${a}' is not an actor of this lesson (actors: ${p.actors.join(', ')})`,
          );
      });
      break;
    case 'violation':
      if (g.violation === false) p.bad(['goal', 'violation'], 'must be true, or a violation kind');
      goal.violation = typeof g.violation === 'string' ? g.violation : null;
      break;
    case 'order':
    case 'done_without':
      goal.events = g[kind].map((/** @type {any} */ m, /** @type {number} */ i) =>
        matcher(p, m, ['goal', kind, i], variants),
      );
      break;
    case 'state':
      goal.predicates = predicates(p, g.state, ['goal', 'state']);
      goal.at = g.at ?? 'any';
      break;
  }
  return goal;
}
