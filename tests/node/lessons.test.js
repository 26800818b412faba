// Lessons: the parser (wasm/js/lesson.js), the functions the lesson player
// shares with the checker, and `lockstep check` on the real lessons and on
// broken ones (tests/fixtures/lessons/), with their exact messages.
import { parsePredicate, valueOf } from '../../wasm/js/lesson/predicate.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { courseFiles } from '../../wasm/js/cli/course-files.js';
import { CATALOG, M, lockstep, root, tempDir } from './helpers.js';
import { Session } from '../../wasm/js/lockstep.js';
import {
  LessonError,
  beatsAt,
  goalReached,
  hintStage,
  nextOnSolution,
  parseLesson,
  questionDue,
  EVENT_KINDS,
} from '../../wasm/js/lesson.js';

const dir = tempDir();

/** Parses lesson text; returns the lesson. */
function parse(text, file = 'lesson.md') {
  return parseLesson(text, { file, catalog: CATALOG });
}

/** The problems parsing `text` reports, formatted (the test fails if it parses). */
function problems(text, file = 'lesson.md') {
  try {
    parse(text, file);
  } catch (e) {
    if (e instanceof LessonError) return e.message.split('\n');
    throw e;
  }
  assert.fail('the lesson parsed without problems');
}

const read = (/** @type {string} */ rel) => readFileSync(join(root, rel), 'utf8');

/** The course's lesson files, as <engine>/NN-id (without .md), in course order. */
const courseLessons = () => courseFiles(join(root, 'lessons')).map((l) => l.rel.replace(/\.md$/, ''));

// A small, valid lesson (a fixture); the tests below break it in one place
// each.  Its line numbers matter: the expected messages name them.
const GOOD = read('tests/fixtures/lessons/tiny.md');
/** The engine it is written for (its counter), named in the fixture only. */
const ENGINE = /^engine: (\w+)$/m.exec(GOOD)[1];

/** GOOD with one piece of text replaced (which must be there). */
function good(from = '', to = '') {
  if (from === '') return GOOD;
  assert.ok(GOOD.includes(from), `GOOD has no '${from}'`);
  return GOOD.replace(from, to);
}

// ---- the parser ----------------------------------------------------------------------

test('a good lesson parses into the normalized form the player uses', () => {
  const l = parse(GOOD, 'tiny.md');
  assert.equal(l.file, 'tiny.md');
  assert.equal(l.id, 'tiny');
  assert.equal(l.engine, ENGINE);
  assert.deepEqual(l.variants, ['correct']);
  assert.equal(l.variant, 'correct');
  assert.equal(l.bug, false);
  assert.deepEqual(l.title, { en: 'A tiny lesson', 'zh-CN': '一节小课' });
  assert.deepEqual(l.goal, {
    text: { en: 'Lose an update.', 'zh-CN': '丢掉一次更新。' },
    kind: 'order',
    variant: null,
    events: [{ actor: ['B'], kind: ['store'], old: [1], new: [1] }],
  });
  assert.deepEqual(l.body, { en: 'Two increments, one lost.', 'zh-CN': '两次自增，丢了一次。' });
  assert.equal(l.start, null);
  assert.deepEqual(l.solution, { schedule: 'v1: A B A', tokens: ['A', 'B', 'A'] });
  assert.deepEqual(l.explore, { bound: 3, maxExecutions: 100000, maxSteps: 10000 });
  assert.deepEqual(l.beats, [
    {
      when: { actor: ['B'], kind: ['store'] },
      say: { en: 'B writes.', 'zh-CN': 'B 写入。' },
      every: false,
      variant: null,
      if: [],
      verify: [],
    },
  ]);
  assert.equal(l.fold, null);
  assert.deepEqual(
    l.hints.map((h) => [h.after, h.next.actor]),
    [
      [null, 'A'],
      [{ actor: ['A'], kind: ['load'] }, 'B'],
    ],
  );
  assert.equal(l.questions[0].answerIndex, 0);
  assert.deepEqual(
    l.questions[0].if.map((p) => p.text),
    ['counter == 1'],
  );
  assert.deepEqual(
    l.questions[0].verify.map((p) => [p.left, p.op, p.right]),
    [
      [
        { kind: 'object', name: 'counter', field: 'value', text: 'counter' },
        '==',
        { kind: 'number', value: 1, text: '1' },
      ],
    ],
  );
  // The scenario, compiled by the scenario compiler where it stands in the file.
  // It carries the lesson's title in both languages, as a scenario file's map form does.
  assert.deepEqual(l.scenario.title, { en: 'A tiny lesson', 'zh-CN': '一节小课' });
  assert.deepEqual(
    l.scenario.actors.map((a) => [a.name, a.line, a.ops.map((o) => o.text)]),
    [
      ['A', 18, ['increment counter']],
      ['B', 19, ['increment counter']],
    ],
  );
  assert.ok(l.bytecode instanceof Uint8Array && l.bytecode.length > 0);
  assert.deepEqual(
    [l.at.goal, l.at.scenario, l.at.solution],
    [
      { line: 9, column: 3 },
      { line: 15, column: 3 },
      { line: 20, column: 11 },
    ],
  );
});

