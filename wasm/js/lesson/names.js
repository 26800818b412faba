// @ts-check
/**
 * The names a lesson uses, checked against its scenario and engine: the
 * fields of matchers (event kinds, actors, objects, variants), a beat's or
 * stage's variant: list, fold:, and predicates (lesson/predicate.js).  Each
 * bad name is a problem at its own position; the values come out as lists.
 */
import { fieldName } from '../scenario/source.js';
import { parsePredicate, PredicateProblem } from './predicate.js';
import { EVENT_KINDS } from '../trace.js';

/** @typedef {import('./parser.js').Parser} Parser */
/** @typedef {import('../scenario/source.js').Path} Path */
/** @typedef {import('./play.js').Matcher} Matcher */
/** @typedef {import('./predicate.js').Predicate} Predicate */

/** The fields an actor's next action has (state().actors[i].next), plus actor and variant. */
export const NEXT_FIELDS = [
  'actor',
  'variant',
  'kind',
  'object',
  'label',
  'site',
  'width',
  'value',
  'expected',
  'desired',
  'arg',
  'count',
  'target',
  'text',
];

/**
 * Checks a matcher's names and normalizes its values to lists.
 * @param {Parser} p
 * @param {Record<string, unknown>} m
 * @param {Path} path
 * @param {string[]} variants
 * @returns {Matcher}
 */
export function matcher(p, m, path, variants) {
  /** @type {Matcher} */
  const out = {};
  for (const [key, raw] of Object.entries(m)) {
    const values = /** @type {(string|number|boolean)[]} */ (Array.isArray(raw) ? raw : [raw]);
    values.forEach((v, i) => {
      const at = Array.isArray(raw) ? [...path, key, i] : [...path, key];
      if (key === 'kind' && !EVENT_KINDS.includes(String(v)))
        p.bad(at, `'${v}' is not an event kind; the kinds are: ${EVENT_KINDS.join(', ')}`);
      else if ((key === 'actor' || key === 'by' || key === 'target') && !p.actors.includes(String(v)))
        p.bad(at, `'${v}' is not an actor of this lesson (actors: ${p.actors.join(', ')})`);
      else if (key === 'variant' && !variants.includes(String(v)))
        p.bad(at, `'${v}' is not one of the lesson's variants: ${variants.join(', ')}`);
      else if (key === 'object' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(String(v)) && !(String(v) in p.objects))
        p.bad(
          at,
          `'${v}' is not an object of this lesson (objects: ${Object.keys(p.objects).join(', ') || 'none'}; engine parts are named like lot[30] or B.parker)`,
        );
      else if (key === 'ok' || key === 'woken') {
        if (typeof v !== 'boolean') p.bad(at, 'must be true or false');
      } else if (
        [
          'step',
          'old',
          'new',
          'value',
          'expected',
          'desired',
          'arg',
          'count',
          'inside',
          'width',
          'op',
          'round',
        ].includes(key)
      ) {
        if (typeof v !== 'number') p.bad(at, 'must be a number');
      } else if (
        ['actor', 'kind', 'object', 'label', 'site', 'by', 'target', 'text', 'check', 'variant'].includes(key)
      ) {
        if (typeof v !== 'string') p.bad(at, 'must be a word or a text');
      }
    });
    out[key] = values;
  }
  return out;
}

/**
 * A `variant:` condition of a beat or hint stage: a variant or a list of them.
 * @param {Parser} p
 * @param {string|string[]|undefined} value @param {Path} path @param {string[]} variants
 * @returns {string[]|null}
 */
export function variantList(p, value, path, variants) {
  if (value === undefined) return null;
  const list = Array.isArray(value) ? value : [value];
  list.forEach((v, i) => {
    if (!variants.includes(v))
      p.bad(
        Array.isArray(value) ? [...path, i] : path,
        `'${v}' is not one of the lesson's variants: ${variants.join(', ')}`,
      );
  });
  return list;
}

/**
 * `fold:` the next actions Shift+N takes in one go: event kinds (`spin`)
 * or matchers on a next action (`{kind: note, label: spin round}`).
 * @param {Parser} p
 * @param {unknown[]} list @param {string[]} variants
 * @returns {Matcher[]}
 */
export function fold(p, list, variants) {
  return list.map((item, i) => {
    const path = ['fold', i];
    if (typeof item === 'string') {
      if (!EVENT_KINDS.includes(item))
        p.bad(path, `'${item}' is not an event kind; the kinds are: ${EVENT_KINDS.join(', ')}`);
      return { kind: [item] };
    }
    const m = /** @type {Record<string, unknown>} */ (item);
    for (const key of Object.keys(m))
      if (!NEXT_FIELDS.includes(key))
        p.badKey(
          [...path, key],
          `an actor's next action has no '${key}'; fold: may use ${NEXT_FIELDS.join(', ')}`,
        );
    return matcher(p, m, path, variants);
  });
}

/**
 * @param {Parser} p
 * @param {string|string[]|undefined} value
 * @param {Path} path
 * @returns {Predicate[]}
 */
export function predicates(p, value, path) {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  /** @type {Predicate[]} */
  const out = [];
  list.forEach((text, i) => {
    const at = Array.isArray(value) ? [...path, i] : path;
    try {
      out.push(parsePredicate(text, { objects: p.objects, actors: p.actors, engine: p.data.engine }));
    } catch (e) {
      if (!(e instanceof PredicateProblem)) throw e;
      p.problems.add(p.source.locateIn(at, e.offset), fieldName(at, 'lesson'), e.message);
    }
  });
  return out;
}
