// The scenario compiler (wasm/js/scenario.js): the bytes it writes, the
// description it returns, and the exact message for each kind of mistake.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CATALOG, COUNTERS, compile, compileFile, scenarioFiles } from './helpers.js';
import { ScenarioError } from '../../wasm/js/scenario.js';

const hex = (/** @type {Uint8Array} */ b) => Buffer.from(b).toString('hex');
const ascii = (/** @type {string} */ s) => Buffer.from(s).toString('hex');

test('a tiny scenario compiles to the bytes bytecode.h describes', () => {
  const { bytecode } = compile(
    `title: t\nengine: ${COUNTERS}\nobjects: {c: counter}\nactors:\n  A: [increment c]\nassert: c == 1\n`,
  );
  const expected = [
    ascii('LSBC'),
    '02', // magic, version
    '07', // strings, in order of first use
    '01' + ascii('c'),
    '07' + ascii('counter'),
    '01' + ascii('A'),
    '09' + ascii('increment'),
    '05' + ascii('value'),
    '06' + ascii('c == 1'),
    '07' + ascii('correct'),
    '01',
    '00' + '01' + '00' + '01' + '00', // 1 object: name, type, vaddr 0, 1 param = zig(0)
    '01',
    '02' + '00' + '00' + '04', // 1 actor: name, kind thread, priority zig(0), 4 code bytes
    '01' + '00' + '03' + '00', // CALL object 0, "increment", 0 args
    '01',
    '01' + '00' + '04' + '00' + '00' + '02' + '05', // 1 final: field(c, value) == literal zig(1), text
    '07',
    '01' + '06',
    '00', // run settings: variant "correct" (1 + string 6), variants ["correct"], no schedule
  ].join('');
  assert.equal(hex(bytecode), expected);
});

test('signed values are zigzag varints and large counts take several bytes', () => {
  const { bytecode } = compile(
    `title: t\nengine: ${COUNTERS}\nactors:\n  A: {priority: -3, program: [{repeat 1000000: [work 300]}]}\n`,
  );
  // strings: "A" only; no objects; actor A: kind 0, priority zig(-3) = 5,
  // code: REPEAT 1000000 (c0 84 3d), body 3 bytes: WORK 300 (ac 02)
  assert.equal(
    hex(bytecode),
    ascii('LSBC') +
      '02' +
      '02' +
      '01' +
      ascii('A') +
      '07' +
      ascii('correct') +
      '00' +
      '01' +
      '00' +
      '00' +
      '05' +
      '08' +
      '02' +
      'c0843d' +
      '03' +
      '03' +
      'ac02' +
      '00' +
      '02' +
      '0101' +
      '00',
  );
});

test("the bytecode carries the scenario's variant, its variants and its schedule", () => {
  // the first engine of the catalog with a variant besides `correct`
  const [engine, { variants }] = Object.entries(CATALOG.engines).find(([, e]) => e.variants.length > 1);
  const other = variants[1];
  const { bytecode } = compile(
    `title: t\nengine: ${engine}\nvariant: ${other}\nvariants: [correct, ${other}]\nactors:\n  A: [work 1]\nschedule: "v1: A"\n`,
  );
  // strings: A, the other variant, correct; then after the (empty) final assertions:
  // variant 1 + string 1, two variants (strings 2 and 1), a 5-byte schedule
  assert.equal(hex(bytecode.slice(-11)), '00' + '02' + '02' + '0201' + '05' + ascii('v1: A'));
});

