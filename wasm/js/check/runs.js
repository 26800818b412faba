// @ts-check
/**
 * The runs a lesson check makes, each made once: a walk (one run with the
 * state after every step), a dfs search and its counterexample replayed,
 * the solution followed under another variant as the app replays it.  Every
 * walk made is kept, because "does this matcher match anything" asks all of
 * them.  Nothing here reports a problem except through add().
 */
import { LockstepError, Session } from '../lockstep.js';
import { goalStepOfRun, learnerActions, scheduleTokens } from '../lesson.js';
import { RunTrace } from '../lesson/run-trace.js';

/** @typedef {import('../lesson.js').Lesson} Lesson */
/** @typedef {import('../lesson.js').Problem} Problem */
/** @typedef {import('../lockstep.js').EmscriptenModule} EmscriptenModule */
/** @typedef {import('../lockstep.js').Summary} Summary */
/** @typedef {{line: number, column: number}} Position */

/**
 * One run of the lesson's scenario, with the state before and after every step.
 * @typedef {object} Walk
 * @property {string} variant
 * @property {string|null} schedule
 * @property {string} policy
 * @property {Summary} summary
 * @property {Record<string, unknown>[]} events
 * @property {RunTrace} trace  the events, indexed to be read at any step (trace.upTo(k))
 * @property {any[]} states     states[k]: after k steps
 * @property {string[]} actors  actors[k]: who took step k + 1
 * @property {string[]} movers  movers[k]: the learner's move that took step k + 1: the actor's
 *   name for a step, "flush A" for a buffered store of A's reaching memory, "read_from A" for
 *   A's load of an older store, "place A" for A's store placed before the end (the app never
 *   folds those into an actor's Shift+N)
 * @property {string|null} error  a schedule that could not be read or diverged
 * @property {string} name  the path in words, for messages ("the solution under correct")
 */

export const MAX_LEARNER_ACTIONS = 15;

/** The most steps of one run whose states are all recorded. */
const MAX_WALK_STATES = 2000;

/**
 * Runs kept from one check to the next while the scenario stays the same
 * (the author page checks again after every edit; most edits are to the
 * words).  A run depends only on the bytecode, the variant, the schedule,
 * the policy and the step limit, so a cached one is the run a fresh check
 * would make; only its name is the asking check's.
 */
export class RunCache {
  constructor() {
    this.key = '';
    /** @type {Map<string, Walk>} */
    this.walks = new Map();
    /** @type {Map<string, import('../lockstep.js').ExploreStatus['result']>} */
    this.explores = new Map();
    /** the schedule each solution-following run ended with, by variant and schedule */
    /** @type {Map<string, string>} */
    this.follows = new Map();
  }

  /**
   * Empties the cache unless it holds runs of this scenario.
   * @param {Uint8Array} bytecode @param {number} maxSteps
   */
  use(bytecode, maxSteps) {
    // FNV-1a over the bytecode: a different scenario gets a different key
    let h = 0x811c9dc5;
    for (const b of bytecode) h = Math.imul(h ^ b, 0x01000193) >>> 0;
    const key = `${bytecode.length}:${h}:${maxSteps}`;
    if (key === this.key) return;
    this.key = key;
    this.walks.clear();
    this.explores.clear();
    this.follows.clear();
  }
}

/** One lesson being checked: its problems and every run made of it (cached). */
export class LessonCheck {
  /** @param {EmscriptenModule} M @param {Lesson} lesson @param {RunCache} [cache]  runs of earlier checks */
  constructor(M, lesson, cache = new RunCache()) {
    this.M = M;
    this.lesson = lesson;
    cache.use(lesson.bytecode, lesson.explore.maxSteps);
    this.cache = cache;
    /** @type {Problem[]} */
    this.problems = [];
    /** Every run made, for "does this matcher match anything". */
    /** @type {Walk[]} */
    this.walks = [];
    /** @type {Map<string, Walk>} */
    this.walkCache = new Map();
    /** @type {Map<string, import('../lockstep.js').ExploreStatus['result']>} */
    this.exploreCache = new Map();
    /** @type {number|null} */
    this.learnerSteps = null;
    /** @type {number|null} */
    this.learnerActions = null;
  }

  /**
   * How many actions the learner takes to play the solution from the start
   * to step `goalAt`: one per step, except that a run of one actor's steps
   * whose next actions all match the lesson's fold: is one action (Shift+N)
   * when Shift+N would stop exactly where the solution leaves the run (the
   * actor's next action there no longer folds).
   * @param {Walk} w @param {number} startSteps @param {number} goalAt
   */
  countActions(w, startSteps, goalAt) {
    return learnerActions(this.lesson.fold, w.variant, w.states, w.movers, startSteps, goalAt).length;
  }

  /** @param {Position} at @param {string} field @param {string} message */
  add(at, field, message) {
    this.problems.push({
      file: this.lesson.file,
      line: at.line,
      column: at.column,
      field,
      message,
    });
  }

  /** @param {string} variant */
  session(variant) {
    return new Session(this.M, this.lesson.bytecode, { variant, seed: 0 });
  }

