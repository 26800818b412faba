// @ts-check
/**
 * How a CLI command fails.  A CliError carries the exit status: 2 for bad
 * input (a bad option, a scenario with problems, a schedule that cannot be
 * read), 1 when the tool itself cannot work (the wasm module is not built).
 */
import { escapeControls } from '../escape.js';

export class CliError extends Error {
  /**
   * @param {string} message  printed on stderr, control characters escaped
   *   (the lines of a multi-line message stay lines)
   * @param {number} [status]
   */
  constructor(message, status = 2) {
    super(escapeControls(message, { lines: true }));
    this.name = 'CliError';
    this.status = status;
  }
}
