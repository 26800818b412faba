// One engine, one place: an engine is its own places (the rows of the table
// "What a new engine adds" in docs/ARCHITECTURE.md, with <engine> filled in,
// and the test folders of its native suites and its benchmarks and their
// scenarios from its engine.mk) plus one
// word in ENGINES (mk/engines.mk) and, for its lessons, one line in the
// course index (lessons/course.yaml).  No other code or test names it: not a
// path into its folders, not one of its files by path or name even where the
// name does not carry the engine's (`bench/explore/ttas-2.yaml`), not its name as a string or in an address
// (`?scenario=<engine>/...`), not its name with hyphens (`parking-lot-2x2.yaml`),
// not `engine: <engine>`, not `engine_<engine>`, not one of its lessons in an
// address (`?lesson=<id>`).  The rule is static: it reads the tree as it is.
//
// What it allows, and why:
// - the two lists above (ALLOWED), which are where an engine is named;
// - the machine's words that share an engine's name.  The scheduling models
//   are the machine's (core/sim/sched/<model>.c, `.name = "<model>"`), and the
//   rtos engine runs under the model of the same name: a model's own file and
//   its native port (core/plat/native/<model>_port.c) are the model's places,
//   its name on a line that says it is a model (`model`, `models`) is the
//   model's, and a reason code the machine defines (a `sim_blocked_code` in
//   core/sim/, "rtos.priority") is the machine's.  An engine's own codes
//   ("rtos.sem.pends") and its name alone ("rtos") still count;
// - prose (Markdown), the course's example pages (lessons/*.html: a course
//   author's page that embeds particular lessons, as a lesson's text names
//   them), and test fixtures (a folder named fixtures/), which hold inputs,
//   not code that chooses by engine.
// Nothing else: a test that opens one engine's scenario or lesson belongs in
// that engine's places (tests/node/<engine>.test.js, tests/e2e/<engine>.test.mjs or
// tests/e2e/<engine>/*.test.mjs, web/src/engines/<engine>/), or finds its inputs from the lists.
//
// The engines that came before the rule leaked into shared files; each such
// file was listed below as a debt, and the lists only shrank, to nothing: a
// new leak fails, and so would a listed file that no longer names its engine
// (take it off the list).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const read = (path) => readFileSync(join(root, path), 'utf8');

/** The words of `ENGINES := ...` in mk/engines.mk. */
const ENGINES = read('mk/engines.mk')
  .split('\n')
  .find((l) => l.startsWith('ENGINES :='))
  .slice('ENGINES :='.length)
  .trim()
  .split(/\s+/);

