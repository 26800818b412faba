// bin/lockstep.js as a user runs it: what it prints, on which stream, and
// its exit status (0 when the run executed, whatever its outcome; 2 for bad
// input, with the file, line and field on stderr).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUNTERS, COUNTERS_FILE, lockstep, tempDir } from './helpers.js';

const dir = tempDir();

/** Writes a scenario file into the temp dir; returns its path. */
function scenario(name, text) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

test('bad input exits 2 and says where', () => {
  const cases = [
    [
      [
        'run',
        scenario(
          'typo.yaml',
          `title: t\nengine: ${COUNTERS}\nobjects: {c: counter}\nactors:\n  A: [increment c]\n  B: [incremnt c]\n`,
        ),
      ],
      `${dir}/typo.yaml:6:7: actors.B[0]: c (counter) has no operation 'incremnt'; it has: increment, get\n`,
    ],
    [
      ['run', scenario('yaml.yaml', 'title: [\n')],
      `${dir}/yaml.yaml:2:1: yaml: Flow sequence in block collection must be sufficiently indented and end with a ]\n`,
    ],
    [
      [
        'run',
        scenario(
          'range.yaml',
          `title: t\nengine: ${COUNTERS}\nobjects:\n  c: {type: counter, initial: -1}\nactors:\n  A: [increment c]\n`,
        ),
      ],
      `${dir}/range.yaml:4:3: objects.c: initial must be between 0 and 4294967295\n`,
    ],
    [
      [
        'run',
        scenario('sched.yaml', `title: t\nengine: ${COUNTERS}\nactors:\n  A: [work 1]\nschedule: "v1.@@"\n`),
      ],
      `${dir}/sched.yaml:5:11: schedule: character 4 is not base64url\n`,
    ],
    [
      ['run', 'tests/scenarios/nope.yaml'],
      'lockstep run: cannot read tests/scenarios/nope.yaml: no such file\n',
    ],
    [['run', 'tests/scenarios'], 'lockstep run: cannot read tests/scenarios: it is a directory\n'],
    [
      ['run', COUNTERS_FILE, '--schedule', 'A B'],
      "lockstep run: --schedule: must start with 'v1:', 'v2:' or 'v3:' (readable) or 'v1.', 'v2.' or 'v3.' (compact)\n",
    ],
    [
      ['run', COUNTERS_FILE, '--policy', 'fair'],
      "lockstep run: --policy must be round-robin, random, priority, pct, manual, not 'fair'\n",
    ],
    [
      ['run', COUNTERS_FILE, '--seed', '-1'],
      "lockstep run: --seed must be a whole number from 0 to 9007199254740991, not '-1'\n",
    ],
    [['run', COUNTERS_FILE, '--max-steps'], 'lockstep run: --max-steps needs a value\n'],
    [
      ['run', COUNTERS_FILE, '--variant', 'buggy'],
      `lockstep run: --variant: 'buggy' is not a variant of ${COUNTERS_FILE}; it has: correct\n`,
    ],
    [['run', COUNTERS_FILE, '--jsn'], 'lockstep run: unknown option --jsn (see lockstep --help)\n'],
    [
      ['run', COUNTERS_FILE, '--memory', 'weird'],
      "lockstep run: --memory must be sc, tso, ra, not 'weird'\n",
    ],
    [
      ['explore', COUNTERS_FILE, '--memory', 'weird'],
      "lockstep explore: --memory must be sc, tso, ra, not 'weird'\n",
    ],
    [
      ['run', scenario('mem.yaml', `title: t\nengine: ${COUNTERS}\nmemory: weird\nactors:\n  A: [work 1]\n`)],
      `${dir}/mem.yaml:3:9: memory: must be one of: sc, tso, ra\n`,
    ],
    [['run', COUNTERS_FILE, '--json', '--json'], 'lockstep run: --json is given twice\n'],
    [
      ['run'],
      'usage: lockstep run FILE [--variant V] [--memory sc|tso|ra] [--schedule S] [--policy P]\n             [--seed N] [--max-steps N] [--trace OUT.jsonl] [--json]\n',
    ],
    [['compile', COUNTERS_FILE], 'usage: lockstep compile FILE -o OUT.bc\n'],
    [
      ['frobnicate'],
      "lockstep: unknown command 'frobnicate'; the commands are: run, explore, compile, check (see lockstep --help)\n",
    ],
  ];
  for (const [args, stderr] of cases) {
    const r = lockstep(args);
    assert.equal(r.stderr, stderr, args.join(' '));
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(r.stdout, '', args.join(' '));
  }
});

test('a file far too large is refused without being read', () => {
  const big = join(dir, 'big.yaml');
  writeFileSync(big, 'title: t\n' + '#'.repeat(1 << 20));
  const r = lockstep(['run', big]);
  assert.equal(r.status, 2);
  assert.equal(
    r.stderr,
    `${big}:1:1: file: is 1048585 bytes long; a scenario may be at most 65536 characters\n`,
  );
});

test('--help and help COMMAND', () => {
  const top = lockstep(['--help']);
  assert.equal(top.status, 0);
  assert.match(top.stdout, /^lockstep: run lock and semaphore scenarios/);
  assert.match(top.stdout, /\n {2}lockstep run FILE /);
  assert.match(top.stdout, /\n {2}lockstep compile FILE -o OUT\.bc\n/);
  assert.equal(lockstep([]).stdout, top.stdout);
  const run = lockstep(['run', '--help']);
  assert.equal(run.status, 0);
  assert.match(run.stdout, /--max-steps N {3}stop after N steps \(default 100000\)/);
  assert.equal(lockstep(['help', 'run']).stdout, run.stdout);
});
