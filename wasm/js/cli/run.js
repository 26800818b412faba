// @ts-check
/**
 * `lockstep run FILE`: compile a scenario, run it once on the wasm module and
 * report how it ended, with the schedule that reproduces the run.
 */
import { writeFileSync } from 'node:fs';
import { LockstepError } from '../lockstep.js';
import { formatProblem } from '../scenario.js';
import { CliError } from './errors.js';
import { memoryModel, parseOptions, wholeNumber } from './options.js';
import { compileFile, module, openSession } from './scenario-file.js';

export const usage = `lockstep run FILE [--variant V] [--memory sc|tso|ra] [--schedule S] [--policy P]
             [--seed N] [--max-steps N] [--trace OUT.jsonl] [--json]`;

export const help = `${usage}

Runs the scenario FILE (YAML) once and prints the outcome (done, stuck,
violation, limit, or error if a schedule diverged), the number of steps and
the schedule that reproduces the run.  Prints the same, byte for byte, as
build/native/lockstep-run run FILE.bc.  The schedule line writes a run of
four or more equal entries with a count ("tick*399"; every schedule reader
takes it back) and shows its first 64 entries when there are more; --json
prints the whole schedule.

  --variant V     the engine variant (default: the scenario's variant:)
  --memory M      the memory model: sc (one order of accesses), tso (x86
                  store buffers; flushes are choices) or ra (C11
                  release/acquire; which store a load reads is a choice);
                  default: the scenario's memory:, else sc
  --schedule S    replay S first ("v1: A B*3", "v2: A !H tick" or "v1.AQMA"),
                  then go on with the policy (default: the scenario's
                  schedule:, if any; 'v1:' for none)
  --policy P      round-robin (default), random, priority (the highest-
                  priority actor's step), pct (seeded random priorities) or
                  manual (stop at the next choice once the schedule is used up)
  --seed N        seed for the random policy and random values (default 0)
  --max-steps N   stop after N steps (default 100000)
  --trace OUT     write the event trace to OUT as JSON Lines
  --json          print one JSON object: outcome, steps, schedule,
                  virtual_time, stuck, violation, prints, note

Exit status: 0 when the run executed, whatever its outcome: error when a
valid schedule diverged from the run.  Entries left over when the run ended
are a note ("the schedule has 7 entries more than the run used"), not an
error.  2 for bad input: a bad option, a scenario with problems, or a
schedule that is empty, cannot be read, names an actor the scenario lacks, or
has a fingerprint without an object (A@cas:).`;

/** The options it takes: the same table as lockstep-run's (core/runner/main.c). */
export const OPTIONS = /** @type {import('./options.js').OptionSpec} */ (
  Object.freeze({
    '--variant': 'string',
    '--memory': 'string',
    '--schedule': 'string',
    '--policy': 'string',
    '--seed': 'string',
    '--max-steps': 'string',
    '--trace': 'string',
    '--json': 'flag',
  })
);

const POLICIES = ['round-robin', 'random', 'priority', 'pct', 'manual'];

/**
 * @param {string[]} argv  the arguments after "run"
 * @param {{stdout: (s: string) => void}} io
 * @returns {Promise<number>} the exit status
 */
export async function run(argv, io) {
  const cmd = 'lockstep run';
  const { positional, options } = parseOptions(cmd, argv, OPTIONS);
  if (positional.length !== 1) throw new CliError(`usage: ${usage}`);
  const policy = /** @type {'round-robin'|'random'|'priority'|'pct'|'manual'} */ (
    String(options['--policy'] ?? 'round-robin')
  );
  if (!POLICIES.includes(policy))
    throw new CliError(`${cmd}: --policy must be ${POLICIES.join(', ')}, not '${policy}'`);
  const seed = wholeNumber(cmd, '--seed', options['--seed'], 0);
  const maxSteps = wholeNumber(cmd, '--max-steps', options['--max-steps'], 100000);

  const memory = memoryModel(cmd, options['--memory']);
  const M = await module();
  const compiled = compileFile(cmd, positional[0], M);
  const { scenario } = compiled;
  const variant = String(options['--variant'] ?? scenario.variant);
  if (!scenario.variants.includes(variant))
    throw new CliError(
      `${cmd}: --variant: '${variant}' is not a variant of ${scenario.file}; it has: ${scenario.variants.join(', ')}`,
    );
  const fromOption = options['--schedule'] !== undefined;
  const schedule = fromOption ? String(options['--schedule']) : (scenario.schedule ?? undefined);
  // An empty --schedule is most likely an empty shell variable: refused, as
  // lockstep-run refuses it.  'v1:' is the schedule with no entries.
  if (fromOption && /^[ \t\n\r\v\f]*$/.test(String(schedule)))
    throw new CliError(`${cmd}: --schedule: is empty; write 'v1:' for a schedule with no entries`);

  const session = openSession(M, compiled, { variant, seed, memory });
  try {
    try {
      session.run({ policy, schedule, seed, maxSteps });
    } catch (e) {
      if (!(e instanceof LockstepError)) throw e;
      // A schedule that diverged ended the run with an error outcome, which
      // is a result like any other.  One that could not even be read, or
      // names an actor the scenario lacks, is bad input: nothing ran.
      if (session.summary().outcome !== 'error') {
        const message = e.message.replace(/^schedule: /, '');
        if (fromOption || !scenario.scheduleAt) throw new CliError(`${cmd}: --schedule: ${message}`);
        const { line, column } = scenario.scheduleAt;
        throw new CliError(
          formatProblem({
            file: scenario.file,
            line,
            column,
            field: 'schedule',
            message,
          }),
        );
      }
    }
    if (options['--trace'] !== undefined) {
      const out = String(options['--trace']);
      try {
        writeFileSync(out, session.traceText(0));
      } catch (e) {
        throw new CliError(`${cmd}: cannot write ${out}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    // The report is written by the C side, the same code the native runner
    // prints with (core/sim/report.c), so the two print the same bytes.
    io.stdout(options['--json'] ? session.report('json') + '\n' : session.report('text'));
    return 0;
  } finally {
    session.free();
  }
}
