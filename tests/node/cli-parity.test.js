// The two command lines are one tool: `npx lockstep run FILE.yaml` (wasm)
// and `build/native/lockstep-run run FILE.bc` (native) print the same bytes
// on stdout for every outcome, start from the scenario's own variant and
// schedule (the bytecode carries them), refuse the same bad input with exit
// status 2 and the same one-line message (only the program's name differs),
// and parse their options by the same rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUNTERS, COUNTERS_FILE, litmusDir, native, root, tempDir } from './helpers.js';
import { main } from '../../wasm/js/cli/main.js';

const dir = tempDir();
process.chdir(root); // the paths below are relative to the repository, as a user types them

/** `npx lockstep ARGS`, in this process (the wasm module loads once): {status, stdout, stderr}. */
async function lockstep(/** @type {string[]} */ args) {
  let stdout = '';
  let stderr = '';
  const status = await main(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  });
  return { status, stdout, stderr };
}
// The machinery's own small scenario (a fixture: two actors, two racy increments each), and
// two written here in the machine's own operations, in that fixture's engine.
const RACY = COUNTERS_FILE;
const SLEEPERS = join(dir, 'sleepers.yaml');
writeFileSync(
  SLEEPERS,
  `title: t\nengine: ${COUNTERS}\nactors:\n  A: [sleep 30ms, print "A woke"]\n  B: [sleep 10ms, print "B woke"]\n`,
);
const SERIAL = join(dir, 'serial.yaml');
writeFileSync(
  SERIAL,
  `title: t\nengine: ${COUNTERS}\nactors:\n  A: [cs_enter, work 1, cs_exit]\n  B: [cs_enter, work 1, cs_exit]\nschedule: "v1: A A A"\n`,
);
const SB = join(litmusDir, 'sb.yaml');

/** Compiles a scenario with the CLI; returns the bytecode's path. */
async function bytecode(yaml) {
  const bc = join(dir, yaml.replace(/\W/g, '_') + '.bc');
  const c = await lockstep(['compile', yaml, '-o', bc]);
  assert.deepEqual([c.status, c.stderr], [0, ''], yaml);
  return bc;
}

/** Writes a scenario file into the temp dir; returns its path. */
function scenario(name, text) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Both command lines on the same scenario and arguments. */
async function both(yaml, args) {
  const bc = await bytecode(yaml);
  return {
    js: await lockstep(['run', yaml, ...args]),
    c: native(['run', bc, ...args]),
    bc,
  };
}

// [what it shows, scenario, arguments, the first line of the text report]
const OUTCOMES = [
  ['done, with prints', SLEEPERS, [], 'outcome: done after 4 steps (virtual time 30000 us)'],
  ['done, from the scenario schedule', SERIAL, [], 'outcome: done after 6 steps (virtual time 0 us)'],
  ['violation', RACY, [], 'outcome: violation after 8 steps (virtual time 0 us)'],
  [
    'error: the schedule diverged',
    RACY,
    ['--schedule', 'v1: A B@cas:c'],
    'outcome: error after 1 steps (virtual time 0 us)',
  ],
  ['limit', RACY, ['--max-steps', '5'], 'outcome: limit after 5 steps (virtual time 0 us)'],
  [
    'waiting (manual)',
    RACY,
    ['--policy', 'manual', '--schedule', 'v1: A B'],
    'outcome: waiting after 2 steps (virtual time 0 us)',
  ],
  ['random', RACY, ['--policy', 'random', '--seed', '7'], 'outcome: violation'],
  [
    'tso: the store buffers let both loads of SB read 0',
    SB,
    ['--memory', 'tso', '--schedule', 'v3: A A B B ^A'],
    'outcome: violation after 6 steps (virtual time 0 us)',
  ],
  [
    'tso: a flush of an empty store buffer is refused by replay, naming the step',
    SB,
    ['--memory', 'tso', '--schedule', 'v3: ^A'],
    'outcome: error after 0 steps (virtual time 0 us)',
  ],
  [
    'ra: B reads y from before A stored it, and the report says why it could',
    SB,
    ['--memory', 'ra', '--schedule', 'v3: A A <B:0'],
    'outcome: violation after 4 steps (virtual time 0 us)',
  ],
  [
    'ra: a read_from naming a store the load may not read is refused by replay, naming the step',
    SB,
    ['--memory', 'ra', '--schedule', 'v3: A A <B:5'],
    'outcome: error after 3 steps (virtual time 0 us)',
  ],
  [
    'entries left over',
    RACY,
    ['--schedule', 'v1: A A A A A A A A A'],
    'outcome: done after 8 steps (virtual time 0 us)',
  ],
];

