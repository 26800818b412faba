// Every scenario file under tests/scenarios states in `expect:` how its
// default run ends (round-robin, after its own `schedule:` if it has one);
// this checks each claim, and the properties some scenarios promise for
// every schedule.
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

/** The outcomes (and prints) of 200 random schedules. */
function randomRuns(file) {
  const s = open(compileFile(file));
  const seen = new Map();
  for (let seed = 1; seed <= 200; seed++) {
    s.reset();
    const r = s.run({ policy: 'random', seed });
    const key = `${r.outcome} ${JSON.stringify(r.prints)}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  s.free();
  return [...seen.keys()];
}

test('many-actors: no schedule gets stuck or breaks an assertion', () => {
  assert.deepEqual(randomRuns('tests/scenarios/basic/many-actors.yaml'), ['done ["F starts","F ends"]']);
});

test('sleepers: every schedule prints in wake-up order', () => {
  assert.deepEqual(randomRuns('tests/scenarios/basic/sleepers.yaml'), [
    'done ["B woke at 10ms","C woke at 20ms","A woke at 30ms","C woke at 1.02s"]',
  ]);
});

test('assert-result and atomic-counter: every schedule is done', () => {
  assert.deepEqual(randomRuns('tests/scenarios/basic/assert-result.yaml'), ['done []']);
  assert.deepEqual(randomRuns('tests/scenarios/basic/atomic-counter.yaml'), ['done []']);
});

test('work-and-print: the two prints come in either order', () => {
  assert.deepEqual(randomRuns('tests/scenarios/basic/work-and-print.yaml').sort(), [
    'done ["A done","B done"]',
    'done ["B done","A done"]',
  ]);
});

test('cs-overlap: some schedules overlap, some do not', () => {
  assert.deepEqual(randomRuns('tests/scenarios/basic/cs-overlap.yaml').sort(), ['done []', 'violation []']);
});
