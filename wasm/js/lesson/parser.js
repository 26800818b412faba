// @ts-check
/**
 * The lesson parser's passes, each stopping the parse if it found problems:
 *   1. the file's shape: front matter between '---' lines, then the body
 *   2. YAML syntax (scenario/source.js, the scenario compiler's reader)
 *   3. structure, against lessons/lesson.schema.json (ajv)
 *   4. meaning: engine and variants against the catalog, then each part in
 *      its own file: the scenario compiled in place (embedded.js), the goal
 *      (goal.js), the solution (solution.js), beats, hints and questions
 *      (guidance.js), names in matchers and predicates (names.js), outcomes
 *      (outcome.js), both languages (languages.js), positions (positions.js)
 *
 * A Parser holds what those parts share: the source with its positions, the
 * problems found so far, the scenario's actors and objects.
 */
import { Source, fieldName } from '../scenario/source.js';
import { Problems } from '../scenario/problems.js';
import { validateWith } from '../scenario/validate.js';
import { lessonValidator } from '../schemas.js';
import { MAX_SOURCE_CHARS } from '../scenario/limits.js';
import { EXPLORABLE } from './play.js';
import { LessonError } from './error.js';
import { compileInPlace } from './embedded.js';
import { GOAL_KINDS, readGoal } from './goal.js';
import { readSolution } from './solution.js';
import { readBeats, readHints, readQuestions } from './guidance.js';
import { fold as fold_, predicates } from './names.js';
import { readOutcome } from './outcome.js';
import { checkLanguages, readBody } from './languages.js';
import { positions } from './positions.js';

/** @typedef {import('../scenario.js').Catalog} Catalog */
/** @typedef {import('../scenario/source.js').Path} Path */
/** @typedef {import('../lesson.js').Lesson} Lesson */
/** @typedef {import('../lesson.js').Outcome} Outcome */

/** The largest lesson file read (front matter and body together). */
export const MAX_LESSON_CHARS = 4 * MAX_SOURCE_CHARS;

export class Parser {
  /** @param {string} text @param {string} file @param {Catalog} catalog */
  constructor(text, file, catalog) {
    this.text = typeof text === 'string' ? text.replace(/\r\n?/g, '\n').replace(/^\uFEFF/, '') : text;
    this.file = file;
    this.catalog = catalog;
    this.problems = new Problems(file);
    /** @type {Source} */
    this.source = /** @type {any} */ (null);
    /** @type {any} */
    this.data = null;
    /** The line of the closing '---' (1-based). */
    this.closeLine = 0;
    /** @type {string[]} */
    this.actors = [];
    /** @type {Record<string, string[]>} */
    this.objects = {};
  }

