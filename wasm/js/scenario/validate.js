// @ts-check
/**
 * The structural check: the scenario's data against scenario.schema.json,
 * with ajv (the validators are in ../schemas.js).  Ajv's messages are
 * written for programmers ("must NOT have more than 26 properties"); each is
 * rewritten here for the person who wrote the YAML, with the field path and
 * the position of the offending value.
 *
 * The schema carries an extra annotation, "x-expected", saying in words what
 * a value should be; it is used for type and name errors.
 */
import { scenarioValidator } from '../schemas.js';
import { fieldName } from './source.js';

/** @typedef {import('./source.js').Path} Path */
/** @typedef {import('./source.js').Source} Source */
/** @typedef {import('./problems.js').Problems} Problems */
/** @typedef {import('ajv').ErrorObject} ErrorObject */

const NOUNS = /** @type {Record<string, string>} */ ({
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  array: 'a list',
  object: 'a mapping',
  boolean: 'true or false',
  null: 'empty',
});

/** What a YAML value is, in words, for "must be X, not Y". */
function describe(/** @type {unknown} */ v) {
  if (v === null || v === undefined) return 'empty';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a mapping';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number') return `the number ${v}`;
  return typeof v;
}

/**
 * Turns ajv's JSON pointer into a path, using the data to tell list indices
 * from keys.
 * @param {string} pointer
 * @param {unknown} data
 * @returns {Path}
 */
function pathOf(pointer, data) {
  /** @type {Path} */
  const path = [];
  let here = /** @type {any} */ (data);
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(here)) {
      path.push(Number(seg));
      here = here[Number(seg)];
    } else {
      path.push(seg);
      here = here?.[seg];
    }
  }
  return path;
}

/**
 * One ajv error in words: [path to report, where (value or key), message],
 * or null when another error already says it better.
 * @param {ErrorObject} e
 * @param {Path} path
 * @returns {{path: Path, atKey: boolean, message: string} | null}
 */
function explain(e, path) {
  const p = /** @type {any} */ (e.params);
  const expected = /** @type {string|undefined} */ (e.parentSchema?.['x-expected']);
  const count = (/** @type {unknown} */ d) =>
    Array.isArray(d) ? d.length : d && typeof d === 'object' ? Object.keys(d).length : 0;
  switch (e.keyword) {
    case 'required':
      return { path, atKey: false, message: `needs '${p.missingProperty}'` };
    case 'additionalProperties': {
      const known = Object.keys(e.parentSchema?.properties ?? {});
      return {
        path: [...path, p.additionalProperty],
        atKey: true,
        message: `is not a known field; expected one of: ${known.join(', ')}`,
      };
    }
    case 'type': {
      const want =
        expected ??
        String(p.type)
          .split(',')
          .map((t) => NOUNS[t] ?? t)
          .join(' or ');
      return { path, atKey: false, message: `must be ${want}, not ${describe(e.data)}` };
    }
    case 'enum':
      return { path, atKey: false, message: `must be one of: ${p.allowedValues.join(', ')}` };
    case 'propertyNames':
      return null; // the inner error (pattern, maxLength) says which name
    case 'pattern':
    case 'maxLength':
    case 'minLength':
      if (e.propertyName !== undefined) {
        return {
          path: [...path, e.propertyName],
          atKey: true,
          message: `is not ${expected ?? 'a valid name'}`,
        };
      }
      if (e.keyword === 'minLength') return { path, atKey: false, message: 'must not be empty' };
      if (e.keyword === 'maxLength')
        return { path, atKey: false, message: `is longer than ${p.limit} characters` };
      return { path, atKey: false, message: `does not match ${p.pattern}` };
    case 'minItems':
      return {
        path,
        atKey: false,
        message: p.limit === 1 ? 'must not be empty' : `needs at least ${p.limit} items`,
      };
    case 'maxItems':
      return { path, atKey: false, message: `has ${count(e.data)} items; at most ${p.limit} are allowed` };
    case 'minProperties':
      return { path, atKey: false, message: 'must not be empty' };
    case 'maxProperties': {
      const n = count(e.data);
      const what = path.length === 1 ? String(path[0]) : 'entries';
      if (p.limit === 1) return { path, atKey: false, message: `must have exactly one key, not ${n}` };
      return { path, atKey: false, message: `has ${n} ${what}; at most ${p.limit} are allowed` };
    }
    case 'minimum':
      return { path, atKey: false, message: `must be at least ${p.limit}` };
    case 'maximum':
      return { path, atKey: false, message: `must be at most ${p.limit}` };
    case 'multipleOf':
      return { path, atKey: false, message: `must be a multiple of ${p.multipleOf}` };
    case 'uniqueItems':
      return { path: [...path, p.i], atKey: false, message: `repeats item ${p.j}` };
    default:
      return { path, atKey: false, message: e.message ?? 'is not valid' };
  }
}

/**
 * Checks the data's structure; adds a problem per violation.
 * @param {unknown} data
 * @param {Source} source
 * @param {Problems} problems
 * @returns {boolean} true if the structure is valid
 */
export function validateStructure(data, source, problems) {
  return validateWith(scenarioValidator(), data, source, problems);
}

/**
 * validateStructure with another schema's validator (../schemas.js).
 * @param {import('ajv').ValidateFunction} validate
 * @param {unknown} data
 * @param {Source} source
 * @param {Problems} problems
 * @returns {boolean} true if the structure is valid
 */
export function validateWith(validate, data, source, problems) {
  if (validate(data)) return true;
  /** @type {Set<string>} */
  const said = new Set();
  for (const e of validate.errors ?? []) {
    const x = explain(e, pathOf(e.instancePath, data));
    if (!x) continue;
    const field = fieldName(x.path, source.root);
    const key = `${field}\n${x.message}`;
    if (said.has(key)) continue;
    said.add(key);
    problems.add(x.atKey ? source.locateKey(x.path) : source.locate(x.path), field, x.message);
  }
  return false;
}
