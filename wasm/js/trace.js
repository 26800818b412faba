// @ts-check
/**
 * What a trace event can be, by the names the engine writes in its `kind`
 * field.  Shared by the lesson parser (matchers name kinds) and the app (the
 * sequence diagram draws actions as arrows).
 */

/** The atomic actions an actor performs, one per step (core/sim/names.c, act_names). */
export const ACTION_KINDS = /** @type {const} */ ([
  'load',
  'store',
  'cas',
  'swap',
  'fetch_add',
  'fetch_or',
  'fetch_and',
  'lock',
  'unlock',
  'prepare_park',
  'park',
  'unpark',
  'spin',
  'yield',
  'sleep',
  'work',
  'cs_enter',
  'cs_exit',
  'print',
  'assert',
  'irq_save',
  'irq_restore',
  'raise',
  'set_priority',
  'block',
  'fence',
]);

/**
 * What the machine says about the steps (core/sim/trace.c, event_name): an
 * engine's note, an actor's end, a clock jump, how a run ended, a tick, an
 * interrupt handler raised, a task's future dropped, a buffered store
 * reaching memory (tso).
 */
export const MACHINE_KINDS = /** @type {const} */ ([
  'note',
  'finish',
  'clock',
  'violation',
  'stuck',
  'error',
  'tick',
  'raised',
  'dropped',
  'flush',
]);

/**
 * Every kind a trace event can have: the actions, then the machine's words.
 * tests/node/trace-kinds.test.js holds this list to what the C code can write.
 * @type {readonly string[]}
 */
export const EVENT_KINDS = [...ACTION_KINDS, ...MACHINE_KINDS];

/**
 * @typedef {object} ChoiceKindInfo
 * @property {string} kind  the name choices and schedules use: "irq"
 * @property {string} text  what taking it means, in English
 * @property {string} schedule  how a readable schedule writes it: a word ("tick") for a kind
 *   without an actor, a sigil before the actor's name ("!", "~") or "" (the name alone) for one with
 * @property {boolean} actor  whether a choice of it names an actor
 * @property {boolean} arg  whether a choice of it carries a number after the actor (read_from:
 *   the store its load reads, `<A:N`)
 */

/**
 * The kinds of choice, read from the one table in C (core/sim/choice.c) that
 * the catalog carries as `choice_kinds`, so a new kind (a flush, a reads-from)
 * reaches every reader here without a change to JavaScript.  Throws when the
 * catalog lacks the table or a row is malformed.
 * @param {unknown} catalog  the object `catalog(M)` returns
 * @returns {ChoiceKindInfo[]}
 */
export function choiceKinds(catalog) {
  const rows = /** @type {{choice_kinds?: unknown}} */ (catalog ?? {}).choice_kinds;
  if (!Array.isArray(rows)) throw new Error('the catalog has no choice_kinds table');
  return rows.map((/** @type {unknown} */ row, /** @type {number} */ i) => {
    const r = /** @type {Record<string, unknown>} */ (row ?? {});
    if (
      typeof r.kind !== 'string' ||
      typeof r.text !== 'string' ||
      typeof r.schedule !== 'string' ||
      typeof r.actor !== 'boolean' ||
      typeof r.arg !== 'boolean'
    )
      throw new Error(`the catalog's choice_kinds[${i}] is not {kind, text, schedule, actor, arg}`);
    return { kind: r.kind, text: r.text, schedule: r.schedule, actor: r.actor, arg: r.arg };
  });
}

/**
 * The memory models a run may name, sc first, from the catalog's
 * `memory_models` (core/sim/mem/), so a model the machine adds (ra) reaches
 * the app's switch without a change to JavaScript.  Throws when the catalog
 * lacks the list.
 * @param {unknown} catalog  the object `catalog(M)` returns
 * @returns {string[]}
 */
export function memoryModels(catalog) {
  const names = /** @type {{memory_models?: unknown}} */ (catalog ?? {}).memory_models;
  if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === 'string'))
    throw new Error('the catalog has no memory_models list');
  return /** @type {string[]} */ (names);
}
