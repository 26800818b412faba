// @ts-check
/**
 * The lesson parser: a lesson file (Markdown with YAML front matter, see
 * lessons/README.md) in, a normalized lesson out, with its scenario compiled
 * by the scenario compiler (scenario.js).  Shared by `lockstep check` and the
 * web lesson player, so it uses nothing node-specific.
 *
 * Passes, each stopping the parse if it found problems:
 *   1. the file's shape: front matter between '---' lines, then the body
 *   2. YAML syntax (scenario/source.js, the scenario compiler's reader)
 *   3. structure, against lessons/lesson.schema.json (ajv)
 *   4. meaning: engine and variants against the catalog, the goal, names in
 *      matchers and predicates against the scenario, the body's sections,
 *      and the scenario itself, compiled where it stands in the file
 *
 * Every problem names the file, line, column and field, as the scenario
 * compiler's do ("lesson.md:12:5: goal.order[1].lable: is not a known
 * field; ..."); bad input of any kind ends in a LessonError.
 *
 * What the lesson claims (the goal is reachable, the outcomes hold, the beats
 * happen) is checked by running it: wasm/js/cli/check.js.
 */
import { isMap } from 'yaml';
import { Source, fieldName } from './scenario/source.js';
import { Problems, ScenarioError } from './scenario/problems.js';
import { validateWith } from './scenario/validate.js';
import { lessonValidator } from './schemas.js';
import { MAX_SOURCE_CHARS } from './scenario/limits.js';
import { compileScenario } from './scenario.js';
import { parsePredicate, PredicateProblem } from './lesson/predicate.js';
import { EXPLORABLE } from './lesson/play.js';
import { EVENT_KINDS } from './trace.js';

export { formatProblem } from './scenario/problems.js';
export {
  matchEvent,
  matchNext,
  findEvent,
  findOrder,
  goalReached,
  beatsAt,
  hintStage,
  questionDue,
  nextOnSolution,
  scheduleTokens,
  conditionsHold,
  beatsNeedState,
  folds,
  EXPLORABLE,
  goalStepOfRun,
  learnerActions,
} from './lesson/play.js';
export { evaluate, explainFalse } from './lesson/predicate.js';
export { EVENT_KINDS } from './trace.js';

/** @typedef {import('./scenario.js').Catalog} Catalog */
/** @typedef {import('./scenario.js').Scenario} Scenario */
/** @typedef {import('./scenario/problems.js').Problem} Problem */
/** @typedef {import('./scenario/source.js').Path} Path */
/** @typedef {import('./lesson/predicate.js').Predicate} Predicate */
/** @typedef {import('./lesson/play.js').Matcher} Matcher */
/** @typedef {import('./lesson/play.js').Goal} Goal */
/** @typedef {import('./lesson/play.js').Beat} Beat */
/** @typedef {import('./lesson/play.js').HintStage} HintStage */
/** @typedef {import('./lesson/play.js').Question} Question */
/** @typedef {{en: string, 'zh-CN': string}} Text */
/** @typedef {{line: number, column: number}} Position */

/** The languages every text of a lesson is written in. */
export const LANGUAGES = /** @type {const} */ (['en', 'zh-CN']);

/** The largest lesson file read (front matter and body together). */
export const MAX_LESSON_CHARS = 4 * MAX_SOURCE_CHARS;

/** The fields an actor's next action has (state().actors[i].next), plus actor and variant. */
export const NEXT_FIELDS = [
  'actor',
  'variant',
  'kind',
  'object',
  'label',
  'site',
  'width',
  'value',
  'expected',
  'desired',
  'arg',
  'count',
  'target',
  'text',
];

export const GOAL_KINDS = /** @type {const} */ ([
  'stuck',
  'overlap',
  'assertion',
  'violation',
  'order',
  'state',
  'done_without',
]);

const RUN_EXPECT = ['outcome', 'steps', 'stuck', 'violation', 'goal', 'state', 'count', 'order'];
const EXPLORE_EXPECT = ['found', 'kind', 'preemptions', 'executions', 'steps', 'complete', 'goal'];

