// Nothing a lesson, a URL or a file contains may crash the engine: truncated,
// random and absurd bytecode handed to the wasm Session ends in a clear
// LockstepError, and the module keeps working afterwards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COUNTERS_FILE, M, compileFile, open } from './helpers.js';
import { LockstepError, Session } from '../../wasm/js/lockstep.js';

// any valid bytecode will do: the machinery's own small scenario (a fixture)
const VALID = compileFile(COUNTERS_FILE);
/** How many steps its run takes while the module is sound. */
const STEPS = (() => {
  const s = open(VALID);
  const { steps } = s.run();
  s.free();
  return steps;
})();

/** A small seeded generator (xorshift32), so failures can be reproduced. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

/** Loads bytes; returns the error message, or null if they loaded (and then ran). */
function tryLoad(bytes) {
  let s;
  try {
    s = new Session(M, bytes);
  } catch (e) {
    assert.ok(e instanceof LockstepError, `not a LockstepError: ${e}`);
    assert.ok(e.message.length > 0);
    return e.message;
  }
  // Bytes that happen to decode must also run without harm.
  try {
    s.run({ policy: 'random', seed: 1, maxSteps: 2000 });
  } catch (e) {
    assert.ok(e instanceof LockstepError, `not a LockstepError: ${e}`);
  }
  s.free();
  return null;
}

/** The module still does real work. */
function stillWorks() {
  const s = open(VALID);
  assert.ok(STEPS > 0);
  assert.equal(s.run().steps, STEPS);
  s.free();
}

const varint = (n) => {
  const out = [];
  let x = BigInt(n);
  while (x >= 0x80n) {
    out.push(Number(x & 0x7fn) | 0x80);
    x >>= 7n;
  }
  out.push(Number(x));
  return out;
};
const HEADER = [...Buffer.from('LSBC'), 1];
/** The bytes up to the code of one actor "A" (no objects); its code follows. */
const actor = (codeLength) => [...HEADER, 1, 1, 65, 0, 1, 0, 0, 0, ...varint(codeLength)];

test('every truncation of a valid bytecode is rejected with a message', () => {
  const bytes = VALID.bytecode;
  const messages = new Set();
  for (let n = 0; n < bytes.length; n++) {
    const m = tryLoad(bytes.slice(0, n));
    assert.ok(m !== null, `a truncation to ${n} bytes loaded`);
    assert.match(m, /^bytecode: /);
    messages.add(m.replace(/\d+/g, 'N'));
  }
  assert.equal(tryLoad(bytes.slice(0, 0)), 'bytecode: does not start with "LSBC"');
  assert.equal(
    tryLoad(bytes.slice(0, bytes.length - 1)),
    `bytecode: at byte ${bytes.length - 1}: unexpected end of bytecode`,
  );
  stillWorks();
});

test('random bytes, with and without a valid header, never crash', () => {
  const next = rng(12345);
  for (let i = 0; i < 3000; i++) {
    const len = next() % 64;
    const body = Array.from({ length: len }, () => next() & 0xff);
    tryLoad(Uint8Array.from(i % 2 ? [...HEADER, ...body] : body));
  }
  stillWorks();
});

test('a valid bytecode with random bytes changed either loads and runs or is rejected', () => {
  const next = rng(777);
  let rejected = 0;
  for (let i = 0; i < 3000; i++) {
    const b = Uint8Array.from(VALID.bytecode);
    for (let k = 1 + (next() % 3); k > 0; k--) b[5 + (next() % (b.length - 5))] = next() & 0xff;
    if (tryLoad(b) !== null) rejected++;
  }
  assert.ok(rejected > 1000, `only ${rejected} of 3000 mutants rejected`);
  stillWorks();
});

test('absurd sizes in hand-made bytecode are refused before anything is allocated', () => {
  const cases = [
    // 10^6 actors
    [
      [...HEADER, 0, 0, ...varint(1e6)],
      'bytecode: at byte 10: actor count is 1000000, more than the limit of 26',
    ],
    // 2^63 strings
    [
      [...HEADER, ...varint(2n ** 63n)],
      'bytecode: at byte 15: string count is 9223372036854775808, more than the limit of 4096',
    ],
    // a string of 10^9 bytes
    [
      [...HEADER, 1, ...varint(1e9)],
      'bytecode: at byte 11: string length is 1000000000, more than the limit of 4096',
    ],
    // an actor whose code is 10^6 bytes long
    [[...actor(1e6)], 'bytecode: at byte 16: code length is 1000000, more than the limit of 65536'],
    // a varint that never ends
    [[...HEADER, ...Array(20).fill(0xff)], 'bytecode: at byte 15: varint longer than 64 bits'],
    // a repeat of 10^9
    [
      [...actor(6), 2, ...varint(1e9), 0, 0],
      'bytecode: actor 1 (A): at byte 20: repeat count is 1000000000, more than the limit of 1000000',
    ],
    // an unknown opcode
    [[...actor(1), 99, 0], 'bytecode: actor 1 (A): at byte 14: unknown opcode 99'],
  ];
  for (const [bytes, message] of cases) assert.equal(tryLoad(Uint8Array.from(bytes)), message);
  // 100 nested repeats around a WORK 1
  const code = [3, 1];
  for (let d = 0; d < 100; d++) code.unshift(2, 1, ...varint(code.length));
  const deep = [...actor(code.length), ...code, 0];
  assert.match(
    tryLoad(Uint8Array.from(deep)),
    /^bytecode: actor 1 \(A\): at byte \d+: repeat nested deeper than 8$/,
  );
  // a megabyte and one byte
  assert.equal(
    tryLoad(new Uint8Array((1 << 20) + 1).fill(0x41).map((x, i) => (i < 4 ? 'LSBC'.charCodeAt(i) : x))),
    'bytecode: 1048577 bytes, more than the limit of 1048576',
  );
  stillWorks();
});

test('a variant the engines do not have is refused at load', () => {
  assert.throws(() => open(VALID, { variant: 'nonsense' }), {
    name: 'LockstepError',
    message: "unknown variant 'nonsense'",
  });
  stillWorks();
});

test('failed loads do not use up sessions', () => {
  for (let i = 0; i < 40; i++)
    assert.equal(tryLoad(new Uint8Array([1, 2, 3])), 'bytecode: does not start with "LSBC"');
  const open16 = [];
  for (let i = 0; i < 16; i++) open16.push(open(VALID));
  assert.throws(() => open(VALID), {
    message: 'too many sessions are open at once; free() the ones no longer needed',
  });
  for (const s of open16) s.free();
  stillWorks();
});
