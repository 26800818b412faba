// @ts-check
/**
 * How a CLI command fails.  A CliError carries the exit status: 2 for bad
 * input (a bad option, a scenario with problems, a schedule that cannot be
 * read), 1 when the tool itself cannot work (the wasm module is not built).
 */
export class CliError extends Error {
  /** @param {string} message  printed on stderr as it is @param {number} [status] */
  constructor(message, status = 2) {
    super(message);
    this.name = 'CliError';
    this.status = status;
  }
}
