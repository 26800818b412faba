// @ts-check
/**
 * State predicates of lessons: "m.state == 3", "counter == 2",
 * "B.status == blocked", "m.owner == C", "<engine>.<field> == 64" (an engine-wide field).
 *
 * The language is the scenario's assertion (LEFT CMP RIGHT) read over
 * Session.state() instead of inside the machine, so it can also name actors
 * and the engine:
 *
 *   OBJECT           the object's first field (counter means counter.value)
 *   OBJECT.FIELD     a field of its type (m.state, m.locked, m.parked), or
 *                    bucket, address, key, owner (owner: an actor name or none)
 *   ACTOR.FIELD      status (enabled, blocked, finished), op, round, parker
 *   ENGINE.FIELD     a number the engine reports (parking_lot.buckets)
 *   a number         42, 0x10, 0b11
 *   a word           enabled, blocked, finished, none, an actor's name
 *
 * Numbers compare with == != < <= > >=; words only with == and !=.
 */

/** @typedef {{line: number, column: number}} Position */

/**
 * @typedef {{kind: 'number', value: number, text: string}
 *   | {kind: 'word', value: string, text: string}
 *   | {kind: 'object', name: string, field: string, text: string, extra?: boolean}
 *   | {kind: 'actor', name: string, field: string, text: string}
 *   | {kind: 'engine', name: string, field: string, text: string}} Operand
 */

/**
 * @typedef {object} Predicate
 * @property {string} text     as written
 * @property {Operand} left
 * @property {string} op       == != < <= > >=
 * @property {Operand} right
 */

/**
 * What a predicate may name.
 * @typedef {object} Names
 * @property {Record<string, string[]>} objects  object name -> its type's fields
 * @property {string[]} actors
 * @property {string} engine
 */

export const ACTOR_FIELDS = ['status', 'op', 'round', 'parker'];
export const OBJECT_EXTRA_FIELDS = ['bucket', 'address', 'key', 'owner'];
const STRING_FIELDS = new Set(['actor.status', 'object.owner']);

/** A problem inside a predicate string, at `offset`. */
export class PredicateProblem extends Error {
  /** @param {string} message @param {number} offset */
  constructor(message, offset) {
    super(message);
    this.offset = offset;
  }
}

const NUMBER = /^(0x[0-9a-fA-F](_?[0-9a-fA-F])*|0b[01](_?[01])*|[0-9](_?[0-9])*)$/;

/** @param {string} t */
function numberOf(t) {
  const s = t.replace(/_/g, '');
  return s.startsWith('0b') ? parseInt(s.slice(2), 2) : Number(s);
}

/**
 * @param {string} t  the operand's text
 * @param {number} offset  where it starts in the predicate
 * @param {Names} names
 * @returns {Operand}
 */
