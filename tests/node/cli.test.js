// bin/lockstep.js as a user runs it: what it prints, on which stream, and
// its exit status (0 when the run executed, whatever its outcome; 2 for bad
// input, with the file, line and field on stderr).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lockstep, native, tempDir } from './helpers.js';

const RACY = 'tests/scenarios/basic/racy-counter.yaml';
const dir = tempDir();

/** Writes a scenario file into the temp dir; returns its path. */
function scenario(name, text) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

test('run prints the outcome, the violation, and the schedule that reproduces it', () => {
  const r = lockstep(['run', RACY]);
  assert.equal(r.status, 0);
  assert.equal(r.stderr, '');
  assert.equal(
    r.stdout,
    [
      'outcome: violation after 12 steps (virtual time 0 us)',
      "violation (assertion): assertion 'counter == 6' failed: counter.value is 3 (step 12)",
      'schedule: v1: A B A B A B A B A B A',
      'compact: v1.AgsAAQECAQEAAgECAgEAAQECAQEAAgECAgEAAQECAQEAAgE',
      '',
    ].join('\n'),
  );
});

test('run --json prints one object, byte for byte what the native runner prints', () => {
  const bc = join(dir, 'racy.bc');
  const c = lockstep(['compile', RACY, '-o', bc]);
  assert.deepEqual([c.status, c.stdout, c.stderr], [0, '', '']);
  for (const extra of [
    [],
    ['--policy', 'random', '--seed', '9'],
    ['--schedule', 'v1: B B B'],
    ['--max-steps', '4'],
    ['--policy', 'manual'],
  ]) {
    const mine = lockstep(['run', RACY, '--json', ...extra]);
    const theirs = native(['run', bc, '--json', ...extra]);
    assert.equal(mine.status, 0);
    assert.equal(mine.stdout, theirs.stdout, extra.join(' '));
    const parsed = JSON.parse(mine.stdout);
    assert.deepEqual(Object.keys(parsed), [
      'outcome',
      'steps',
      'schedule',
      'virtual_time',
      'stuck',
      'violation',
      'prints',
      'note',
    ]);
  }
  assert.equal(
    lockstep(['run', RACY, '--json']).stdout,
    '{"outcome":"violation","steps":12,"schedule":"v1: A B A B A B A B A B A","virtual_time":0,"stuck":[],' +
      '"violation":{"kind":"assertion","message":"assertion \'counter == 6\' failed: counter.value is 3","step":12},"prints":[],"note":null}\n',
  );
});

test('run --trace writes the same JSON Lines as the native runner', () => {
  const bc = join(dir, 'many.bc');
  lockstep(['compile', 'tests/scenarios/basic/many-actors.yaml', '-o', bc]);
  const mine = join(dir, 'mine.jsonl');
  const theirs = join(dir, 'theirs.jsonl');
  assert.equal(
    lockstep([
      'run',
      'tests/scenarios/basic/many-actors.yaml',
      '--policy',
      'random',
      '--seed',
      '5',
      '--trace',
      mine,
    ]).status,
    0,
  );
  assert.equal(native(['run', bc, '--policy', 'random', '--seed', '5', '--trace', theirs]).status, 0);
  const text = readFileSync(mine, 'utf8');
  assert.equal(text, readFileSync(theirs, 'utf8'));
  assert.equal(text.trim().split('\n').length >= 34, true);
});

test('limit, done, prints, the scenario schedule', () => {
  assert.equal(
    lockstep(['run', RACY, '--max-steps', '5']).stdout.split('\n')[0],
    'outcome: limit after 5 steps (virtual time 0 us)',
  );
  assert.equal(
    lockstep(['run', 'tests/scenarios/basic/sleepers.yaml']).stdout,
    [
      'outcome: done after 8 steps (virtual time 1020000 us)',
      'print: B woke at 10ms',
      'print: C woke at 20ms',
      'print: A woke at 30ms',
      'print: C woke at 1.02s',
      'schedule: v1:',
      'compact: v1.AAA',
      '',
    ].join('\n'),
  );
  // cs-serial.yaml starts from its own schedule: A, A, A.
  assert.match(
    lockstep(['run', 'tests/scenarios/basic/cs-serial.yaml']).stdout,
    /^outcome: done after 6 steps .*\nschedule: v1: A A A\n/,
  );
  // --schedule replaces it.
  assert.match(
    lockstep(['run', 'tests/scenarios/basic/cs-serial.yaml', '--schedule', 'v1: A B']).stdout,
    /^outcome: violation after 2 steps/,
  );
});

