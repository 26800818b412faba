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
]);

/**
 * Every kind: the actions, then what the machine says about them (op: an
 * actor begins an operation).
 * @type {readonly string[]}
 */
export const EVENT_KINDS = [...ACTION_KINDS, 'note', 'finish', 'clock', 'violation', 'stuck', 'error', 'op'];
