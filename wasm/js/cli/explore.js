// @ts-check
/**
 * `lockstep explore FILE`: search the scenario's schedules for a bad
 * interleaving (stuck, overlap, failed assertion, misuse, an engine check),
 * then replay the one found with the full trace and report it.
 */
import { writeFileSync } from 'node:fs';
import { CliError } from './errors.js';
import { memoryModel, parseOptions, seconds, wholeNumber } from './options.js';
import { cJson } from './output.js';
import { compileFile, module, openSession } from './scenario-file.js';

export const usage = `lockstep explore FILE [--variant V] [--memory sc|tso|ra] [--bound K|none] [--max-executions N]
             [--strategy dfs|random|pct] [--seed N] [--max-steps N] [--max-total-steps N]
             [--max-seconds S] [--no-prune] [--stateful] [--dpor] [--max-states N] [--workers N]
             [--trace OUT.jsonl] [--json]`;

export const help = `${usage}

Searches the schedules of the scenario FILE for a run that ends badly: stuck,
two actors in the critical section at once, a failed assertion, misuse, or an
engine's own check.  The default strategy, dfs, tries schedules with 0, 1, 2,
... preemptions up to the bound, so the counterexample it reports needs the
fewest preemptions; runs that only reorder independent steps are skipped.
--bound none searches every interleaving instead: "no violation in any
interleaving" is then a proof for this scenario.  It runs the faster of two
complete searches: where states can be remembered (sc memory, not the
executor's model) the stateful one, sleep sets over the states it meets, each
remembered, so runs that reach a state met before stop there (its report also
counts the states); elsewhere dynamic partial-order reduction (about one run
per class of runs that differ only in the order of commuting steps).
--stateful and --dpor ask for one of the two.
random and pct sample schedules instead (never complete).  A search always
ends: each run stops at --max-steps, the whole search at --max-total-steps,
or at --max-seconds when given.
In text mode it says how far it got on stderr every second.

  --variant V          the engine variant (default: the scenario's variant:)
  --memory M           the memory model: sc, tso or ra (default: the scenario's
                       memory:, else sc)
  --bound K|none       dfs: the most preemptions to try (default 3); none: no
                       bound, every interleaving
  --max-executions N   stop after N runs (default 1000000; 0: no limit on runs,
                       the search still stops at --max-total-steps)
  --strategy S         dfs (default), random or pct
  --seed N             for random and pct (default 0)
  --max-steps N        a run longer than N steps is reported (default 10000); if
                       every run reaches it, the reason says the program may
                       not terminate
  --max-total-steps N  stop when the runs took N steps in all (default
                       20000000, at least 1)
  --max-seconds S      stop after S seconds (above 0, up to three decimals:
                       30, 0.5); the report says it stopped there, incomplete
                       (default: no time limit)
  --no-prune           dfs without sleep sets (to compare)
  --stateful           the complete search by states remembered (implies
                       --bound none)
  --dpor               with --bound none: the complete search by partial-order
                       reduction, even where states could be remembered
  --max-states N       the states it remembers at most (default 67108864, at
                       least 1); at the limit it stops, incomplete, and says so
  --workers N          split the complete search (--bound none), or random or
                       pct walks, over N processes (lockstep-run only;
                       default 1)
  --trace OUT          write the counterexample's trace to OUT as JSON Lines
  --json               print one JSON object: found, kind, schedule, steps,
                       preemptions, executions, pruned, states, search (which
                       search it was: stateful, dpor, bounded, random, pct),
                       fell_back (the stateful search gave way to DPOR), bound,
                       complete, elapsed_ms, reason; under ra, when it found
                       one, reads: which store each load that read an older
                       one read

Exit status: 0 when the search ran (whatever it found), 2 for bad input.`;

/** The options it takes: the same table as lockstep-run's (core/runner/main.c). */
export const OPTIONS = /** @type {import('./options.js').OptionSpec} */ (
  Object.freeze({
    '--variant': 'string',
    '--memory': 'string',
    '--bound': 'string',
    '--max-executions': 'string',
    '--strategy': 'string',
    '--seed': 'string',
    '--max-steps': 'string',
    '--max-total-steps': 'string',
    '--max-seconds': 'string',
    '--no-prune': 'flag',
    '--stateful': 'flag',
    '--dpor': 'flag',
    '--max-states': 'string',
    '--workers': 'string',
    '--trace': 'string',
    '--json': 'flag',
  })
);

const STRATEGIES = ['dfs', 'random', 'pct'];

/**
 * One line of progress (stderr, text mode): how far the search got, as the
 * native runner's (core/runner/main.c): the stateful search's states, or
 * DPOR's estimate (its share of the tree done, core/sim/estimate.c) of the
 * executions in all and the seconds left.
 * @param {{executions: number, bound: number, totalSteps: number, done?: number, states?: number}} p
 * @param {number} elapsedMs
 */
