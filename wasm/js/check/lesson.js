// @ts-check
/**
 * Everything `lockstep check` verifies about one lesson's text, as a list of
 * problems each with its file, line, column and field.  Shared by the CLI
 * (cli/check.js) and the author page's worker: it reads no file and uses
 * nothing node-specific, so both report the same problems in the same words.
 *
 * Order: the parse (schema, both languages, the scenario compiles, names),
 * then by running it: reach.js (goal reachable, solution, bug), outcomes.js
 * (stated figures), claims.js (beats and hints true on their paths),
 * hints.js, questions.js and matchers.js (everything matches something).
 */
import { LockstepError, catalog as readCatalog } from '../lockstep.js';
import { LessonError, parseLesson } from '../lesson.js';
import { LessonCheck, RunCache } from './runs.js';

export { RunCache };
import { checkReach } from './reach.js';
import { checkOutcomes } from './outcomes.js';
import { checkClaims, checkOpening, checkRecap } from './claims.js';
import { checkHints } from './hints.js';
import { checkQuestions } from './questions.js';
import { checkMatchers } from './matchers.js';

/** @typedef {import('../lesson.js').Lesson} Lesson */
/** @typedef {import('../lesson.js').Problem} Problem */
/** @typedef {import('../lesson.js').Catalog} Catalog */
/** @typedef {import('../lockstep.js').EmscriptenModule} EmscriptenModule */

/**
 * @typedef {object} LessonReport
 * @property {Problem[]} problems  in the order found (callers sort them by position)
 * @property {Lesson|null} lesson  null when the text did not parse
 * @property {number|null} learnerSteps  the solution's steps after the start
 * @property {number|null} learnerActions  the same with fold: applied
 */

/**
 * @param {EmscriptenModule} M
 * @param {string} text  the whole lesson file
 * @param {{file?: string, catalog?: Catalog, cache?: RunCache}} [options]
 *   cache: runs of an earlier check of the same scenario, reused (the author page's worker)
 * @returns {LessonReport}
 */
export function checkLesson(M, text, { file = 'lesson.md', catalog, cache } = {}) {
  let lesson;
  try {
    lesson = parseLesson(text, { file, catalog: catalog ?? readCatalog(M) });
  } catch (e) {
    if (e instanceof LessonError)
      return {
        problems: e.problems,
        lesson: null,
        learnerSteps: null,
        learnerActions: null,
      };
    throw e;
  }
  const c = new LessonCheck(M, lesson, cache);
  try {
    const { startSteps, solutionWalk } = checkReach(c);
    checkOutcomes(c);
    checkClaims(c, startSteps);
    checkRecap(c);
    checkOpening(c, startSteps);
    if (solutionWalk && !solutionWalk.error) {
      checkHints(c, solutionWalk, startSteps);
      checkQuestions(c, solutionWalk, startSteps);
    } else {
      checkQuestions(c, null, startSteps);
    }
    checkMatchers(c, startSteps);
  } catch (e) {
    // What only the C side can check (an object's parameter out of range)
    // stops the checks; say it at the scenario.
    if (!(e instanceof LockstepError)) throw e;
    c.add(lesson.at.scenario, 'scenario', e.message);
  }
  return {
    problems: c.problems,
    lesson,
    learnerSteps: c.learnerSteps,
    learnerActions: c.learnerActions,
  };
}