test('every real lesson parses, with both languages everywhere', () => {
  for (const n of courseLessons()) {
    const l = parse(read(`lessons/${n}.md`), `lessons/${n}.md`);
    assert.equal(`${l.engine}/${l.id}`, n.replace(/\/\d+-/, '/'));
    for (const t of [
      l.title,
      l.goal.text,
      l.body,
      l.recap,
      l.realWorld,
      ...l.beats.map((b) => b.say),
      ...l.hints.flatMap((h) => [h.nudge, h.direction, h.next]),
    ])
      assert.ok(t.en && t['zh-CN'], n);
  }
});

test('malformed front matter: where it starts, where it ends, and YAML syntax', () => {
  assert.deepEqual(problems('id: x\n---\n'), [
    "lesson.md:1:1: file: a lesson starts with a '---' line, then its YAML front matter, then another '---' line",
  ]);
  assert.deepEqual(problems('---\nid: x\norder: 1\n'), [
    "lesson.md:4:1: file: the front matter has no closing '---' line",
  ]);
  assert.deepEqual(problems(good(`engine: ${ENGINE}\n`, `engine: [${ENGINE}\n`)), [
    'lesson.md:5:1: yaml: Flow sequence in block collection must be sufficiently indented and end with a ]',
  ]);
  assert.deepEqual(problems(good('order: 7\n', 'order: 7\norder: 8\n')), [
    "lesson.md:4:1: lesson: 'order' appears twice (first at line 3)",
  ]);
  assert.deepEqual(problems('---\n---\n'), ['lesson.md:1:1: file: the front matter is empty']);
});

test('a missing Chinese title, and other texts that are not in both languages', () => {
  assert.deepEqual(problems(good('  zh-CN: 一节小课\n', '')), ["lesson.md:6:3: title: needs 'zh-CN'"]);
  assert.deepEqual(problems(good('    zh-CN: 丢掉一次更新。\n', '    zh-CN: Lose an update.\n')), [
    'lesson.md:11:12: goal.text.zh-CN: has no Chinese characters; is it still in English?',
  ]);
  assert.deepEqual(problems(good('\n## zh-CN\n\n两次自增，丢了一次。\n', '')), [
    "lesson.md:50:1: body: needs a '## zh-CN' section",
  ]);
  assert.deepEqual(problems(good('## en\n', 'Hello.\n\n## en\n')), [
    "lesson.md:50:1: body: text before '## en' belongs to no language; start the body with '## en' (then '## zh-CN')",
  ]);
});

test('an unknown goal kind, two goal kinds, and a bug lesson whose goal the explorer cannot search', () => {
  assert.deepEqual(
    problems(good('  order:\n    - {actor: B, kind: store, old: 1, new: 1}\n', '  deadlock: true\n')),
    [
      'lesson.md:12:3: goal.deadlock: is not a goal kind; a goal has text:, optionally variant:, and one of: stuck, overlap, assertion, violation, order, state, done_without (state: may add at: any or end)',
    ],
  );
  assert.deepEqual(problems(good('  order:\n', '  overlap: true\n  order:\n')), [
    'lesson.md:9:3: goal: needs exactly one of stuck, overlap, assertion, violation, order, state, done_without (it has overlap and order)',
  ]);
  assert.deepEqual(problems(good(`engine: ${ENGINE}\n`, `engine: ${ENGINE}\nbug: true\n`)), [
    "lesson.md:5:6: bug: a bug lesson's goal must be one the explorer can search for (stuck, overlap, assertion, violation), so that it can be shown unreachable under correct; this goal is order",
  ]);
});

