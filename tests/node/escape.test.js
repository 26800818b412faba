// Error messages that quote input show its control characters escaped
// (issue 11, item 6): ESC as \x1b, NUL as \x00, and so on, in the scenario
// and lesson compilers, both command lines and the C decoder, schedule parser
// and runner.  A message printed to a terminal can then never clear it,
// recolour it or move the cursor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CATALOG,
  COUNTERS,
  COUNTERS_FILE,
  M,
  compile,
  courseLessons,
  lockstep,
  native,
  root,
  tempDir,
} from './helpers.js';
import { escapeControls } from '../../wasm/js/escape.js';
import { ScenarioError, formatProblem } from '../../wasm/js/scenario.js';
import { parseLesson } from '../../wasm/js/lesson.js';
import { encode } from '../../wasm/js/scenario/bytecode.js';
import { LockstepError, Session } from '../../wasm/js/lockstep.js';

const dir = tempDir();

/** Any control character (a line break between lines is allowed where said). */
/** The engines as the compilers list them (the catalog's order). */
const ENGINE_LIST = Object.keys(CATALOG.engines).join(', ');
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

test('escapeControls writes C0, DEL and C1 controls as escapes and keeps the rest', () => {
  assert.equal(escapeControls('a\u001b[31mb'), 'a\\x1b[31mb');
  assert.equal(escapeControls('a\u0000b'), 'a\\x00b');
  assert.equal(escapeControls('\t\n\r\u007f'), '\\x09\\x0a\\x0d\\x7f');
  assert.equal(escapeControls('\u009b2J'), '\\u009b2J');
  assert.equal(escapeControls('m\\x1b é 中 🔒'), 'm\\x1b é 中 🔒');
  // Escaping twice changes nothing; `lines` keeps line breaks only.
  assert.equal(escapeControls(escapeControls('A\u001bB\u0007')), 'A\\x1bB\\x07');
  assert.equal(escapeControls('one \u001b\ntwo\r', { lines: true }), 'one \\x1b\ntwo\\x0d');
});

/** The message compiling `yaml` throws. */
function compileMessage(yaml, file = 'e.yaml') {
  try {
    compile(yaml, file);
  } catch (e) {
    assert.ok(e instanceof ScenarioError, String(e));
    return e.message;
  }
  assert.fail('compiled without problems');
}

