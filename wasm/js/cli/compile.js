// @ts-check
/**
 * `lockstep compile FILE -o OUT.bc`: the bytecode the C side runs, for the
 * native runner (build/native/lockstep-run run OUT.bc) and for tests.
 */
import { writeFileSync } from 'node:fs';
import { CliError } from './errors.js';
import { escapeControls } from '../escape.js';
import { parseOptions } from './options.js';
import { compileFile, module } from './scenario-file.js';
import { checkCompiled } from '../check/scenario.js';
import { formatProblem } from '../scenario.js';

export const usage = 'lockstep compile FILE -o OUT.bc';

export const help = `${usage}

Checks the scenario FILE (YAML) and writes its bytecode to OUT.bc
(format: core/script/bytecode.h).  The checks are the author page's: the
file compiles, its objects' parameters are in range, and its expect: holds
for the default run (its variant, its schedule:, then round-robin); each
problem is printed as FILE:LINE:COL: FIELD: MESSAGE and nothing is written.
Exit status: 0, or 2 for bad input.`;

/**
 * @param {string[]} argv  the arguments after "compile"
 * @param {{stdout: (s: string) => void}} _io  (it prints nothing)
 * @returns {Promise<number>}
 */
export async function run(argv, _io) {
  const cmd = 'lockstep compile';
  const { positional, options } = parseOptions(cmd, argv, { '-o': 'string', '--output': 'string' });
  if (options['-o'] !== undefined && options['--output'] !== undefined)
    throw new CliError(`${cmd}: -o and --output are the same option; give it once`);
  const out = options['-o'] ?? options['--output'];
  if (positional.length !== 1 || out === undefined) throw new CliError(`usage: ${usage}`);
  const M = await module();
  const compiled = compileFile(cmd, positional[0], M);
  const problems = checkCompiled(M, compiled);
  if (problems.length) throw new CliError(problems.map(formatProblem).join('\n'));
  const { bytecode } = compiled;
  try {
    writeFileSync(String(out), bytecode);
  } catch (e) {
    throw new CliError(
      `${cmd}: cannot write ${escapeControls(out)}: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  return 0;
}
