// @ts-check
/**
 * One run's whole trace, read at any step without reading it again.
 *
 * Invariant: `upTo(k)` answers every question the lesson's functions
 * (play.js: beatsAt, hintStage, questionDue, goalReached) ask exactly as the
 * array of the run's events with step ≤ k would.  A trace is in step order,
 * so those events are a prefix of the run's; and the events a matcher
 * matches are found once per run (remembered by the matcher's text, so a
 * check that reuses the run reuses them).  The checks (wasm/js/check/) read
 * every step of every run, which costs time linear in the run this way
 * rather than quadratic.
 */
import { matchEvent } from './play.js';

/** @typedef {import('./play.js').Matcher} Matcher */
/** @typedef {import('./play.js').TraceEvent} TraceEvent */

export class RunTrace {
  /** @param {TraceEvent[]} events  Session.trace() of the whole run @param {string} variant  the run's */
  constructor(events, variant) {
    for (let i = 1; i < events.length; i++)
      if (Number(events[i].step) < Number(events[i - 1].step))
        throw new Error(`a trace out of step order at event ${i} (step ${events[i].step})`);
    this.events = events;
    this.variant = variant;
    /** the indexes of the events each matcher matches, by the matcher's text */
    /** @type {Map<string, number[]>} */
    this.found = new Map();
    /** the same, by the matcher itself (asked at every step, a text is not made each time) */
    /** @type {WeakMap<Matcher, number[]>} */
    this.seen = new WeakMap();
  }

  /**
   * The indexes, in order, of every event `m` matches.
   * @param {Matcher} m
   */
  matches(m) {
    let list = this.seen.get(m);
    if (list) return list;
    const key = JSON.stringify(m);
    list = this.found.get(key);
    if (!list) {
      list = [];
      for (let i = 0; i < this.events.length; i++)
        if (matchEvent(m, this.events[i], this.variant)) list.push(i);
      this.found.set(key, list);
    }
    this.seen.set(m, list);
    return list;
  }

  /**
   * The index of the first event whose step is at least `step`
   * (events.length when there is none).
   * @param {number} step
   */
  firstOfStep(step) {
    return atLeast(this.events.length, (i) => Number(this.events[i].step) >= step);
  }

  /**
   * The trace after step `k`: the events with step ≤ k.
   * @param {number} k
   */
  upTo(k) {
    return new TraceSoFar(this, this.firstOfStep(k + 1));
  }
}

/** A prefix of a run's trace, read through the run's index. */
export class TraceSoFar {
  /** @param {RunTrace} run @param {number} length  how many of its events */
  constructor(run, length) {
    this.run = run;
    this.length = length;
  }

  /** @param {number} i */
  event(i) {
    return this.run.events[i];
  }

  /**
   * The index of the first event at or after `from` that `m` matches, or -1
   * (findEvent on the prefix).
   * @param {Matcher} m @param {number} [from]
   */
  find(m, from = 0) {
    const list = this.run.matches(m);
    const j = atLeast(list.length, (x) => list[x] >= from);
    return j < list.length && list[j] < this.length ? list[j] : -1;
  }

  /**
   * The first event of step `step` that `m` matches, if the prefix holds one.
   * @param {Matcher} m @param {number} step
   */
  findAtStep(m, step) {
    const i = this.find(m, this.run.firstOfStep(Number(step)));
    return i >= 0 && this.run.events[i].step === step ? this.run.events[i] : undefined;
  }
}

/**
 * The least i in [0, n) for which `ok(i)` holds, or n; `ok` must be false
 * then true along the range (a binary search).
 * @param {number} n @param {(i: number) => boolean} ok
 */
function atLeast(n, ok) {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ok(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