test('every form of a program item, and where each op is', () => {
  const { scenario } = compile(
    [
      'title: forms',
      `engine: ${COUNTERS}`,
      'variants: [correct]',
      'objects:',
      '  c: {type: counter, initial: 0x10, address: 0x10040}',
      '  t: atomic_counter',
      'actors:',
      '  A:',
      '    - repeat 2:',
      '        - increment c',
      '        - repeat 3: [get t, "assert result >= 0"]',
      '    - "repeat 2 { work 1; sleep 5us }"',
      '    - |',
      '      print "one"',
      '      repeat 2 {',
      "        print 'two; three'",
      '      }',
      '  B: {kind: task, priority: -2, program: [cs_enter, cs_exit]}',
      'assert: [c.value >= 17, t == 0x0]',
      'schedule: "v1: A B@cs_enter:- [r:3]"',
    ].join('\n') + '\n',
  );
  const ops = scenario.actors[0].ops.map((o) => `${o.index} ${o.line} ${o.depth} ${o.kind}: ${o.text}`);
  assert.deepEqual(ops, [
    '0 9 0 repeat: repeat 2',
    '1 10 1 call: increment c',
    '2 11 1 repeat: repeat 3',
    '3 11 2 call: get t',
    '4 11 2 assert: assert result >= 0',
    '5 12 0 repeat: repeat 2',
    '6 12 1 work: work 1',
    '7 12 1 sleep: sleep 5us',
    '8 14 0 print: print "one"',
    '9 15 0 repeat: repeat 2',
    "10 16 1 print: print 'two; three'",
  ]);
  assert.deepEqual(scenario.actors[1], {
    name: 'B',
    kind: 'task',
    priority: -2,
    line: 18,
    ops: [
      { index: 0, kind: 'cs_enter', text: 'cs_enter', line: 18, depth: 0 },
      { index: 1, kind: 'cs_exit', text: 'cs_exit', line: 18, depth: 0 },
    ],
  });
  assert.deepEqual(scenario.objects[0], {
    name: 'c',
    type: 'counter',
    params: { initial: 16 },
    address: 0x10040,
    line: 5,
    column: 3,
  });
  assert.deepEqual(scenario.asserts, [
    { text: 'c.value >= 17', line: 19 },
    { text: 't == 0x0', line: 19 },
  ]);
  assert.equal(scenario.schedule, 'v1: A B@cs_enter:- [r:3]');
});

test('every scenario under tests/scenarios compiles', () => {
  const files = scenarioFiles();
  assert.ok(files.length >= 8, `only ${files.length} scenario files`);
  for (const f of files) assert.doesNotThrow(() => compileFile(f), f);
});