test('a schedule that diverges is a result (exit 0), as in the native runner', () => {
  // A and B both load the counter first: the fingerprint asks for a CAS.
  const r = lockstep(['run', RACY, '--schedule', 'v1: A B@cas:counter']);
  assert.equal(r.status, 0);
  assert.equal(
    r.stdout.split('\n')[1],
    'error: schedule diverged at step 2: expected B cas on counter, got B load on counter',
  );
  assert.equal(
    JSON.parse(lockstep(['run', RACY, '--schedule', 'v1: A B@cas:counter', '--json']).stdout).outcome,
    'error',
  );
});

test('bad input exits 2 and says where', () => {
  const cases = [
    [
      [
        'run',
        scenario(
          'typo.yaml',
          'title: t\nengine: basic\nobjects: {c: counter}\nactors:\n  A: [increment c]\n  B: [incremnt c]\n',
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
          'title: t\nengine: basic\nobjects:\n  c: {type: counter, initial: -1}\nactors:\n  A: [increment c]\n',
        ),
      ],
      `${dir}/range.yaml:4:3: objects.c: initial must be between 0 and 4294967295\n`,
    ],
    [
      ['run', scenario('sched.yaml', 'title: t\nengine: basic\nactors:\n  A: [work 1]\nschedule: "v1.@@"\n')],
      `${dir}/sched.yaml:5:11: schedule: character 4 is not base64url\n`,
    ],
    [
      ['run', 'tests/scenarios/basic/nope.yaml'],
      'lockstep run: cannot read tests/scenarios/basic/nope.yaml: no such file\n',
    ],
    [['run', 'tests/scenarios'], 'lockstep run: cannot read tests/scenarios: it is a directory\n'],
    [
      ['run', RACY, '--schedule', 'A B'],
      "lockstep run: --schedule: must start with 'v1:', 'v2:' or 'v3:' (readable) or 'v1.', 'v2.' or 'v3.' (compact)\n",
    ],
    [
      ['run', RACY, '--policy', 'fair'],
      "lockstep run: --policy must be round-robin, random, priority, pct, manual, not 'fair'\n",
    ],
    [
      ['run', RACY, '--seed', '-1'],
      "lockstep run: --seed must be a whole number from 0 to 9007199254740991, not '-1'\n",
    ],
    [['run', RACY, '--max-steps'], 'lockstep run: --max-steps needs a value\n'],
    [
      ['run', RACY, '--variant', 'buggy'],
      `lockstep run: --variant: 'buggy' is not a variant of ${RACY}; it has: correct\n`,
    ],
    [['run', RACY, '--jsn'], 'lockstep run: unknown option --jsn (see lockstep --help)\n'],
    [['run', RACY, '--memory', 'weird'], "lockstep run: --memory must be sc, tso, ra, not 'weird'\n"],
    [['explore', RACY, '--memory', 'weird'], "lockstep explore: --memory must be sc, tso, ra, not 'weird'\n"],
    [
      ['run', scenario('mem.yaml', 'title: t\nengine: basic\nmemory: weird\nactors:\n  A: [work 1]\n')],
      `${dir}/mem.yaml:3:9: memory: must be one of: sc, tso, ra\n`,
    ],
    [['run', RACY, '--json', '--json'], 'lockstep run: --json is given twice\n'],
    [
      ['run'],
      'usage: lockstep run FILE [--variant V] [--memory sc|tso|ra] [--schedule S] [--policy P]\n             [--seed N] [--max-steps N] [--trace OUT.jsonl] [--json]\n',
    ],
    [['compile', RACY], 'usage: lockstep compile FILE -o OUT.bc\n'],
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
