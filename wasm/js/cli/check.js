// @ts-check
/**
 * `lockstep check PATH...`: checks lessons (lessons/README.md) by parsing
 * them and then running them on the wasm module.
 *
 * For each lesson: the front matter against the schema, both languages
 * everywhere, the scenario compiles (lesson.js); then, by running it: its
 * goal is reachable (by the explorer, by the solution, or by the starting
 * run), the solution reaches it, every matcher (beats, hints, the goal's
 * events, counts) matches an event in some run of the lesson, every hint's
 * "next actor" is the one the solution takes, every question comes due on the
 * solution's path and its verify: holds after the step, every outcome holds,
 * and a bug lesson's goal is not reachable under `correct` (a complete
 * search within the lesson's bound).  Across the files given: ids are unique,
 * a file named NN-slug.md has id slug, a file in an engine's folder is that
 * engine's lesson, and no two files of a folder share a number.  A folder
 * holding a course index (lessons/course.yaml) is read as the course, in its
 * order (course-files.js).
 *
 * Every problem is printed as FILE:LINE:COL: FIELD: MESSAGE; then one line
 * per lesson (ok or FAIL) and "N passed, N failed".  The checks themselves
 * are ../check/ (shared with the author page); this file reads the files
 * and checks across them.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { catalog } from '../lockstep.js';
import { MAX_LESSON_CHARS, formatProblem } from '../lesson.js';
import { checkLesson } from '../check/lesson.js';
import { plural } from '../check/words.js';
import { checkScenario } from '../check/scenario.js';
import { isLink } from '../link.js';
import { courseFiles, isCourse } from './course-files.js';
import { readLink } from './link-file.js';
import { CliError } from './errors.js';
import { escapeControls } from '../escape.js';
import { parseOptions } from './options.js';
import { module } from './scenario-file.js';

/** @typedef {import('../lesson.js').Lesson} Lesson */
/** @typedef {import('../lesson.js').Problem} Problem */
/** @typedef {import('../lockstep.js').EmscriptenModule} EmscriptenModule */
/** @typedef {{line: number, column: number}} Position */

export const usage = 'lockstep check PATH... [--quiet]';

export const help = `${usage}

Checks lesson files (Markdown with YAML front matter; see lessons/README.md).
PATH is a lesson file, a folder of them (every *.md in it but README.md), a
course (a folder whose course.yaml lists the engines whose folders hold its
lessons: every lesson of the course, in its order), or a Lockstep link (…#src=…, as the author page shares) carrying a lesson or
a scenario; a scenario gets the checks of lockstep compile.

For each lesson: the front matter matches the schema, every text is there in
English and Chinese, the scenario compiles; and, running it: the goal is
reachable (the explorer finds it, or the solution or the starting run
reaches it), every beat, hint and matcher refers to something that happens,
every hint's next actor and question is right on the solution's path, every
outcome the lesson claims holds, and the goal of a lesson marked bug: true
cannot be reached under the correct variant.

Problems are printed as FILE:LINE:COL: FIELD: MESSAGE, then one line per
lesson and a last line "N passed, N failed".

  --quiet    print only the problems and the last line

Exit status: 0 when every lesson passes, 1 when some fail, 2 for bad usage.`;

/**
 * @param {string[]} argv
 * @param {{stdout: (s: string) => void}} io
 */
export async function run(argv, io) {
  const cmd = 'lockstep check';
  const { positional, options } = parseOptions(cmd, argv, {
    '--quiet': 'flag',
  });
  if (!positional.length) throw new CliError(`usage: ${usage}`);
  const files = lessonFiles(cmd, positional);
  const M = await module();
  const checker = new Checker(M);

  /** @type {{file: string, problems: Problem[], lesson: Lesson|null, learnerSteps: number|null, learnerActions: number|null}[]} */
  const results = [];
  for (const file of files) results.push(checker.check(file));
  crossCheck(results, Object.keys(checker.catalog.engines));

  let passed = 0;
  let failed = 0;
  for (const r of results) {
    const sorted = [...r.problems].sort((a, b) => a.line - b.line || a.column - b.column);
    for (const p of sorted) io.stdout(formatProblem(p) + '\n');
    if (r.problems.length) failed++;
    else passed++;
    if (!options['--quiet']) {
      if (r.problems.length) io.stdout(`FAIL ${r.file} (${plural(r.problems.length, 'problem')})\n`);
      else {
        const steps =
          r.learnerSteps === null
            ? ''
            : `, ${plural(r.learnerSteps, 'learner step')}${r.learnerActions !== r.learnerSteps ? `, ${plural(r.learnerActions ?? 0, 'action')} with fold` : ''}`;
        io.stdout(`ok   ${r.file} (${r.lesson ? r.lesson.id : 'scenario'}${steps})\n`);
      }
    }
  }
  io.stdout(`${passed} passed, ${failed} failed\n`);
  return failed ? 1 : 0;
}