// Each case: the YAML after a common head, and the exact message(s).
const HEAD = `title: t\nengine: ${COUNTERS}\nobjects: {c: counter, t: {type: atomic_counter, initial: 5}}\nactors:\n`;
const BAD = [
  [
    '  A: [incremnt c]',
    "bad.yaml:5:7: actors.A[0]: c (counter) has no operation 'incremnt'; it has: increment, get",
  ],
  ['  A: [increment d]', "bad.yaml:5:17: actors.A[0]: there is no object 'd'; the objects are: c, t"],
  ['  A: [c increment]', "bad.yaml:5:7: actors.A[0]: write the operation first: 'increment c'"],
  ['  A: [increment]', 'bad.yaml:5:7: actors.A[0]: increment needs an object, like: increment c'],
  [
    '  A: [frobnicate]',
    "bad.yaml:5:7: actors.A[0]: 'frobnicate' is not an operation; write OPERATION OBJECT, or one of: work, sleep, cs_enter, cs_exit, print, assert, repeat",
  ],
  ['  A: [increment c 5]', 'bad.yaml:5:19: actors.A[0]: increment takes no arguments, and more are given'],
  [
    '  A: [increment c x=5]',
    "bad.yaml:5:19: actors.A[0]: increment takes no arguments; there is no argument 'x'",
  ],
  ['  A: [work]', 'bad.yaml:5:7: actors.A[0]: expected work N, with N a number of steps'],
  ['  A: [work 0]', 'bad.yaml:5:12: actors.A[0]: work takes from 1 to 1000000 steps'],
  [
    '  A: [work 10ms]',
    'bad.yaml:5:12: actors.A[0]: work takes a number of steps, not a duration (sleep takes a duration)',
  ],
  ['  A: [sleep 10]', 'bad.yaml:5:13: actors.A[0]: sleep needs a unit: 10us, 10ms or 10s'],
  ['  A: [sleep 2000000s]', 'bad.yaml:5:13: actors.A[0]: sleep takes from 0us to 1000000s'],
  ['  A: [print hello]', 'bad.yaml:5:13: actors.A[0]: expected print "TEXT", with the text in quotes'],
  ["  A: ['print \"hello']", 'bad.yaml:5:14: actors.A[0]: the text starting here has no closing "'],
  ['  A: [cs_enter now]', 'bad.yaml:5:16: actors.A[0]: cs_enter takes nothing after it'],
  [
    '  A: [assert c]',
    "bad.yaml:5:14: actors.A[0]: expected a comparison like 'counter == 6' (operators: == != < <= > >=)",
  ],
  ['  A: [assert c.val == 1]', "bad.yaml:5:14: actors.A[0]: c (counter) has no field 'val'; it has: value"],
  [
    '  A: [repeat 3]',
    'bad.yaml:5:7: actors.A[0]: repeat needs a body: repeat 3 { ... }, or a `repeat 3:` mapping with a list',
  ],
  ['  A: ["repeat 3 {}"]', 'bad.yaml:5:8: actors.A[0]: repeat needs at least one operation between { and }'],
  [
    '  A: ["repeat 3 { repeat 0 { increment c } }"]',
    'bad.yaml:5:8: actors.A[0]: repeat needs an operation that takes a step: its body holds only repeat 0 loops',
  ],
  ['  A: ["repeat 3 { increment c"]', "bad.yaml:5:17: actors.A[0]: this '{' has no matching '}'"],
  [
    '  A: ["increment c {"]',
    "bad.yaml:5:20: actors.A[0]: '{' can only follow repeat N, as in: repeat 3 { increment c }",
  ],
  [
    '  A: ["repeat 2 { incremnt c; work 0 }"]',
    "bad.yaml:5:19: actors.A[0]: c (counter) has no operation 'incremnt'; it has: increment, get\n" +
      'bad.yaml:5:36: actors.A[0]: work takes from 1 to 1000000 steps',
  ],
  [
    '  A:\n    - repeat x:\n        - increment c',
    'bad.yaml:6:7: actors.A[0]: expected repeat N, with N a whole number',
  ],
  ['  A:\n    - repeat 3: []', 'bad.yaml:6:17: actors.A[0]: must not be empty'],
  [
    '  A:\n    - repeat 1000001:\n        - increment c',
    'bad.yaml:6:7: actors.A[0]: repeat count must be a number from 0 to 1000000',
  ],
  ['  A:\n    - work 1\n    - increment c @', "bad.yaml:7:19: actors.A[1]: unexpected character '@'"],
  [
    '  A: [work 99999999999999999999]',
    'bad.yaml:5:12: actors.A[0]: 99999999999999999999 is out of range (the limit is ±9007199254740991)',
  ],
  [
    '  A: [null]',
    'bad.yaml:5:7: actors.A[0]: must be an operation (a string) or a `repeat N:` mapping, not empty',
  ],
  [
    '  A: [5]',
    'bad.yaml:5:7: actors.A[0]: must be an operation (a string) or a `repeat N:` mapping, not the number 5',
  ],
  [
    '  A: [[increment c]]',
    'bad.yaml:5:7: actors.A[0]: must be an operation (a string) or a `repeat N:` mapping, not a list',
  ],
  ['  A: {program: [increment c], priority: 2000}', 'bad.yaml:5:41: actors.A.priority: must be at most 1000'],
  [
    '  A: {program: [increment c], kind: fiber}',
    'bad.yaml:5:37: actors.A.kind: must be one of: thread, task, isr',
  ],
  [
    '  A: {progam: [increment c]}',
    "bad.yaml:5:6: actors.A: needs 'program'\nbad.yaml:5:7: actors.A.progam: is not a known field; expected one of: kind, priority, program",
  ],
  ['  A: []', 'bad.yaml:5:6: actors.A: must not be empty'],
  [
    '  1A: [work 1]',
    'bad.yaml:5:3: actors.1A: is not an actor name: a letter, then letters, digits, _ or - (at most 15 characters)',
  ],
  ['  A: [work 1]\n  A: [work 2]', "bad.yaml:6:3: actors: 'A' appears twice (first at line 5)"],
  [
    '  A: [work 1]\nassert: result == 1',
    "bad.yaml:6:9: assert: a final assertion cannot use 'result' (only an actor's assert can: it is that actor's last result)",
  ],
  [
    '  A: [work 1]\nschedule: "v1: A B"',
    "bad.yaml:6:18: schedule: names actor 'B', which this scenario does not have (actors: A)",
  ],
  [
    '  A: [work 1]\nschedule: "v1: A*3 B*2"',
    "bad.yaml:6:20: schedule: names actor 'B', which this scenario does not have (actors: A)",
  ],
  [
    '  A: [work 1]\nvariant: buggy',
    `bad.yaml:6:10: variant: 'buggy' is not one of the variants of engine ${COUNTERS}: correct`,
  ],
  [
    '  A: [work 1]\nexpect: {outcome: crash}',
    'bad.yaml:6:19: expect.outcome: must be one of: done, stuck, violation, limit, error',
  ],
  [
    '  A: [work 1]\ncolour: red',
    'bad.yaml:6:1: colour: is not a known field; expected one of: title, description, engine, variant, memory, variants, objects, actors, assert, schedule, expect',
  ],
];

