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
// WRC, CoRR forbidden.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { compile, compileFile, open } from './helpers.js';
import { readFileSync } from 'node:fs';

/** file -> model -> whether the file's outcome is allowed */
const VERDICTS = {
  'sb.yaml': { sc: false, tso: true },
  'sb-fences.yaml': { sc: false, tso: false },
  'sb-seq-cst.yaml': { sc: false, tso: false },
  'mp.yaml': { sc: false, tso: false },
  'mp-rel-acq.yaml': { sc: false, tso: false },
  'lb.yaml': { sc: false, tso: false },
  'iriw.yaml': { sc: false, tso: false },
  'iriw-acq.yaml': { sc: false, tso: false },
  'wrc.yaml': { sc: false, tso: false },
  'wrc-rel-acq.yaml': { sc: false, tso: false },
  'corr.yaml': { sc: false, tso: false },
  'cowr.yaml': { sc: false, tso: false },
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
