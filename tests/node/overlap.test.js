// Two objects whose addresses make them share a byte are bad input (issue
// 11, item 2): the compiler reports it at the `address:` of the second
// object, so `lockstep compile`, `run` and `explore` exit 2 with that
// file:line:col; bytecode made some other way is refused by the C decoder,
// natively and in wasm alike, and the machine refuses it last of all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUNTERS, M, compile, lockstep, native, tempDir } from './helpers.js';
import { ScenarioError } from '../../wasm/js/scenario.js';
import { encode } from '../../wasm/js/scenario/bytecode.js';
import { LockstepError, Session } from '../../wasm/js/lockstep.js';

const dir = tempDir();

/** The problems compiling `yaml` reports, as printed. */
function problems(yaml) {
  try {
    compile(yaml, 'o.yaml');
  } catch (e) {
    assert.ok(e instanceof ScenarioError, String(e));
    return e.message;
  }
  return 'ok';
}

// the machinery's own small scenarios' engine (tests/fixtures/scenarios/counters.yaml): a counter takes 64 bytes
const COUNTERS_AT = (objects) =>
  `title: t\nengine: ${COUNTERS}\nobjects:\n${objects}actors:\n  A: [work 1]\n`;

test('an object placed inside one placed by the machine is reported at its address:', () => {
  assert.equal(
    problems(COUNTERS_AT('  m1: counter\n  m2: {type: counter, address: 0x10020}\n')),
    'o.yaml:5:32: objects.m2.address: m2 (counter, 64 bytes) at 0x10020 overlaps m1 at 0x10000 ' +
      '(its default address), which takes up to 0x1003f; objects must not share bytes',
  );
});

test('two objects placed by hand, in block style: the line of the second address:', () => {
  const yaml = [
    'title: t',
    `engine: ${COUNTERS}`,
    'objects:',
    '  s1:',
    '    type: counter',
    '    address: 0x20000',
    '  s2:',
    '    type: counter',
    '    initial: 1',
    '    address: 0x20038',
    'actors:',
    '  A: [work 1]',
    '',
  ].join('\n');
  assert.equal(
    problems(yaml),
    'o.yaml:10:14: objects.s2.address: s2 (counter, 64 bytes) at 0x20038 overlaps s1 at 0x20000, ' +
      'which takes up to 0x2003f; objects must not share bytes',
  );
});

test('touching is not overlapping, and an object below the others is fine', () => {
  assert.equal(
    problems(
      COUNTERS_AT(
        '  m1: counter\n  m2: {type: counter, address: 0x10040}\n  m3: {type: counter, address: 0x8}\n',
      ),
    ),
    'ok',
  );
});

test('every overlap is reported, each at its own address:', () => {
  const objects =
    '  m1: counter\n' +
    '  m2: {type: counter, address: 0x10008}\n' +
    '  m3: {type: counter, address: 0x20000}\n' +
    '  m4: {type: counter, address: 0x1fff8}\n';
  assert.equal(
    problems(COUNTERS_AT(objects)),
    [
      'o.yaml:5:32: objects.m2.address: m2 (counter, 64 bytes) at 0x10008 overlaps m1 at 0x10000 ' +
        '(its default address), which takes up to 0x1003f; objects must not share bytes',
      'o.yaml:7:32: objects.m4.address: m4 (counter, 64 bytes) at 0x1fff8 overlaps m3 at 0x20000, ' +
        'which takes up to 0x2003f; objects must not share bytes',
    ].join('\n'),
  );
});

test('an object must end below the engine globals (1 GiB)', () => {
  assert.equal(
    problems(COUNTERS_AT('  m1: {type: counter, address: 0x3fffffc8}\n')),
    "o.yaml:4:32: objects.m1.address: m1 (counter, 64 bytes) at 0x3fffffc8 would end at 0x40000008, past 0x40000000 where the objects' space ends",
  );
  assert.equal(
    problems(COUNTERS_AT('  m1: {type: counter, address: 0x3fffffc0}\n  m2: counter\n')),
    "o.yaml:5:7: objects.m2: m2 (counter, 64 bytes) at 0x40000000, after the objects before it, would end at 0x40000040, past 0x40000000 where the objects' space ends",
  );
  assert.equal(
    problems(COUNTERS_AT('  m1: {type: counter, address: 0x100000000}\n')),
    'o.yaml:4:32: objects.m1.address: must be at most 1073741816',
  );
});

test('lockstep compile, run and explore refuse it with exit 2 and write nothing', () => {
  const file = join(dir, 'overlap.yaml');
  writeFileSync(file, COUNTERS_AT('  m1: counter\n  m2: {type: counter, address: 0x10020}\n'));
  const message =
    `${file}:5:32: objects.m2.address: m2 (counter, 64 bytes) at 0x10020 overlaps m1 at 0x10000 ` +
    '(its default address), which takes up to 0x1003f; objects must not share bytes\n';
  const out = join(dir, 'overlap.bc');
  for (const args of [
    ['compile', file, '-o', out],
    ['run', file],
    ['explore', file],
  ]) {
    const r = lockstep(args);
    assert.equal(r.stderr, message, args[0]);
    assert.equal(r.status, 2, args[0]);
    assert.equal(r.stdout, '', args[0]);
  }
  assert.equal(existsSync(out), false);
});

test('bytecode with overlapping objects is refused by the decoder, natively and in wasm', () => {
  const { bytes } = encode({
    objects: [
      { name: 'm1', type: 'mini_mutex', address: 0, params: [] },
      { name: 'm2', type: 'mini_mutex', address: 0x10020, params: [] },
    ],
    actors: [{ name: 'A', kind: 0, priority: 0, code: [{ op: 'work', steps: 1 }] }],
    finals: [],
  });
  const message =
    "bytecode: at byte 36: object 'm2' at 0x10020 (64 bytes) overlaps 'm1' at 0x10000 (64 bytes)";
  const bc = join(dir, 'hand.bc');
  writeFileSync(bc, bytes);
  const n = native(['run', bc]);
  assert.equal(n.status, 2);
  assert.equal(n.stderr, `${bc}: ${message}\n`);
  assert.throws(
    () => new Session(M, bytes),
    (e) => e instanceof LockstepError && e.message === message,
  );
});
