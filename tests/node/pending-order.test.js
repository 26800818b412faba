// What the web app reads of a weak memory model through the JavaScript face
// (issue 23, part 5): an actor's pending access carries its memory order in
// the state JSON under tso and ra and not under sc (whose JSON stays as it
// was), the choices JSON names each older store a load may read, and
// take('read_from', actor, store) makes the load read it, recorded in the
// schedule as <A:N.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileFile, litmusDir, open } from './helpers.js';

const DIR = litmusDir;

/** The pending actions of every actor of `file` under `memory`, after `steps`. */
function pending(file, memory, steps = []) {
  const s = open(compileFile(`${DIR}/${file}.yaml`), { memory });
  try {
    for (const i of steps) s.step(i);
    return s.state().actors.map((a) => a.next);
  } finally {
    s.free();
  }
}

test('a pending access says its memory order under tso and ra, and nothing new under sc', () => {
  for (const memory of ['tso', 'ra']) {
    assert.deepEqual(
      pending('mp-rel-acq', memory, [0]).map((n) => [n.kind, n.object, n.order]),
      [
        ['store', 'flag', 'release'],
        ['load', 'flag', 'acquire'],
      ],
      memory,
    );
  }
  const sc = pending('mp-rel-acq', 'sc', [0]);
  assert.ok(
    sc.every((n) => !('order' in n)),
    'sc: no order key',
  );
  const fence = pending('sb-fences', 'tso', [0]).find((n) => n.kind === 'fence');
  assert.equal(fence?.order, 'seq_cst', 'a pending fence says its order');
  assert.ok(!('order' in pending('sb-fences', 'sc', [0]).find((n) => n.kind === 'fence')));
});

test("take('read_from', actor, store) makes the load read that store, and the schedule says <B:0", () => {
  const s = open(compileFile(`${DIR}/mp.yaml`), { memory: 'ra' });
  try {
    for (const i of [0, 0, 1]) s.step(i);
    assert.deepEqual(s.choices(), [{ kind: 'read_from', actor: 1, store: 0 }]);
    s.take('read_from', 1, 0);
    const load = s
      .trace()
      .filter((e) => e.kind === 'load')
      .at(-1);
    assert.deepEqual(
      [load.actor, load.object, load.new, load.read_store, load.stores],
      ['B', 'data', 0, 0, 2],
    );
    assert.equal(s.summary().schedule, 'v3: A A B <B:0');
    assert.equal(s.summary().outcome, 'violation');
  } finally {
    s.free();
  }
});

test('a read_from naming a store the load may not read is refused, naming it', () => {
  const s = open(compileFile(`${DIR}/mp.yaml`), { memory: 'ra' });
  try {
    for (const i of [0, 0, 1]) s.step(i);
    assert.throws(() => s.take('read_from', 1, 1), /read_from 1 of B is not possible now/);
    assert.equal(s.summary().steps, 3, 'nothing moved');
  } finally {
    s.free();
  }
});