/** The per-engine rows' paths of docs/ARCHITECTURE.md, "<engine>" still in them. */
function rowPatterns() {
  const doc = read('docs/ARCHITECTURE.md');
  const section = doc.slice(doc.indexOf('## What a new engine adds'));
  const body = section.slice(0, section.indexOf('\n## ', 4));
  return [...body.matchAll(/^\| `([^`]+)` \| (?:yes|no) \|/gm)]
    .map((m) => m[1].split(/[ ,]/)[0])
    .filter((p) => p.includes('<engine>'));
}

/** An engine's places: path prefixes (a folder ends in /) it owns. */
function placesOf(engine) {
  const places = new Set();
  for (const pattern of rowPatterns()) {
    // the place is the path up to the first part that carries the engine's name
    const parts = pattern.split('/');
    const i = parts.findIndex((p) => p.includes('<engine>'));
    const own = parts
      .slice(0, i + 1)
      .join('/')
      .replaceAll('<engine>', engine);
    places.add(i < parts.length - 1 ? `${own}/` : own);
  }
  const mk = read(`core/engines/${engine}/engine.mk`).replace(/\\\n/g, ' ');
  for (const m of mk.matchAll(/^[\w-]+_DIR := ?(\S+)/gm)) places.add(`${m[1].replace(/\/$/, '')}/`);
  // (every list of benchmark files: _NATIVE_BENCH, _EXPLORE_BENCH_LARGE, _SPLIT, _FIND, _WEB_PROVE_BENCH...)
  for (const m of mk.matchAll(
    /^[a-z_]+_(?:NATIVE|WASM|EXPLORE|WEB)(?:_PROVE)?_BENCH(?:_LARGE|_FIND|_SPLIT)? := ?(.*)$/gm,
  ))
    for (const file of m[1].trim().split(/\s+/)) places.add(file);
  return [...places];
}

/** The files among an engine's places (its benchmarks and their scenarios), by path. */
const ownFilesOf = (engine) => placesOf(engine).filter((p) => !p.endsWith('/'));

/** The tracked files that are code, build or tests (prose is not checked). */
const CODE = /\.(c|h|ts|tsx|js|mjs|cjs|mk|yaml|yml|json|html|sh)$|(^|\/)(Makefile|[^/.]+)$/;

/** Where the list of engines may name an engine: the one list, and the course's order. */
const ALLOWED = [
  { file: 'mk/engines.mk', line: /^ENGINES := / },
  { file: 'lessons/course.yaml', line: /^\s+- \w+$/ },
];

/** The scheduling models' names (core/sim/sched/*.c: `.name = "<model>"`). */
const MODELS = spawnSync('git', ['ls-files', 'core/sim/sched/*.c'], {
  cwd: root,
  encoding: 'utf8',
})
  .stdout.split('\n')
  .filter(Boolean)
  .flatMap((f) => [...read(f).matchAll(/^\s*\.name = "(\w+)",/gm)].map((m) => m[1]));

/** The reason codes the machine and its models define (core/sim/: `sim_blocked_code c = {"code", ...}`). */
const MACHINE_CODES = spawnSync('git', ['ls-files', 'core/sim/'], {
  cwd: root,
  encoding: 'utf8',
})
  .stdout.split('\n')
  .filter((f) => f.endsWith('.c'))
  .flatMap((f) => [...read(f).matchAll(/sim_blocked_code \w+ = \{"([a-z_.]+)"/g)].map((m) => m[1]));

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const QUOTED_CODE = new RegExp(`(['"\`])(?:${MACHINE_CODES.map(escape).join('|')})\\1`, 'g');
const QUOTED_MODEL = new RegExp(`(['"\`])(?:${MODELS.join('|')})\\1`, 'g');

/** A line without the machine's words that share an engine's name (see the opening comment). */
function machineWordsOut(line) {
  const out = line.replace(QUOTED_CODE, '""');
  return /model/i.test(out) ? out.replace(QUOTED_MODEL, '""') : out;
}

/** The places of the scheduling model named like `engine`, if there is one. */
const modelPlaces = (engine) =>
  MODELS.includes(engine) ? [`core/sim/sched/${engine}.c`, `core/plat/native/${engine}_port.c`] : [];

/** The ids of an engine's lessons (lessons/<engine>/NN-<id>.md). */
const lessonIdsOf = (engine) =>
  spawnSync('git', ['ls-files', `lessons/${engine}/`], {
    cwd: root,
    encoding: 'utf8',
  })
    .stdout.split('\n')
    .map((f) => /\/\d+-([\w-]+)\.md$/.exec(f)?.[1])
    .filter(Boolean);

/**
 * The ways code names an engine: its name as a word of a path, a string or an
 * address (`/parking_lot/`, `'basic'`, `?scenario=aqs/...`, `parking_lot%2F...`),
 * also spelled with hyphens as file names and test ids are (`parking-lot-2x2.yaml`),
 * `engine: <engine>`, `engine_<engine>`, and one of its lessons in an address
 * (`?lesson=lost-wakeup`, which opens that engine as surely as its name).
 */
function namesOf(engine, lessons = lessonIdsOf(engine), own = ownFilesOf(engine)) {
  const spellings = [...new Set([engine, engine.replaceAll('_', '-')])].join('|');
  const inAddress = lessons.length ? `|[?&]lesson=(?:${lessons.join('|')})(?![\\w-])` : '';
  // its files by name, as a path or as the last part of one (`join(dir, 'ttas-2.yaml')`): a
  // benchmark's scenario may be named for what it runs, not for its engine
  const names = [...new Set(own.map((f) => f.slice(f.lastIndexOf('/') + 1)))].map(escape);
  const inFiles = names.length ? `|(?:^|[\\s'"\`/=])(?:${names.join('|')})(?![\\w.-])` : '';
  return new RegExp(
    `(['"\`/=])(?:${spellings})(['"\`/.:%&-]|$)|engine: ${engine}\\b|\\bengine_${engine}\\b${inAddress}${inFiles}`,
  );
}

/** The files outside the engine's places that name it, each with its first such line. */
function leaksOf(engine, files, text = read) {
  const places = [...placesOf(engine), ...modelPlaces(engine)];
  const names = namesOf(engine);
  const leaks = new Map();
  for (const file of files) {
    if (places.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p))) continue;
    const lines = text(file).split('\n');
    const i = lines.findIndex(
      (l) => names.test(machineWordsOut(l)) && !ALLOWED.some((a) => a.file === file && a.line.test(l)),
    );
    if (i >= 0) leaks.set(file, `${file}:${i + 1}: ${lines[i].trim().slice(0, 120)}`);
  }
  return leaks;
}

const files = spawnSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .stdout.split('\n')
  .filter((f) => f && CODE.test(f) && !f.startsWith('.') && !/\.md$/.test(f) && !f.includes('/fixtures/'))
  // the course's example pages are content, like its lessons
  .filter((f) => !/^lessons\/[^/]+\.html$/.test(f))
  // this file names every engine's debts
  .filter((f) => f !== 'tests/node/engine-places.test.js');

// The debts: shared files that named an engine of before the rule (most were
// tests that opened a named scenario or lesson).  All are paid: a list may
// only shrink, so each stays empty, and a new leak fails.
const DEBTS = {
  basic: [],
  parking_lot: [],
  aqs: [],
  embassy: [],
  rtos: [],
  spinlocks: [],
};

/** The rule, over `tree` (path -> text), finds exactly the files whose path says "leak". */
function assertCaught(engine, tree) {
  const leaks = leaksOf(engine, Object.keys(tree), (f) => tree[f]);
  assert.deepEqual(
    [...leaks.keys()].sort(),
    Object.keys(tree)
      .filter((f) => f.includes('leak'))
      .sort(),
  );
}

test("the rule catches a new leak, and lets the machine's words through", () => {
  const engine = ENGINES.find((e) => MODELS.includes(e));
  assert.ok(engine, 'an engine shares its name with a scheduling model (the case the rule must tell apart)');
  assert.ok(
    MACHINE_CODES.includes(`${engine}.priority`) && MACHINE_CODES.includes('lock'),
    'the codes are read',
  );
  const code = MACHINE_CODES.find((c) => c.startsWith(`${engine}.`));
  const tree = {
    'web/src/model/leak-name.ts': `if (card.id === '${engine}') return;`,
    'web/src/model/leak-code.ts': `const own = '${engine}.sem.pends';`,
    'web/src/model/leak-path.ts': `import { x } from '../engines/${engine}/words';`,
    'web/src/model/leak-lesson.test.ts': `read('lessons/${engine}/05-the-signed-count.md');`,
    'core/sim/leak.c': `if (strcmp(engine->name, "${engine}") == 0) return;`,
    'mk/leak.mk': `include core/engines/${engine}/engine.mk`,
    'web/src/model/machine-code.ts': `const held = why === '${code}';`,
    'core/sim/machine-model.c': `sim_config cfg = {.model = "${engine}"};`,
    [`core/sim/sched/${engine}.c`]: `.name = "${engine}",`,
    [`web/src/engines/${engine}/words.ts`]: `if (id === '${engine}') return;`,
  };
  assertCaught(engine, tree);
});

test('the rule reads an engine in addresses and in hyphenated names', () => {
  // an engine whose name has an underscore and that has lessons: the forms at stake
  const engine = ENGINES.find((e) => e.includes('_') && lessonIdsOf(e).length);
  assert.ok(engine, 'an engine with an underscore in its name has lessons');
  const [lesson] = lessonIdsOf(engine);
  const hyphened = engine.replaceAll('_', '-');
  const tree = {
    'tests/e2e/leak-scenario-address.test.mjs': `await open(url + '?scenario=${engine}/some-scenario');`,
    'tests/e2e/leak-encoded-address.test.mjs': `await open(url + '?scenario=${engine}%2Fsome-scenario');`,
    'tests/e2e/leak-lesson-address.test.mjs': `await open(\`\${url}?lesson=${lesson}\`);`,
    'tests/e2e/leak-lesson-after.test.mjs': `await open(\`\${url}?lang=zh-CN&lesson=${lesson}&step=3\`);`,
    'bench/leak-hyphen-file.mjs': `const file = join(here, '${hyphened}-2x2.yaml');`,
    'bench/leak-hyphen-path.mjs': `// bench/explore/${hyphened}-3x1.yaml, the median of 5`,
    'tests/e2e/leak-test-id.test.mjs': `page.getByTestId('${hyphened}-view');`,
    'tests/e2e/leak-template.test.mjs': `await page.goto(\`\${url}author.html?template=${engine}\`);`,
    'tests/e2e/leak-template-lang.test.mjs': `await page.goto(\`\${url}author.html?template=${engine}&lang=zh-CN\`);`,
    // generic: the lesson and the scenario come from a variable, not a name
    'tests/e2e/generic-lesson.test.mjs': `await open(\`\${url}?lesson=\${first.id}\`);`,
    'tests/e2e/generic-scenario.test.mjs': `await open(\`\${url}?scenario=\${scenario.id}\`);`,
    // a lesson id that only begins like one of the engine's is another lesson's
    'tests/e2e/generic-longer-id.test.mjs': `await open(url + '?lesson=${lesson}-again');`,
    // its own e2e tests, alone or split by concern in its folder, may name it
    [`tests/e2e/${engine}.test.mjs`]: `await open(url + '?lesson=${lesson}');`,
    [`tests/e2e/${engine}/view.test.mjs`]: `await open(url + '?lesson=${lesson}');`,
    // but not a folder that only begins with its name
    [`tests/e2e/${engine}s/leak-view.test.mjs`]: `await open(url + '?lesson=${lesson}');`,
  };
  assertCaught(engine, tree);
});

test("the rule reads a path to one of an engine's files whose name does not carry the engine's", () => {
  // an engine whose benchmark lists name a file without its name in it (bench/explore/<file>.yaml)
  const engine = ENGINES.find((e) => ownFilesOf(e).some((f) => !f.includes(e)));
  assert.ok(engine, "an engine's lists name a file that does not carry its name");
  const file = ownFilesOf(engine).find((f) => !f.includes(engine));
  const base = file.slice(file.lastIndexOf('/') + 1);
  const tree = {
    'tests/node/leak-full-path.test.js': `const SCENARIO = '${file}';`,
    'tests/node/leak-joined-path.test.js': `const bc = bytecode(join(root, '${file.slice(0, -base.length - 1)}', '${base}'));`,
    'mk/leak-path.mk': `QUICK := ${file}`,
    // another file whose name only ends like it is another file
    'tests/node/generic-longer-name.test.js': `const other = 'bench/explore/x${base}';`,
  };
  assertCaught(engine, tree);
});

test('every engine listed has its places, and the rule finds its own folders', () => {
  assert.deepEqual(Object.keys(DEBTS).sort(), [...ENGINES].sort(), 'a debt list per engine of ENGINES');
  for (const e of ENGINES) {
    const places = placesOf(e);
    for (const p of [
      `core/engines/${e}/`,
      `core/script/engines/${e}/`,
      `web/src/engines/${e}/`,
      `lessons/${e}/`,
    ])
      assert.ok(places.includes(p), `${e}: ${p} is its place (docs/ARCHITECTURE.md)`);
  }
});

for (const engine of ENGINES)
  test(`engine ${engine}: no shared code or test names it outside its own places`, () => {
    const leaks = leaksOf(engine, files);
    const debts = new Set(DEBTS[engine] ?? []);
    assert.deepEqual(
      [...leaks.keys()].filter((f) => !debts.has(f)).map((f) => leaks.get(f)),
      [],
      `new places that name ${engine} outside its folders`,
    );
    assert.deepEqual(
      [...debts].filter((f) => !leaks.has(f)),
      [],
      `listed as debts of ${engine} but no longer naming it: take them off DEBTS`,
    );
  });
