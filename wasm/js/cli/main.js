// @ts-check
/**
 * The `lockstep` command line (bin/lockstep.js): picks the subcommand and
 * turns failures into an exit status.  A subcommand is a module in this
 * folder exporting `usage`, `help` and `run(argv, io)`, listed in COMMANDS.
 */
import * as runCommand from './run.js';
import * as compileCommand from './compile.js';
import * as exploreCommand from './explore.js';
import * as checkCommand from './check.js';
import { CliError } from './errors.js';
import { escapeControls } from '../escape.js';

/**
 * @typedef {object} Command
 * @property {string} usage
 * @property {string} help
 * @property {(argv: string[], io: {stdout: (s: string) => void}) => Promise<number>} run
 */

/** @type {Record<string, Command>} */
const COMMANDS = { run: runCommand, explore: exploreCommand, compile: compileCommand, check: checkCommand };

function overview() {
  const usages = Object.values(COMMANDS).map((c) => `  ${c.usage.replace(/\n/g, '\n  ')}`);
  return `lockstep: run lock and semaphore scenarios on the step-controlled machine

usage:
${usages.join('\n')}
  lockstep help COMMAND    (or lockstep COMMAND --help)

Scenarios are YAML files; the language is described in tests/scenarios/README.md.
Lessons are Markdown files with YAML front matter; see lessons/README.md.
`;
}

/**
 * @param {string[]} argv  without "node" and the script
 * @param {{stdout: (s: string) => void, stderr: (s: string) => void}} io
 * @returns {Promise<number>} the exit status
 */
export async function main(argv, io) {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || (name === 'help' && !rest.length)) {
    io.stdout(overview());
    return 0;
  }
  if (name === 'help' || rest.includes('--help') || rest.includes('-h')) {
    const c = COMMANDS[name === 'help' ? rest[0] : name];
    if (c) {
      io.stdout(c.help + '\n');
      return 0;
    }
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(
      `lockstep: unknown command '${escapeControls(name)}'; the commands are: ${Object.keys(COMMANDS).join(', ')} (see lockstep --help)\n`,
    );
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof CliError) {
      io.stderr(e.message + '\n');
      return e.status;
    }
    throw e;
  }
}