test('bad matchers: an unknown field, an unknown kind, an actor the lesson does not have, a field a next action lacks', () => {
  assert.deepEqual(
    problems(good('  - when: {actor: B, kind: store}', '  - when: {actor: B, lable: store}')),
    [
      'lesson.md:22:22: beats[0].when.lable: is not a known field; expected one of: variant, actor, kind, object, label, site, step, time, until, ok, old, new, value, expected, desired, arg, count, inside, woken, by, target, text, check, width, op, round',
    ],
  );
  assert.deepEqual(problems(good('  - when: {actor: B, kind: store}', '  - when: {actor: Z, kind: stor}')), [
    "lesson.md:22:19: beats[0].when.actor: 'Z' is not an actor of this lesson (actors: A, B)",
    "lesson.md:22:28: beats[0].when.kind: 'stor' is not an event kind; the kinds are: load, store, cas, swap, fetch_add, fetch_or, fetch_and, lock, unlock, prepare_park, park, unpark, spin, yield, sleep, work, cs_enter, cs_exit, print, assert, irq_save, irq_restore, raise, set_priority, block, fence, note, finish, clock, violation, stuck, error, tick, raised, dropped, flush",
  ]);
  assert.deepEqual(
    problems(
      good(
        '    - {actor: B, kind: store, old: 1, new: 1}',
        '    - {actor: B, kind: store, old: one, new: 1}',
      ),
    ),
    ['lesson.md:13:36: goal.order[0].old: must be a number'],
  );
  assert.deepEqual(
    problems(good('  - before: {actor: B, kind: store}', '  - before: {actor: B, kind: store, ok: true}')),
    [
      "lesson.md:33:37: questions[0].before.ok: an actor's next action has no 'ok' yet (it is known only after the step); before: may use actor, variant, kind, object, label, site, width, value, expected, desired, arg, count, target, text",
    ],
  );
});

test('problems inside the scenario, predicates and the solution point into the lesson file', () => {
  assert.deepEqual(problems(good('    B: [increment counter]', '    B: [incremnt counter]')), [
    "lesson.md:19:9: scenario.actors.B[0]: counter has no operation 'incremnt'; it has: increment, get",
  ]);
  assert.deepEqual(problems(good('  objects:\n', '  title: x\n  objects:\n')), [
    'lesson.md:15:3: scenario.title: is not a known field; expected one of: variant, memory, objects, actors, assert, schedule',
  ]);
  assert.deepEqual(problems(good('scenario:\n', 'variants: [correct, fast]\nscenario:\n')), [
    `lesson.md:14:21: variants[1]: 'fast' is not a variant of engine ${ENGINE}; it has: correct`,
  ]);
  assert.deepEqual(
    problems(
      good('    verify: counter == 1', '    verify: [counter.valu == 1, "counter = 1", Z.status == x]'),
    ),
    [
      "lesson.md:41:22: questions[0].verify[0]: object counter has no field 'valu'; it has: value, bucket, address, key, owner",
      'lesson.md:41:34: questions[0].verify[1]: must be LEFT CMP RIGHT, e.g. "m.state == 3" (CMP: == != < <= > >=)',
      `lesson.md:41:48: questions[0].verify[2]: 'Z' is not an object, an actor or the engine (objects: counter; actors: A, B; engine: ${ENGINE})`,
    ],
  );
  assert.deepEqual(problems(good('solution: "A B A"', 'solution: "A C A"')), [
    "lesson.md:20:14: solution: names actor 'C', which this lesson does not have (actors: A, B)",
  ]);
  assert.deepEqual(
    problems(good('scenario:\n  objects:', 'scenario: {actors: {A: [work 1]}}\nx:\n  objects:')),
    [
      'lesson.md:15:1: x: is not a known field; expected one of: id, order, engine, variants, bug, proven, title, goal, scenario, solution, explore, beats, hints, unlock, fold, questions, opening, recap, real_world, outcomes',
    ],
  );
});

test('a flow-style scenario is refused with a clear message', () => {
  const text = good(
    'scenario:\n  objects:\n    counter: counter\n  actors:\n    A: [increment counter]\n    B: [increment counter]\n',
    'scenario: {objects: {counter: counter}, actors: {A: [increment counter], B: [increment counter]}}\n',
  );
  assert.deepEqual(problems(text), [
    'lesson.md:14:11: scenario: write the scenario as an indented block under scenario: (one key per line), not as {...}',
  ]);
});

