// The litmus tests (tests/scenarios/<engine>/litmus/, in one engine's cells)
// under every memory model, by complete search (bound none): an outcome a model allows must be found, one
// it forbids must not, exactly as the published verdicts say.  Each file's
// final assertion fails exactly when its outcome happens, so "found" means
// "allowed".
//
// Verdicts: sc forbids every target outcome (each is a non-SC result).  tso
// is x86-TSO as in Sewell et al., "x86-TSO: A Rigorous and Usable
// Programmer's Model for x86 Multiprocessors" (CACM 2010) and herdtools7's
// x86 catalogue: SB allowed (the store buffer); SB+mfences, MP, LB, IRIW,
// WRC, CoRR forbidden.  ra is C11 release/acquire and relaxed as RC11
// (Lahav, Vafeiadis, Kang, Hur, Dreyer, "Repairing sequential consistency
// in C/C++11", PLDI 2017) and herd's C11 model judge them: SB, MP, IRIW
// (relaxed, and with acquire loads: C11 is not multi-copy atomic) and WRC
// relaxed allowed; MP and WRC with release/acquire, SB with seq_cst fences
// or accesses, LB (no thin air), CoRR, CoWW, CoRW, CoWR and a store between
// a read-modify-write and the store it read forbidden, 2+2W
// allowed (a store may take a place in its cell's modification order before
// stores its thread has not seen: the place choice).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { compile, compileFile, litmusDir, open } from './helpers.js';
import { readFileSync } from 'node:fs';

/** file -> model -> whether the file's outcome is allowed */
const VERDICTS = {
  'sb.yaml': { sc: false, tso: true, ra: true },
  'sb-fences.yaml': { sc: false, tso: false, ra: false },
  'sb-seq-cst.yaml': { sc: false, tso: false, ra: false },
  'mp.yaml': { sc: false, tso: false, ra: true },
  'mp-rel-acq.yaml': { sc: false, tso: false, ra: false },
  'lb.yaml': { sc: false, tso: false, ra: false },
  'iriw.yaml': { sc: false, tso: false, ra: true },
  'iriw-acq.yaml': { sc: false, tso: false, ra: true },
  'wrc.yaml': { sc: false, tso: false, ra: true },
  'wrc-rel-acq.yaml': { sc: false, tso: false, ra: false },
  'corr.yaml': { sc: false, tso: false, ra: false },
  'cowr.yaml': { sc: false, tso: false, ra: false },
  'coww.yaml': { sc: false, tso: false, ra: false },
  'corw.yaml': { sc: false, tso: false, ra: false },
  'rmw-atomicity.yaml': { sc: false, tso: false, ra: false },
  '2plus2w.yaml': { sc: false, tso: false, ra: true },
};
const DIR = litmusDir;

/** Complete search; the result's found, complete and schedule. */
function explore(compiled, memory) {
  const session = open(compiled, { memory });
  try {
    session.exploreStart({ strategy: 'dfs', bound: 'none' });
    let status = session.exploreStep(100000);
    while (!status.finished) status = session.exploreStep(100000);
    return status.result;
  } finally {
    session.free();
  }
}

test('every litmus file has a verdict per model, and every verdict a file', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml'));
  assert.deepEqual(files.sort(), Object.keys(VERDICTS).sort());
});

for (const [file, verdicts] of Object.entries(VERDICTS))
  for (const [memory, allowed] of Object.entries(verdicts))
    test(`${file} under ${memory}: the outcome is ${allowed ? 'allowed' : 'forbidden'}`, () => {
      const r = explore(compileFile(`${DIR}/${file}`), memory);
      assert.equal(r.complete, true, 'the search covered every run');
      assert.equal(r.found, allowed, r.found ? `found: ${r.schedule}` : 'not found');
      if (allowed) assert.equal(r.kind, 'assertion');
    });

// The search is complete only if it also finds what every model allows:
// each of SB's four outcomes under tso (three under sc), and a load that
// reads another thread's store after its own reached memory (CoWR, r0 = 2).
test('complete search finds every outcome a model allows', () => {
  const sb = readFileSync(`${DIR}/sb.yaml`, 'utf8');
  for (const [r0, r1] of [
    [0, 0],
    [0, 1],
    [1, 0],
    [1, 1],
  ])
    for (const memory of ['sc', 'tso']) {
      const text = sb.replace(
        '{type: litmus_outcome, r0: 0, r1: 0}',
        `{type: litmus_outcome, r0: ${r0}, r1: ${r1}}`,
      );
      const found = explore(compile(text, 'sb.yaml'), memory).found;
      assert.equal(found, memory === 'tso' || r0 + r1 > 0, `SB r0=${r0} r1=${r1} under ${memory}`);
    }
  const cowr = readFileSync(`${DIR}/cowr.yaml`, 'utf8').replace(
    '{type: litmus_outcome, r0: 0}',
    '{type: litmus_outcome, r0: 2}',
  );
  for (const memory of ['sc', 'tso']) assert.equal(explore(compile(cowr, 'cowr.yaml'), memory).found, true);
});

