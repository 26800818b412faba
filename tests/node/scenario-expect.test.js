// A scenario's expect: is a claim about its default run (its variant,
// round-robin after its own schedule:), and `lockstep compile` checks it as
// the author page does (wasm/js/check/scenario.js): each key that does not
// hold is a problem at that key's line and column, in the same words, exit 2.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CATALOG,
  COUNTERS_FILE,
  M,
  at,
  compileAndCheck as both,
  lockstep,
  root,
  scenarioFiles,
  tempDir,
} from './helpers.js';
import { checkScenario } from '../../wasm/js/check/scenario.js';

const dir = tempDir();
const COUNTERS_TEXT = readFileSync(join(root, COUNTERS_FILE), 'utf8');

/** The machinery's own small scenario (two actors, two increments each, a fixture) claiming `expect` (YAML lines). */
const racy = (expect) => `${COUNTERS_TEXT}expect:\n${expect}`;

test('every shipped scenario with expect: compiles: its claims hold', () => {
  const claiming = scenarioFiles().filter((rel) => /^expect:/m.test(readFileSync(join(root, rel), 'utf8')));
  assert.ok(claiming.length > 10, `${claiming.length} scenarios claim an outcome`);
  const compiled = new Set();
  for (const rel of claiming) {
    const text = readFileSync(join(root, rel), 'utf8');
    assert.deepEqual(checkScenario(M, text, { file: rel, catalog: CATALOG }).problems, [], rel);
    // and through `lockstep compile`, the first of each engine's folder (a process each)
    const folder = rel.split('/')[2];
    if (compiled.has(folder)) continue;
    compiled.add(folder);
    const r = lockstep(['compile', rel, '-o', join(dir, 'ok.bc')]);
    assert.deepEqual([r.status, r.stderr], [0, ''], rel);
  }
});

test('a wrong outcome: at expect.outcome, with how the run ended; no bytecode written', () => {
  const text = racy('  outcome: done\n');
  const { cli, page, written, file } = both('outcome.yaml', text);
  const line = `${file}:${at(text, 'done\n')}: expect.outcome: is done, but the default run (variant correct, round-robin) ends violation after 8 steps: assertion 'c == 4' failed: c.value is 2`;
  assert.deepEqual(page, [line]);
  assert.deepEqual([cli.status, cli.stdout, cli.stderr], [2, '', `${line}\n`]);
  assert.equal(written, false);
});

test('a wrong violation message: at expect.violation', () => {
  const text = racy('  outcome: violation\n  violation: "assertion \'c == 4\' failed: c.value is 3"\n');
  const { cli, page, file } = both('violation.yaml', text);
  const line = `${file}:${at(text, '"assertion')}: expect.violation: is "assertion 'c == 4' failed: c.value is 3", but the run's violation is "assertion 'c == 4' failed: c.value is 2"`;
  assert.deepEqual(page, [line]);
  assert.deepEqual([cli.status, cli.stderr], [2, `${line}\n`]);
});

test('expect.stuck naming no actor is a compile problem, before anything runs', () => {
  const text = racy('  outcome: stuck\n  stuck: [Bee]\n');
  const { cli, page, file } = both('no-actor.yaml', text);
  const line = `${file}:${at(text, 'Bee')}: expect.stuck[0]: 'Bee' is not an actor of this scenario (actors: A, B)`;
  assert.deepEqual(page, [line]);
  assert.deepEqual([cli.status, cli.stderr], [2, `${line}\n`]);
});
