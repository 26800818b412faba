// @ts-check
/**
 * The scenario compiler: YAML text in, bytecode (core/script/bytecode.h) and
 * a normalized description out.  Shared by the CLI, the node tests and the
 * web app, so it uses nothing node-specific.
 *
 * Three passes, each stopping the compile if it found problems:
 *   1. YAML syntax (scenario/source.js)
 *   2. structure, against scenario.schema.json (scenario/validate.js)
 *   3. meaning, against the engine catalog (scenario/compile.js)
 * then the encoder lays out bytes (scenario/bytecode.js).
 *
 * Bad input of any kind ends in a ScenarioError whose problems each name the
 * file, line, column and field; nothing else is thrown for bad input.
 * The language is described in tests/scenarios/README.md.
 */
import { Source } from './scenario/source.js';
import { Problems, ScenarioError } from './scenario/problems.js';
import { validateStructure } from './scenario/validate.js';
import { Compiler } from './scenario/compile.js';
import { encode } from './scenario/bytecode.js';
import { LIMITS } from './scenario/limits.js';

export { ScenarioError, formatProblem } from './scenario/problems.js';
export { LIMITS, MAX_SOURCE_CHARS } from './scenario/limits.js';

/** @typedef {import('./scenario/compile.js').Scenario} Scenario */
/** @typedef {import('./scenario/compile.js').ScenarioOp} ScenarioOp */
/** @typedef {import('./scenario/compile.js').Catalog} Catalog */
/** @typedef {import('./scenario/problems.js').Problem} Problem */

/**
 * @param {string} text  the YAML
 * @param {{file?: string, catalog: Catalog}} options
 *   file: the name problems report (default "scenario.yaml");
 *   catalog: from catalog(M) in lockstep.js, or `lockstep-run catalog`
 * @returns {{bytecode: Uint8Array, scenario: Scenario}}
 * @throws {ScenarioError}
 */
export function compileScenario(text, { file = 'scenario.yaml', catalog }) {
  try {
    return compile(text, file, catalog);
  } catch (e) {
    // The size cap keeps nesting far below what the passes can recurse
    // through, but should a document still exhaust the stack, say so.
    if (e instanceof RangeError && /call stack/i.test(e.message))
      throw new ScenarioError([
        { file, line: 1, column: 1, field: 'scenario', message: 'is nested too deeply' },
      ]);
    throw e;
  }
}

/** @param {string} text @param {string} file @param {Catalog} catalog */
function compile(text, file, catalog) {
  const problems = new Problems(file);
  if (typeof text !== 'string') {
    problems.add({ line: 1, column: 1 }, 'file', 'is not text');
    problems.throwIfAny();
  }
  const source = new Source(text, problems);
  problems.throwIfAny();
  validateStructure(source.value, source, problems);
  problems.throwIfAny();
  const compiled = new Compiler(source.value, source, problems, catalog, file).run();
  problems.throwIfAny();
  if (!compiled)
    throw new ScenarioError([
      { file, line: 1, column: 1, field: 'scenario', message: 'could not be compiled' },
    ]);
  const { bytes, strings } = encode(compiled.program);
  if (strings > LIMITS.strings)
    problems.add(
      { line: 1, column: 1 },
      'scenario',
      `uses ${strings} different names and texts; the limit is ${LIMITS.strings}`,
    );
  if (bytes.length > LIMITS.bytes)
    problems.add(
      { line: 1, column: 1 },
      'scenario',
      `compiles to ${bytes.length} bytes; the limit is ${LIMITS.bytes}`,
    );
  problems.throwIfAny();
  return { bytecode: bytes, scenario: compiled.scenario };
}