/** A problem in a lesson: the same shape, format and class as the scenario compiler's. */
export class LessonError extends ScenarioError {
  /** @param {Problem[]} problems @param {number} [more] */
  constructor(problems, more = 0) {
    super(problems, more);
    this.name = 'LessonError';
  }
}

/**
 * @typedef {object} Outcome
 * @property {string} claim
 * @property {'run'|'explore'} how
 * @property {{variant: string, schedule: string|null, scheduleName: 'start'|'solution'|null, policy: 'round-robin'|'manual'}} [run]
 *   schedule: the full schedule to replay (null: none); scheduleName: which of the lesson's it is
 * @property {{variant: string, bound: number, maxExecutions: number}} [explore]
 * @property {Record<string, any>} expect   as written, with matchers and predicates normalized
 * @property {Position} at
 * @property {Position} howAt   where its run: or explore: is
 * @property {Record<string, Position>} expectAt   where each expect key is
 * @property {{of: Position, is: Position}[]} countAt  where each count item's of: and is: are
 * @property {Position[]} orderAt   where each order item is
 */

/**
 * A lesson, ready to play.  Positions (`at`) point into the lesson file; the
 * checker reports problems there.
 * @typedef {object} Lesson
 * @property {string} file
 * @property {string} id
 * @property {number} order
 * @property {string} engine
 * @property {string[]} variants   the variants the learner may pick
 * @property {string} variant      the one the lesson starts in
 * @property {boolean} bug         the goal must not be reachable under `correct`
 * @property {Text} title
 * @property {Goal} goal
 * @property {Text} body           Markdown, per language (not sanitized: the app must)
 * @property {Text} recap          "what you saw"
 * @property {Text} realWorld      where it matters in real systems
 * @property {Scenario} scenario   the compiled scenario's description (scenario.js)
 * @property {Uint8Array} bytecode for new Session(M, bytecode, {variant})
 * @property {string|null} start   the starting schedule (replay it, then hand over to the learner)
 * @property {{schedule: string, tokens: string[]}|null} solution
 *   the whole schedule (start + the learner's part), and the learner's part alone
 * @property {{bound: number, maxExecutions: number, maxSteps: number}} explore
 * @property {Beat[]} beats
 * @property {HintStage[]} hints
 * @property {Question[]} questions
 * @property {Matcher[]|null} fold  next actions Shift+N takes in one go (null: the app's default)
 * @property {'attempt'|'hint'|null} unlock  Play and the explorer wait for the learner's own
 *   first step (attempt) or first hint (hint); null: always available
 * @property {Outcome[]} outcomes
 * @property {LessonPositions} at
 */

/**
 * @typedef {object} LessonPositions
 * @property {Position} file  1:1
 * @property {Position} id
 * @property {Position} order
 * @property {Position} goal
 * @property {Position} bug
 * @property {Position} scenario
 * @property {Position} schedule  the starting schedule (or the scenario)
 * @property {Position} solution
 * @property {Record<string, Position>} body   per language: its heading
 * @property {Position[]} beats    each beat's `when`
 * @property {Position[]} beatVerify  each beat's `verify` (or its `when`)
 * @property {Position[]} hintVerify  each stage's `verify` (or the stage)
 * @property {Position[]} hints    each stage
 * @property {Position[]} hintAfter  each stage's `after` (or the stage)
 * @property {Position[]} hintNext   each stage's `next.actor`
 * @property {Position[]} questions  each question's `before`
 * @property {Position[]} questionVerify  each question's `verify` (or the question)
 * @property {Position[]} questionAfter   each question's `after` (or the question)
 * @property {Position[]} questionVerifyEvent  each question's `verify_event` (or the question)
 * @property {Position[]} goalEvents  order / done_without items
 */

/** Text that is Chinese has at least one CJK ideograph. */
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * Parses and checks a lesson file.
 * @param {string} text  the whole file
 * @param {{file?: string, catalog: Catalog}} options
 * @returns {Lesson}
 * @throws {LessonError}
 */
