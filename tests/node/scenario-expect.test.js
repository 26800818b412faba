// A scenario's expect: is a claim about its default run (its variant,
// round-robin after its own schedule:), and `lockstep compile` checks it as
// the author page does (wasm/js/check/scenario.js): each key that does not
// hold is a problem at that key's line and column, in the same words, exit 2.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG, M, lockstep, root, tempDir } from './helpers.js';
import { checkScenario } from '../../wasm/js/check/scenario.js';
import { formatProblem } from '../../wasm/js/scenario.js';

const dir = tempDir();
const RACY = readFileSync(join(root, 'tests/scenarios/basic/racy-counter.yaml'), 'utf8');
const LOST = readFileSync(join(root, 'tests/scenarios/parking_lot/lost-wakeup.yaml'), 'utf8');

/** The racy counter with its expect: replaced by `expect` (YAML lines). */
const racy = (expect) => RACY.replace(/expect:\n(?: {2}.*\n)+/, `expect:\n${expect}`);
const lost = (expect) => LOST.replace(/expect:\n(?: {2}.*\n)+/, `expect:\n${expect}`);

/** What `lockstep compile` says about `text`, and what the author page's check says. */
function both(name, text) {
  const file = join(dir, name);
  writeFileSync(file, text);
  const out = join(dir, `${name}.bc`);
  rmSync(out, { force: true });
  const cli = lockstep(['compile', file, '-o', out]);
  const page = checkScenario(M, text, { file, catalog: CATALOG }).problems.map(formatProblem);
  return { cli, page, written: existsSync(out), file };
}

/** The line and column (1-based) where `needle` starts in `text`. */
function at(text, needle) {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, needle);
  const before = text.slice(0, i).split('\n');
  return `${before.length}:${before.at(-1).length + 1}`;
}

test('every shipped scenario with expect: compiles: its claims hold', () => {
  for (const rel of [
    'tests/scenarios/basic/racy-counter.yaml',
    'tests/scenarios/parking_lot/lost-wakeup.yaml',
  ]) {
    const text = readFileSync(join(root, rel), 'utf8');
    assert.deepEqual(checkScenario(M, text, { file: rel, catalog: CATALOG }).problems, []);
    const r = lockstep(['compile', rel, '-o', join(dir, 'ok.bc')]);
    assert.deepEqual([r.status, r.stderr], [0, '']);
  }
});

test('a wrong outcome: at expect.outcome, with how the run ended; no bytecode written', () => {
  const text = racy('  outcome: done\n');
  const { cli, page, written, file } = both('outcome.yaml', text);
  const line = `${file}:${at(text, 'done\n')}: expect.outcome: is done, but the default run (variant correct, round-robin) ends violation after 12 steps: assertion 'counter == 6' failed: counter.value is 3`;
  assert.deepEqual(page, [line]);
  assert.deepEqual([cli.status, cli.stdout, cli.stderr], [2, '', `${line}\n`]);
  assert.equal(written, false);
});

test('a wrong violation message: at expect.violation', () => {
  const text = racy(
    '  outcome: violation\n  violation: "assertion \'counter == 6\' failed: counter.value is 4"\n',
  );
  const { cli, page, file } = both('violation.yaml', text);
  const line = `${file}:${at(text, '"assertion')}: expect.violation: is "assertion 'counter == 6' failed: counter.value is 4", but the run's violation is "assertion 'counter == 6' failed: counter.value is 3"`;
  assert.deepEqual(page, [line]);
  assert.deepEqual([cli.status, cli.stderr], [2, `${line}\n`]);
});

test('wrong stuck actors and prints: each at its own key, after the schedule: is played', () => {
  const text = lost('  outcome: stuck\n  stuck: [A, B]\n  prints: ["B is done"]\n');
  const { cli, page, file } = both('stuck.yaml', text);
  const lines = [
    `${file}:${at(text, '[A, B]')}: expect.stuck: is A, B, but the default run (variant validate_outside, its schedule: then round-robin) leaves stuck: B`,
    `${file}:${at(text, '["B is done"]')}: expect.prints: is ["B is done"], but the run prints []`,
  ];
  assert.deepEqual(page, lines);
  assert.deepEqual([cli.status, cli.stderr], [2, `${lines.join('\n')}\n`]);
});

test('expect.stuck naming no actor is a compile problem, before anything runs', () => {
  const text = lost('  outcome: stuck\n  stuck: [Bee]\n');
  const { cli, page, file } = both('no-actor.yaml', text);
  const line = `${file}:${at(text, 'Bee')}: expect.stuck[0]: 'Bee' is not an actor of this scenario (actors: A, B)`;
  assert.deepEqual(page, [line]);
  assert.deepEqual([cli.status, cli.stderr], [2, `${line}\n`]);
});
