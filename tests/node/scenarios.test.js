// Every scenario file under tests/scenarios states in `expect:` how its
// default run ends (round-robin, after its own `schedule:` if it has one);
// this checks each claim.  What some scenarios promise for every schedule is
// checked in their engine's own test (tests/node/<engine>.test.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileFile, open, scenarioFiles } from './helpers.js';
import { outcomeOf } from '../../wasm/js/cli/output.js';

for (const file of scenarioFiles()) {
  const compiled = compileFile(file);
  const expect = compiled.scenario.expect;
  test(`${file}: the default run ends as expect: says`, { skip: expect ? false : 'no expect:' }, () => {
    assert.ok(expect);
    const s = open(compiled, { variant: compiled.scenario.variant });
    const r = s.run({ schedule: compiled.scenario.schedule ?? undefined });
    assert.equal(outcomeOf(r), expect.outcome);
    if (expect.violation !== undefined) assert.equal(r.violation?.message, expect.violation);
    if (expect.prints !== undefined) assert.deepEqual(r.prints, expect.prints);
    if (expect.stuck !== undefined)
      assert.deepEqual(
        r.stuck.map((x) => x.actor),
        expect.stuck,
      );
    s.free();
  });
}
