// The compiler's limits (wasm/js/scenario/limits.js) and the schema's must
// be the C decoder's (core/script/bytecode.h, machine.h), or a scenario the
// compiler accepts could still be refused by the C side with a byte offset
// instead of a line number.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './helpers.js';
import {
  ADDRESSES,
  LIMITS,
  NAME_LIMITS,
  BYTECODE_VERSION,
  BYTECODE_VERSION_MEMORY,
} from '../../wasm/js/scenario/limits.js';

/** The #define'd integers of a C header. */
function defines(rel) {
  const out = {};
  for (const m of readFileSync(join(root, rel), 'utf8').matchAll(
    /^#define (\w+) \(?([0-9]+)[uUlL]*( << ([0-9]+))?\)?[uUlL]*\s*$/gm,
  ))
    out[m[1]] = Number(m[2]) * 2 ** Number(m[4] ?? 0);
  return out;
}

test('LIMITS mirror bytecode.h', () => {
  const h = defines('core/script/bytecode.h');
  assert.deepEqual(
    {
      bytes: h.SCRIPT_MAX_BYTES,
      strings: h.SCRIPT_MAX_STRINGS,
      stringBytes: h.SCRIPT_MAX_STRING,
      objects: h.SCRIPT_MAX_OBJECTS,
      actors: h.SCRIPT_MAX_ACTORS,
      codeBytes: h.SCRIPT_MAX_CODE,
      instructions: h.SCRIPT_MAX_INSTRS,
      args: h.SCRIPT_MAX_ARGS,
      params: h.SCRIPT_MAX_PARAMS,
      depth: h.SCRIPT_MAX_DEPTH,
      repeat: h.SCRIPT_MAX_REPEAT,
      finals: h.SCRIPT_MAX_FINALS,
      sleepUs: h.SCRIPT_MAX_SLEEP_US,
      variants: h.SCRIPT_MAX_VARIANTS,
      scheduleBytes: h.SCRIPT_MAX_SCHEDULE,
    },
    { ...LIMITS },
  );
  assert.equal(h.SCRIPT_VERSION, BYTECODE_VERSION);
  assert.equal(h.SCRIPT_VERSION_MEMORY, BYTECODE_VERSION_MEMORY);
});

test('name lengths follow machine.h', () => {
  const h = defines('core/sim/machine.h');
  assert.equal(NAME_LIMITS.actorName, h.SIM_NAME_MAX - 9);
  assert.equal(NAME_LIMITS.objectName, h.SIM_NAME_MAX - 1);
});

test('the address rule follows address_map.h', () => {
  const h = defines('core/sim/address_map.h');
  assert.deepEqual(
    {
      auto: h.SIM_OBJECTS_AUTO,
      align: h.SIM_OBJECTS_ALIGN,
      end: h.SIM_OBJECTS_END,
    },
    { ...ADDRESSES },
  );
  assert.equal(NAME_LIMITS.address, h.SIM_OBJECTS_END);
});

test('the schema says the same', () => {
  const schema = JSON.parse(readFileSync(join(root, 'wasm/js/scenario.schema.json'), 'utf8'));
  const p = schema.properties;
  assert.equal(p.actors.maxProperties, LIMITS.actors);
  assert.equal(p.actors.propertyNames.maxLength, NAME_LIMITS.actorName);
  assert.equal(p.objects.maxProperties, LIMITS.objects);
  assert.equal(p.objects.propertyNames.maxLength, NAME_LIMITS.objectName);
  assert.equal(p.assert.maxItems, LIMITS.finals);
  assert.equal(schema.definitions.actor.maxItems, LIMITS.instructions);
  assert.equal(schema.definitions.actor.properties.priority.maximum, NAME_LIMITS.priority);
  // The highest multiple of 8 below the end of the objects' space.
  assert.equal(schema.definitions.object.properties.address.maximum, NAME_LIMITS.address - 8);
});