/**
 * The lesson files the paths name: a file as given, a course's lessons in
 * its order, another folder's *.md but README.md.
 * @param {string} cmd @param {string[]} paths
 */
function lessonFiles(cmd, paths) {
  /** @type {string[]} */
  const out = [];
  for (const p of paths) {
    if (isLink(p)) {
      out.push(p);
      continue;
    }
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new CliError(`${cmd}: cannot read ${escapeControls(p)}: no such file or folder`);
    }
    if (st.isDirectory() && isCourse(p)) {
      try {
        out.push(...courseFiles(p).map((l) => join(p, l.rel)));
      } catch (e) {
        throw new CliError(`${cmd}: ${escapeControls(e instanceof Error ? e.message : String(e))}`);
      }
    } else if (st.isDirectory()) {
      const found = readdirSync(p)
        .filter((f) => f.endsWith('.md') && f !== 'README.md')
        .sort()
        .map((f) => join(p, f));
      if (!found.length)
        throw new CliError(`${cmd}: ${escapeControls(p)} holds no lesson files (*.md other than README.md)`);
      out.push(...found);
    } else out.push(p);
  }
  return out;
}

/**
 * Across the lessons checked together: ids unique; a file named NN-slug.md
 * has id slug; a file in a folder named after an engine is that engine's
 * lesson; no two files of one folder share a number (their place in it).
 * @param {{file: string, problems: Problem[], lesson: Lesson|null}[]} results
 * @param {string[]} engines  the catalog's engines
 */
function crossCheck(results, engines) {
  /** @type {Map<string, string>} */
  const ids = new Map();
  /** @type {Map<string, string>} */
  const numbers = new Map();
  for (const r of results) {
    const l = r.lesson;
    if (!l) continue;
    const add = (/** @type {Position} */ at, /** @type {string} */ field, /** @type {string} */ message) =>
      r.problems.push({
        file: r.file,
        line: at.line,
        column: at.column,
        field,
        message,
      });
    const m = /^(\d+)-(.+)\.md$/.exec(basename(r.file));
    if (m && m[2] !== l.id) add(l.at.id, 'id', `is '${l.id}', but the file name says '${m[2]}'`);
    const folder = basename(dirname(r.file));
    if (engines.includes(folder) && l.engine !== folder)
      add(
        l.at.engine,
        'engine',
        `is '${l.engine}', but the file is in ${folder}/, the lessons of engine ${folder}`,
      );
    const otherId = ids.get(l.id);
    if (otherId) add(l.at.id, 'id', `'${l.id}' is also the id of ${otherId}`);
    else ids.set(l.id, r.file);
    if (!m) continue;
    const place = `${dirname(r.file)}/${Number(m[1])}`;
    const otherNumber = numbers.get(place);
    if (otherNumber) add(l.at.id, 'id', `the file's number ${m[1]} is also that of ${otherNumber}`);
    else numbers.set(place, r.file);
  }
}

class Checker {
  /** @param {EmscriptenModule} M */
  constructor(M) {
    this.M = M;
    this.catalog = catalog(M);
  }

  /**
   * @param {string} file  a lesson file, or a link carrying a lesson or a scenario
   * @returns {import('../check/lesson.js').LessonReport & {file: string}}
   */
  check(file) {
    if (isLink(file)) {
      const doc = readLink('lockstep check', file);
      if (doc.kind === 'lesson')
        return {
          file: doc.file,
          ...checkLesson(this.M, doc.text, { file: doc.file, catalog: this.catalog }),
        };
      const { problems } = checkScenario(this.M, doc.text, { file: doc.file, catalog: this.catalog });
      return { file: doc.file, problems, lesson: null, learnerSteps: null, learnerActions: null };
    }
    let text;
    try {
      const size = statSync(file).size;
      if (size > 4 * MAX_LESSON_CHARS)
        return {
          file,
          problems: [
            {
              file,
              line: 1,
              column: 1,
              field: 'file',
              message: `is ${size} bytes long; a lesson may be at most ${MAX_LESSON_CHARS} characters`,
            },
          ],
          lesson: null,
          learnerSteps: null,
          learnerActions: null,
        };
      text = readFileSync(file, 'utf8');
    } catch (e) {
      const err = /** @type {NodeJS.ErrnoException} */ (e);
      throw new CliError(
        `lockstep check: cannot read ${escapeControls(file)}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`,
      );
    }
    return { file, ...checkLesson(this.M, text, { file, catalog: this.catalog }) };
  }
}