for (const [tail, message] of BAD) {
  test(`bad program: ${tail.trim().split('\n').pop()}`, () => {
    assert.throws(
      () => compile(HEAD + tail + '\n', 'bad.yaml'),
      (e) => {
        assert.ok(e instanceof ScenarioError);
        assert.equal(e.message, message);
        for (const p of e.problems) {
          assert.equal(p.file, 'bad.yaml');
          assert.ok(p.line >= 1 && p.column >= 1 && p.field);
        }
        return true;
      },
    );
  });
}

const BAD_WHOLE = [
  [
    'title: t\nengine: basc\nactors:\n  A: [work 1]\n',
    "bad.yaml:2:9: engine: unknown engine 'basc'; the engines are: ",
  ],
  [
    `title: t\nengine: ${COUNTERS}\nobjects: {c: countr}\nactors:\n  A: [work 1]\n`,
    `bad.yaml:3:14: objects.c: unknown type 'countr'; engine ${COUNTERS} has: counter, atomic_counter, atomic, litmus_outcome`,
  ],
  [
    `title: t\nengine: ${COUNTERS}\nobjects: {c: {type: counter, inital: 3}}\nactors:\n  A: [work 1]\n`,
    "bad.yaml:3:30: objects.c.inital: counter has no parameter 'inital'; it has: initial",
  ],
  [
    `title: t\nengine: ${COUNTERS}\nobjects: {c: {type: counter, initial: 3.5}}\nactors:\n  A: [work 1]\n`,
    'bad.yaml:3:39: objects.c.initial: must be an integer (or a duration like 10ms; false or true for a flag), not the number 3.5',
  ],
  [
    `title: t\nengine: ${COUNTERS}\nobjects: {c: {type: counter, initial: true}}\nactors:\n  A: [work 1]\n`,
    'bad.yaml:3:39: objects.c.initial: must be a number, not true (true and false are for flags, which this is not)',
  ],
  [
    `title: t\nengine: ${COUNTERS}\nobjects: {c: {type: counter, address: 0x10041}}\nactors:\n  A: [work 1]\n`,
    'bad.yaml:3:39: objects.c.address: must be a multiple of 8',
  ],
  [
    `title: t\nengine: ${COUNTERS}\nobjects: {result: counter}\nactors:\n  A: [work 1]\n`,
    "bad.yaml:3:11: objects.result: 'result' is reserved: in an assertion it means the actor's last result",
  ],
  [
    `title: t\nengine: ${COUNTERS}\nactors: [A, B]\n`,
    'bad.yaml:3:9: actors: must be a mapping of actor names to programs, not a list',
  ],
  [`engine: ${COUNTERS}\nactors:\n  A: [work 1]\n`, "bad.yaml:1:1: scenario: needs 'title'"],
  [
    '- a\n- b\n',
    'bad.yaml:1:1: scenario: must be a mapping (title:, engine:, objects:, actors:, ...), not a list',
  ],
  ['', 'bad.yaml:1:1: scenario: must be a mapping (title:, engine:, objects:, actors:, ...), not empty'],
  [
    'title: [x\n',
    'bad.yaml:2:1: yaml: Flow sequence in block collection must be sufficiently indented and end with a ]',
  ],
  [
    `title: t\nengine: ${COUNTERS}\nactors:\n  A: [work 1]\n---\ntitle: u\n`,
    'bad.yaml:5:1: yaml: a scenario file holds one YAML document; this is the start of a second one',
  ],
  [
    `title: t\nengine: ${COUNTERS}\nactors: {A: *nowhere}\n`,
    'bad.yaml:3:13: yaml: *nowhere refers to no anchor (an anchor &nowhere must come before it)',
  ],
  ['{[a]: 1}\n', 'bad.yaml:1:2: scenario: keys must be plain names, not lists or mappings'],
  // title: and description: are a string or a map of both languages, nothing else
  [`title: ""\nengine: ${COUNTERS}\nactors:\n  A: [work 1]\n`, 'bad.yaml:1:8: title: must not be empty'],
  [
    `title: {en: Racy, zh-CN: 竞争, fr: Course}\nengine: ${COUNTERS}\nactors:\n  A: [work 1]\n`,
    'bad.yaml:1:30: title.fr: is not a known field; expected one of: en, zh-CN',
  ],
  [`title: {en: Racy}\nengine: ${COUNTERS}\nactors:\n  A: [work 1]\n`, "bad.yaml:1:8: title: needs 'zh-CN'"],
  [
    `title:\n  en: Racy\n  zh-CN: ""\nengine: ${COUNTERS}\nactors:\n  A: [work 1]\n`,
    'bad.yaml:3:10: title.zh-CN: must not be empty',
  ],
  [
    `title: t\ndescription: [one, two]\nengine: ${COUNTERS}\nactors:\n  A: [work 1]\n`,
    'bad.yaml:2:14: description: must be a string (the same in both languages) or {en: ..., zh-CN: ...}, not a list',
  ],
  [
    `title: t\ndescription:\n  en: Two threads.\n  zh_CN: 两个线程。\nengine: ${COUNTERS}\nactors:\n  A: [work 1]\n`,
    "bad.yaml:3:3: description: needs 'zh-CN'\nbad.yaml:4:3: description.zh_CN: is not a known field; expected one of: en, zh-CN",
  ],
];