test('the counterexample replays: SB under tso ends in the assertion by its schedule', () => {
  const compiled = compileFile(`${DIR}/sb.yaml`);
  const r = explore(compiled, 'tso');
  assert.match(r.schedule, /^v3: /, 'a schedule with flushes is version 3');
  const session = open(compiled, { memory: 'tso' });
  try {
    session.run({ policy: 'round-robin', schedule: r.schedule });
    const s = session.summary();
    assert.equal(s.outcome, 'violation');
  } finally {
    session.free();
  }
});

/**
 * Every combination of register values a litmus file can end with under ra,
 * as RC11 allows them (the outcomes not listed are forbidden): `regs` the
 * registers, `values` what each may hold.  Each combination is searched for
 * on its own by complete search, so this checks that the search finds every
 * allowed outcome and no forbidden one.
 */
const RA_OUTCOMES = {
  'sb.yaml': { regs: 2, values: [0, 1], allowed: ['00', '01', '10', '11'] },
  'sb-fences.yaml': { regs: 2, values: [0, 1], allowed: ['01', '10', '11'] },
  'sb-seq-cst.yaml': { regs: 2, values: [0, 1], allowed: ['01', '10', '11'] },
  'mp.yaml': { regs: 2, values: [0, 1], allowed: ['00', '01', '10', '11'] },
  'mp-rel-acq.yaml': { regs: 2, values: [0, 1], allowed: ['00', '01', '11'] },
  'lb.yaml': { regs: 2, values: [0, 1], allowed: ['00', '01', '10'] },
  'corr.yaml': { regs: 2, values: [0, 1], allowed: ['00', '01', '11'] },
  'cowr.yaml': { regs: 1, values: [0, 1, 2], allowed: ['1', '2'] },
  'wrc.yaml': {
    regs: 3,
    values: [0, 1],
    allowed: ['000', '001', '010', '011', '100', '101', '110', '111'],
  },
  'wrc-rel-acq.yaml': {
    regs: 3,
    values: [0, 1],
    allowed: ['000', '001', '010', '011', '100', '101', '111'],
  },
  'iriw.yaml': { regs: 4, values: [0, 1], allowed: 'all' },
  'iriw-acq.yaml': { regs: 4, values: [0, 1], allowed: 'all' },
  'coww.yaml': {
    regs: 2,
    values: [0, 1, 2],
    allowed: ['00', '01', '02', '11', '12', '22'],
  },
  'corw.yaml': {
    regs: 3,
    values: [0, 1, 2],
    allowed: ['000', '001', '002', '011', '012', '021', '022'].concat([
      '100',
      '101',
      '102',
      '111',
      '112',
      '122',
    ]),
  },
  'rmw-atomicity.yaml': {
    regs: 3,
    values: [0, 1, 5, 6],
    allowed: ['000', '001', '005', '011', '015', '055'].concat(['500', '505', '506', '555', '556', '566']),
  },
  '2plus2w.yaml': {
    regs: 2,
    values: [1, 2],
    allowed: ['11', '12', '21', '22'],
  },
};

/** Every string of `n` values drawn from `values`. */
function combinations(n, values) {
  if (n === 0) return [''];
  return combinations(n - 1, values).flatMap((rest) => values.map((v) => `${rest}${v}`));
}

test('ra: complete search reaches exactly the outcomes RC11 allows, for every litmus file', () => {
  assert.deepEqual(Object.keys(RA_OUTCOMES).sort(), Object.keys(VERDICTS).sort());
  for (const [file, { regs, values, allowed }] of Object.entries(RA_OUTCOMES)) {
    const text = readFileSync(`${DIR}/${file}`, 'utf8');
    const watched = /\{type: litmus_outcome(, r\d: \d+)+\}/.exec(text);
    assert.ok(watched, `${file} watches an outcome`);
    const found = [];
    for (const combo of combinations(regs, values)) {
      const regsText = [...combo].map((v, r) => `r${r}: ${v}`).join(', ');
      const variant = text.replace(watched[0], `{type: litmus_outcome, ${regsText}}`);
      const r = explore(compile(variant, file), 'ra');
      assert.equal(r.complete || r.found, true, `${file} ${combo}: the search ended early`);
      if (r.found) found.push(combo);
    }
    const expected = allowed === 'all' ? combinations(regs, values) : allowed;
    assert.deepEqual(found, expected, `${file}: the outcomes reached under ra`);
  }
});

