// The course index (wasm/js/lesson/course.js, cli/course-files.js): where a
// lesson stands in the course is its engine's line in lessons/course.yaml,
// then its number in its engine's folder; an index that leaves out a folder
// of lessons, or names an engine without any, is refused in one line that
// names the index; lesson addresses are ids, the same as before the lessons
// moved into engine folders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { courseOrder, coursePath, readCourseIndex } from '../../wasm/js/lesson/course.js';
import { courseFiles } from '../../wasm/js/cli/course-files.js';
import { lockstep, root, tempDir } from './helpers.js';

test('a lesson file names its engine, its number in it and its id', () => {
  assert.deepEqual(coursePath('lessons/some_engine/05-lost-wakeup.md'), {
    engine: 'some_engine',
    n: 5,
    id: 'lost-wakeup',
  });
  assert.deepEqual(coursePath('e2/12-x.md'), { engine: 'e2', n: 12, id: 'x' });
  for (const no of [
    '05-lost-wakeup.md',
    'beta/template.md',
    'beta/README.md',
    'beta/05-Bad_Name.md',
    'beta/x-y.md',
  ])
    assert.equal(coursePath(no), null, no);
});

test('the index is a list of engines; a mistake is one line naming the file, line and field', () => {
  assert.deepEqual(readCourseIndex('# the course\nengines:\n  - alpha\n  - beta\n', 'c.yaml'), [
    'alpha',
    'beta',
  ]);
  const message = (text) => {
    try {
      readCourseIndex(text, 'c.yaml');
    } catch (e) {
      return e.message;
    }
    return 'accepted';
  };
  assert.equal(
    message('engines:\n  - alpha\n  - beta\n  - alpha\n'),
    "c.yaml:4: engines[2]: 'alpha' is listed twice",
  );
  assert.equal(
    message('engines:\n  - alpha\n  - Bad-One\n'),
    "c.yaml:3: engines[1]: an engine's name (lower-case letters, digits, _) is expected",
  );
  assert.equal(message('engines: alpha\n'), 'c.yaml:1: engines: needs a list of engine names, one per line');
  assert.equal(
    message('lessons:\n  - alpha\n'),
    'c.yaml:1: the index is one mapping with one key, engines: a list of engine names',
  );
  assert.match(message('engines: [alpha\n'), /^c\.yaml:\d+: /);
});

test('the course order: engines as the index lists them, each engine’s lessons by number', () => {
  const l = (engine, n, id) => ({ engine, n, id });
  assert.deepEqual(
    courseOrder(
      ['alpha', 'gamma', 'beta'],
      [l('beta', 1, 'q'), l('gamma', 2, 'r2'), l('alpha', 1, 'b'), l('gamma', 1, 'r1')],
      'c.yaml',
    ).map((x) => `${x.order}:${x.id}`),
    ['1:b', '2:r1', '3:r2', '4:q'],
  );
  assert.throws(() => courseOrder(['alpha'], [l('alpha', 1, 'b'), l('beta', 1, 'q')], 'c.yaml'), {
    message:
      "c.yaml: engines: does not list 'beta', whose folder holds lessons; add it where it belongs in the course",
  });
  assert.throws(() => courseOrder(['alpha', 'beta'], [l('alpha', 1, 'b')], 'c.yaml'), {
    message: "c.yaml: engines: lists 'beta', but no lesson file is in its folder (beta/NN-id.md)",
  });
});

test('the real course: every engine of the index has lessons, and every lesson of a folder is in it', () => {
  const course = courseFiles(join(root, 'lessons'));
  const engines = readCourseIndex(readFileSync(join(root, 'lessons/course.yaml'), 'utf8'), 'course.yaml');
  assert.deepEqual([...new Set(course.map((x) => x.engine))], engines);
  assert.deepEqual(
    course.map((x) => x.order),
    course.map((_, i) => i + 1),
  );
  assert.equal(course[0].id, 'racy-counter');
});

// The addresses the course had while its files were lessons/NN-id.md (NN the place in the
// course): a link shared then (?lesson=<id>) still names a lesson, and the same one.
const OLD_ADDRESSES = [
  'racy-counter',
  'atomic-fix',
  'fast-path',
  'contention',
  'bucket-table',
  'validate-under-lock',
  'lost-wakeup',
  'unpark-callback',
  'barging-handoff',
  'permits-are-a-number',
  'fair-try-barges',
  'shrinking-a-pool',
  'interrupt-inflates',
  'bounded-notifier',
  'racing-releases',
  'waiting-then-look-again',
  'head-of-line',
  'which-half-counts',
  'priority-inversion',
  'save-and-restore',
  'one-waker-slot',
  'tickets-make-it-fair',
  'starved-writer',
  'cancelled-head',
  'greedy-semaphore',
  'notify-all-requeue',
  'timed-try-gives-up',
  'signal-or-lock',
  'the-signed-count',
  'wake-by-priority',
  'two-steps-are-not-one',
  'take-a-number',
  'spin-on-your-own-node',
];

test('every lesson address from before the engine folders still names its lesson', () => {
  const ids = new Set(courseFiles(join(root, 'lessons')).map((x) => x.id));
  for (const id of OLD_ADDRESSES) assert.ok(ids.has(id), `?lesson=${id} names no lesson any more`);
});

test('lockstep check refuses a course whose index and folders disagree, in one line, exit 2', () => {
  const dir = join(tempDir(), 'course');
  mkdirSync(join(dir, 'alpha'), { recursive: true });
  mkdirSync(join(dir, 'beta'));
  const lesson = readFileSync(join(root, 'lessons', courseFiles(join(root, 'lessons'))[0].rel), 'utf8');
  writeFileSync(join(dir, 'alpha', '01-racy-counter.md'), lesson);
  writeFileSync(join(dir, 'beta', '01-other.md'), lesson.replace('id: racy-counter', 'id: other'));
  writeFileSync(join(dir, 'course.yaml'), 'engines:\n  - alpha\n');
  const r = lockstep(['check', dir]);
  assert.deepEqual(
    [r.status, r.stdout, r.stderr],
    [
      2,
      '',
      `lockstep check: ${dir}/course.yaml: engines: does not list 'beta', whose folder holds lessons; add it where it belongs in the course\n`,
    ],
  );
});