export function parseLesson(text, { file = 'lesson.md', catalog }) {
  try {
    return new Parser(text, file, catalog).parse();
  } catch (e) {
    if (e instanceof ScenarioError && !(e instanceof LessonError)) throw new LessonError(e.problems);
    if (e instanceof RangeError && /call stack/i.test(e.message))
      throw new LessonError([{ file, line: 1, column: 1, field: 'lesson', message: 'is nested too deeply' }]);
    throw e;
  }
}

class Parser {
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

    const compiled = this.compileScenario(variants);
    this.throw();
    const scenario = compiled.scenario;
    this.actors = scenario.actors.map((a) => a.name);
    for (const o of scenario.objects) this.objects[o.name] = this.catalog.types[o.type]?.fields ?? [];

    const goal = this.goal(variants);
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

    const start = scenario.schedule;
    const solution = this.solution(start);
    /** @type {Beat[]} */
    const beats = (d.beats ?? []).map((/** @type {any} */ b, /** @type {number} */ i) => ({
      when: this.matcher(b.when, ['beats', i, 'when'], variants),
      say: b.say,
      every: b.every === true,
      variant: this.variantList(b.variant, ['beats', i, 'variant'], variants),
      if: this.predicates(b.if, ['beats', i, 'if']),
      verify: this.predicates(b.verify, ['beats', i, 'verify']),
    }));
    const fold = d.fold === undefined ? null : this.fold(d.fold, variants);
    /** @type {HintStage[]} */
    const hints = d.hints.map((/** @type {any} */ h, /** @type {number} */ i) => {
      if (!this.actors.includes(h.next.actor))
        this.bad(
          ['hints', i, 'next', 'actor'],
          `'${h.next.actor}' is not an actor of this lesson (actors: ${this.actors.join(', ')})`,
        );
      return {
        after: h.after ? this.matcher(h.after, ['hints', i, 'after'], variants) : null,
        variant: this.variantList(h.variant, ['hints', i, 'variant'], variants),
        if: this.predicates(h.if, ['hints', i, 'if']),
        verify: this.predicates(h.verify, ['hints', i, 'verify']),
        nudge: h.nudge,
        direction: h.direction,
        next: h.next,
      };
    });
    /** @type {Question[]} */
    const questions = (d.questions ?? []).map((/** @type {any} */ q, /** @type {number} */ i) => {
      const path = ['questions', i];
      for (const key of Object.keys(q.before))
        if (!NEXT_FIELDS.includes(key))
          this.badKey(
            [...path, 'before', key],
            `an actor's next action has no '${key}' yet (it is known only after the step); before: may use ${NEXT_FIELDS.join(', ')}`,
          );
      if (q.answer > q.choices.length)
        this.bad([...path, 'answer'], `is ${q.answer}, but there are only ${q.choices.length} choices`);
      return {
        before: this.matcher(q.before, [...path, 'before'], variants),
        after: q.after ? this.matcher(q.after, [...path, 'after'], variants) : null,
        if: this.predicates(q.if, [...path, 'if']),
        ask: q.ask,
        choices: q.choices,
        answerIndex: q.answer - 1,
        explain: q.explain,
        verify: this.predicates(q.verify, [...path, 'verify']),
        verifyEvent: q.verify_event
          ? this.matcher(q.verify_event, [...path, 'verify_event'], variants)
          : null,
      };
    });
    /** @type {Outcome[]} */
    const outcomes = (d.outcomes ?? []).map((/** @type {any} */ o, /** @type {number} */ i) =>
      this.outcome(o, ['outcomes', i], variant, engine.variants, start, solution),
    );
    const body = this.body(bodyLines);
    this.languages();
    this.throw();