for (const [what, yaml, args, first] of OUTCOMES) {
  test(`the same report, byte for byte, from both command lines: ${what}`, async () => {
    for (const form of [[], ['--json']]) {
      const { js, c } = await both(yaml, [...args, ...form]);
      assert.equal(js.stderr, '', `${what} ${form}`);
      assert.equal(c.stderr, '', `${what} ${form}`);
      assert.equal(js.status, 0);
      assert.equal(c.status, 0);
      assert.equal(c.stdout, js.stdout, `${what} ${form}`);
    }
    const text = (await lockstep(['run', yaml, ...args])).stdout;
    assert.ok(
      text.startsWith(first + '\n') || (first.endsWith('violation') && text.startsWith(first + ' ')),
      text,
    );
  });
}

test("the runner uses the scenario's schedule; --schedule replaces it", async () => {
  // Without options: the scenario's schedule (A's critical section first, whole).
  const own = await both(SERIAL, []);
  assert.equal(own.c.stdout, own.js.stdout);
  assert.match(own.c.stdout, /^outcome: done after 6 steps/);
  // --schedule replaces the schedule ('v1:' has no entries): round-robin from step 1.
  const serial = await both(SERIAL, ['--schedule', 'v1:']);
  assert.equal(serial.c.stdout, serial.js.stdout);
  assert.match(serial.c.stdout, /^outcome: violation after 2 steps/);
});

test('entries left over are a note, in the text and in --json, not an error', async () => {
  const { js, c } = await both(RACY, ['--schedule', 'v1: A A A A A A A A A', '--json']);
  assert.equal(c.stdout, js.stdout);
  const r = JSON.parse(c.stdout);
  assert.equal(r.outcome, 'done');
  assert.equal(r.note, 'the run ended (done) at step 8; the schedule has 5 entries more than the run used');
  const text = (await both(RACY, ['--schedule', 'v1: A A A A A'])).c.stdout;
  assert.match(
    text,
    /\nnote: the run ended \(done\) at step 8; the schedule has 1 entry more than the run used\n$/,
  );
});

// [arguments, the message after "PROGRAM run: "] where PROGRAM is lockstep
// or lockstep-run; `see` stands for the program's help command.
const BAD = [
  [
    ['--schedule', 'v1: A Z'],
    "--schedule: entry 2 ('Z'): the scenario has no actor 'Z'; its actors are A, B",
  ],
  [
    ['--schedule', 'v1: A B@cas:'],
    "--schedule: entry 2 ('B@cas:'): no object after 'cas:'; write it as B@cas:OBJECT",
  ],
  [['--schedule', 'v1.AAEE'], '--schedule: entry 1: actor number 3; the scenario has 2 actors (A, B)'],
  [['--schedule', 'v1.@@'], '--schedule: character 4 is not base64url'],
  [
    ['--schedule', 'A B'],
    "--schedule: must start with 'v1:', 'v2:' or 'v3:' (readable) or 'v1.', 'v2.' or 'v3.' (compact)",
  ],
  [['--schedule', ''], "--schedule: is empty; write 'v1:' for a schedule with no entries"],
  [['--schedule='], "--schedule: is empty; write 'v1:' for a schedule with no entries"],
  [['--schedule', ' \t'], "--schedule: is empty; write 'v1:' for a schedule with no entries"],
  [['--jsn'], 'unknown option --jsn (see PROGRAM --help)'],
  [['--frobnicate=3'], 'unknown option --frobnicate (see PROGRAM --help)'],
  [['--bound', '3'], 'unknown option --bound (see PROGRAM --help)'],
  [['--json', '--json'], '--json is given twice'],
  [['--seed', '1', '--seed=2'], '--seed is given twice'],
  [['--schedule', 'v1:', '--schedule', 'v1: A'], '--schedule is given twice'],
  [['--json=yes'], '--json takes no value'],
  [['--max-steps'], '--max-steps needs a value'],
  [['--seed', '-1'], "--seed must be a whole number from 0 to 9007199254740991, not '-1'"],
  [
    ['--max-steps', '9007199254740992'],
    "--max-steps must be a whole number from 0 to 9007199254740991, not '9007199254740992'",
  ],
  [['--policy', 'fair'], "--policy must be round-robin, random, priority, pct, manual, not 'fair'"],
  [['--memory', 'weird'], "--memory must be sc, tso, ra, not 'weird'"],
  // several mistakes: the same one is reported first
  [
    ['--max-steps', 'x', '--seed', '-1', '--policy', 'fair', '--schedule', 'v1: Z'],
    "--policy must be round-robin, random, priority, pct, manual, not 'fair'",
  ],
  [
    ['--max-steps', 'x', '--seed', '-1', '--schedule', 'v1: Z'],
    "--seed must be a whole number from 0 to 9007199254740991, not '-1'",
  ],
  [
    ['--max-steps', 'x', '--schedule', 'v1: Z'],
    "--max-steps must be a whole number from 0 to 9007199254740991, not 'x'",
  ],
];