  /** @returns {Lesson} */
  parse() {
    const problems = this.problems;
    if (typeof this.text !== 'string') {
      problems.add({ line: 1, column: 1 }, 'file', 'is not text');
      problems.throwIfAny();
    }
    if (this.text.length > MAX_LESSON_CHARS) {
      problems.add(
        { line: 1, column: 1 },
        'file',
        `is ${this.text.length} characters long; a lesson may be at most ${MAX_LESSON_CHARS}`,
      );
      problems.throwIfAny();
    }
    const lines = this.text.split('\n');
    if (lines[0].trimEnd() !== '---') {
      problems.add(
        { line: 1, column: 1 },
        'file',
        "a lesson starts with a '---' line, then its YAML front matter, then another '---' line",
      );
      this.throw();
    }
    const close = lines.findIndex((l, i) => i > 0 && (l.trimEnd() === '---' || l.trimEnd() === '...'));
    if (close < 0) {
      problems.add({ line: lines.length, column: 1 }, 'file', "the front matter has no closing '---' line");
      this.throw();
    }
    this.closeLine = close + 1;
    // The front matter keeps its lines where they are in the file (line 1,
    // the opening '---', is left empty), so every position is the file's.
    const front = ['', ...lines.slice(1, close)].join('\n');
    if (front.length > MAX_SOURCE_CHARS) {
      problems.add(
        { line: 1, column: 1 },
        'file',
        `has ${front.length} characters of front matter; at most ${MAX_SOURCE_CHARS} are allowed`,
      );
      this.throw();
    }
    this.front = front;
    this.source = new Source(front, problems, 'lesson');
    this.throw();
    if (this.source.value === null || this.source.value === undefined) {
      problems.add({ line: 1, column: 1 }, 'file', 'the front matter is empty');
      this.throw();
    }
    validateWith(lessonValidator(), this.source.value, this.source, problems);
    for (const p of problems.list)
      if (/^goal\.[^.[]+$/.test(p.field) && p.message.startsWith('is not a known field'))
        p.message = `is not a goal kind; a goal has text:, optionally variant:, and one of: ${GOAL_KINDS.join(', ')} (state: may add at: any or end)`;
    this.throw();
    this.data = /** @type {any} */ (this.source.value);
    return this.meaning(lines.slice(close + 1));
  }

  throw() {
    if (!this.problems.any) return;
    const sorted = [...this.problems.list].sort((a, b) => a.line - b.line || a.column - b.column);
    throw new LessonError(sorted, this.problems.more);
  }

  /** @param {Path} path @param {string} message */
  bad(path, message) {
    this.problems.add(this.source.locate(path), fieldName(path, 'lesson'), message);
  }

  /** @param {Path} path @param {string} message */
  badKey(path, message) {
    this.problems.add(this.source.locateKey(path), fieldName(path, 'lesson'), message);
  }

  /** @param {Path} path */
  at(path) {
    return this.source.locate(path);
  }

  /**
   * @param {string[]} bodyLines  the lines after the closing '---'
   * @returns {Lesson}
   */
  meaning(bodyLines) {
    const d = this.data;
    const engine = this.catalog.engines[d.engine];
    if (!engine) {
      this.bad(
        ['engine'],
        `unknown engine '${d.engine}'; the engines are: ${Object.keys(this.catalog.engines).join(', ')}`,
      );
      this.throw();
    }
    /** @type {string[]} */
    const variants = d.variants ?? [d.scenario.variant ?? 'correct'];
    (d.variants ?? []).forEach((/** @type {string} */ v, /** @type {number} */ i) => {
      if (!engine.variants.includes(v))
        this.bad(
          ['variants', i],
          `'${v}' is not a variant of engine ${d.engine}; it has: ${engine.variants.join(', ')}`,
        );
    });
    const variant = d.scenario.variant ?? variants[0];
    if (d.scenario.variant !== undefined && !variants.includes(d.scenario.variant))
      this.bad(
        ['scenario', 'variant'],
        `'${d.scenario.variant}' is not one of the lesson's variants: ${variants.join(', ')}`,
      );
    this.throw();

    const compiled = compileInPlace(this, variants);
    this.throw();
    const scenario = compiled.scenario;
    this.actors = scenario.actors.map((a) => a.name);
    for (const o of scenario.objects) this.objects[o.name] = this.catalog.types[o.type]?.fields ?? [];

    const goal = readGoal(this, variants);
    const bug = d.bug === true;
    if (bug) {
      if (!EXPLORABLE.includes(goal.kind))
        this.bad(
          ['bug'],
          `a bug lesson's goal must be one the explorer can search for (${EXPLORABLE.join(', ')}), so that it can be shown unreachable under correct; this goal is ${goal.kind}`,
        );
      else if ((goal.variant ?? variant) === 'correct')
        this.bad(
          goal.variant ? ['goal', 'variant'] : ['scenario', 'variant'],
          "a bug lesson's goal is reached in a buggy variant, not in correct",
        );
      if (!engine.variants.includes('correct'))
        this.bad(['bug'], `engine ${d.engine} has no variant 'correct'`);
    }
    const proven = d.proven === true;
    if (proven && !bug)
      this.bad(
        ['proven'],
        'only a bug lesson can be proven: proven: true says that its goal is unreachable under correct in every interleaving (add bug: true)',
      );

    const start = scenario.schedule;
    if (d.opening !== undefined && !start)
      this.bad(
        ['opening'],
        'a lesson without a starting schedule (scenario.schedule) opens at step 0: there is nothing to say has happened',
      );
    const solution = readSolution(this, start);
    const beats = readBeats(this, variants);
    const fold = d.fold === undefined ? null : fold_(this, d.fold, variants);
    const hints = readHints(this, variants);
    const questions = readQuestions(this, variants);
    /** @type {Outcome[]} */
    const outcomes = (d.outcomes ?? []).map((/** @type {any} */ o, /** @type {number} */ i) =>
      readOutcome(this, o, ['outcomes', i], variant, engine.variants, start, solution),
    );
    const body = readBody(this, bodyLines);
    checkLanguages(this);
    this.throw();

    const ex = d.explore ?? {};
    return {
      file: this.file,
      id: d.id,
      engine: d.engine,
      variants,
      variant,
      bug,
      proven,
      title: d.title,
      goal,
      body: body.text,
      recap: { en: d.recap.en, 'zh-CN': d.recap['zh-CN'] },
      recapVerify: predicates(this, d.recap.verify, ['recap', 'verify']),
      opening: d.opening ? { en: d.opening.en, 'zh-CN': d.opening['zh-CN'] } : null,
      openingVerify: predicates(this, d.opening?.verify, ['opening', 'verify']),
      realWorld: d.real_world,
      scenario,
      bytecode: compiled.bytecode,
      start,
      solution,
      explore: {
        bound: ex.bound ?? 3,
        maxExecutions: ex.max_executions ?? 100000,
        maxSteps: ex.max_steps ?? 10000,
      },
      beats,
      hints,
      questions,
      fold,
      unlock: d.unlock ?? null,
      outcomes,
      at: positions(this, { goal, beats, hints, questions, body: body.at }),
    };
  }
}
