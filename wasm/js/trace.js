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
 * interrupt handler raised, a buffered store reaching memory (tso).
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
  'flush',
]);

/**
 * Every kind a trace event can have: the actions, then the machine's words.
 * tests/node/trace-kinds.test.js holds this list to what the C code can write.
 * @type {readonly string[]}
 */
export const EVENT_KINDS = [...ACTION_KINDS, ...MACHINE_KINDS];
