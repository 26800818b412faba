// The kinds of choice come from one table in C (core/sim/choice.c) and reach
// JavaScript through the catalog: each kind's name, words, schedule form and
// whether it names an actor; and the choices a session offers use those
// names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from '../../wasm/js/node.js';
import { catalog, Session } from '../../wasm/js/lockstep.js';
import { choiceKinds } from '../../wasm/js/trace.js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

const M = await loadModule();

test('the catalog lists every kind of choice with its schedule form', () => {
  const kinds = catalog(M).choice_kinds;
  assert.deepEqual(
    kinds.map((/** @type {{kind: string, schedule: string, actor: boolean, arg: boolean}} */ k) => [
      k.kind,
      k.schedule,
      k.actor,
      k.arg,
    ]),
    [
      ['step', '', true, false],
      ['irq', '!', true, false],
      ['tick', 'tick', false, false],
      ['drop', '~', true, false],
      ['read_from', '<', true, true],
      ['flush', '^', true, false],
      ['place', '>', true, true],
    ],
  );
  for (const k of kinds) assert.match(k.text, /^[a-z].+[a-z]$/, `${k.kind} says what it means`);
});

test('trace.js reads the kinds from the catalog, and the choices every scenario offers are among them', async () => {
  const kinds = choiceKinds(catalog(M));
  assert.deepEqual(kinds, catalog(M).choice_kinds);
  const { compileFile } = await import('./helpers.js');
  const names = new Set(kinds.map((k) => k.kind));
  const offered = new Set();
  // every scenario of every engine, whatever models and memories they run under
  const dirs = readdirSync(join(root, 'tests/scenarios'), { withFileTypes: true }).filter((d) =>
    d.isDirectory(),
  );
  for (const dir of dirs)
    for (const file of readdirSync(join(root, 'tests/scenarios', dir.name)).filter((f) =>
      f.endsWith('.yaml'),
    )) {
      const s = new Session(M, compileFile(`tests/scenarios/${dir.name}/${file}`).bytecode);
      try {
        for (let i = 0; i < 40 && s.state().outcome === 'running'; i++) {
          for (const c of s.choices()) {
            assert.ok(names.has(c.kind), `${file}: ${c.kind} is in the table`);
            const row = kinds.find((k) => k.kind === c.kind);
            assert.equal('actor' in c, row?.actor, `${c.kind} names an actor exactly when the table says so`);
            offered.add(c.kind);
          }
          const other = s.choices().find((c) => c.kind !== 'step');
          if (other) s.take(other.kind, other.actor ?? -1);
          else
            s.step(s.state().actors.findIndex((/** @type {{status: string}} */ a) => a.status === 'enabled'));
        }
      } finally {
        s.free();
      }
    }
  assert.ok(offered.size >= 4, `the scenarios offered kinds other than a step: ${[...offered].join(', ')}`);
});

test('a catalog without the table, or with a malformed row, is refused by name', () => {
  assert.throws(() => choiceKinds({}), /no choice_kinds table/);
  assert.throws(() => choiceKinds({ choice_kinds: [{ kind: 'tick' }] }), /choice_kinds\[0\]/);
});