for (const [yaml, message] of BAD_WHOLE) {
  test(`bad scenario: ${message.split(': ').slice(1).join(': ').slice(0, 60)}`, () => {
    assert.throws(
      () => compile(yaml, 'bad.yaml'),
      (e) => {
        assert.ok(e instanceof ScenarioError);
        assert.ok(e.message.startsWith(message), e.message);
        return true;
      },
    );
  });
}

test('every flag of the catalog takes false and true as 0 and 1, and 0 and 1 as themselves', () => {
  const flags = Object.entries(CATALOG.types).flatMap(([type, t]) =>
    t.params.filter((p) => p.flag).map((p) => ({ type, engine: t.engine, param: p.name })),
  );
  assert.ok(flags.length > 0, 'the catalog says which parameters are flags');
  for (const { type, engine, param } of flags) {
    const value = (v) =>
      compile(
        `title: t\nengine: ${engine}\nobjects:\n  x: {type: ${type}, ${param}: ${v}}\nactors:\n  A: [work 1]\n`,
      ).scenario.objects[0].params[param];
    assert.deepEqual(['false', 'true', '0', '1'].map(value), [0, 1, 0, 1], `${type}.${param}`);
  }
});

test('a problem inside a literal block points at its own line', () => {
  const yaml = HEAD + '  A:\n    - |\n      increment c\n      repeat 2 {\n        incremnt c\n      }\n';
  assert.throws(() => compile(yaml, 'bad.yaml'), {
    message: "bad.yaml:9:9: actors.A[0]: c (counter) has no operation 'incremnt'; it has: increment, get",
  });
});