test("ra: MP relaxed: B reads the flag from A and the data's initial value, by a read_from", () => {
  const compiled = compileFile(`${DIR}/mp.yaml`);
  const r = explore(compiled, 'ra');
  assert.equal(r.schedule, 'v3: A A B <B:0');
  const session = open(compiled, { memory: 'ra' });
  try {
    session.run({ policy: 'round-robin', schedule: r.schedule });
    assert.equal(session.summary().outcome, 'violation');
    const loads = session.trace().filter((e) => e.kind === 'load');
    assert.deepEqual(
      loads.map((e) => [e.actor, e.object, e.new, e.read_store, e.stores, e.stored_at, e.stored_by]),
      [
        ['B', 'flag', 1, 1, 2, 2, 'A'],
        ['B', 'data', 0, 0, 2, 0, undefined],
      ],
    );
  } finally {
    session.free();
  }
});

test("ra: 2+2W: B's store of x takes place 1, before A's, by a place choice", () => {
  const compiled = compileFile(`${DIR}/2plus2w.yaml`);
  const r = explore(compiled, 'ra');
  assert.equal(r.schedule, 'v3: A A B >B:1 B A');
  const session = open(compiled, { memory: 'ra' });
  try {
    session.run({ policy: 'round-robin', schedule: r.schedule });
    assert.equal(session.summary().outcome, 'violation');
    const stores = session.trace().filter((e) => e.kind === 'store');
    assert.deepEqual(
      stores.map((e) => [e.actor, e.object, e.new, e.store, e.placed_before_at, e.placed_before_by]),
      [
        ['A', 'x', 2, 1, undefined, undefined],
        ['A', 'y', 1, 1, undefined, undefined],
        ['B', 'y', 2, 2, undefined, undefined],
        ['B', 'x', 1, 1, 1, 'A'],
      ],
    );
    // x's stores in modification order: B's 1 before A's 2, so x ends at 2 and B reads it
    const x = session.state().memory.cells.find((c) => c.object === 'x');
    assert.deepEqual(
      x.stores.map((st) => [st.value, st.by, st.step]),
      [
        [0, null, 0],
        [1, 'B', 4],
        [2, 'A', 1],
      ],
    );
    assert.deepEqual(
      session
        .trace()
        .filter((e) => e.kind === 'load')
        .map((e) => [e.actor, e.object, e.new]),
      [
        ['B', 'x', 2],
        ['A', 'y', 2],
      ],
    );
  } finally {
    session.free();
  }
});

test("take('place', actor, place) puts the store there, and a place the store may not take is refused", () => {
  const session = open(compileFile(`${DIR}/2plus2w.yaml`), { memory: 'ra' });
  try {
    for (const i of [0, 0, 1]) session.step(i);
    // B's store of x may go before A's store (place 1) or at the end (its plain step);
    // A's load of y may read its own store, older than B's
    assert.deepEqual(session.choices(), [
      { kind: 'read_from', actor: 0, store: 1 },
      { kind: 'place', actor: 1, place: 1 },
    ]);
    assert.throws(() => session.take('place', 1, 0), /place 0 of B is not possible now/);
    assert.throws(() => session.take('place', 1, 2), /place 2 of B is not possible now/);
    assert.equal(session.summary().steps, 3, 'nothing moved');
    session.take('place', 1, 1);
    assert.equal(session.summary().schedule, 'v3: A A B >B:1');
    // B has seen its own store of x, now older than A's: its load may read either
    assert.deepEqual(session.choices(), [
      { kind: 'read_from', actor: 0, store: 1 },
      { kind: 'read_from', actor: 1, store: 1 },
    ]);
  } finally {
    session.free();
  }
});

test('ra: a store may not come between a read-modify-write and the store it read', () => {
  const session = open(compileFile(`${DIR}/rmw-atomicity.yaml`), {
    memory: 'ra',
  });
  try {
    session.step(0); // A's add reads 0 and goes right after it: x's stores 0, 1
    // B has seen only the initial 0, but the one place before A's 1 is taken: B goes at the end
    // (the one choice is C's: its load may read the initial 0)
    assert.deepEqual(session.choices(), [{ kind: 'read_from', actor: 2, store: 0 }]);
    assert.throws(() => session.take('place', 1, 1), /place 1 of B is not possible now/);
    session.step(1);
    const x = session.state().memory.cells[0];
    assert.deepEqual(
      x.stores.map((st) => [st.value, st.by]),
      [
        [0, null],
        [1, 'A'],
        [5, 'B'],
      ],
    );
  } finally {
    session.free();
  }
});