  /**
   * Runs the scenario (replaying `schedule` first, then going on with the
   * policy) and records the state after every step.
   * @param {string} variant @param {string|null} schedule @param {'round-robin'|'manual'} policy
   * @param {string} [name]  the path in words (default: the variant and the schedule)
   * @returns {Walk}
   */
  walk(variant, schedule, policy, name) {
    const key = `${variant}\n${schedule}\n${policy}`;
    const cached = this.walkCache.get(key);
    if (cached) return cached;
    const earlier = this.cache.walks.get(key);
    if (earlier) {
      /** @type {Walk} */
      const w = {
        ...earlier,
        name: name ?? `the run (${variant}, ${schedule ?? 'no schedule'}, then ${policy})`,
      };
      this.walkCache.set(key, w);
      this.cache.walks.set(key, w);
      this.walks.push(w);
      return w;
    }
    const s = this.session(variant);
    try {
      /** @type {string|null} */
      let error = null;
      try {
        s.run({
          policy,
          schedule: schedule ?? '',
          maxSteps: this.lesson.explore.maxSteps,
        });
      } catch (e) {
        if (!(e instanceof LockstepError)) throw e;
        error = e.message;
      }
      const summary = s.summary();
      if (summary.outcome === 'error')
        error = summary.message || summary.violation?.message || 'the run ended in an error';
      const events = s.trace();
      /** @type {any[]} */
      const states = [];
      /** @type {string[]} */
      const actors = [];
      /** @type {Map<number, string>} */
      const who = new Map();
      for (const e of events)
        if (e.actor !== undefined && !who.has(Number(e.step))) who.set(Number(e.step), String(e.actor));
      for (let k = 1; k <= summary.steps; k++) actors.push(who.get(k) ?? '');
      /** @type {Map<number, string>} */
      const moved = new Map();
      for (const e of events) {
        const k = Number(e.step);
        if (e.kind === 'flush') moved.set(k, `flush ${e.actor}`);
        else if (e.kind === 'load' && e.read_store !== undefined && e.read_store < e.stores - 1)
          moved.set(k, `read_from ${e.actor}`);
        else if (e.kind === 'store' && e.placed_before_at !== undefined) moved.set(k, `place ${e.actor}`);
      }
      const movers = actors.map((a, k) => moved.get(k + 1) ?? a);
      // Going to step k replays k steps: a lesson's runs are short, but a
      // runaway one only gets its first MAX_WALK_STATES states (and its last).
      for (let k = 0; k <= Math.min(summary.steps, MAX_WALK_STATES); k++) {
        s.goto(k);
        states.push(s.state());
      }
      if (summary.steps > MAX_WALK_STATES) {
        s.goto(summary.steps);
        states[summary.steps] = s.state();
      }
      /** @type {Walk} */
      const w = {
        variant,
        schedule,
        policy,
        summary,
        events,
        trace: new RunTrace(events, variant),
        states,
        actors,
        movers,
        error,
        name: name ?? `the run (${variant}, ${schedule ?? 'no schedule'}, then ${policy})`,
      };
      this.walkCache.set(key, w);
      this.cache.walks.set(key, w);
      this.walks.push(w);
      return w;
    } finally {
      s.free();
    }
  }

  /**
   * A dfs search (cached), its counterexample replayed as a walk.
   * @param {string} variant @param {number|'none'} bound  ('none': the complete search) @param {number} maxExecutions
   */
  explore(variant, bound, maxExecutions) {
    const key = `${variant}\n${bound}\n${maxExecutions}`;
    let r = this.exploreCache.get(key) ?? this.cache.explores.get(key);
    if (!r) {
      const s = this.session(variant);
      try {
        s.exploreStart({
          strategy: 'dfs',
          bound,
          maxExecutions,
          maxSteps: this.lesson.explore.maxSteps,
          seed: 0,
          prune: true,
        });
        let st = s.exploreStep(5000);
        while (!st.finished) st = s.exploreStep(5000);
        s.exploreFinish();
        r = st.result;
      } finally {
        s.free();
      }
      this.exploreCache.set(key, r);
      this.cache.explores.set(key, r);
    }
    const replay =
      r.found && r.schedule
        ? this.walk(variant, r.schedule, 'manual', `the explorer's run under ${variant}`)
        : null;
    return { result: r, replay };
  }

  /**
   * The run a learner sees when they replay `schedule` under another
   * variant: it follows the schedule's actor order (an entry whose actor
   * cannot move there is passed over, since the variants' runs have parted),
   * then the default policy (round-robin) plays on to the end.
   * @param {string} variant @param {string} schedule @param {string} name
   * @returns {Walk}
   */
  follow(variant, schedule, name) {
    const key = `${variant}\n${schedule}`;
    const known = this.cache.follows.get(key);
    if (known !== undefined) return this.walk(variant, known, 'round-robin', name);
    const s = this.session(variant);
    let followed;
    try {
      const tokens = scheduleTokens(schedule).map((t) => t.replace(/@.*$/, ''));
      let t = 0;
      for (let n = 0; n < this.lesson.explore.maxSteps; n++) {
        const st = s.state();
        if (st.outcome !== 'running') break;
        const enabled = st.actors
          .map((/** @type {any} */ a, /** @type {number} */ i) => ({
            name: a.name,
            status: a.status,
            i,
          }))
          .filter((/** @type {any} */ a) => a.status === 'enabled');
        if (!enabled.length) break;
        let pick = enabled[0];
        if (enabled.length > 1) {
          while (t < tokens.length && !enabled.some((/** @type {any} */ a) => a.name === tokens[t])) t++;
          if (t >= tokens.length) break;
          pick = enabled.find((/** @type {any} */ a) => a.name === tokens[t]);
          t++;
        }
        s.step(pick.i);
      }
      followed = s.summary().schedule;
    } finally {
      s.free();
    }
    this.cache.follows.set(key, followed);
    return this.walk(variant, followed, 'round-robin', name);
  }

  /**
   * The step after which the goal holds in this walk, or -1.
   * @param {Walk} w
   */
  goalStep(w) {
    return goalStepOfRun(this.lesson.goal, w.events, w.states, w.variant);
  }
}
