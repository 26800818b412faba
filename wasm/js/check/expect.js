// @ts-check
/**
 * A scenario's expect: is a claim about its default run, the run
 * tests/node/scenarios.test.js makes and `lockstep run` prints: the
 * scenario's variant, its schedule: replayed, then round-robin, seed 0.
 * Each key that does not hold is one problem at that key; when the outcome
 * is wrong, violation: and stuck: (which describe that outcome) are not
 * compared.
 */
import { Session } from '../lockstep.js';
import { outcomeOf } from '../cli/output.js';

/** @typedef {import('../scenario.js').Scenario} Scenario */
/** @typedef {import('../scenario/problems.js').Problem} Problem */
/** @typedef {import('../lockstep.js').EmscriptenModule} EmscriptenModule */
/** @typedef {import('../lockstep.js').Summary} Summary */

/** A list as the messages show it: "A, B", or "nobody". */
const names = (/** @type {string[]} */ xs) => (xs.length ? xs.join(', ') : 'nobody');

/** How a run ended, in words: "violation after 12 steps: assertion ... failed". */
function ending(/** @type {Summary} */ r) {
  const outcome = outcomeOf(r);
  const detail =
    outcome === 'violation'
      ? `: ${r.violation?.message ?? ''}`
      : outcome === 'stuck'
        ? ` (stuck: ${names(r.stuck.map((x) => x.actor))})`
        : outcome === 'error' && r.message
          ? `: ${r.message}`
          : '';
  return `${outcome} after ${r.steps} steps${detail}`;
}

/**
 * The problems of expect:, by running the scenario once (none when it has no expect:).
 * @param {EmscriptenModule} M
 * @param {{bytecode: Uint8Array, scenario: Scenario}} compiled  a scenario whose session opens
 * @returns {Problem[]}
 */
export function checkExpect(M, { bytecode, scenario }) {
  const expect = scenario.expect;
  if (!expect) return [];
  const s = new Session(M, bytecode, { variant: scenario.variant, seed: 0 });
  let r;
  try {
    r = s.run({ schedule: scenario.schedule ?? undefined });
  } finally {
    s.free();
  }
  const how = `variant ${scenario.variant}, ${scenario.schedule ? 'its schedule: then round-robin' : 'round-robin'}`;
  /** @type {Problem[]} */
  const problems = [];
  /** @param {string} key @param {string} message */
  const add = (key, message) =>
    problems.push({
      file: scenario.file,
      line: scenario.expectAt?.[key]?.line ?? 1,
      column: scenario.expectAt?.[key]?.column ?? 1,
      field: `expect.${key}`,
      message,
    });
  const outcome = outcomeOf(r);
  if (outcome !== expect.outcome)
    add('outcome', `is ${expect.outcome}, but the default run (${how}) ends ${ending(r)}`);
  else {
    if (expect.violation !== undefined && r.violation?.message !== expect.violation)
      add(
        'violation',
        `is ${JSON.stringify(expect.violation)}, but the run's violation is ${JSON.stringify(r.violation?.message ?? null)}`,
      );
    const stuck = r.stuck.map((x) => x.actor);
    if (expect.stuck !== undefined && JSON.stringify(stuck) !== JSON.stringify(expect.stuck))
      add('stuck', `is ${names(expect.stuck)}, but the default run (${how}) leaves stuck: ${names(stuck)}`);
  }
  if (expect.prints !== undefined && JSON.stringify(r.prints) !== JSON.stringify(expect.prints))
    add('prints', `is ${JSON.stringify(expect.prints)}, but the run prints ${JSON.stringify(r.prints)}`);
  return problems;
}
