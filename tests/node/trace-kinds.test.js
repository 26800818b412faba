// Every event kind the C trace can write is one JavaScript knows, and the
// other way round: the lists are read from the C source itself, so a new
// action in core/sim/names.c or a new event in core/sim/trace.c fails here
// until wasm/js/trace.js and web/src/bridge/types.ts name it too.  The same
// for an actor's status (trace.c, state_json) against the web's ActorStatus.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ACTION_KINDS, EVENT_KINDS, MACHINE_KINDS } from '../../wasm/js/trace.js';

const read = (/** @type {string} */ path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const NAMES_C = read('core/sim/names.c');
const TRACE_C = read('core/sim/trace.c');
const TYPES_TS = read('web/src/bridge/types.ts');

/** The body of the C function or initializer that starts with `head`. */
function cBlock(/** @type {string} */ source, /** @type {string} */ head) {
  const at = source.indexOf(head);
  assert.ok(at >= 0, `no ${head} in the C source`);
  const open = source.indexOf('{', at);
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '{') depth++;
    else if (source[i] === '}' && --depth === 0) return source.slice(open, i + 1);
  }
  throw new Error(`unbalanced braces after ${head}`);
}

/** The actions' names: act_names in names.c, without "none" (never recorded: an actor's
 * pending action before it has one). */
function cActionNames() {
  const body = cBlock(NAMES_C, 'static const char *const act_names[');
  const names = [...body.matchAll(/\[SIM_ACT_\w+\]\s*=\s*"([^"]+)"/g)].map((m) => m[1]);
  assert.ok(names.length >= 20, `read only ${names.length} action names from names.c`);
  return names.filter((n) => n !== 'none');
}

/** The machine's own event names: the cases of event_name in trace.c (its default is an action's name). */
function cMachineEventNames() {
  const body = cBlock(TRACE_C, 'static const char *event_name(');
  assert.match(
    body,
    /default:\s*return sim_act_name\(/,
    'event_name no longer falls back to the action names',
  );
  return [...body.matchAll(/case SIM_EV_\w+:\s*return "([^"]+)";/g)].map((m) => m[1]);
}

/** The string literals of a TypeScript union `export type Name = 'a' | 'b' ...;` in types.ts. */
function tsUnion(/** @type {string} */ name) {
  const m = new RegExp(`export type ${name} =([^;]+);`).exec(TYPES_TS);
  assert.ok(m, `no type ${name} in web/src/bridge/types.ts`);
  return [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]);
}

const sorted = (/** @type {readonly string[]} */ list) => [...list].sort();

test('every action the machine can record is an action kind in JavaScript, and nothing more', () => {
  const c = cActionNames();
  for (const kind of ['irq_save', 'irq_restore', 'raise', 'set_priority', 'block'])
    assert.ok(c.includes(kind));
  assert.deepEqual(sorted(ACTION_KINDS), sorted(c));
});

test('every event the machine writes about the steps is known to JavaScript, and nothing more', () => {
  const c = cMachineEventNames();
  for (const kind of ['tick', 'raised', 'note', 'finish']) assert.ok(c.includes(kind));
  assert.deepEqual(sorted(MACHINE_KINDS), sorted(c));
  assert.deepEqual(sorted(EVENT_KINDS), sorted([...cActionNames(), ...c]));
  assert.equal(new Set(EVENT_KINDS).size, EVENT_KINDS.length, 'an action and an event share a name');
});

test('the web types name the same kinds', () => {
  assert.deepEqual(sorted(tsUnion('ActionKind')), sorted(['none', ...cActionNames()]));
  assert.deepEqual(sorted(tsUnion('MachineKind')), sorted(cMachineEventNames()));
  assert.match(TYPES_TS, /export type EventKind = ActionKind \| MachineKind;/);
  assert.match(cBlock(TYPES_TS, 'export interface TraceEvent '), /\n\s*kind: EventKind;/);
});

test("an actor's status is the web's word too", () => {
  const state = cBlock(TRACE_C, 'void sim_state_json(');
  const statuses = [...state.matchAll(/\?\s*"(\w+)"|:\s*"(\w+)";/g)].map((m) => m[1] ?? m[2]);
  assert.ok(statuses.includes('dormant'), `statuses read from trace.c: ${statuses}`);
  assert.deepEqual(sorted(tsUnion('ActorStatus')), sorted(statuses));
  // why it cannot move is a reason code (core/sim/blocked.h): blocked-codes.test.js holds
  // every code C defines to web/src/model/blocked.ts
});
