// The explorer on programs that never end (issue 11, item 10): a repeat with
// no end and a spin loop nobody releases (tests/fixtures/endless/).  With its
// own defaults a search still ends, says how far it got on stderr at least
// once a second in text mode, and says why it stopped.  No test here times
// speed: the time limits only stop a hang, and are generous.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, compileFile, lockstep, open, root, runner, tempDir } from './helpers.js';

const REPEAT = 'tests/fixtures/endless/repeat-forever.yaml';
const SPIN = 'tests/fixtures/endless/spin-forever.yaml';
const EVERY_RUN = 'every run reached the 10,000-step limit: the program may not terminate; see --max-steps';
const PROGRESS = /^explore: (\d+) executions(?:, bound (\d+))?, (\d+) steps, (\d+\.\d) s$/;
/** Far beyond what any of these searches takes: only a hang reaches it. */
const HANG_MS = 600000;

/** Runs a command with a hang guard: {status, stdout, stderr}. */
function spawn(/** @type {string} */ program, /** @type {string[]} */ args) {
  const r = spawnSync(program, args, { encoding: 'utf8', cwd: root, timeout: HANG_MS });
  assert.equal(r.error, undefined, `${args.join(' ')}: ${r.error?.message}`);
  assert.equal(r.signal, null, `${args.join(' ')} was killed: it did not end`);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The progress lines of stderr, checked: nothing else on stderr, one line
 * per second at most (each says a later second), counts that never go back.
 */
function progressOf(/** @type {string} */ stderr) {
  const lines = stderr.split('\n').filter((l) => l.length > 0);
  const seen = lines.map((l) => {
    const m = PROGRESS.exec(l);
    assert.ok(m, `not a progress line: ${JSON.stringify(l)}`);
    return { executions: Number(m[1]), bound: m[2], steps: Number(m[3]), seconds: Number(m[4]) };
  });
  for (let i = 1; i < seen.length; i++) {
    assert.ok(
      seen[i].seconds >= seen[i - 1].seconds + 1 - 0.05,
      `two lines within a second: ${lines[i - 1]} / ${lines[i]}`,
    );
    assert.ok(seen[i].executions >= seen[i - 1].executions && seen[i].steps >= seen[i - 1].steps, lines[i]);
  }
  return seen;
}

/** The "N executions, N pruned, T ms" line's milliseconds. */
function elapsedMs(/** @type {string} */ stdout) {
  const m = /\n\d+ executions, \d+ pruned, (\d+(?:\.\d+)?) ms\n/.exec(stdout);
  assert.ok(m, stdout);
  return Number(m[1]);
}

test('the native runner with its defaults ends on a spin nobody releases, says so, and reports progress', () => {
  const dir = tempDir();
  const bc = join(dir, 'spin.bc');
  writeFileSync(bc, compileFile(SPIN).bytecode);
  const r = spawn(runner, ['explore', bc]);
  assert.equal(r.status, 0, r.stderr);
  // 20,000,000 steps taken in all (the default), 10,000 per run from the root (the default):
  // 2,000 runs from the root; a run that starts at a snapshot kept on its path
  // (core/sim/replay.c) takes only the steps below it, so 2,052 fit.
  assert.match(r.stdout, new RegExp(`^no violation found: 2052 executions, incomplete \\(${EVERY_RUN}\\)\n`));
  const progress = progressOf(r.stderr);
  const ms = elapsedMs(r.stdout);
  if (ms >= 1500) assert.ok(progress.length >= 1, `${ms} ms without a progress line`);
  for (const p of progress) assert.ok(p.seconds * 1000 <= ms + 100 && p.bound !== undefined);
});

test('the native runner --json says why in reason, and prints no progress', () => {
  const dir = tempDir();
  const bc = join(dir, 'repeat.bc');
  writeFileSync(bc, compileFile(REPEAT).bytecode);
  const r = spawn(runner, ['explore', bc, '--max-total-steps', '300000', '--json']);
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.deepEqual([j.found, j.complete, j.executions, j.reason], [false, false, 30, EVERY_RUN]);
  assert.equal(r.stderr, '');
});

test('lockstep explore ends on a repeat with no end, says so, and reports progress on stderr', () => {
  const r = spawn(process.execPath, [cli, 'explore', REPEAT, '--max-total-steps', '3000000']);
  assert.equal(r.status, 0, r.stderr);
  // (300 runs of 10,000 steps from the root; runs from kept snapshots take fewer)
  assert.match(r.stdout, new RegExp(`^no violation found: 307 executions, incomplete \\(${EVERY_RUN}\\)\n`));
  assert.match(r.stdout, new RegExp(`\nincomplete: ${EVERY_RUN}\n$`));
  const progress = progressOf(r.stderr);
  const ms = elapsedMs(r.stdout);
  if (ms >= 1500) assert.ok(progress.length >= 1, `${ms} ms without a progress line`);
  for (const p of progress) assert.ok(p.seconds * 1000 <= ms + 100 && p.steps <= 3000000);
});

test('lockstep explore --json on a spin nobody releases: the reason, no progress', () => {
  const r = spawn(process.execPath, [
    cli,
    'explore',
    SPIN,
    '--strategy',
    'random',
    '--max-total-steps',
    '200000',
    '--json',
  ]);
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.deepEqual([j.found, j.complete, j.executions, j.reason], [false, false, 20, EVERY_RUN]);
  assert.equal(r.stderr, '');
});

test('--max-executions 0 is documented as no limit on runs, and such a search still ends', () => {
  const help = lockstep(['explore', '--help']).stdout;
  assert.match(
    help,
    /--max-executions N {3}stop after N runs \(default 1000000; 0: no limit on runs,\n\s+the search still stops at --max-total-steps\)/,
  );
  assert.match(
    help,
    /--max-total-steps N {2}stop when the runs took N steps in all \(default\n\s+20000000, at least 1\)/,
  );
  const r = spawn(process.execPath, [
    cli,
    'explore',
    SPIN,
    '--max-executions',
    '0',
    '--max-steps',
    '1000',
    '--max-total-steps',
    '50000',
    '--json',
  ]);
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.deepEqual(
    [j.executions, j.reason],
    // 50 runs of 1,000 steps from the root; runs from kept snapshots take fewer, so 65 fit
    [65, 'every run reached the 1,000-step limit: the program may not terminate; see --max-steps'],
  );
});

test('--max-total-steps 0 (a search that might never end) is refused by both CLIs', () => {
  const r = lockstep(['explore', SPIN, '--max-total-steps', '0']);
  assert.equal(r.status, 2);
  assert.equal(
    r.stderr,
    'lockstep explore: --max-total-steps must be at least 1 (a search must end), not 0\n',
  );
  const dir = tempDir();
  const bc = join(dir, 'spin.bc');
  writeFileSync(bc, compileFile(SPIN).bytecode);
  const n = spawn(runner, ['explore', bc, '--max-total-steps', '0']);
  assert.equal(n.status, 2);
  assert.match(n.stderr, /--max-total-steps/);
});

test('a Session tells its progress from inside one long run', () => {
  const s = open(compileFile(REPEAT));
  try {
    s.exploreStart({ maxSteps: 100000, maxTotalSteps: 100000 });
    /** @type {{executions: number, bound: number, totalSteps: number}[]} */
    const calls = [];
    const st = s.exploreStep(1, (p) => calls.push(p));
    assert.equal(st.finished, false); // the one run took the whole slice
    assert.equal(calls.length, 24); // every 4096 steps of 100,000
    assert.deepEqual(calls[0], { executions: 0, bound: 0, totalSteps: 0 });
    const end = s.exploreStep(1, (p) => calls.push(p));
    assert.equal(end.finished, true);
    assert.equal(end.result.total_steps, 100000);
    assert.equal(
      end.result.reason,
      'every run reached the 100,000-step limit: the program may not terminate; see --max-steps',
    );
    s.exploreFinish();
  } finally {
    s.free();
  }
});

// --max-seconds: the hosts' time limit (the search never reads a clock: core/sim/explore.h,
// explore_stop).  Searches of a program that ends but has far too many interleavings
// (tests/fixtures/long/), with limits of steps and runs no machine reaches in a test's time,
// stop at the time limit instead, and every report says so.
const LONG = 'tests/fixtures/long/four-threads.yaml';
const UNREACHED = ['--max-total-steps', '1000000000000', '--max-executions', '0', '--max-seconds', '1'];
const AT_ONE_SECOND = 'stopped at the time limit of 1 s';

test('--max-seconds stops a search where it stands, in both command lines and over workers, and says so', () => {
  const dir = tempDir();
  const bc = join(dir, 'long.bc');
  writeFileSync(bc, compileFile(LONG).bytecode);
  const searches = [
    ['random walks, one process', runner, ['explore', bc, '--strategy', 'random']],
    ['random walks, two workers', runner, ['explore', bc, '--strategy', 'random', '--workers', '2']],
    ['the complete search, one process', runner, ['explore', bc, '--bound', 'none']],
    [
      'the complete search, two workers',
      runner,
      ['explore', bc, '--bound', 'none', '--dpor', '--workers', '2'],
    ],
    ['random walks in wasm', process.execPath, [cli, 'explore', LONG, '--strategy', 'random']],
    ['the complete search in wasm', process.execPath, [cli, 'explore', LONG, '--bound', 'none']],
  ];
  for (const [what, program, args] of searches) {
    const r = spawn(String(program), [...args, ...UNREACHED, '--json']);
    assert.equal(r.status, 0, `${what}: ${r.stderr}`);
    const j = JSON.parse(r.stdout);
    assert.deepEqual([j.found, j.complete, j.reason], [false, false, AT_ONE_SECOND], what);
    assert.ok(j.executions > 0, `${what}: ${j.executions} executions`);
  }
  // the text report, and the help
  const text = spawn(runner, ['explore', bc, '--strategy', 'random', ...UNREACHED]);
  assert.match(
    text.stdout,
    /^no violation found: \d+ executions, incomplete \(stopped at the time limit of 1 s\)\n/,
  );
  assert.match(
    lockstep(['explore', '--help']).stdout,
    /--max-seconds S {6}stop after S seconds \(above 0, up to three decimals:\n/,
  );
});

test('bad --max-seconds values exit 2 with one line, the same from both command lines', () => {
  const dir = tempDir();
  const bc = join(dir, 'spin.bc');
  writeFileSync(bc, compileFile(SPIN).bytecode);
  for (const value of ['0', '0.000', '-1', 'abc', '1.2345', '1000000', '.5', '1.']) {
    const line = `--max-seconds must be a number of seconds above 0 and below 1000000, with at most three decimals (30, 0.5), not '${value}'\n`;
    const n = spawn(runner, ['explore', bc, '--max-seconds', value]);
    assert.deepEqual([n.status, n.stderr], [2, `lockstep-run explore: ${line}`], value);
    const j = lockstep(['explore', SPIN, '--max-seconds', value]);
    assert.deepEqual([j.status, j.stderr], [2, `lockstep explore: ${line}`], value);
  }
});
