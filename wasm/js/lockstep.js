// @ts-check
/**
 * The JavaScript face of the wasm module: a Session is one scenario running on
 * one simulated machine.  Works the same in the browser, in a Web Worker and in
 * node; how the emscripten module is loaded is the caller's business (see
 * node.js here, and web/src/bridge/ for the browser).
 *
 * Every method that can fail throws a LockstepError with the C side's message;
 * nothing is ever left half-done on the C side.
 */

export class LockstepError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'LockstepError';
  }
}

/**
 * @typedef {object} EmscriptenModule
 * @property {Uint8Array} HEAPU8
 * @property {(n: number) => number} _malloc
 * @property {(p: number) => void} _free
 * @property {(p: number) => string} UTF8ToString
 * @property {(s: string, p: number, n: number) => void} stringToUTF8
 * @property {(s: string) => number} lengthBytesUTF8
 * @property {Function} _ls_new @property {Function} _ls_free @property {Function} _ls_load
 * @property {Function} _ls_status @property {Function} _ls_error @property {Function} _ls_step
 * @property {Function} _ls_step_over @property {Function} _ls_run @property {Function} _ls_goto
 * @property {Function} _ls_take @property {Function} _ls_choices
 * @property {Function} _ls_reset @property {Function} _ls_state @property {Function} _ls_trace
 * @property {Function} _ls_summary @property {Function} _ls_catalog @property {Function} _ls_sources
 * @property {Function} _ls_explore_start @property {Function} _ls_explore_step @property {Function} _ls_explore_stop
 * @property {Function} _ls_explore_replay @property {Function} _ls_explore_alone
 * @property {Function} _ls_explore_json @property {Function} _ls_explore_finish
 * @property {Function} _ls_explore_plan @property {Function} _ls_explore_plan_json @property {Function} _ls_explore_unit
 * @property {Function} _ls_explore_replay
 * @property {Function} _ls_report
 * @property {((h: number, executions: number, bound: number, totalSteps: number) => void) | undefined} [onExploreProgress]
 *   called by the C side during _ls_explore_step (see Session.exploreStep)
 */

/**
 * @typedef {object} Summary
 * @property {'running'|'done'|'stuck'|'violation'|'error'} outcome
 * @property {number} steps
 * @property {string} schedule   readable form, e.g. "v1: A B B"
 * @property {string} compact    base64url form, e.g. "v1.AQMA"
 * @property {number} virtual_time  microseconds
 * @property {{actor: string, reason: string, location: string}[]} stuck
 * @property {{kind: string, message: string, java?: string, step: number, actor?: string, location?: string} | null} violation
 *   `java`: what Java would throw here, as it prints it (the aqs engine's misuse)
 * @property {string[]} prints
 * @property {'finished'|'limit'|'waiting'} end   how the last run() stopped
 * @property {string} message    a schedule that diverged or was not used up
 * @property {number} diverged_at  the step at which the schedule stopped applying (0: it did not)
 */

/**
 * @typedef {object} ExploreStatus
 * @property {boolean} finished
 * @property {number} parts   the units a complete search went on as (1: it ended alone; core/sim/complete.c)
 * @property {boolean} needs_units   started with aloneOnly: it ended where it would go on as units
 * @property {{found: boolean, kind: string|null, schedule: string|null, steps: number, preemptions: number,
 *   executions: number, pruned: number, states: number, search: 'stateful'|'dpor'|'bounded'|'random'|'pct',
 *   fell_back: boolean, total_steps: number, bound: number, complete: boolean, searched_all: boolean, step_limit_hits: number, reason: string, message: string, done: number}} result
 *   done: a complete search's share of its tree searched, 0 to 1 (core/sim/estimate.c): executions / done
 *   estimates the executions in all; searched_all: every run was made (complete unless some reached the
 *   step limit, step_limit_hits of them)
 * @property {string} summary   one line, e.g. "no violation within bound 3: 38 executions, complete"
 */

/** The engines, object types and operations the module knows. */
export function catalog(/** @type {EmscriptenModule} */ M) {
  return JSON.parse(M.UTF8ToString(M._ls_catalog()));
}

/** The engine sources embedded in the module: [{path, text}]. */
export function sources(/** @type {EmscriptenModule} */ M) {
  return /** @type {{path: string, text: string}[]} */ (JSON.parse(M.UTF8ToString(M._ls_sources())));
}

