// @ts-check
/**
 * Command-line options: `--name value`, `--name=value` and flags, checked
 * against what a command declares, with messages that say what is wrong.
 */
import { CliError } from './errors.js';
import { MEMORY_MODELS } from '../scenario/limits.js';

/**
 * @typedef {Record<string, 'string'|'flag'>} OptionSpec  e.g. {'--seed': 'string', '--json': 'flag'}
 */

/**
 * @param {string} command  for messages ("lockstep run")
 * @param {string[]} argv
 * @param {OptionSpec} spec
 * @returns {{positional: string[], options: Record<string, string|true>}}
 */
export function parseOptions(command, argv, spec) {
  /** @type {string[]} */
  const positional = [];
  /** @type {Record<string, string|true>} */
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('-') || arg === '-') {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const kind = spec[name];
    if (!kind) throw new CliError(`${command}: unknown option ${name} (see lockstep --help)`);
    if (name in options) throw new CliError(`${command}: ${name} is given twice`);
    if (kind === 'flag') {
      if (eq > 0) throw new CliError(`${command}: ${name} takes no value`);
      options[name] = true;
    } else if (eq > 0) {
      options[name] = arg.slice(eq + 1);
    } else {
      if (i + 1 >= argv.length) throw new CliError(`${command}: ${name} needs a value`);
      options[name] = argv[++i];
    }
  }
  return { positional, options };
}

/**
 * A whole number option, from 0 to 2^53 - 1 (what JavaScript holds exactly).
 * @param {string} command @param {string} name @param {string|true|undefined} value @param {number} fallback
 */
export function wholeNumber(command, name, value, fallback) {
  if (value === undefined) return fallback;
  const n = /^[0-9]+$/.test(String(value)) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n))
    throw new CliError(
      `${command}: ${name} must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, not '${value}'`,
    );
  return n;
}

/**
 * A time in seconds (--max-seconds), as lockstep-run reads it: above 0, below
 * 1000000, at most three decimals; 0 when not given.
 * @param {string} command @param {string} name @param {string|true|undefined} value
 */
export function seconds(command, name, value) {
  if (value === undefined) return 0;
  const n = /^[0-9]{1,6}(\.[0-9]{1,3})?$/.test(String(value)) ? Number(value) : 0;
  if (!(n > 0))
    throw new CliError(
      `${command}: ${name} must be a number of seconds above 0 and below 1000000, with at most three decimals (30, 0.5), not '${value}'`,
    );
  return n;
}

/**
 * The memory model --memory names (undefined: the scenario's own), refused
 * in lockstep-run's words when it is not one.
 * @param {string} command
 * @param {string|true|undefined} value
 * @returns {string|undefined}
 */
export function memoryModel(command, value) {
  if (value === undefined) return undefined;
  const name = String(value);
  if (!MEMORY_MODELS.includes(name))
    throw new CliError(`${command}: --memory must be ${MEMORY_MODELS.join(', ')}, not '${name}'`);
  return name;
}
