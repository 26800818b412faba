// @ts-check
/**
 * What a lesson means while it is played: which trace events a matcher
 * picks, whether the goal is reached, which beats to say at a step, which
 * hint stage applies, when to ask a question, and the next actor on the
 * lesson's solution.  Pure functions of the trace so far and the state
 * snapshot, so going back in time needs no bookkeeping: ask again with the
 * shorter trace.  The web lesson player and `lockstep check` both use these,
 * so what the checker proves is what the player shows.
 */
import { evaluate } from './predicate.js';

/** @typedef {import('./predicate.js').Predicate} Predicate */
/** @typedef {Record<string, unknown>} TraceEvent  one line of Session.trace() */
/** @typedef {Record<string, (string|number|boolean)[]>} Matcher  field -> any of these values */
/**
 * The trace so far, as the functions below read it: the events up to now
 * (Session.trace()), or a step's prefix of an indexed run (run-trace.js),
 * which gives the same answers without reading the run again.
 * @typedef {TraceEvent[] | import('./run-trace.js').TraceSoFar} SoFar
 */

/**
 * The goal, normalized: `kind` says which one, the rest its parameters.
 * @typedef {object} Goal
 * @property {{en: string, 'zh-CN': string}} text
 * @property {'stuck'|'overlap'|'assertion'|'violation'|'order'|'state'|'done_without'} kind
 * @property {string|null} variant     the variant the checker proves it in (null: the lesson's)
 * @property {string[]} [actors]       stuck: these must be among the stuck (empty: anyone)
 * @property {string|null} [violation] violation: the kind (null: any)
 * @property {Matcher[]} [events]      order: in this order; done_without: none of these
 * @property {Predicate[]} [predicates] state: all of them
 * @property {'any'|'end'} [at]        state: after any step, or once the run has ended
 */

/** Goals the explorer can search for (it looks for runs that end badly). */
export const EXPLORABLE = ['stuck', 'overlap', 'assertion', 'violation'];

/**
 * Whether one value of an event (or next action) matches.
 * @param {unknown} have
 * @param {(string|number|boolean)[]} want
 */
function oneOf(have, want) {
  return want.some((w) => w === have);
}

/**
 * Does a trace event match? `variant` is the session's variant, matched by
 * a matcher's `variant:`.
 * @param {Matcher} m
 * @param {TraceEvent} event
 * @param {string} variant
 */
export function matchEvent(m, event, variant) {
  for (const [field, want] of Object.entries(m)) {
    const have = field === 'variant' ? variant : event[field];
    if (!oneOf(have, want)) return false;
  }
  return true;
}

/**
 * Does an actor's next action (state().actors[i].next) match?  The actor's
 * name stands in for the event's `actor`.
 * @param {Matcher} m
 * @param {string} actor
 * @param {Record<string, unknown>|undefined} next
 * @param {string} variant
 */
export function matchNext(m, actor, next, variant) {
  if (!next) return false;
  return matchEvent(m, { ...next, actor }, variant);
}

/**
 * The index of the first event at or after `from` that matches, or -1.
 * @param {Matcher} m @param {TraceEvent[]} events @param {string} variant @param {number} [from]
 */
export function findEvent(m, events, variant, from = 0) {
  for (let i = from; i < events.length; i++) if (matchEvent(m, events[i], variant)) return i;
  return -1;
}

/**
 * findEvent on the trace so far, whichever form it has.
 * @param {Matcher} m @param {SoFar} events @param {string} variant @param {number} [from]
 */
function first(m, events, variant, from = 0) {
  return Array.isArray(events) ? findEvent(m, events, variant, from) : events.find(m, from);
}

/**
 * The first event of step `step` that `m` matches in the trace so far.
 * @param {Matcher} m @param {SoFar} events @param {number} step @param {string} variant
 */
function firstAtStep(m, events, step, variant) {
  return Array.isArray(events)
    ? events.find((x) => x.step === step && matchEvent(m, x, variant))
    : events.findAtStep(m, step);
}