    const ex = d.explore ?? {};
    return {
      file: this.file,
      id: d.id,
      order: d.order,
      engine: d.engine,
      variants,
      variant,
      bug,
      title: d.title,
      goal,
      body: body.text,
      recap: d.recap,
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
      at: {
        file: { line: 1, column: 1 },
        id: this.at(['id']),
        order: this.at(['order']),
        goal: this.at(['goal']),
        bug: this.at(d.bug === undefined ? ['goal'] : ['bug']),
        scenario: this.at(['scenario']),
        schedule: this.at(d.scenario.schedule === undefined ? ['scenario'] : ['scenario', 'schedule']),
        solution: this.at(d.solution === undefined ? ['goal'] : ['solution']),
        body: body.at,
        beats: beats.map((_, i) => this.at(['beats', i, 'when'])),
        beatVerify: beats.map((b, i) =>
          this.at(b.verify.length ? ['beats', i, 'verify'] : ['beats', i, 'when']),
        ),
        hintVerify: hints.map((h, i) => this.at(h.verify.length ? ['hints', i, 'verify'] : ['hints', i])),
        hints: hints.map((_, i) => this.at(['hints', i])),
        hintAfter: hints.map((h, i) => this.at(h.after ? ['hints', i, 'after'] : ['hints', i])),
        hintNext: hints.map((_, i) => this.at(['hints', i, 'next', 'actor'])),
        questions: questions.map((_, i) => this.at(['questions', i, 'before'])),
        questionVerify: questions.map((q, i) =>
          this.at(q.verify.length ? ['questions', i, 'verify'] : ['questions', i]),
        ),
        questionAfter: questions.map((q, i) =>
          this.at(q.after ? ['questions', i, 'after'] : ['questions', i]),
        ),
        questionVerifyEvent: questions.map((q, i) =>
          this.at(q.verifyEvent ? ['questions', i, 'verify_event'] : ['questions', i]),
        ),
        goalEvents: (goal.events ?? []).map((_, i) => this.at(['goal', goal.kind, i])),
      },
    };
  }

  /**
   * Compiles the scenario where it stands: the text handed to the scenario
   * compiler is the front matter with everything but the scenario's value
   * blanked out (so its lines and columns are the file's), followed by the
   * fields the lesson gives it (title, engine, variants).
   * @param {string[]} variants
   */
  compileScenario(variants) {
    const doc = /** @type {import('yaml').Document.Parsed} */ (this.source.doc);
    const node = /** @type {any} */ (doc.get('scenario', true));
    const at = this.at(['scenario']);
    if (!isMap(node) || !node.range) {
      this.bad(['scenario'], 'must be a mapping');
      this.throw();
    }
    const map = /** @type {import('yaml').YAMLMap} */ (node);
    if (map.flow) {
      this.bad(
        ['scenario'],
        'write the scenario as an indented block under scenario: (one key per line), not as {...}',
      );
      this.throw();
    }
    const [startOffset, , endOffset] = /** @type {[number, number, number]} */ (map.range);
    const front = /** @type {string} */ (this.front);
    let body = front.slice(startOffset, endOffset);
    if (!body.endsWith('\n')) body += '\n';
    const lastLine = front.slice(0, startOffset).split('\n').length - 1 + body.split('\n').length - 1;
    const indent = ' '.repeat(at.column - 1);
    const d = this.data;
    const extra = [
      `title: ${JSON.stringify(d.title.en)}`,
      `engine: ${JSON.stringify(d.engine)}`,
      `variants: ${JSON.stringify(variants)}`,
    ];
    const text =
      front.slice(0, startOffset).replace(/[^\n]/g, ' ') +
      body +
      extra.map((l) => indent + l).join('\n') +
      '\n';
    try {
      return compileScenario(text, { file: this.file, catalog: this.catalog });
    } catch (e) {
      if (!(e instanceof ScenarioError)) throw e;
      for (const p of e.problems) {
        if (p.line > lastLine) {
          // A problem with a field the lesson gave: say it there.
          const top = p.field.split(/[.[]/)[0];
          const path =
            top === 'title' ? ['title', 'en'] : top === 'engine' || top === 'variants' ? [top] : ['scenario'];
          this.problems.add(this.at(path), top === 'scenario' ? 'scenario' : p.field, p.message);
        } else {
          this.problems.add(p, p.field === 'scenario' ? 'scenario' : `scenario.${p.field}`, p.message);
        }
      }
      this.throw();
      throw e;
    }
  }

  /**
   * @param {string[]} variants
   * @returns {Goal}
   */
  goal(variants) {
    const g = this.data.goal;
    const kinds = GOAL_KINDS.filter((k) => g[k] !== undefined);
    if (kinds.length !== 1) {
      const has = kinds.length ? `it has ${kinds.join(' and ')}` : 'it has none';
      this.bad(['goal'], `needs exactly one of ${GOAL_KINDS.join(', ')} (${has})`);
      this.throw();
    }
    const kind = kinds[0];
    if (g.at !== undefined && kind !== 'state') this.badKey(['goal', 'at'], 'belongs to a state: goal only');
    if (g.variant !== undefined && !variants.includes(g.variant))
      this.bad(
        ['goal', 'variant'],
        `'${g.variant}' is not one of the lesson's variants: ${variants.join(', ')}`,
      );
    /** @type {Goal} */
    const goal = { text: g.text, kind, variant: g.variant ?? null };
    switch (kind) {
      case 'stuck':
        goal.actors = g.stuck === true ? [] : g.stuck === false ? [] : g.stuck;
        if (g.stuck === false)
          this.bad(['goal', 'stuck'], 'must be true, or the list of actors that must be stuck');
        (goal.actors ?? []).forEach((a, i) => {
          if (!this.actors.includes(a))
            this.bad(
              ['goal', 'stuck', i],
              `'${a}' is not an actor of this lesson (actors: ${this.actors.join(', ')})`,
            );
        });
        break;
      case 'violation':
        if (g.violation === false) this.bad(['goal', 'violation'], 'must be true, or a violation kind');
        goal.violation = typeof g.violation === 'string' ? g.violation : null;
        break;
      case 'order':
      case 'done_without':
        goal.events = g[kind].map((/** @type {any} */ m, /** @type {number} */ i) =>
          this.matcher(m, ['goal', kind, i], variants),
        );
        break;
      case 'state':
        goal.predicates = this.predicates(g.state, ['goal', 'state']);
        goal.at = g.at ?? 'any';
        break;
    }
    return goal;
  }

  /**
   * Checks a matcher's names and normalizes its values to lists.
   * @param {Record<string, unknown>} m
   * @param {Path} path
   * @param {string[]} variants
   * @returns {Matcher}
   */
  matcher(m, path, variants) {
    /** @type {Matcher} */
    const out = {};
    for (const [key, raw] of Object.entries(m)) {
      const values = /** @type {(string|number|boolean)[]} */ (Array.isArray(raw) ? raw : [raw]);
      values.forEach((v, i) => {
        const at = Array.isArray(raw) ? [...path, key, i] : [...path, key];
        if (key === 'kind' && !EVENT_KINDS.includes(String(v)))
          this.bad(at, `'${v}' is not an event kind; the kinds are: ${EVENT_KINDS.join(', ')}`);
        else if ((key === 'actor' || key === 'by' || key === 'target') && !this.actors.includes(String(v)))
          this.bad(at, `'${v}' is not an actor of this lesson (actors: ${this.actors.join(', ')})`);
        else if (key === 'variant' && !variants.includes(String(v)))
          this.bad(at, `'${v}' is not one of the lesson's variants: ${variants.join(', ')}`);
        else if (
          key === 'object' &&
          /^[A-Za-z_][A-Za-z0-9_]*$/.test(String(v)) &&
          !(String(v) in this.objects)
        )
          this.bad(
            at,
            `'${v}' is not an object of this lesson (objects: ${Object.keys(this.objects).join(', ') || 'none'}; engine parts are named like lot[30] or B.parker)`,
          );
        else if (key === 'ok' || key === 'woken') {
          if (typeof v !== 'boolean') this.bad(at, 'must be true or false');
        } else if (
          [
            'step',
            'old',
            'new',
            'value',
            'expected',
            'desired',
            'arg',
            'count',
            'inside',
            'width',
            'op',
            'round',
          ].includes(key)
        ) {
          if (typeof v !== 'number') this.bad(at, 'must be a number');
        } else if (
          ['actor', 'kind', 'object', 'label', 'site', 'by', 'target', 'text', 'check', 'variant'].includes(
            key,
          )
        ) {
          if (typeof v !== 'string') this.bad(at, 'must be a word or a text');
        }
      });
      out[key] = values;
    }
    return out;
  }

  /**
   * A `variant:` condition of a beat or hint stage: a variant or a list of them.
   * @param {string|string[]|undefined} value @param {Path} path @param {string[]} variants
   * @returns {string[]|null}
   */
  variantList(value, path, variants) {
    if (value === undefined) return null;
    const list = Array.isArray(value) ? value : [value];
    list.forEach((v, i) => {
      if (!variants.includes(v))
        this.bad(
          Array.isArray(value) ? [...path, i] : path,
          `'${v}' is not one of the lesson's variants: ${variants.join(', ')}`,
        );
    });
    return list;
  }

  /**
   * `fold:` the next actions Shift+N takes in one go: event kinds (`spin`)
   * or matchers on a next action (`{kind: note, label: spin round}`).
   * @param {unknown[]} list @param {string[]} variants
   * @returns {Matcher[]}
   */
  fold(list, variants) {
    return list.map((item, i) => {
      const path = ['fold', i];
      if (typeof item === 'string') {
        if (!EVENT_KINDS.includes(item))
          this.bad(path, `'${item}' is not an event kind; the kinds are: ${EVENT_KINDS.join(', ')}`);
        return { kind: [item] };
      }
      const m = /** @type {Record<string, unknown>} */ (item);
      for (const key of Object.keys(m))
        if (!NEXT_FIELDS.includes(key))
          this.badKey(
            [...path, key],
            `an actor's next action has no '${key}'; fold: may use ${NEXT_FIELDS.join(', ')}`,
          );
      return this.matcher(m, path, variants);
    });
  }

  /**
   * @param {string|string[]|undefined} value
   * @param {Path} path
   * @returns {Predicate[]}
   */
  predicates(value, path) {
    if (value === undefined) return [];
    const list = Array.isArray(value) ? value : [value];
    /** @type {Predicate[]} */
    const out = [];
    list.forEach((text, i) => {
      const at = Array.isArray(value) ? [...path, i] : path;
      try {
        out.push(
          parsePredicate(text, { objects: this.objects, actors: this.actors, engine: this.data.engine }),
        );
      } catch (e) {
        if (!(e instanceof PredicateProblem)) throw e;
        this.problems.add(this.source.locateIn(at, e.offset), fieldName(at, 'lesson'), e.message);
      }
    });
    return out;
  }

  /**
   * The solution: the learner's choices after the starting schedule.
   * @param {string|null} start
   */
  solution(start) {
    const s = this.data.solution;
    if (s === undefined) return null;
    if (/^\s*v\d/.test(s)) {
      this.bad(
        ['solution'],
        'write only the actor names chosen after the starting schedule ("B B A"), without \'v1:\'',
      );
      return null;
    }
    const tokens = s.split(/\s+/).filter((/** @type {string} */ t) => t);
    let offset = 0;
    for (const t of tokens) {
      offset = s.indexOf(t, offset);
      // v2 choices: `!H` raises handler H, `~T` is a task's turn, `tick` lets a tick fall
      const name = /^\[r:\d+\]$/.test(t) || t === 'tick' ? null : t.replace(/@.*$/, '').replace(/^[!~]/, '');
      if (name !== null && !this.actors.includes(name))
        this.problems.add(
          this.source.locateIn(['solution'], offset),
          'solution',
          `names actor '${name}', which this lesson does not have (actors: ${this.actors.join(', ')})`,
        );
      offset += t.length;
    }
    if (start !== null && !/^v\d+(\s+seed=\d+)?\s*:/.test(start))
      this.bad(
        ['scenario', 'schedule'],
        'a lesson with a solution needs its starting schedule in the readable form ("v1: A B")',
      );
    // a solution that raises an interrupt or lets a tick fall needs schedule v2 (a superset of v1)
    const v2 = tokens.some((/** @type {string} */ t) => t === 'tick' || /^[!~]/.test(t));
    const head = v2 ? (start ?? 'v1:').replace(/^v1\b/, 'v2') : (start ?? 'v1:');
    const schedule = `${head} ${tokens.join(' ')}`.replace(/\s+/g, ' ').trim();
    return { schedule, tokens };
  }

  /**
   * @param {any} o
   * @param {Path} path
   * @param {string} variant  the lesson's starting variant
   * @param {string[]} engineVariants
   * @param {string|null} start
   * @param {{schedule: string}|null} solution
   * @returns {Outcome}
   */
  outcome(o, path, variant, engineVariants, start, solution) {
    const how = o.run && !o.explore ? 'run' : o.explore && !o.run ? 'explore' : null;
    if (!how)
      this.bad(
        path,
        o.run ? 'has both run: and explore:; an outcome checks one of them' : 'needs run: or explore:',
      );
    /** @type {Record<string, Position>} */
    const expectAt = {};
    for (const key of Object.keys(o.expect)) {
      expectAt[key] = this.at([...path, 'expect', key]);
      if (how === 'run' && !RUN_EXPECT.includes(key))
        this.badKey(
          [...path, 'expect', key],
          `is for explore: outcomes; a run: outcome can expect ${RUN_EXPECT.join(', ')}`,
        );
      if (how === 'explore' && !EXPLORE_EXPECT.includes(key))
        this.badKey(
          [...path, 'expect', key],
          `is for run: outcomes; an explore: outcome can expect ${EXPLORE_EXPECT.join(', ')}`,
        );
    }
    const spec = o.run ?? o.explore ?? {};
    const v = spec.variant ?? variant;
    if (!engineVariants.includes(v))
      this.bad(
        [...path, how ?? 'run', 'variant'],
        `'${v}' is not a variant of engine ${this.data.engine}; it has: ${engineVariants.join(', ')}`,
      );
    const expect = { ...o.expect };
    const variants = engineVariants;
    if (expect.count)
      expect.count = expect.count.map((/** @type {any} */ c, /** @type {number} */ i) => ({
        of: this.matcher(c.of, [...path, 'expect', 'count', i, 'of'], variants),
        is: c.is,
      }));
    if (expect.order)
      expect.order = expect.order.map((/** @type {any} */ m, /** @type {number} */ i) =>
        this.matcher(m, [...path, 'expect', 'order', i], variants),
      );
    if (expect.state !== undefined)
      expect.state = this.predicates(expect.state, [...path, 'expect', 'state']);
    (expect.stuck ?? []).forEach((/** @type {string} */ a, /** @type {number} */ i) => {
      if (!this.actors.includes(a))
        this.bad(
          [...path, 'expect', 'stuck', i],
          `'${a}' is not an actor of this lesson (actors: ${this.actors.join(', ')})`,
        );
    });
    /** @type {Outcome} */
    const out = {
      claim: o.claim,
      how: how ?? 'run',
      expect,
      expectAt,
      countAt: (o.expect.count ?? []).map((/** @type {unknown} */ _, /** @type {number} */ j) => ({
        of: this.at([...path, 'expect', 'count', j, 'of']),
        is: this.at([...path, 'expect', 'count', j, 'is']),
      })),
      orderAt: (o.expect.order ?? []).map((/** @type {unknown} */ _, /** @type {number} */ j) =>
        this.at([...path, 'expect', 'order', j]),
      ),
      at: this.at(path),
      howAt: this.at(how ? [...path, how] : path),
    };
    if (how === 'run') {
      // Default: the solution's path when there is one, else the starting run.
      const s = o.run.schedule ?? (this.data.solution !== undefined ? 'solution' : 'start');
      /** @type {string|null} */
      let schedule;
      /** @type {'start'|'solution'|null} */
      let scheduleName = null;
      if (s === 'solution') {
        if (!solution && this.data.solution === undefined)
          this.bad([...path, 'run', 'schedule'], 'the lesson has no solution:');
        schedule = solution?.schedule ?? null;
        scheduleName = 'solution';
      } else if (s === 'start') {
        schedule = start;
        scheduleName = 'start';
      } else {
        schedule = s;
        if (!/^v\d+(\s+seed=\d+)?\s*[:.]/.test(s))
          this.bad(
            [...path, 'run', 'schedule'],
            'must be start, solution, or a schedule ("v1: A B B" or "v1.AQMA")',
          );
      }
      out.run = { variant: v, schedule, scheduleName, policy: o.run.policy ?? 'round-robin' };
    } else if (how === 'explore') {
      const ex = this.data.explore ?? {};
      out.explore = {
        variant: v,
        bound: o.explore.bound ?? ex.bound ?? 3,
        maxExecutions: o.explore.max_executions ?? ex.max_executions ?? 100000,
      };
    }
    return out;
  }

  /**
   * The body: '## en' and '## zh-CN' sections, each the Markdown of one
   * language.
   * @param {string[]} lines  after the closing '---'
   */
  body(lines) {
    const first = this.closeLine + 1;
    /** @type {Record<string, string[]>} */
    const parts = {};
    /** @type {Record<string, Position>} */
    const at = {};
    /** @type {string|null} */
    let current = null;
    lines.forEach((line, i) => {
      const m = /^##\s+(\S+)\s*$/.exec(line);
      const lang = m && /** @type {readonly string[]} */ (LANGUAGES).includes(m[1]) ? m[1] : null;
      if (lang) {
        if (parts[lang])
          this.problems.add(
            { line: first + i, column: 1 },
            'body',
            `has a second '## ${lang}' section (the first is at line ${at[lang].line})`,
          );
        else {
          parts[lang] = [];
          at[lang] = { line: first + i, column: 1 };
        }
        current = lang;
      } else if (current) {
        parts[current].push(line);
      } else if (line.trim() !== '') {
        this.problems.add(
          { line: first + i, column: 1 },
          'body',
          "text before '## en' belongs to no language; start the body with '## en' (then '## zh-CN')",
        );
        current = '?';
        parts['?'] = [];
      }
    });
    /** @type {Record<string, string>} */
    const text = {};
    for (const lang of LANGUAGES) {
      const where = { line: Math.min(first + lines.length - 1, Math.max(first, this.closeLine)), column: 1 };
      if (!parts[lang]) this.problems.add(at.en ?? where, 'body', `needs a '## ${lang}' section`);
      else {
        text[lang] = parts[lang].join('\n').trim();
        if (!text[lang]) this.problems.add(at[lang], `body.${lang}`, 'is empty');
        else if (lang === 'zh-CN' && !CJK.test(text[lang]))
          this.problems.add(at[lang], 'body.zh-CN', 'has no Chinese characters; is it still in English?');
      }
    }
    return { text: /** @type {Text} */ (text), at };
  }

  /** Every zh-CN text must be Chinese (choices, which may be values like 01, excepted). */
  languages() {
    /** @param {unknown} v @param {Path} path */
    const walk = (v, path) => {
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if (k === 'zh-CN' && typeof x === 'string' && path[path.length - 2] !== 'choices' && !CJK.test(x))
            this.bad([...path, k], 'has no Chinese characters; is it still in English?');
          else walk(x, [...path, k]);
        }
      }
    };
    const d = this.data;
    for (const key of ['title', 'goal', 'beats', 'hints', 'questions', 'recap', 'real_world'])
      walk(d[key], [key]);
  }
}