export class Session {
  /**
   * @param {EmscriptenModule} M
   * @param {Uint8Array} bytecode  a compiled scenario (see scenario.js)
   * @param {{variant?: string, seed?: number, trace?: boolean, memory?: string}} [options]
   *   memory: the memory model ("sc", "tso", "ra"); default: the scenario's memory:, else sc
   */
  constructor(M, bytecode, options = {}) {
    this.M = M;
    this.handle = M._ls_new();
    // The only way ls_new fails.  (Its message cannot be read back: ls_error(-1)
    // overwrites it with "no session -1".)
    if (this.handle < 0)
      throw new LockstepError('too many sessions are open at once; free() the ones no longer needed');
    const p = M._malloc(Math.max(1, bytecode.length));
    M.HEAPU8.set(bytecode, p);
    this.#withString(options.variant ?? 'correct', (v) =>
      this.#withString(options.memory ?? '', (mem) =>
        M._ls_load(
          this.handle,
          p,
          bytecode.length,
          v,
          options.seed ?? 0,
          options.trace === false ? 0 : 1,
          mem,
        ),
      ),
    );
    M._free(p);
    try {
      this.#check();
    } catch (e) {
      // A session that failed to load is of no use to anyone: give its slot back.
      this.free();
      throw e;
    }
  }

  /** @param {string} s @param {(p: number) => void} f */
  #withString(s, f) {
    const n = this.M.lengthBytesUTF8(s) + 1;
    const p = this.M._malloc(n);
    this.M.stringToUTF8(s, p, n);
    try {
      f(p);
    } finally {
      this.M._free(p);
    }
  }

  #check() {
    if (this.M._ls_status(this.handle) !== 0)
      throw new LockstepError(this.M.UTF8ToString(this.M._ls_error(this.handle)));
  }

  /** One step of actor `index` (0-based). */
  step(/** @type {number} */ index) {
    this.M._ls_step(this.handle, index);
    this.#check();
  }

  /**
   * A choice other than a step, by its kind's name in the catalog's choice_kinds (`irq`
   * raises the handler at `index`, `tick` lets the tick fall, `drop` drops the pending future
   * of the task at `index`; `index` is ignored by a kind without an actor; `read_from` steps the
   * actor at `index`, its load reading store `store` of its cell; `place` steps it, its store
   * taking place `store` of its cell's modification order).  Throws, with the machine's
   * reason, when it is not possible now or the kind is unknown.
   * @param {string} kind
   */
  take(kind, index = -1, store = 0) {
    this.#withString(kind, (k) => this.M._ls_take(this.handle, k, index, store));
    this.#check();
  }

  /**
   * The choices other than a step that exist now, by their kinds' names (choice_kinds);
   * `actor` is there for a kind that names one.
   * @returns {{kind: string, actor?: number}[]}
   */
  choices() {
    return JSON.parse(this.M.UTF8ToString(this.M._ls_choices(this.handle)));
  }

  /** Steps actor `index` to the end of its current operation. */
  stepOver(/** @type {number} */ index) {
    this.M._ls_step_over(this.handle, index);
    this.#check();
  }

  /**
   * Runs under a policy, replaying `schedule` first if given.  A schedule
   * that cannot be read or could never replay here (it names an actor the
   * scenario lacks, a fingerprint has no object) throws before anything runs;
   * one that diverges ends the run with an error outcome and throws too.
   * @param {{policy?: 'manual'|'round-robin'|'random'|'priority'|'pct', schedule?: string, seed?: number, maxSteps?: number}} [o]
   * @returns {Summary}
   */
  run(o = {}) {
    this.#withString(o.policy ?? 'round-robin', (pol) =>
      this.#withString(o.schedule ?? '', (s) =>
        this.M._ls_run(this.handle, pol, s, o.seed ?? 0, o.maxSteps ?? 100000),
      ),
    );
    this.#check();
    return this.summary();
  }

  /** Rebuilds the world and replays the recorded history up to `step`. */
  goto(/** @type {number} */ step) {
    this.M._ls_goto(this.handle, step);
    this.#check();
  }

  /** Back to step 0, forgetting the history. */
  reset() {
    this.M._ls_reset(this.handle);
    this.#check();
  }

  /** The state snapshot (actors, next actions, objects, outcome). */
  state() {
    return JSON.parse(this.M.UTF8ToString(this.M._ls_state(this.handle)));
  }

  /** @returns {Summary} */
  summary() {
    return JSON.parse(this.M.UTF8ToString(this.M._ls_summary(this.handle)));
  }

  /**
   * What the command line prints about the last run, exactly as the native
   * runner prints it: the readable report (ending with a newline), or the one
   * JSON object of --json (without one).
   */
  report(/** @type {'text'|'json'} */ form = 'text') {
    return this.M.UTF8ToString(this.M._ls_report(this.handle, form === 'json' ? 1 : 0));
  }

  /** Trace events of steps after `afterStep`, as JSON Lines text. */
  traceText(afterStep = 0) {
    return this.M.UTF8ToString(this.M._ls_trace(this.handle, afterStep));
  }

  /** Trace events of steps after `afterStep`, parsed. */
  trace(afterStep = 0) {
    return this.traceText(afterStep)
      .split('\n')
      .filter((l) => l)
      .map((l) => JSON.parse(l));
  }

  /**
   * The explorer, in slices (what a Web Worker needs to report progress and
   * to be cancelled between slices): start a search on this scenario (its
   * trace is off until exploreFinish), run up to `budget` executions at a
   * time with exploreStep, then exploreFinish (the machine is back at step 0).
   * Limits: maxExecutions 0 (the default here) is no limit; maxSteps (per run)
   * and maxTotalSteps (the whole search) 0 take the explorer's defaults, so a
   * search always ends.
   * bound: the most preemptions (dfs), or 'none': every interleaving (the
   * complete search, by dynamic partial-order reduction); stateful: the
   * complete search by the states met instead (core/sim/visited.c), which
   * remembers at most maxStates of them (0: the explorer's default);
   * stateful 'fits' with bound 'none': the stateful search where it
   * remembers the states (sc memory, not the executor's model), DPOR
   * elsewhere, as `--bound none` chooses (the status's result.search says
   * which).
   * replay (benchmarks): 'root' starts every walk from a reset instead of a
   * snapshot of the machine (the same runs, core/sim/snapshot.h).
   * aloneSteps: a complete search's steps alone before it goes on as units
   * (core/sim/complete.c; default the explorer's, 1: at once); aloneOnly: it
   * ends there instead (the status says needs_units), for workers to share
   * the units (web/src/bridge/prove.ts).
   * @param {{strategy?: 'dfs'|'random'|'pct', bound?: number|'none', maxExecutions?: number, maxSteps?: number,
   *   maxTotalSteps?: number, seed?: number, prune?: boolean, stateful?: boolean|'fits', maxStates?: number,
   *   replay?: 'root'|'snapshot', aloneSteps?: number, aloneOnly?: boolean}} [o]
   */
  exploreStart(o = {}) {
    this.M._ls_explore_replay(this.handle, o.replay === 'root' ? 1 : 0);
    this.M._ls_explore_alone(this.handle, o.aloneSteps ?? 0, o.aloneOnly ? 1 : 0);
    this.#withString(o.strategy ?? 'dfs', (st) =>
      this.M._ls_explore_start(
        this.handle,
        st,
        o.bound === 'none' ? -1 : (o.bound ?? 3),
        o.maxExecutions ?? 0,
        o.maxSteps ?? 0,
        o.seed ?? 0,
        o.prune === false ? 0 : 1,
        o.maxTotalSteps ?? 0,
        o.stateful === 'fits' ? 2 : o.stateful ? 1 : 0,
        o.maxStates ?? 0,
      ),
    );
    this.#check();
  }

  /**
   * After exploreStart with bound 'none': the complete search cut into at
   * least `want` units (core/sim/split.h), each with Knuth's estimate of its
   * executions from `probes` random probes (none: 0) and the probes' mean steps,
   * and its share of the search's tree (`mass`).  The units depend on the
   * scenario and limits only; the machine is back at step 0.
   * @returns {{unit: number[], estimate: number, steps: number, mass: number}[]}
   */
  explorePlan(want = 16, probes = 16) {
    this.M._ls_explore_plan(this.handle, want, probes);
    this.#check();
    return JSON.parse(this.M.UTF8ToString(this.M._ls_explore_plan_json(this.handle)));
  }

  /**
   * After exploreStart with bound 'none': search only `unit`'s part of it (one
   * of explorePlan's units), as one worker of a split search; exploreStep then
   * runs that part.  The parts' executions add up to the whole search's.
   * @param {number[]} unit
   */
  exploreUnit(unit) {
    this.#withString(unit.join('.'), (u) => this.M._ls_explore_unit(this.handle, u));
    this.#check();
  }

  /**
   * Up to `budget` more executions of the search.  `onProgress`, if given, is
   * called every few thousand steps while the slice runs (even inside one long
   * run), with how far the search got.
   * @param {number} [budget]
   * @param {(p: {executions: number, bound: number, totalSteps: number}) => void} [onProgress]
   * @returns {ExploreStatus}
   */
  exploreStep(budget = 200, onProgress) {
    const M = this.M;
    const before = M.onExploreProgress;
    if (onProgress)
      M.onExploreProgress = (h, executions, bound, totalSteps) => {
        if (h === this.handle) onProgress({ executions, bound, totalSteps });
      };
    try {
      M._ls_explore_step(this.handle, budget);
    } finally {
      M.onExploreProgress = before;
    }
    this.#check();
    return this.exploreStatus();
  }

  /**
   * Ends the search where it stands, between two exploreStep slices, as a
   * limit of its own would: counted as far as it got, incomplete, with
   * `reason` (a time limit's: the search never reads a clock).
   * @param {string} reason
   * @returns {ExploreStatus}
   */
  exploreStop(reason) {
    this.#withString(reason, (r) => this.M._ls_explore_stop(this.handle, r));
    this.#check();
    return this.exploreStatus();
  }

  /** @returns {ExploreStatus} */
  exploreStatus() {
    const r = JSON.parse(this.M.UTF8ToString(this.M._ls_explore_json(this.handle)));
    if (!r) throw new LockstepError('no search was started');
    return r;
  }

  /** Ends the search: tracing back on, the machine at step 0. */
  exploreFinish() {
    this.M._ls_explore_finish(this.handle);
    this.#check();
  }

  free() {
    if (this.handle >= 0) this.M._ls_free(this.handle);
    this.handle = -1;
  }
}