test('1500 mangled lessons: each parses or fails with located problems, never another exception', () => {
  const names = courseLessons();
  const texts = names.map((n) => read(`lessons/${n}.md`));
  let seed = 7;
  const rnd = (/** @type {number} */ n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  let failed = 0;
  for (let i = 0; i < 1500; i++) {
    const lines = texts[rnd(texts.length)].split('\n');
    for (let j = rnd(4); j >= 0; j--) {
      const [op, a, b] = [rnd(5), rnd(lines.length), rnd(lines.length)];
      if (op === 0) lines.splice(a, 1);
      else if (op === 1) [lines[a], lines[b]] = [lines[b], lines[a]];
      else if (op === 2) lines[a] = lines[a].slice(0, rnd(lines[a].length + 1));
      else if (op === 3) lines.splice(a, 0, lines[b]);
      else lines[a] = lines[a].replace(/[a-z]/, 'q');
    }
    try {
      parse(lines.join('\n'), 'f.md');
    } catch (e) {
      if (!(e instanceof LessonError)) throw e;
      failed++;
      for (const p of e.problems) {
        assert.ok(p.line >= 1 && p.line <= lines.length + 1 && p.column >= 1, JSON.stringify(p));
        assert.ok(p.field && p.message, JSON.stringify(p));
      }
    }
  }
  assert.ok(failed > 500 && failed < 1500, `${failed} of 1500 failed`);
});

// ---- what the player shares with the checker --------------------------------------

test('the player functions follow a run: beats, hints, the question, the goal, the next actor', () => {
  const l = parse(GOOD);
  const s = new Session(M, l.bytecode, { variant: l.variant });
  try {
    /** @type {{step: number, beats: number[], hint: number, question: string|null, goal: boolean, next: string|null}[]} */
    const seen = [];
    const look = (step) => {
      const events = s.trace();
      const state = s.state();
      seen.push({
        step,
        beats: beatsAt(l.beats, events, step, l.variant).map((b) => b.index),
        hint: hintStage(l.hints, events, l.variant),
        question: questionDue(l.questions[0], state, events, l.variant),
        goal: goalReached(l.goal, { events, state, variant: l.variant }),
        next: nextOnSolution(l.solution?.schedule ?? null, s.summary().schedule),
      });
    };
    look(0);
    for (const [k, actor] of [0, 1, 0, 1].entries()) {
      s.step(actor);
      look(k + 1);
    }
    assert.deepEqual(seen, [
      { step: 0, beats: [], hint: 0, question: null, goal: false, next: 'A' },
      { step: 1, beats: [], hint: 1, question: null, goal: false, next: 'B' },
      { step: 2, beats: [], hint: 1, question: null, goal: false, next: 'A' },
      { step: 3, beats: [], hint: 1, question: 'B', goal: false, next: null },
      { step: 4, beats: [0], hint: 1, question: null, goal: true, next: null },
    ]);
  } finally {
    s.free();
  }
  assert.equal(nextOnSolution('v1: A B A', 'v1: A A'), null); // off the solution's path
});

test('a repeat count (B*3, tick*2) reads as that many entries in solutions and schedules', () => {
  // the player's next move, with counts on either side
  assert.equal(nextOnSolution('v2: A B*3 tick*2 A', 'v2: A B B'), 'B');
  assert.equal(nextOnSolution('v2: A B*3 tick*2 A', 'v2: A B*3 tick'), 'tick');
  assert.equal(nextOnSolution('v2: A B*3 tick*2 A', 'v2: A B B B tick tick'), 'A');
  assert.equal(nextOnSolution('v1: A B*3', 'v1: A B*2 A'), null);
  // a lesson's solution may carry counts; its actors are still checked
  assert.ok(parse(good('solution: "A B A"', 'solution: "A*2 B*3 A"'), 'lesson.md').solution);
  assert.deepEqual(problems(good('solution: "A B A"', 'solution: "A*2 C*3"')), [
    "lesson.md:20:16: solution: names actor 'C', which this lesson does not have (actors: A, B)",
  ]);
  // a read_from (`<B:0`: B's load reads store 0) names its actor, and makes the schedule v3
  assert.equal(
    parse(good('solution: "A B A"', 'solution: "A <B:0 A"'), 'lesson.md').solution.schedule,
    'v3: A <B:0 A',
  );
  assert.deepEqual(problems(good('solution: "A B A"', 'solution: "A <C:0"')), [
    "lesson.md:20:14: solution: names actor 'C', which this lesson does not have (actors: A, B)",
  ]);
});

// ---- lockstep check ----------------------------------------------------------------------

test('lockstep check lessons/ passes every real lesson, in the course index’s order', () => {
  const r = lockstep(['check', 'lessons/']);
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0, r.stdout);
  const lines = r.stdout.trimEnd().split('\n');
  const course = courseLessons();
  const n = course.length;
  assert.ok(n >= 13, `${n} lessons`);
  assert.equal(lines.length, n + 1);
  // the first lesson's line in full (its exact count of steps is its engine's own test's)
  const [first, firstId] = /^\w+\/\d+-(.+)$/.exec(course[0]);
  assert.match(lines[0], new RegExp(`^ok {3}lessons/${first}\\.md \\(${firstId}, \\d+ learner steps\\)$`));
  assert.deepEqual(
    lines.slice(0, n).map((x) => /^ok {3}lessons\/(\S+)\.md /.exec(x)?.[1]),
    course,
  );
  assert.equal(lines[n], `${n} passed, 0 failed`);
});