/** @param {SoFar} events @param {number} i */
function eventAt(events, i) {
  return Array.isArray(events) ? events[i] : events.event(i);
}

/**
 * Whether the matchers match events in this order (other events may come
 * between).  Returns the index of the event that completed the order, or -1.
 * @param {Matcher[]} ms @param {SoFar} events @param {string} variant
 */
export function findOrder(ms, events, variant) {
  let at = -1;
  for (const m of ms) {
    at = first(m, events, variant, at + 1);
    if (at < 0) return -1;
  }
  return at;
}

/**
 * Is the goal reached?  `events` is the trace so far (Session.trace()),
 * `state` the snapshot now (Session.state()).
 * @param {Goal} goal
 * @param {{events: SoFar, state: any, variant: string}} now
 */
export function goalReached(goal, { events, state, variant }) {
  const outcome = state?.outcome;
  switch (goal.kind) {
    case 'stuck': {
      if (outcome !== 'stuck') return false;
      const stuck = (state.stuck ?? []).map((/** @type {any} */ s) => s.actor);
      return (goal.actors ?? []).every((a) => stuck.includes(a));
    }
    case 'overlap':
    case 'assertion':
      return outcome === 'violation' && state.violation?.kind === goal.kind;
    case 'violation':
      return outcome === 'violation' && (!goal.violation || state.violation?.kind === goal.violation);
    case 'order':
      return findOrder(goal.events ?? [], events, variant) >= 0;
    case 'state':
      if (goal.at === 'end' && outcome === 'running') return false;
      return (goal.predicates ?? []).every((p) => evaluate(p, state).holds);
    case 'done_without':
      return outcome === 'done' && (goal.events ?? []).every((m) => first(m, events, variant) < 0);
  }
  return false;
}

/**
 * The step after which the goal holds along one run, or -1: the first such
 * step for a state goal, the step of the last event of an order, else the
 * run's last step (stuck, a violation, done: the end itself is the goal).
 * @param {Goal} goal
 * @param {TraceEvent[]} events  the run's whole trace
 * @param {any[]} states  states[k]: after k steps
 * @param {string} variant
 */
export function goalStepOfRun(goal, events, states, variant) {
  const last = states.length - 1;
  const upTo = (/** @type {number} */ k) => events.filter((e) => Number(e.step) <= k);
  if (goal.kind === 'state') {
    for (let k = 0; k <= last; k++)
      if (states[k] && goalReached(goal, { events: upTo(k), state: states[k], variant })) return k;
    return -1;
  }
  if (!goalReached(goal, { events, state: states[last], variant })) return -1;
  if (goal.kind === 'order') {
    const i = findOrder(goal.events ?? [], events, variant);
    return Number(events[i].step);
  }
  return last;
}

/**
 * @typedef {object} Beat
 * @property {Matcher} when
 * @property {{en: string, 'zh-CN': string}} say
 * @property {boolean} every   say it at every matching event (default: the first only)
 * @property {string[]|null} variant  said only in these variants (null: in all)
 * @property {Predicate[]} if   said only if these hold after the step
 * @property {Predicate[]} verify  what the beat claims: holds after every step it is said at (checked by lockstep check)
 */

/**
 * Whether a beat or hint stage tied to variants and state conditions may be
 * shown: its variant is one of `variant:` and its `if:` holds in `state`.
 * A condition on a state that is not known (undefined) does not hold.
 * @param {{variant: string[]|null, if: Predicate[]}} x
 * @param {string} variant
 * @param {any} state
 */
export function conditionsHold(x, variant, state) {
  if (x.variant && !x.variant.includes(variant)) return false;
  if (!x.if.length) return true;
  if (!state) return false;
  return x.if.every((p) => evaluate(p, state).holds);
}

