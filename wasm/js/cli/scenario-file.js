// @ts-check
/**
 * Reading a scenario file (or a link carrying one, or a lesson) for a command: compile it against the module's
 * catalog, and turn every kind of bad input into a CliError (exit 2) whose
 * message names the file, the line and the field.
 */
import { readFileSync, statSync } from 'node:fs';
import { loadModule } from '../node.js';
import { LockstepError, Session, catalog } from '../lockstep.js';
import { MAX_SOURCE_CHARS, ScenarioError, compileScenario, formatProblem } from '../scenario.js';
import { CliError } from './errors.js';
import { escapeControls } from '../escape.js';
import { sessionProblem } from '../check/scenario.js';
import { parseLesson } from '../lesson.js';
import { isLink } from '../link.js';
import { readLink } from './link-file.js';

/** @typedef {import('../lockstep.js').EmscriptenModule} EmscriptenModule */
/** @typedef {import('../scenario.js').Scenario} Scenario */

/** The wasm module, loaded once per process. */
export async function module() {
  try {
    return await loadModule();
  } catch (e) {
    throw new CliError(`lockstep: ${e instanceof Error ? e.message : String(e)}`, 1);
  }
}

/**
 * @param {string} command  for messages
 * @param {string} file
 * @param {EmscriptenModule} M
 * @returns {{bytecode: Uint8Array, scenario: Scenario}}
 */
export function compileFile(command, file, M) {
  if (isLink(file)) return compileLink(command, file, M);
  let text;
  try {
    // A file far larger than any scenario is refused before it is read.
    const size = statSync(file).size;
    if (size > 4 * MAX_SOURCE_CHARS)
      throw new CliError(
        formatProblem({
          file,
          line: 1,
          column: 1,
          field: 'file',
          message: `is ${size} bytes long; a scenario may be at most ${MAX_SOURCE_CHARS} characters`,
        }),
      );
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof CliError) throw e;
    const err = /** @type {NodeJS.ErrnoException} */ (e);
    const why =
      err.code === 'ENOENT' ? 'no such file' : err.code === 'EISDIR' ? 'it is a directory' : err.message;
    throw new CliError(`${command}: cannot read ${escapeControls(file)}: ${why}`);
  }
  try {
    return compileScenario(text, { file, catalog: catalog(M) });
  } catch (e) {
    if (e instanceof ScenarioError) throw new CliError(e.message);
    throw e;
  }
}

/**
 * The scenario a link carries, or the scenario of the lesson it carries.
 * @param {string} command @param {string} link @param {EmscriptenModule} M
 * @returns {{bytecode: Uint8Array, scenario: Scenario}}
 */
function compileLink(command, link, M) {
  const { text, file, kind } = readLink(command, link);
  try {
    if (kind === 'lesson') {
      const { bytecode, scenario } = parseLesson(text, {
        file,
        catalog: catalog(M),
      });
      return { bytecode, scenario };
    }
    return compileScenario(text, { file, catalog: catalog(M) });
  } catch (e) {
    if (e instanceof ScenarioError) throw new CliError(e.message);
    throw e;
  }
}

/**
 * A session for a compiled scenario.  The C side checks what the compiler
 * cannot know (an object's parameter out of the type's range); its message
 * ("object 'c' (counter): initial must be ...") is pointed back at the
 * object's line.
 * @param {EmscriptenModule} M
 * @param {{bytecode: Uint8Array, scenario: Scenario}} compiled
 * @param {{variant: string, seed: number, memory?: string}} options
 */
export function openSession(M, { bytecode, scenario }, options) {
  try {
    return new Session(M, bytecode, options);
  } catch (e) {
    if (!(e instanceof LockstepError)) throw e;
    const p = sessionProblem(e, scenario);
    if (p) throw new CliError(formatProblem(p));
    throw new CliError(`${scenario.file}: ${e.message}`);
  }
}