test('the complete example in lessons/README.md is a lesson that passes', () => {
  const m = /```markdown\n([\s\S]*?)\n```\n/.exec(read('lessons/README.md'));
  assert.ok(m, 'lessons/README.md has a ```markdown example');
  const file = join(dir, 'why-a-lock.md');
  writeFileSync(file, m[1] + '\n');
  const r = lockstep(['check', file, '--quiet']);
  assert.deepEqual([r.status, r.stdout], [0, '1 passed, 0 failed\n']);
});

test('lockstep check reports a goal nobody can reach and a solution that stops short', () => {
  const r = lockstep(['check', 'tests/fixtures/lessons/unreachable.md']);
  assert.equal(r.status, 1);
  assert.equal(
    r.stdout,
    [
      'tests/fixtures/lessons/unreachable.md:9:3: goal: is not reachable: the starting run does not reach it, nor does the solution; the explorer found nothing under correct within bound 3 (38 executions)',
      'tests/fixtures/lessons/unreachable.md:19:11: solution: does not reach the goal under correct: the run stops after 3 steps (waiting for a choice)',
      'FAIL tests/fixtures/lessons/unreachable.md (2 problems)',
      '0 passed, 1 failed',
      '',
    ].join('\n'),
  );
});

test('lockstep check reports a bug lesson whose goal is reachable under correct', () => {
  const r = lockstep(['check', 'tests/fixtures/lessons/bug-reachable.md', '--quiet']);
  assert.equal(r.status, 1);
  assert.equal(
    r.stdout,
    'tests/fixtures/lessons/bug-reachable.md:6:6: bug: the goal is reachable under correct: the explorer found v1: A\n0 passed, 1 failed\n',
  );
});

test('proven: is for bug lessons only, and the parser says so at the field', () => {
  assert.deepEqual(problems(good(`engine: ${ENGINE}\n`, `engine: ${ENGINE}\nproven: true\n`)), [
    'lesson.md:5:9: proven: only a bug lesson can be proven: proven: true says that its goal is unreachable under correct in every interleaving (add bug: true)',
  ]);
});

test('lockstep check reports a proven lesson whose goal the complete search reaches under correct', () => {
  const text = readFileSync(join(root, 'tests/fixtures/lessons/bug-reachable.md'), 'utf8');
  const file = join(tempDir(), 'proven-false.md');
  writeFileSync(file, text.replace('bug: true\n', 'bug: true\nproven: true\n'));
  const r = lockstep(['check', file, '--quiet']);
  assert.equal(r.status, 1);
  assert.deepEqual(r.stdout.split('\n'), [
    `${file}:6:6: bug: the goal is reachable under correct: the explorer found v1: A`,
    `${file}:7:9: proven: the goal is reachable under correct: the complete search found v1: A`,
    '0 passed, 1 failed',
    '',
  ]);
});