/**
 * The beats to say at step `step`: those whose (first, unless `every`)
 * matching event in `events` belongs to that step, and whose conditions
 * (`variant:`, and `if:` on the state after that step) hold.  In lesson order.
 * @param {Beat[]} beats
 * @param {SoFar} events  the trace up to and including the step
 * @param {number} step
 * @param {string} variant
 * @param {any} [state]  the state after `step` (Session.state()); without it, beats with if: are not said
 * @returns {{index: number, beat: Beat, event: TraceEvent}[]}
 */
export function beatsAt(beats, events, step, variant, state) {
  /** @type {{index: number, beat: Beat, event: TraceEvent}[]} */
  const out = [];
  beats.forEach((beat, index) => {
    if (!conditionsHold({ variant: beat.variant ?? null, if: beat.if ?? [] }, variant, state)) return;
    if (beat.every) {
      const e = firstAtStep(beat.when, events, step, variant);
      if (e) out.push({ index, beat, event: e });
    } else {
      const i = first(beat.when, events, variant);
      const e = i >= 0 ? eventAt(events, i) : null;
      if (e && e.step === step) out.push({ index, beat, event: e });
    }
  });
  return out;
}

/** Whether any beat needs the state to be said (has an if:). */
export function beatsNeedState(/** @type {Beat[]} */ beats) {
  return beats.some((b) => (b.if ?? []).length > 0);
}

/**
 * @typedef {object} HintStage
 * @property {Matcher|null} after   applies once such an event happened (null: from the start)
 * @property {string[]|null} variant  applies only in these variants (null: in all)
 * @property {Predicate[]} if   applies only while these hold
 * @property {Predicate[]} verify  what the stage claims: holds whenever it is shown (checked by lockstep check)
 * @property {{en: string, 'zh-CN': string}} nudge
 * @property {{en: string, 'zh-CN': string}} direction
 * @property {{actor: string, en: string, 'zh-CN': string}} next
 */

/**
 * The hint stage that applies now: the last one whose `after` event has
 * happened (a stage without `after` always has) and whose conditions hold
 * (`variant:`, and `if:` on the state now).  -1 when none applies.
 * @param {HintStage[]} hints @param {SoFar} events @param {string} variant
 * @param {any} [state]  Session.state() now; without it, stages with if: do not apply
 */
export function hintStage(hints, events, variant, state) {
  let current = -1;
  hints.forEach((h, i) => {
    if (!conditionsHold({ variant: h.variant ?? null, if: h.if ?? [] }, variant, state)) return;
    if (!h.after || first(h.after, events, variant) >= 0) current = i;
  });
  return current;
}

/**
 * @typedef {object} Question
 * @property {Matcher} before     asked when an actor's next action matches
 * @property {Matcher|null} after and such an event has happened
 * @property {Predicate[]} if     and these hold now
 * @property {{en: string, 'zh-CN': string}} ask
 * @property {{en: string, 'zh-CN': string}[]} choices
 * @property {number} answerIndex  from 0
 * @property {{en: string, 'zh-CN': string}} explain
 * @property {Predicate[]} verify  hold after that actor's step (checked by lockstep check)
 * @property {Matcher|null} verifyEvent  that step has such an event (checked by lockstep check)
 */

/**
 * The actor whose next action makes this question due now, or null.  Ask
 * each question once (the player remembers which it asked), before the
 * learner's next step; reveal the answer after the step.
 * @param {Question} q
 * @param {any} state          Session.state() now
 * @param {SoFar} events  the trace so far
 * @param {string} variant
 */
export function questionDue(q, state, events, variant) {
  if (q.after && first(q.after, events, variant) < 0) return null;
  if (!q.if.every((p) => evaluate(p, state).holds)) return null;
  for (const a of state?.actors ?? []) {
    if (a.status !== 'enabled') continue;
    if (matchNext(q.before, a.name, a.next, variant)) return /** @type {string} */ (a.name);
  }
  return null;
}

/**
 * Whether an actor's next action is one the lesson folds: Shift+N ("until it
 * touches shared state") takes such steps in one go.  `fold` is the lesson's
 * `fold:` list (null: the lesson names none, and the app uses its default).
 * @param {Matcher[]|null} fold @param {string} actor
 * @param {Record<string, unknown>|undefined} next @param {string} variant
 */
