// @ts-check
/** A lesson's problems travel as a LessonError, a ScenarioError by another name. */
import { ScenarioError } from '../scenario/problems.js';

/** @typedef {import('../scenario/problems.js').Problem} Problem */

/** A problem in a lesson: the same shape, format and class as the scenario compiler's. */
export class LessonError extends ScenarioError {
  /** @param {Problem[]} problems @param {number} [more] */
  constructor(problems, more = 0) {
    super(problems, more);
    this.name = 'LessonError';
  }
}