test('the course proves its proven lessons: the complete search under correct runs every interleaving', () => {
  const proven = courseFiles(join(root, 'lessons'), 'lessons')
    .map(({ rel }) => join('lessons', rel))
    .filter((f) => /^proven: true$/m.test(readFileSync(join(root, f), 'utf8')));
  // by id: the test names no engine's folder
  const ids = proven.map((f) => /^id: (\S+)$/m.exec(readFileSync(join(root, f), 'utf8'))[1]);
  assert.deepEqual(ids.sort(), [
    'a-bug-that-shipped',
    'cancelled-head',
    'interrupt-inflates',
    'lost-wakeup',
    'racing-releases',
    'relaxed-publication',
    'save-and-restore',
    'which-half-counts',
  ]);
  const r = lockstep(['check', ...proven, '--quiet']);
  assert.equal(r.stdout, '8 passed, 0 failed\n');
  assert.equal(r.status, 0);
});

test('lockstep check reports every claim the runs contradict, at its line', () => {
  const r = lockstep(['check', 'tests/fixtures/lessons/wrong-claims.md', '--quiet']);
  assert.equal(r.status, 1);
  const f = 'tests/fixtures/lessons/wrong-claims.md';
  assert.deepEqual(r.stdout.split('\n'), [
    `${f}:22:11: beats[0].when: matches no event in any run of this lesson: no event has label 'read valu' (did you mean 'read value'?)`,
    `${f}:29:19: hints[0].next.actor: is B, but the solution's next step there (step 1) is A`,
    `${f}:38:13: questions[0].verify: does not hold after B's step (step 4): counter is 1`,
    `${f}:48:21: outcomes[0].expect.found: the explorer (correct, bound 3) found nothing; the lesson says found: true`,
    `${f}:53:14: outcomes[1].expect.steps: the run (correct, v1: A A) takes 4 steps; the lesson says 5`,
    `${f}:54:14: outcomes[1].expect.state: 'counter == 3' does not hold at the end of the run (correct, v1: A A): counter is 2`,
    `${f}:56:45: outcomes[1].expect.count[0].is: the run (correct, v1: A A) has 1 such event; the lesson says 2`,
    '0 passed, 1 failed',
    '',
  ]);
});

test("lockstep check reports the parser's problems, and file names and folders that disagree with the lesson", () => {
  // the fixture: a misnamed lesson in the folder of an engine that is not its own
  const names = 'tests/fixtures/lessons/names';
  const [folder] = readdirSync(join(root, names));
  const misnamed = `${names}/${folder}/03-misnamed.md`;
  const own = /^engine: (\w+)$/m.exec(read(misnamed))[1];
  assert.notEqual(own, folder);
  const r = lockstep(['check', 'tests/fixtures/lessons/untranslated.md', `${names}/${folder}`]);
  assert.equal(r.status, 1);
  assert.equal(
    r.stdout,
    [
      "tests/fixtures/lessons/untranslated.md:6:3: title: needs 'zh-CN'",
      'FAIL tests/fixtures/lessons/untranslated.md (1 problem)',
      `${misnamed}:2:5: id: is 'racy', but the file name says 'misnamed'`,
      `${misnamed}:4:9: engine: is '${own}', but the file is in ${folder}/, the lessons of engine ${folder}`,
      `FAIL ${misnamed} (2 problems)`,
      '0 passed, 2 failed',
      '',
    ].join('\n'),
  );
});

test('lockstep check: ids unique across the lessons checked together, and numbers within a folder', () => {
  const d = join(dir, 'twins');
  mkdirSync(d);
  writeFileSync(join(d, 'a.md'), GOOD);
  writeFileSync(join(d, 'b.md'), GOOD);
  writeFileSync(join(d, '03-tiny.md'), GOOD);
  writeFileSync(join(d, '03-other.md'), good('id: tiny\n', 'id: other\n'));
  const r = lockstep(['check', d, '--quiet']);
  assert.equal(r.status, 1);
  assert.equal(
    r.stdout,
    [
      `${d}/03-tiny.md:2:5: id: the file's number 03 is also that of ${d}/03-other.md`,
      `${d}/a.md:2:5: id: 'tiny' is also the id of ${d}/03-tiny.md`,
      `${d}/b.md:2:5: id: 'tiny' is also the id of ${d}/03-tiny.md`,
      '1 passed, 3 failed',
      '',
    ].join('\n'),
  );
});