export function folds(fold, actor, next, variant) {
  if (!fold) return false;
  return fold.some((m) => matchNext(m, actor, next, variant));
}

/** Kinds of action that change nothing another actor can see (a read only looks). */
export const LOCAL_KINDS = new Set(['none', 'load', 'spin', 'yield', 'work', 'print']);

/**
 * Whether Shift+N ("until it touches shared state") takes the actor's next
 * action along: one that changes nothing shared, or one the lesson folds.
 * The app's Shift+N (web/src/model/lesson.ts, foldsNext, which also goes on
 * through a spin loop) and the count of learner actions `lockstep check`
 * makes both ask this.
 * @param {Matcher[]|null} fold @param {string} actor
 * @param {Record<string, unknown>|undefined} next @param {string} variant
 */
export function foldsStep(fold, actor, next, variant) {
  return (!!next && LOCAL_KINDS.has(String(next.kind))) || folds(fold, actor, next, variant);
}

/**
 * The tokens of a readable schedule ("v1: A B B" -> ['A', 'B', 'B']), with a
 * repeat count spelled out as core/sim/schedule.c reads it ("tick*3" ->
 * ['tick', 'tick', 'tick']).
 * @param {string} schedule
 */
export function scheduleTokens(schedule) {
  const m = /^v\d+(?:\s+seed=\d+)?\s*:(.*)$/s.exec(schedule.trim());
  const rest = m ? m[1] : schedule;
  return rest
    .split(/\s+/)
    .filter((t) => t)
    .flatMap((t) => {
      const r = /^(.+)\*(\d{1,7})$/.exec(t);
      return r ? Array.from({ length: Number(r[2]) }, () => r[1]) : [t];
    });
}

/**
 * The next actor on the lesson's solution, given the learner's schedule so
 * far (summary().schedule, readable): null when the learner has left the
 * solution's path or it is used up.  (When only one actor can move, there is
 * no choice and the schedule does not grow: that actor is the next.)
 * @param {string|null} solution  the whole solution schedule (lesson.solution.schedule)
 * @param {string} schedule
 */
export function nextOnSolution(solution, schedule) {
  if (!solution) return null;
  const want = scheduleTokens(solution);
  const have = scheduleTokens(schedule);
  if (have.length >= want.length) return null;
  for (let i = 0; i < have.length; i++) if (have[i] !== want[i]) return null;
  return want[have.length].replace(/@.*$/, '');
}

/**
 * The actions a learner takes to play a run from step `from` to step `to`:
 * one per step, except that a run of one actor's steps whose next actions
 * all fold (foldsStep) is one action (Shift+N) when Shift+N would
 * stop exactly where the run leaves it (the actor's next action there no
 * longer folds).  Each action is the steps (from, to] it takes.
 * @param {Matcher[]|null} fold  the lesson's fold: list
 * @param {string} variant
 * @param {any[]} states  states[k]: after k steps
 * @param {string[]} actors  actors[k]: who took step k + 1
 * @param {number} from @param {number} to
 * @returns {{actor: string, from: number, to: number, folded: boolean}[]}
 */
export function learnerActions(fold, variant, states, actors, from, to) {
  const foldable = (/** @type {number} */ j, /** @type {string} */ who) => {
    const a = (states[j]?.actors ?? []).find((/** @type {any} */ x) => x.name === who);
    return !!a && a.status === 'enabled' && foldsStep(fold, who, a.next, variant);
  };
  const out = [];
  for (let k = from; k < to;) {
    const who = actors[k];
    let j = k;
    while (j < to && actors[j] === who && foldable(j, who)) j++;
    const folded = j > k + 1 && !foldable(j, who);
    const next = folded ? j : k + 1;
    out.push({ actor: who, from: k, to: next, folded });
    k = next;
  }
  return out;
}
