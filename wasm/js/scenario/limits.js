// @ts-check
/**
 * The limits of the scenario language.
 *
 * Most of them mirror core/script/bytecode.h: the C decoder enforces them
 * anyway, but checking them here first lets the error name the file, the line
 * and the field instead of a byte offset.  tests/node/limits.test.js reads
 * bytecode.h and fails if the two drift apart.
 */

export const BYTECODE_VERSION = 2;
/** The version written for a scenario that names its memory model (bytecode.h). */
export const BYTECODE_VERSION_MEMORY = 3;
/** The memory models a run may name (core/sim/mem/). */
export const MEMORY_MODELS = ['sc', 'tso', 'ra'];

/** Mirrors of bytecode.h (SCRIPT_MAX_*). */
export const LIMITS = Object.freeze({
  bytes: 1 << 20, // SCRIPT_MAX_BYTES: the whole bytecode
  strings: 4096, // SCRIPT_MAX_STRINGS: distinct names and texts
  stringBytes: 4096, // SCRIPT_MAX_STRING: UTF-8 bytes of one string
  objects: 64, // SCRIPT_MAX_OBJECTS
  actors: 26, // SCRIPT_MAX_ACTORS
  codeBytes: 65536, // SCRIPT_MAX_CODE: one actor's code
  instructions: 8192, // SCRIPT_MAX_INSTRS: one actor's instructions
  args: 4, // SCRIPT_MAX_ARGS
  params: 4, // SCRIPT_MAX_PARAMS
  depth: 8, // SCRIPT_MAX_DEPTH: nested repeats
  repeat: 1000000, // SCRIPT_MAX_REPEAT: repeat count and work steps
  finals: 64, // SCRIPT_MAX_FINALS: final assertions
  sleepUs: 1000000000000, // SCRIPT_MAX_SLEEP_US
  variants: 32, // SCRIPT_MAX_VARIANTS: variants a scenario allows
  scheduleBytes: 65536, // SCRIPT_MAX_SCHEDULE: the starting schedule
});

/**
 * Limits that come from elsewhere in the C side, or from this compiler.
 */
export const NAME_LIMITS = Object.freeze({
  // decode.c accepts actor names shorter than SIM_NAME_MAX - 8 (machine.h),
  // leaving room for the ".parker" region each actor gets.
  actorName: 15,
  // Object names become region names (SIM_NAME_MAX - 1 characters kept).
  objectName: 23,
  // Scenario objects live below 1 GiB and must end there
  // (SIM_OBJECTS_END, core/sim/address_map.h).
  address: 2 ** 30,
  // Actor priorities (decode.c).
  priority: 1000,
});

/**
 * Where objects without `address:` go (core/sim/address_map.h): in the order
 * they are listed, each at the first multiple of `align` from `auto` on that
 * is at or after the end of every object listed before it.
 */
export const ADDRESSES = Object.freeze({
  auto: 0x10000, // SIM_OBJECTS_AUTO
  align: 64, // SIM_OBJECTS_ALIGN
  end: NAME_LIMITS.address, // SIM_OBJECTS_END
});

/**
 * The largest scenario file the compiler reads.  Hand-written scenarios are a
 * few kilobytes; the cap keeps the YAML parser's worst case (deeply nested
 * flow collections, thousands of keys) well under a second.
 */
export const MAX_SOURCE_CHARS = 65536;

/** The most problems one ScenarioError lists (the rest are counted). */
export const MAX_PROBLEMS = 20;