test('lockstep check: bad usage exits 2', () => {
  const none = lockstep(['check']);
  assert.deepEqual(
    [none.status, none.stdout, none.stderr],
    [2, '', 'usage: lockstep check PATH... [--quiet]\n'],
  );
  const missing = lockstep(['check', 'no/such/lessons']);
  assert.deepEqual(
    [missing.status, missing.stderr],
    [2, 'lockstep check: cannot read no/such/lessons: no such file or folder\n'],
  );
  const empty = join(dir, 'empty');
  mkdirSync(empty);
  const e = lockstep(['check', empty]);
  assert.deepEqual(
    [e.status, e.stderr],
    [2, `lockstep check: ${empty} holds no lesson files (*.md other than README.md)\n`],
  );
  const opt = lockstep(['check', 'lessons/', '--fast']);
  assert.deepEqual(
    [opt.status, opt.stderr],
    [2, 'lockstep check: unknown option --fast (see lockstep --help)\n'],
  );
  const help = lockstep(['help', 'check']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^lockstep check PATH\.\.\. \[--quiet\]\n\nChecks lesson files/);
});

// ---- claims tied to variants and state (beats, hints), fold, positions ------------------

test('fold: an item names an event kind, or fields a next action has', () => {
  // A fold item names an event kind, or matches fields a next action has.
  assert.deepEqual(problems(good('questions:\n', 'fold: [spinn, {ok: true}]\nquestions:\n')), [
    `lesson.md:32:8: fold[0]: 'spinn' is not an event kind; the kinds are: ${EVENT_KINDS.join(', ')}`,
    "lesson.md:32:16: fold[1].ok: an actor's next action has no 'ok'; fold: may use actor, variant, kind, object, label, site, width, value, expected, desired, arg, count, target, text",
  ]);
});

test('beats and hint stages with variant: and if: are said only where their conditions hold', () => {
  const l = parse(
    good(
      'hints:\n',
      `  - when: {actor: B, kind: store}
    if: counter == 2
    say: {en: Never at 1., zh-CN: 计数器为 1 时不说。}
  - when: {actor: A, kind: load}
    variant: correct
    if: counter == 0
    verify: counter == 0
    say: {en: A read., zh-CN: A 读了。}
hints:
`,
    ).replace(
      '  - after: {actor: A, kind: load}\n',
      '  - after: {actor: A, kind: load}\n    if: B.status == enabled\n',
    ),
  );
  assert.deepEqual(l.beats[2].variant, ['correct']);
  const s = new Session(M, l.bytecode, { variant: l.variant });
  try {
    s.step(0);
    const e1 = s.trace();
    const st1 = s.state();
    assert.deepEqual(
      beatsAt(l.beats, e1, 1, 'correct', st1).map((b) => b.index),
      [2],
    );
    assert.deepEqual(
      beatsAt(l.beats, e1, 1, 'correct').map((b) => b.index),
      [],
      'no state: no conditional beat',
    );
    assert.deepEqual(
      beatsAt(l.beats, e1, 1, 'other', st1).map((b) => b.index),
      [],
      'another variant',
    );
    assert.equal(hintStage(l.hints, e1, 'correct', st1), 1);
    s.step(1);
    s.step(1);
    s.step(0);
    // B has finished: the second stage's if: no longer holds, the first applies again.
    assert.equal(hintStage(l.hints, s.trace(), 'correct', s.state()), 0);
    assert.deepEqual(
      beatsAt(l.beats, s.trace(), 3, 'correct', (s.goto(3), s.state())).map((b) => b.index),
      [0],
    );
  } finally {
    s.free();
  }
  assert.deepEqual(
    problems(good('    say: {en: B writes.', '    variant: handoff\n    say: {en: B writes.')),
    ["lesson.md:23:14: beats[0].variant: 'handoff' is not one of the lesson's variants: correct"],
  );
});

test('lockstep check points each problem at the field it is about', () => {
  // A starting schedule that does not replay, and an outcome whose run does
  // not: each at its own field (they were said at scenario: and at the
  // outcome's first line).
  const file = join(dir, 'fields.md');
  writeFileSync(
    file,
    good('  actors:\n', '  schedule: "v1: B@store:counter"\n  actors:\n')
      .replace('solution: "A B A"\n', '')
      .replace('  order:\n    - {actor: B, kind: store, old: 1, new: 1}', '  assertion: true')
      .replace(
        'real_world:',
        'outcomes:\n  - claim: Replays.\n    run: {schedule: "v1: A@cas:counter"}\n    expect: {outcome: done}\nreal_world:',
      ),
  );
  const r = lockstep(['check', file, '--quiet']);
  const lines = r.stdout.split('\n');
  // scenario: is at 15:3, its schedule at 16:13; the outcome starts at 45:5, its run: at 46:10.
  assert.ok(
    lines.includes(
      `${file}:16:13: scenario.schedule: does not replay: schedule diverged at step 1: expected B store on counter, got B load on counter`,
    ),
    r.stdout,
  );
  assert.ok(
    lines.includes(
      `${file}:46:10: outcomes[0].run: does not replay: schedule diverged at step 1: expected A cas on counter, got A load on counter`,
    ),
    r.stdout,
  );
  // beats[i].verify and hints[i].verify: the tests above; order: the file-name tests.
});