function operand(t, offset, names) {
  if (NUMBER.test(t)) return { kind: 'number', value: numberOf(t), text: t };
  if (/^-[0-9]/.test(t) && NUMBER.test(t.slice(1)))
    return { kind: 'number', value: -numberOf(t.slice(1)), text: t };
  const m = /^([A-Za-z_][A-Za-z0-9_-]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?$/.exec(t);
  if (!m) throw new PredicateProblem(`'${t}' is not a number, a name or NAME.FIELD`, offset);
  const [, name, field] = m;
  const objectFields = names.objects[name];
  if (field === undefined) {
    if (objectFields) return { kind: 'object', name, field: objectFields[0] ?? 'value', text: t };
    return { kind: 'word', value: name, text: t };
  }
  const fieldAt = offset + name.length + 1;
  if (objectFields) {
    if (!objectFields.includes(field) && !OBJECT_EXTRA_FIELDS.includes(field))
      throw new PredicateProblem(
        `object ${name} has no field '${field}'; it has: ${[...objectFields, ...OBJECT_EXTRA_FIELDS].join(', ')}`,
        fieldAt,
      );
    // extra: one of OBJECT_EXTRA_FIELDS, not a field of its type (an rtos mutex has a numeric `owner`)
    return { kind: 'object', name, field, text: t, extra: !objectFields.includes(field) };
  }
  if (names.actors.includes(name)) {
    if (!ACTOR_FIELDS.includes(field))
      throw new PredicateProblem(
        `actor ${name} has no field '${field}'; it has: ${ACTOR_FIELDS.join(', ')}`,
        fieldAt,
      );
    return { kind: 'actor', name, field, text: t };
  }
  if (name === names.engine) return { kind: 'engine', name, field, text: t };
  const objs = Object.keys(names.objects);
  throw new PredicateProblem(
    `'${name}' is not an object, an actor or the engine (objects: ${objs.join(', ') || 'none'}; actors: ${names.actors.join(', ')}; engine: ${names.engine})`,
    offset,
  );
}

/** Whether an operand's value is a word (a string) rather than a number. */
function isWordy(/** @type {Operand} */ o) {
  if (o.kind === 'word') return true;
  if (o.kind === 'object' && !o.extra) return false; // a field of the object's type is a number
  return (o.kind === 'actor' || o.kind === 'object') && STRING_FIELDS.has(`${o.kind}.${o.field}`);
}

/**
 * Parses one predicate.
 * @param {string} text
 * @param {Names} names
 * @returns {Predicate}
 * @throws {PredicateProblem}
 */
export function parsePredicate(text, names) {
  const m = /^(\s*)(\S+?)(\s*)(==|!=|<=|>=|<|>)(\s*)(\S+)\s*$/.exec(text);
  if (!m) throw new PredicateProblem('must be LEFT CMP RIGHT, e.g. "m.state == 3" (CMP: == != < <= > >=)', 0);
  const [, lead, l, gap1, op, gap2, r] = m;
  const lAt = lead.length;
  const rAt = lAt + l.length + gap1.length + op.length + gap2.length;
  const left = operand(l, lAt, names);
  const right = operand(r, rAt, names);
  if (left.kind === 'number' || left.kind === 'word')
    throw new PredicateProblem(
      `the left side must name something in the machine (m.state, B.status), not '${l}'`,
      lAt,
    );
  if (isWordy(left) || isWordy(right)) {
    if (op !== '==' && op !== '!=')
      throw new PredicateProblem(
        `${isWordy(left) ? l : r} is a word: compare it with == or != only`,
        lAt + l.length + gap1.length,
      );
    if (right.kind === 'number') throw new PredicateProblem(`${l} is a word, not a number`, rAt);
  } else if (right.kind === 'word') {
    throw new PredicateProblem(`${l} is a number; '${r}' is not`, rAt);
  }
  return { text, left, op, right };
}

/**
 * The value of an operand in a state() snapshot; undefined when the state
 * does not have it.
 * @param {Operand} o
 * @param {any} state  Session.state()
 * @returns {number|string|null|undefined}
 */
export function valueOf(o, state) {
  switch (o.kind) {
    case 'number':
    case 'word':
      return o.value;
    case 'object': {
      const obj = (state?.objects ?? []).find((/** @type {any} */ x) => x.name === o.name);
      if (!obj) return undefined;
      if (o.field in (obj.fields ?? {})) return obj.fields[o.field];
      if (o.field === 'owner') return obj.owner ?? 'none';
      return obj[o.field];
    }
    case 'actor': {
      const a = (state?.actors ?? []).find((/** @type {any} */ x) => x.name === o.name);
      return a ? a[o.field] : undefined;
    }
    case 'engine': {
      const v = state?.engines?.[o.name]?.[o.field];
      return typeof v === 'number' || typeof v === 'string' ? v : undefined;
    }
  }
}

/**
 * Evaluates a predicate on a state() snapshot.
 * @param {Predicate} p
 * @param {any} state
 * @returns {{holds: boolean, left: number|string|null|undefined, right: number|string|null|undefined}}
 */
export function evaluate(p, state) {
  const left = valueOf(p.left, state);
  const right = valueOf(p.right, state);
  if (left === undefined || right === undefined) return { holds: false, left, right };
  /** @type {boolean} */
  let holds;
  switch (p.op) {
    case '==':
      holds = left === right;
      break;
    case '!=':
      holds = left !== right;
      break;
    default: {
      if (typeof left !== 'number' || typeof right !== 'number') holds = false;
      else if (p.op === '<') holds = left < right;
      else if (p.op === '<=') holds = left <= right;
      else if (p.op === '>') holds = left > right;
      else holds = left >= right;
    }
  }
  return { holds, left, right };
}

/**
 * Why a predicate does not hold, in words: "m.state is 3".
 * @param {Predicate} p
 * @param {any} state
 */
export function explainFalse(p, state) {
  const { left, right } = evaluate(p, state);
  const show = (/** @type {Operand} */ o, /** @type {unknown} */ v) =>
    v === undefined ? `${o.text} is not in the state` : `${o.text} is ${v}`;
  if (left === undefined) return show(p.left, left);
  if (right === undefined) return show(p.right, right);
  const parts = [show(p.left, left)];
  if (p.right.kind !== 'number' && p.right.kind !== 'word') parts.push(show(p.right, right));
  return parts.join(', ');
}
