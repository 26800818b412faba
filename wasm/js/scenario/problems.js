// @ts-check
/**
 * How the scenario compiler reports bad input: a ScenarioError listing
 * problems, each naming the file, the line and column, and the field.
 */
import { MAX_PROBLEMS } from './limits.js';
import { escapeControls } from '../escape.js';

/**
 * @typedef {object} Problem
 * @property {string} file     as given to compileScenario ("tests/x.yaml")
 * @property {number} line     1-based
 * @property {number} column   1-based
 * @property {string} field    where in the scenario: "actors.B[2]", "objects.total.initial"
 * @property {string} message  what is wrong, in words
 */

/**
 * "file:line:col: field: message", the form every tool prints; on one line,
 * whatever the input held (a problem made by hand may quote it raw).
 */
export function formatProblem(/** @type {Problem} */ p) {
  return escapeControls(`${p.file}:${p.line}:${p.column}: ${p.field}: ${p.message}`);
}

export class ScenarioError extends Error {
  /**
   * @param {Problem[]} problems  at least one
   * @param {number} [more]       problems found beyond those listed
   */
  constructor(problems, more = 0) {
    const lines = problems.map(formatProblem);
    if (more > 0) lines.push(`(and ${more} more ${more === 1 ? 'problem' : 'problems'})`);
    super(lines.join('\n'));
    this.name = 'ScenarioError';
    /** @type {Problem[]} */
    this.problems = problems;
  }
}

/**
 * Collects problems while a pass goes on, so one run reports all it can find
 * (up to MAX_PROBLEMS), sorted by position.
 */
export class Problems {
  /** @param {string} file */
  constructor(file) {
    this.file = file;
    /** @type {Problem[]} */
    this.list = [];
    this.more = 0;
  }

  /**
   * @param {{line: number, column: number}} at
   * @param {string} field
   * @param {string} message
   */
  add(at, field, message) {
    if (this.list.length >= MAX_PROBLEMS) {
      this.more++;
      return;
    }
    // Fields are keys of the input and messages quote it: shown escaped
    // wherever a problem goes (the terminal, the page).
    this.list.push({
      file: this.file,
      line: at.line,
      column: at.column,
      field: escapeControls(field),
      message: escapeControls(message),
    });
  }

  get any() {
    return this.list.length > 0;
  }

  /** Throws a ScenarioError if anything was added. */
  throwIfAny() {
    if (!this.any) return;
    const sorted = [...this.list].sort((a, b) => a.line - b.line || a.column - b.column);
    throw new ScenarioError(sorted, this.more);
  }
}