test('the scenario compiler escapes names, values, keys and the file name it quotes', () => {
  const cases = [
    [
      `title: t\nengine: ${COUNTERS}\nobjects: {c: "\\e[31mcounter"}\nactors:\n  A: [work 1]\n`,
      `e.yaml:3:14: objects.c: unknown type '\\x1b[31mcounter'; engine ${COUNTERS} has: counter, atomic_counter, atomic, litmus_outcome`,
    ],
    [
      'title: t\nengine: "bas\\eic"\nactors:\n  A: [work 1]\n',
      `e.yaml:2:9: engine: unknown engine 'bas\\x1bic'; the engines are: ${ENGINE_LIST}`,
    ],
    [
      `title: t\nengine: ${COUNTERS}\nobjects: {"c\\e": counter}\nactors:\n  A: [work 1]\n`,
      'e.yaml:3:11: objects.c\\x1b: is not an object name: a letter or _, then letters, digits or _ (at most 23 characters)',
    ],
    [
      `title: t\nengine: ${COUNTERS}\nobjects: {c: {type: counter, initial: "1\\0"}}\nactors:\n  A: [work 1]\n`,
      "e.yaml:3:39: objects.c.initial: unexpected character '\\x00'",
    ],
    [
      `title: t\nengine: ${COUNTERS}\nobjects: {c: counter}\nactors:\n  A: ["incr\\e[0m c"]\n`,
      "e.yaml:5:7: actors.A[0]: unexpected character '\\x1b'",
    ],
    [
      `title: t\nengine: ${COUNTERS}\nactors:\n  "A\\0": [work 1]\n`,
      'e.yaml:4:3: actors.A\\x00: is not an actor name: a letter, then letters, digits, _ or - (at most 15 characters)',
    ],
    [
      `title: t\nengine: ${COUNTERS}\nvariant: "\\e]0;x\\a"\nactors:\n  A: [work 1]\n`,
      `e.yaml:3:10: variant: '\\x1b]0;x\\x07' is not one of the variants of engine ${COUNTERS}: correct`,
    ],
  ];
  for (const [yaml, message] of cases) assert.equal(compileMessage(yaml), message);
  // The file name is input too.
  assert.match(compileMessage('title: [\n', 'e\u001b[2J.yaml'), /^e\\x1b\[2J\.yaml:2:1: yaml: /);
});

test('a raw control character in the file is reported, not echoed', () => {
  const message = compileMessage(`title: t\nengine: ${COUNTERS}\nactors:\n  A: [work 1]\n\u001b[2J: x\n`);
  assert.ok(!CONTROL.test(message), JSON.stringify(message));
  assert.match(message, /^e\.yaml:5:1: /);
});

test('a problem made by hand is printed escaped too (formatProblem)', () => {
  assert.equal(
    formatProblem({ file: 'l\u0000.md', line: 1, column: 2, field: 'a\u001b', message: "no '\u009b'" }),
    "l\\x00.md:1:2: a\\x1b: no '\\u009b'",
  );
});

test('the lesson compiler escapes what it quotes', () => {
  // the course's first lesson, its engine: line made to hold an escape
  const lesson = readFileSync(join(root, courseLessons[0]), 'utf8');
  const [line, engine] = /^engine: (\w+)$/m.exec(lesson);
  assert.equal(lesson.split('\n').indexOf(line), 2, 'the engine is on line 3');
  const broken = lesson.replace(line, `engine: "${engine}\\e[2J"`);
  assert.throws(() => parseLesson(broken, { file: 'l\u0007.md', catalog: CATALOG }), {
    name: 'LessonError',
    message: `l\\x07.md:3:9: engine: unknown engine '${engine}\\x1b[2J'; the engines are: ${ENGINE_LIST}`,
  });
});

test('lockstep escapes what it quotes: file names, options, commands, schedules', () => {
  const cases = [
    [['run', 'no\u001b[2J.yaml'], 'lockstep run: cannot read no\\x1b[2J.yaml: no such file\n'],
    [
      ['run', COUNTERS_FILE, '--policy', 'fa\u001bir'],
      "lockstep run: --policy must be round-robin, random, priority, pct, manual, not 'fa\\x1bir'\n",
    ],
    [
      ['fr\u001b[0mob'],
      "lockstep: unknown command 'fr\\x1b[0mob'; the commands are: run, explore, compile, check (see lockstep --help)\n",
    ],
    [['check', 'no\u0007where'], 'lockstep check: cannot read no\\x07where: no such file or folder\n'],
  ];
  for (const [args, stderr] of cases) {
    const r = lockstep(args);
    assert.equal(r.stderr, stderr, JSON.stringify(args));
    assert.equal(r.status, 2, JSON.stringify(args));
  }
  for (const args of [
    ['run', COUNTERS_FILE, '--variant', 'b\u001b[5m'],
    ['run', COUNTERS_FILE, '--schedule', 'v1: A \u001b[2J'],
    ['run', COUNTERS_FILE, '--j\u001bson'],
  ]) {
    const r = lockstep(args);
    assert.equal(r.status, 2, JSON.stringify(args));
    assert.ok(r.stderr.includes('\\x1b'), r.stderr);
    assert.ok(!CONTROL.test(r.stderr), JSON.stringify(r.stderr));
  }
});

/** Bytecode of one object c of type `type`, and actors `actor` and Z that work. */
function bytecode(type, actor = 'A') {
  const code = [{ op: /** @type {const} */ ('work'), steps: 1 }];
  return encode({
    objects: [{ name: 'c', type, address: 0, params: [] }],
    actors: [
      { name: actor, kind: 0, priority: 0, code },
      { name: 'Z', kind: 0, priority: 0, code },
    ],
    finals: [],
  }).bytes;
}

test('the C decoder escapes what it quotes, natively and in wasm alike', () => {
  const cases = [
    [bytecode('\u001b[2Jcounter'), "bytecode: at byte 29: object 'c' has unknown type '\\x1b[2Jcounter'"],
    [
      bytecode('counter', 'B\u0007'),
      "bytecode: at byte 31: actor 1's name 'B\\x07' must be a letter, then letters, digits, _ or -",
    ],
  ];
  for (const [bytes, message] of cases) {
    const bc = join(dir, 'e.bc');
    writeFileSync(bc, bytes);
    const n = native(['run', bc]);
    assert.equal(n.stderr, `${bc}: ${message}\n`);
    assert.equal(n.status, 2);
    assert.throws(
      () => new Session(M, bytes),
      (e) => e instanceof LockstepError && e.message === message,
    );
  }
});

test('the native runner escapes file names, options and schedules', () => {
  const bc = join(dir, 'ok.bc');
  writeFileSync(bc, bytecode('counter'));
  // The wording belongs to the option table's tests (cli-parity); here what
  // matters is that each quoted input comes out escaped, and nothing raw.
  const cases = [
    [['run', join(dir, 'no\u001b[2J.bc')], `cannot read ${join(dir, 'no\\x1b[2J.bc')}: no such file`],
    [['run', bc, '--sch\u001bedule', 'x'], 'unknown option --sch\\x1bedule'],
    [['run', bc, '--policy', 'fa\u001bir'], "not 'fa\\x1bir'"],
    [['run', bc, '--variant', 'b\u001b[5m'], "'b\\x1b[5m'"],
    [['run', bc, '--schedule', 'v1: A \u001b[2J'], "'\\x1b'"],
  ];
  for (const [args, shown] of cases) {
    const r = native(args);
    assert.ok(r.stderr.includes(shown), `${JSON.stringify(args)}: ${r.stderr}`);
    assert.ok(!CONTROL.test(r.stderr), JSON.stringify(r.stderr));
    assert.equal(r.status, 2, JSON.stringify(args));
  }
});

test('a schedule that diverges on a name with ESC in it is quoted escaped, natively and in wasm', () => {
  const bytes = bytecode('counter');
  const bc = join(dir, 'div.bc');
  writeFileSync(bc, bytes);
  const schedule = 'v1: A@work:c\u001b[5m';
  const n = native(['run', bc, '--schedule', schedule, '--json']);
  assert.equal(n.status, 0, n.stderr);
  const summary = JSON.parse(n.stdout);
  assert.equal(summary.outcome, 'error');
  const s = new Session(M, bytes);
  try {
    assert.throws(
      () => s.run({ policy: 'round-robin', seed: 0, maxSteps: 100, schedule }),
      (e) => {
        assert.ok(e instanceof LockstepError);
        assert.equal(e.message, 'schedule diverged at step 1: expected A work on c\\x1b[5m, got A work on -');
        return true;
      },
    );
  } finally {
    s.free();
  }
  const text = native(['run', bc, '--schedule', schedule]);
  assert.ok(text.stdout.includes('c\\x1b[5m'), text.stdout);
  assert.ok(!CONTROL.test(text.stdout + text.stderr), JSON.stringify(text));
});