test('weird YAML values are problems, never exceptions of another kind', () => {
  const weird = [
    '!!binary aGVsbG8=',
    `title: !!binary aGVsbG8=\nengine: ${COUNTERS}\nactors: {A: [work 1]}`,
    `title: t\nengine: ${COUNTERS}\nactors: {A: [work 1]}\nassert: .inf`,
    `title: t\nengine: ${COUNTERS}\nactors: {A: {program: [work 1], priority: .nan}}`,
    `title: t\nengine: ${COUNTERS}\nobjects: {c: {type: counter, initial: 1e300}}\nactors: {A: [work 1]}`,
    `title: t\nengine: ${COUNTERS}\nobjects: {c: {type: counter, initial: -0x8000000000000000}}\nactors: {A: [work 1]}`,
    `title: t\nengine: ${COUNTERS}\nactors: {A: [{repeat 2: [{repeat 2: {x: 1}}]}]}`,
    `title: t\nengine: ${COUNTERS}\nactors: {A: [{}]}`,
    `title: t\nengine: ${COUNTERS}\nactors: {A: [{"repeat 1": []}]}`,
    `title: t\nengine: ${COUNTERS}\nactors: {A: [!!set {a, b}]}`,
    '['.repeat(5000),
    '{a: '.repeat(3000),
    'a: b: c',
    '\t\t- x',
    '"\\x00"',
    '? ? ? a',
    `title: t\nengine: ${COUNTERS}\nactors:\n  A: ["print \\"\\0\\""]`,
  ];
  for (const yaml of weird) {
    assert.throws(
      () => compile(yaml, 'w.yaml'),
      (e) => e instanceof ScenarioError && /^w\.yaml:\d+:\d+: /.test(e.message),
      yaml.slice(0, 40),
    );
  }
  assert.throws(() => compile(/** @type {any} */ (42), 'w.yaml'), {
    name: 'ScenarioError',
    message: 'w.yaml:1:1: file: is not text',
  });
});

test('limits: nesting, instructions, sizes', () => {
  // 8 nested repeats are allowed, the 9th is one too many.
  const nest = (n) =>
    `title: t\nengine: ${COUNTERS}\nactors:\n  A: ["` +
    'repeat 1 { '.repeat(n) +
    'work 1' +
    ' }'.repeat(n) +
    '"]\n';
  assert.doesNotThrow(() => compile(nest(8)));
  assert.throws(() => compile(nest(9), 'deep.yaml'), {
    message: 'deep.yaml:4:96: actors.A[0]: repeat is nested more than 8 levels deep',
  });

  const many = `title: t\nengine: ${COUNTERS}\nactors:\n  A: ["` + 'work 1;'.repeat(8193) + '"]\n';
  assert.throws(() => compile(many, 'many.yaml'), {
    message:
      'many.yaml:4:3: actors.A: has more than 8192 instructions (counting each operation once, however often it repeats)',
  });

  let actors = '';
  for (let i = 0; i < 27; i++) actors += `  A${i}: [work 1]\n`;
  assert.throws(() => compile(`title: t\nengine: ${COUNTERS}\nactors:\n` + actors, 'crowd.yaml'), {
    message: 'crowd.yaml:4:3: actors: has 27 actors; at most 26 are allowed',
  });

  const huge = `title: t\nengine: ${COUNTERS}\nactors:\n` + '  A: [work 1]\n'.repeat(6000);
  assert.throws(() => compile(huge, 'huge.yaml'), {
    message: 'huge.yaml:1:1: file: is 84031 characters long; a scenario may be at most 65536',
  });
});

