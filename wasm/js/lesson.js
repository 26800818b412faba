// @ts-check
/**
 * The lesson parser: a lesson file (Markdown with YAML front matter, see
 * lessons/README.md) in, a normalized lesson out, with its scenario compiled
 * by the scenario compiler (scenario.js).  Shared by `lockstep check` and the
 * web lesson player, so it uses nothing node-specific.
 *
 * The parse's passes are lesson/parser.js and the files it names; this
 * file is the face the CLI, the checks and the web app import.
 *
 * Every problem names the file, line, column and field, as the scenario
 * compiler's do ("lesson.md:12:5: goal.order[1].lable: is not a known
 * field; ..."); bad input of any kind ends in a LessonError.
 *
 * What the lesson claims (the goal is reachable, the outcomes hold, the beats
 * happen) is checked by running it: wasm/js/check/.
 */
import { ScenarioError } from './scenario/problems.js';
import { LessonError } from './lesson/error.js';
import { Parser } from './lesson/parser.js';

export { LessonError } from './lesson/error.js';
export { MAX_LESSON_CHARS } from './lesson/parser.js';
export { LANGUAGES, DRAFT_MARK } from './lesson/languages.js';
export { NEXT_FIELDS } from './lesson/names.js';
export { GOAL_KINDS } from './lesson/goal.js';
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
 * @property {string} engine
 * @property {string[]} variants   the variants the learner may pick
 * @property {string} variant      the one the lesson starts in
 * @property {boolean} bug         the goal must not be reachable under `correct`
 * @property {boolean} proven      and not in any interleaving: the complete search proves it
 * @property {Text} title
 * @property {Goal} goal
 * @property {Text} body           Markdown, per language (not sanitized: the app must)
 * @property {Text} recap          "what you saw"
 * @property {import('./lesson/predicate.js').Predicate[]} recapVerify  what the recap claims of the state when the goal is reached (checked by lockstep check on every run that reaches it)
 * @property {Text|null} opening   what the starting schedule has done, said when the lesson opens (null: the app's own sentence)
 * @property {import('./lesson/predicate.js').Predicate[]} openingVerify  what the opening claims of the state after the starting schedule (checked by lockstep check in every variant)
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
 * @property {Position} engine
 * @property {Position} goal
 * @property {Position} bug
 * @property {Position} proven
 * @property {Position} scenario
 * @property {Position} schedule  the starting schedule (or the scenario)
 * @property {Position} solution
 * @property {Record<string, Position>} body   per language: its heading
 * @property {Position[]} beats    each beat's `when`
 * @property {Position} recapVerify  the recap's `verify` (or the recap)
 * @property {Position} openingVerify  the opening's `verify` (or the opening, or the scenario)
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
