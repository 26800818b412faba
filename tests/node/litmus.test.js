// The litmus tests of tests/scenarios/litmus/ under every memory model, by
// complete search (bound none): an outcome a model allows must be found, one
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
// or accesses, LB (no thin air), CoRR and CoWR forbidden.  2+2W is the one
// place this machine differs from C11: its ra appends each store to its
// cell's modification order, so 2+2W is forbidden here and allowed by C11.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { compile, compileFile, open } from './helpers.js';
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
  '2plus2w.yaml': { sc: false, tso: false, ra: false }, // C11: allowed (see above)
};
const DIR = 'tests/scenarios/litmus';

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
  '2plus2w.yaml': { regs: 2, values: [1, 2], allowed: ['11', '12', '21'] },
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