test('10^6 actors in YAML: refused quickly, with a clear message', () => {
  let yaml = `title: t\nengine: ${COUNTERS}\nactors:\n`;
  const lines = [];
  for (let i = 0; i < 1e6; i++) lines.push(`  A${i}: [w]`);
  yaml += lines.join('\n');
  const start = Date.now();
  assert.throws(() => compile(yaml, 'million.yaml'), {
    message: /^million\.yaml:1:1: file: is \d+ characters long; a scenario may be at most 65536$/,
  });
  assert.ok(Date.now() - start < 1000);
  // The most actors that fit in the size limit still end in one message.
  const packed =
    `title: t\nengine: ${COUNTERS}\nactors: {` +
    Array.from({ length: 5000 }, (_, i) => `a${i}: [w]`).join(', ') +
    '}\n';
  assert.throws(() => compile(packed, 'packed.yaml'), {
    message: 'packed.yaml:3:9: actors: has 5000 actors; at most 26 are allowed',
  });
});

test('aliases cannot blow a scenario up', () => {
  let yaml = `title: t\nengine: ${COUNTERS}\nx0: &a0 [work 1, work 1]\n`;
  for (let i = 1; i < 30; i++) yaml += `x${i}: &a${i} [*a${i - 1}, *a${i - 1}]\n`;
  yaml += 'actors: {A: *a29}\n';
  assert.throws(
    () => compile(yaml, 'bomb.yaml'),
    (e) => e instanceof ScenarioError && /^bomb\.yaml:1:1: yaml: /.test(e.message),
  );
});

test('an object with a problem of its own is not reported again where it is used', () => {
  const yaml = `title: t\nengine: ${COUNTERS}\nobjects: {c: countr}\nactors:\n  A: [increment c, get c]\nassert: c == 1\n`;
  assert.throws(() => compile(yaml, 'bad.yaml'), {
    message: `bad.yaml:3:14: objects.c: unknown type 'countr'; engine ${COUNTERS} has: counter, atomic_counter, atomic, litmus_outcome`,
  });
});

test('the schedule is read as the C side reads it, and unknown actors are pointed at', () => {
  const head = `title: t\nengine: ${COUNTERS}\nactors: {A: [work 1], B: [work 1]}\n`;
  assert.doesNotThrow(() => compile(head + 'schedule: "v1 seed=7: A [r:3]B B@work:-"\n'));
  assert.throws(() => compile(head + "schedule: 'v1: A [r:3]B Zed@cas:m C'\n", 's.yaml'), {
    message:
      "s.yaml:4:25: schedule: names actor 'Zed', which this scenario does not have (actors: A, B)\n" +
      "s.yaml:4:35: schedule: names actor 'C', which this scenario does not have (actors: A, B)",
  });
});

test('an argument named actor takes an actor by name and compiles to its index', () => {
  // the first operation of the catalog whose one argument is an actor
  const [type, t, op] = Object.entries(CATALOG.types)
    .flatMap(([type, t]) => Object.entries(t.ops).map(([op, o]) => [type, t, op, o.args]))
    .find(([, , , args]) => args.length === 1 && args[0] === 'actor');
  const yaml = (arg) => `title: t
engine: ${t.engine}
objects: {s: ${type}}
actors:
  A: [work 1]
  B: [${op} s ${arg}]
`;
  const byName = compile(yaml('A'));
  const byIndex = compile(yaml('0'));
  assert.deepEqual([...byName.bytecode], [...byIndex.bytecode]);
  assert.deepEqual([...compile(yaml('actor=A')).bytecode], [...byIndex.bytecode]);
  const column = `  B: [${op} s `.length + 1;
  assert.throws(
    () => compile(yaml('Z')),
    (e) => e.message === `test.yaml:6:${column}: actors.B[0]: there is no actor 'Z'; the actors are: A, B`,
  );
});
