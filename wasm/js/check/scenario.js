// @ts-check
/**
 * Everything `lockstep compile` verifies about a scenario's text: the
 * compiler's problems (file:line:col: field: message), then what only the C
 * side can check (an object's parameter out of its type's range), pointed
 * back at the object's line, then whether its expect: holds (expect.js).
 * Shared by the CLI and the author page's worker.
 */
import { LockstepError, Session, catalog as readCatalog } from '../lockstep.js';
import { ScenarioError, compileScenario } from '../scenario.js';
import { checkExpect } from './expect.js';

/** @typedef {import('../scenario.js').Scenario} Scenario */
/** @typedef {import('../scenario/problems.js').Problem} Problem */
/** @typedef {import('../lesson.js').Catalog} Catalog */
/** @typedef {import('../lockstep.js').EmscriptenModule} EmscriptenModule */

/**
 * The problem a refused session means, at the object it names when it names
 * one ("object 'c' (counter): initial must be ..."), else at the file.
 * @param {LockstepError} e @param {Scenario} scenario
 * @returns {Problem|null}  null when no object is named (the message stands alone)
 */
export function sessionProblem(e, scenario) {
  const m = /^object '([^']+)' \([^)]*\): (.*)$/s.exec(e.message);
  const o = m && scenario.objects.find((x) => x.name === m[1]);
  if (!m || !o) return null;
  return {
    file: scenario.file,
    line: o.line,
    column: o.column,
    field: `objects.${o.name}`,
    message: m[2],
  };
}

/**
 * @param {EmscriptenModule} M
 * @param {string} text  the whole scenario file (YAML)
 * @param {{file?: string, catalog?: Catalog}} [options]
 * @returns {{problems: Problem[], compiled: {bytecode: Uint8Array, scenario: Scenario}|null}}
 */
export function checkScenario(M, text, { file = 'scenario.yaml', catalog } = {}) {
  let compiled;
  try {
    compiled = compileScenario(text, {
      file,
      catalog: catalog ?? readCatalog(M),
    });
  } catch (e) {
    if (e instanceof ScenarioError) return { problems: e.problems, compiled: null };
    throw e;
  }
  return { problems: checkCompiled(M, compiled), compiled };
}

/**
 * What a compiled scenario still has to pass: its session opens (the C
 * side's checks), and its expect: holds.
 * @param {EmscriptenModule} M
 * @param {{bytecode: Uint8Array, scenario: Scenario}} compiled
 * @returns {Problem[]}
 */
export function checkCompiled(M, compiled) {
  try {
    new Session(M, compiled.bytecode, {
      variant: compiled.scenario.variant,
      seed: 0,
    }).free();
  } catch (e) {
    if (!(e instanceof LockstepError)) throw e;
    const p = sessionProblem(e, compiled.scenario) ?? {
      file: compiled.scenario.file,
      line: 1,
      column: 1,
      field: 'scenario',
      message: e.message,
    };
    return [p];
  }
  return checkExpect(M, compiled);
}