test('bad input: exit 2 and the same one line from both command lines', async () => {
  const bc = await bytecode(RACY);
  for (const [args, message] of BAD) {
    const js = await lockstep(['run', RACY, ...args]);
    const c = native(['run', bc, ...args]);
    const label = JSON.stringify(args);
    assert.equal(js.stderr, `lockstep run: ${message.replace('PROGRAM', 'lockstep')}\n`, label);
    assert.equal(c.stderr, `lockstep-run run: ${message.replace('PROGRAM', 'lockstep-run')}\n`, label);
    assert.deepEqual([js.status, c.status, js.stdout, c.stdout], [2, 2, '', ''], label);
  }
  // A file that is not there, or a folder.
  for (const [path, why] of [
    [join(dir, 'nope'), 'no such file'],
    [dir, 'it is a directory'],
  ]) {
    const a = await lockstep(['run', path]);
    const b = native(['run', path]);
    assert.equal(a.stderr, `lockstep run: cannot read ${path}: ${why}\n`);
    assert.equal(b.stderr, `lockstep-run run: cannot read ${path}: ${why}\n`);
    assert.deepEqual([a.status, b.status], [2, 2]);
  }
  // The variant names the file each was given.
  const js = await lockstep(['run', RACY, '--variant', 'buggy']);
  const c = native(['run', bc, '--variant', 'buggy']);
  assert.equal(js.stderr, `lockstep run: --variant: 'buggy' is not a variant of ${RACY}; it has: correct\n`);
  assert.equal(c.stderr, `lockstep-run run: --variant: 'buggy' is not a variant of ${bc}; it has: correct\n`);
  assert.deepEqual([js.status, c.status], [2, 2]);
});

test('explore takes its own options by the same rules', async () => {
  const bc = await bytecode(RACY);
  for (const [args, message] of [
    [['--schedule', 'v1:'], 'unknown option --schedule (see PROGRAM --help)'],
    [['--bound', '65'], '--bound must be at most 64, not 65'],
    [['--bound', '-1'], "--bound must be none or a whole number from 0 to 64, not '-1'"],
    [['--bound', 'x'], "--bound must be none or a whole number from 0 to 64, not 'x'"],
    [['--strategy', 'bfs'], "--strategy must be dfs, random, pct, not 'bfs'"],
    [['--no-prune', '--no-prune'], '--no-prune is given twice'],
    [['--stateful', '--max-states', '0'], '--max-states must be at least 1, not 0'],
    [
      ['--stateful', '--max-states', 'x'],
      "--max-states must be a whole number from 0 to 9007199254740991, not 'x'",
    ],
    [
      ['--max-executions', 'x'],
      "--max-executions must be a whole number from 0 to 9007199254740991, not 'x'",
    ],
    [
      ['--max-steps', 'x', '--seed', 'y', '--max-executions', 'z', '--bound', '99', '--strategy', 'bfs'],
      "--strategy must be dfs, random, pct, not 'bfs'",
    ],
    [
      ['--max-steps', 'x', '--seed', 'y', '--max-executions', 'z', '--bound', '99'],
      '--bound must be at most 64, not 99',
    ],
    [
      ['--max-steps', 'x', '--seed', 'y', '--max-executions', 'z'],
      "--max-executions must be a whole number from 0 to 9007199254740991, not 'z'",
    ],
    [
      ['--max-steps', 'x', '--seed', 'y'],
      "--seed must be a whole number from 0 to 9007199254740991, not 'y'",
    ],
  ]) {
    const js = await lockstep(['explore', RACY, ...args]);
    const c = native(['explore', bc, ...args]);
    assert.equal(js.stderr, `lockstep explore: ${message.replace('PROGRAM', 'lockstep')}\n`, args.join(' '));
    assert.equal(
      c.stderr,
      `lockstep-run explore: ${message.replace('PROGRAM', 'lockstep-run')}\n`,
      args.join(' '),
    );
    assert.deepEqual([js.status, c.status], [2, 2]);
  }
});