test("a type's own field named owner is a number; the extra owner field is an actor's name", () => {
  // the rtos mutex has a numeric `owner` (the holder's task id, -1 when free); a parking-lot
  // mutex has none, and `m.owner` names the actor inside the lock
  const names = {
    objects: { port: ['owner', 'wait_mask', 'inherit'], m: ['state'] },
    actors: ['A'],
    engine: 'x',
  };
  const own = parsePredicate('port.owner == 1', names);
  assert.equal(valueOf(own.left, { objects: [{ name: 'port', fields: { owner: 1 }, owner: 'A' }] }), 1);
  const extra = parsePredicate('m.owner == A', names);
  assert.equal(valueOf(extra.left, { objects: [{ name: 'm', fields: { state: 1 }, owner: 'A' }] }), 'A');
  assert.throws(() => parsePredicate('m.owner < 1', names), /m\.owner is a word/);
  assert.throws(() => parsePredicate('port.owner < A', names), /A is a word/);
});

test('a recap’s claim (recap.verify) is checked where the goal is reached, on every run that reaches it', () => {
  // the signed-count lesson's old recap said the posts had brought the count back to 1; the goal
  // (count -2) is reached before any post runs, and the check now says so
  const lesson = `lessons/${courseLessons().find((n) => n.endsWith('-the-signed-count'))}.md`;
  const text = read(lesson);
  assert.ok(text.includes('  verify: [sem.count == -2]\n'));
  const file = join(dir, 'the-signed-count.md');
  writeFileSync(file, text.replace('  verify: [sem.count == -2]\n', '  verify: [sem.count == 1]\n'));
  const r = lockstep(['check', file, '--quiet']);
  assert.equal(r.status, 1);
  const line = text.split('\n').indexOf('  verify: [sem.count == -2]') + 1;
  assert.equal(
    r.stdout,
    `${file}:${line}:11: recap.verify: does not hold when the goal is reached at step 13 of the starting run under correct (round-robin): sem.count is -2\n0 passed, 1 failed\n`,
  );
  assert.equal(lockstep(['check', lesson, '--quiet']).status, 0);
});

test('an opening’s claim (opening.verify) is checked after the starting schedule, which an opening needs', () => {
  // the cancelled head opens with main holding the only permit and A and B queued
  const lesson = `lessons/${courseLessons().find((n) => n.endsWith('-cancelled-head'))}.md`;
  const text = read(lesson);
  const claim = '  verify: [s.permits == 0, s.queued == 2]';
  assert.ok(text.includes(`opening:\n${claim}\n`));
  const file = join(dir, 'cancelled-head.md');
  writeFileSync(
    file,
    text.replace(`opening:\n${claim}`, 'opening:\n  verify: [s.permits == 1, s.queued == 2]'),
  );
  const r = lockstep(['check', file, '--quiet']);
  assert.equal(r.status, 1);
  const line = text.split('\n').indexOf(claim) + 1;
  assert.match(
    r.stdout,
    new RegExp(
      `^${file}:${line}:11: opening\\.verify: does not hold after the starting schedule \\(step \\d+\\) of the starting run under fair_cancel_bug \\(round-robin\\): s\\.permits is 0\\n`,
    ),
  );
  // an opening needs a starting schedule to follow
  const first = `lessons/${courseLessons()[0]}.md`;
  const bare = join(dir, 'no-start.md');
  writeFileSync(
    bare,
    read(first).replace('\nrecap:', '\nopening:\n  en: Nothing yet.\n  zh-CN: 还什么都没有。\nrecap:'),
  );
  const b = lockstep(['check', bare, '--quiet']);
  assert.equal(b.status, 1);
  assert.match(
    b.stdout,
    /opening: a lesson without a starting schedule \(scenario\.schedule\) opens at step 0/,
  );
  assert.equal(lockstep(['check', lesson, '--quiet']).status, 0);
});