export function progressLine(p, elapsedMs) {
  const bound = p.bound >= 0 ? `, bound ${p.bound}` : ''; // random and pct have none
  let tail = '';
  if (p.states) {
    // (Knuth's estimate would count the tree the remembered states cut short)
    tail = `, ${p.states} states remembered`;
  } else if (p.bound < 0 && p.done && p.done > 0) {
    const all = p.executions / p.done;
    const rate = p.executions / (elapsedMs / 1000);
    tail = `, about ${all.toFixed(0)} in all, about ${(rate > 0 ? (all - p.executions) / rate : 0).toFixed(0)} s left`;
  }
  return `explore: ${p.executions} executions${bound}, ${p.totalSteps} steps, ${(elapsedMs / 1000).toFixed(1)} s${tail}\n`;
}

/**
 * @param {string[]} argv
 * @param {{stdout: (s: string) => void, stderr?: (s: string) => void}} io
 */
export async function run(argv, io) {
  const cmd = 'lockstep explore';
  const { positional, options } = parseOptions(cmd, argv, OPTIONS);
  if (positional.length !== 1) throw new CliError(`usage: ${usage}`);
  const strategy = /** @type {'dfs'|'random'|'pct'} */ (String(options['--strategy'] ?? 'dfs'));
  if (!STRATEGIES.includes(strategy))
    throw new CliError(`${cmd}: --strategy must be ${STRATEGIES.join(', ')}, not '${strategy}'`);
  const boundText = options['--bound'];
  if (boundText !== undefined && boundText !== 'none' && !/^[0-9]/.test(String(boundText)))
    throw new CliError(`${cmd}: --bound must be none or a whole number from 0 to 64, not '${boundText}'`);
  // none: every interleaving (the complete search); K: at most K preemptions
  const bound = boundText === 'none' ? -1 : wholeNumber(cmd, '--bound', boundText, 3);
  if (bound > 64) throw new CliError(`${cmd}: --bound must be at most 64, not ${bound}`);
  const maxExecutions = wholeNumber(cmd, '--max-executions', options['--max-executions'], 1000000);
  const seed = wholeNumber(cmd, '--seed', options['--seed'], 0);
  const maxSteps = wholeNumber(cmd, '--max-steps', options['--max-steps'], 10000);
  const stateful = options['--stateful'] !== undefined;
  if (
    stateful &&
    (strategy !== 'dfs' ||
      (boundText !== undefined && bound >= 0) ||
      options['--no-prune'] ||
      options['--workers'] !== undefined)
  )
    throw new CliError(
      `${cmd}: --stateful is the complete search with sleep sets on one worker: not with --bound K, --strategy random or pct, --no-prune or --workers`,
    );
  if (options['--dpor'] !== undefined && (stateful || strategy !== 'dfs' || bound >= 0))
    throw new CliError(
      `${cmd}: --dpor is the complete search by partial-order reduction: give --bound none (and dfs), not --stateful`,
    );
  // 0 here takes the explorer's default; a search without a total limit
  // might never end, so 0 is refused.
  const maxTotalSteps = wholeNumber(cmd, '--max-total-steps', options['--max-total-steps'], 0);
  if (options['--max-total-steps'] !== undefined && maxTotalSteps < 1)
    throw new CliError(`${cmd}: --max-total-steps must be at least 1 (a search must end), not 0`);
  const maxStates = wholeNumber(cmd, '--max-states', options['--max-states'], 0);
  if (options['--max-states'] !== undefined && maxStates < 1)
    throw new CliError(`${cmd}: --max-states must be at least 1, not 0`);
  const maxSeconds = seconds(cmd, '--max-seconds', options['--max-seconds']);
  const workers = wholeNumber(cmd, '--workers', options['--workers'], 1);
  if (workers < 1 || workers > 64)
    throw new CliError(`${cmd}: --workers must be a whole number from 1 to 64, not ${workers}`);
  if (workers > 1 && strategy === 'dfs' && bound >= 0)
    throw new CliError(
      `${cmd}: --workers splits the complete search and the walks: give --bound none, or --strategy random or pct`,
    );
  // This command line runs one wasm instance; the split search and the split
  // walks run natively (lockstep-run), the split search in the app's Web
  // Workers too.
  if (workers > 1)
    throw new CliError(
      `${cmd}: --workers ${workers}: this command line searches in one worker; use lockstep-run`,
    );

  // (for tests: a complete search's steps alone before it goes on as units,
  // 1: at once, as lockstep-run reads it; core/sim/complete.c)
  const aloneText = process.env.LOCKSTEP_ALONE_STEPS;
  const aloneSteps = aloneText ? Number(aloneText) : 0;
  if (aloneText && !(/^[0-9]+$/.test(aloneText) && aloneSteps >= 1 && aloneSteps <= 1e12))
    throw new CliError(
      `${cmd}: LOCKSTEP_ALONE_STEPS must be a whole number of steps from 1 to 1000000000000, not '${aloneText}'`,
    );

  const memory = memoryModel(cmd, options['--memory']);
  const M = await module();
  const compiled = compileFile(cmd, positional[0], M);
  const { scenario } = compiled;
  const variant = String(options['--variant'] ?? scenario.variant);
  if (!scenario.variants.includes(variant))
    throw new CliError(
      `${cmd}: --variant: '${variant}' is not a variant of ${scenario.file}; it has: ${scenario.variants.join(', ')}`,
    );

  const session = openSession(M, compiled, { variant, seed, memory });
  try {
    const t0 = performance.now();
    session.exploreStart({
      strategy,
      bound,
      maxExecutions,
      maxSteps,
      maxTotalSteps,
      seed,
      prune: !options['--no-prune'],
      // --bound none: the stateful search where it fits, as lockstep-run chooses
      stateful: stateful || (bound < 0 && options['--dpor'] === undefined ? 'fits' : false),
      maxStates,
      aloneSteps,
    });
    // Progress on stderr at most once a second, from inside the slices too
    // (one run of a program that never ends can be long).
    const stderr = io.stderr;
    let reported = t0;
    // (inside a slice the module tells executions and steps; the share done and
    // the states come with each slice's status)
    let last = { done: 0, states: 0 };
    /** @type {((p: {executions: number, bound: number, totalSteps: number}) => void) | undefined} */
    const progress =
      stderr && !options['--json']
        ? (p) => {
            const now = performance.now();
            if (now - reported < 1000) return;
            reported = now;
            stderr(progressLine({ ...last, ...p }, now - t0));
          }
        : undefined;
    // (slices short enough that a time limit stops it soon after it passed, as lockstep-run's)
    const slice = maxSeconds ? 8 : 2000;
    let status = session.exploreStep(slice, progress);
    while (!status.finished) {
      const r = status.result;
      last = { done: r.done, states: r.states };
      progress?.({
        executions: r.executions,
        bound: r.bound,
        totalSteps: r.total_steps,
      });
      status =
        maxSeconds && performance.now() - t0 >= maxSeconds * 1000
          ? session.exploreStop(`stopped at the time limit of ${Number(maxSeconds.toFixed(3))} s`)
          : session.exploreStep(slice, progress);
    }
    const elapsed = performance.now() - t0;
    session.exploreFinish();
    const r = status.result;

    // The search ran without a trace; replay what it found with one.
    let replay = null;
    if (r.found) {
      try {
        replay = session.run({
          policy: 'manual',
          schedule: r.schedule ?? '',
          maxSteps: maxSteps + 1,
        });
      } catch {
        replay = session.summary();
      }
      if (options['--trace'] !== undefined) {
        const out = String(options['--trace']);
        try {
          writeFileSync(out, session.traceText(0));
        } catch (e) {
          throw new CliError(`${cmd}: cannot write ${out}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
    }
    // Under ra, which store each load of the counterexample that read an older one read
    // (the run report's "reads"; absent under sc and tso).
    /** @type {{text: string}[] | undefined} */
    const reads = replay ? JSON.parse(session.report('json')).reads : undefined;
    if (options['--json']) {
      io.stdout(
        cJson({
          found: r.found,
          kind: r.kind,
          schedule: r.schedule,
          steps: r.steps,
          preemptions: r.preemptions,
          executions: r.executions,
          pruned: r.pruned,
          states: r.states,
          search: r.search,
          fell_back: r.fell_back,
          bound: r.bound,
          complete: r.complete,
          elapsed_ms: Math.round(elapsed * 1000) / 1000,
          reason: r.reason,
          ...(status.parts > 1 ? { parts: status.parts } : {}),
          ...(reads ? { reads } : {}),
        }) + '\n',
      );
      return 0;
    }
    let text = `${status.summary}\n${r.executions} executions, ${r.pruned} pruned, ${elapsed.toFixed(1)} ms\n`;
    if (replay) {
      for (const s of replay.stuck) text += `${s.actor}: ${s.reason} (${s.location})\n`;
      if (replay.violation) text += `${replay.violation.kind}: ${replay.violation.message}\n`;
      if (replay.outcome === 'error') text += `the replay did not reproduce it: ${replay.message}\n`;
      for (const read of reads ?? []) text += `read: ${read.text}\n`;
    } else if (!r.complete && r.reason) {
      text += `incomplete: ${r.reason}\n`;
    }
    io.stdout(text);
    return 0;
  } finally {
    session.free();
  }
}