test("a bad schedule in the scenario's schedule: field is bad input too, in both", async () => {
  const base = `title: t\nengine: ${COUNTERS}\nactors:\n  A: [work 1]\n  B: [work 1]\n`;
  for (const [name, schedule, message, column] of [
    ['compact-actor', 'v1.AAEE', 'entry 1: actor number 3; the scenario has 2 actors (A, B)', 11],
    ['undecodable', 'v1.AAE', 'truncated or malformed near byte 2', 11],
  ]) {
    const yaml = scenario(`${name}.yaml`, `${base}schedule: "${schedule}"\n`);
    const { js, c, bc } = await both(yaml, []);
    assert.equal(js.stderr, `${yaml}:6:${column}: schedule: ${message}\n`, name);
    assert.equal(c.stderr, `${bc}: schedule: ${message}\n`, name);
    assert.deepEqual([js.status, c.status, js.stdout, c.stdout], [2, 2, '', ''], name);
    // --schedule replaces the scenario's: then the run goes ahead.
    const fine = await both(yaml, ['--schedule', 'v1: B']);
    assert.deepEqual([fine.js.status, fine.c.status], [0, 0], name);
    assert.equal(fine.c.stdout, fine.js.stdout);
  }
});

test('--help prints the usage and exits 0 in both', async () => {
  const c = native(['run', 'x.bc', '--help']);
  assert.equal(c.status, 0);
  assert.match(c.stdout, /^usage: lockstep-run catalog\n/);
  assert.equal((await lockstep(['run', '--help'])).status, 0);
});

test('the two option tables list the same options, of the same kinds', async () => {
  const { readFileSync } = await import('node:fs');
  const run = await import('../../wasm/js/cli/run.js');
  const explore = await import('../../wasm/js/cli/explore.js');
  // [O_NAME] = {"--name", takes_value, RUN | EXPLORE},
  const c = readFileSync(join(root, 'core/runner/main.c'), 'utf8');
  /** @type {Record<string, Record<string, string>>} */
  const tables = { run: {}, explore: {} };
  for (const m of c.matchAll(/\[O_\w+\] = \{"(--[a-z-]+)", (true|false), ([A-Z |]+)\}/g))
    for (const command of m[3].split('|').map((x) => x.trim().toLowerCase()))
      tables[command][m[1]] = m[2] === 'true' ? 'string' : 'flag';
  const sorted = (/** @type {object} */ o) => Object.fromEntries(Object.entries(o).sort());
  assert.deepEqual(sorted(tables.run), sorted(run.OPTIONS));
  assert.deepEqual(sorted(tables.explore), sorted(explore.OPTIONS));
  assert.ok(Object.keys(tables.run).length >= 7 && Object.keys(tables.explore).length >= 9);
});

test('compile refuses its output option twice, under either name', async () => {
  for (const args of [
    ['-o', 'a.bc', '-o', 'b.bc'],
    ['-o', 'a.bc', '--output', 'b.bc'],
  ]) {
    const r = await lockstep(['compile', RACY, ...args]);
    assert.equal(r.status, 2);
    assert.match(
      r.stderr,
      /^lockstep compile: (-o is given twice|-o and --output are the same option; give it once)\n$/,
    );
  }
});

test('a fingerprint without an object is refused when compiling, where it is written', async () => {
  const yaml = scenario(
    'no-object.yaml',
    `title: t\nengine: ${COUNTERS}\nactors:\n  A: [work 1]\n  B: [work 1]\nschedule: "v1: B A@work:"\n`,
  );
  const message = "entry 2 ('A@work:'): no object after 'work:'; write it as A@work:OBJECT";
  for (const command of [
    ['run', yaml],
    ['compile', yaml, '-o', join(dir, 'no-object.bc')],
  ]) {
    const r = await lockstep(command);
    assert.deepEqual(
      [r.status, r.stdout, r.stderr],
      [2, '', `${yaml}:6:18: schedule: ${message}\n`],
      command[0],
    );
  }
});
