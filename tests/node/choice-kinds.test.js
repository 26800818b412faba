// The kinds of choice come from one table in C (core/sim/choice.c) and reach
// JavaScript through the catalog: each kind's name, words, schedule form and
// whether it names an actor; and the choices a session offers use those
// names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from '../../wasm/js/node.js';
import { catalog } from '../../wasm/js/lockstep.js';

const M = await loadModule();

test('the catalog lists every kind of choice with its schedule form', () => {
  const kinds = catalog(M).choice_kinds;
  assert.deepEqual(
    kinds.map((/** @type {{kind: string, schedule: string, actor: boolean}} */ k) => [
      k.kind,
      k.schedule,
      k.actor,
    ]),
    [
      ['step', '', true],
      ['irq', '!', true],
      ['tick', 'tick', false],
      ['drop', '~', true],
      ['read_from', '', true],
      ['flush', '^', true],
    ],
  );
  for (const k of kinds) assert.match(k.text, /^[a-z].+[a-z]$/, `${k.kind} says what it means`);
});
