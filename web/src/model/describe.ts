/*
 * What an actor is about to do, phrased as what it would change, and why it
 * cannot move, from the engine's structured data (so every language reads its
 * own words).  The parking_lot engine gets its own vocabulary: state bytes in
 * binary ("CAS state 01 → 11"), buckets ("lock bucket lot[30]"), parkers
 * ("sleep on parker (wait for unpark)", "wake B").  Also the engine actions
 * inside the current operation ("step into").  Pure functions, no DOM.
 */
import type { ActorState, MachineState, PendingAction, Summary, TraceEvent } from '../engine/types';
import { getLocale, t, type MessageKey } from '../i18n';
import { blockedReason } from './blocked';
import { actionEffect, actionText, formatValue, outcomeView, shortSite, type OutcomeView } from './format';
import { bits2, bucketOfObject, isMutexObject, mutexes, parkedOn } from './parkingLot';
import { aqsBlockedText, aqsEventText, aqsNarrate, aqsNextEffect, aqsNextText, hasSemaphores } from './aqs';

/** How a mutex's state byte is named in an action: "state" when there is one mutex, "m1.state" otherwise. */
export function stateField(state: MachineState, object: string): string {
  return mutexes(state).length > 1 ? `${object}.state` : 'state';
}

/** The next action in words, engine-aware: "CAS state 01 → 11", "lock bucket lot[30]", "wake B". */
export function nextText(a: PendingAction, state: MachineState): string {
  const aqs = hasSemaphores(state) ? aqsNextText(a, state) : null;
  if (aqs !== null) return aqs;
  if (isMutexObject(state, a.object)) {
    const field = stateField(state, a.object!);
    switch (a.kind) {
      case 'cas':
        return t('pl.action.cas', { field, expected: bits2(a.expected), desired: bits2(a.desired) });
      case 'store':
        return t('pl.action.store', { field, value: bits2(a.arg) });
      case 'load':
        return t('pl.action.load', { field });
    }
  }
  const bucket = bucketOfObject(a.object);
  if (bucket !== null && (a.kind === 'lock' || a.kind === 'unlock'))
    return t(a.kind === 'lock' ? 'pl.action.lockBucket' : 'pl.action.unlockBucket', { object: a.object });
  switch (a.kind) {
    case 'prepare_park':
      return t('pl.action.prepare');
    case 'park':
      return t('pl.action.park');
    case 'unpark':
      return t('pl.action.unpark', { target: a.target ?? '?' });
    case 'spin':
      return a.count !== undefined ? t('pl.action.spin', { count: a.count }) : actionText(a);
  }
  return actionText(a);
}

/** What the next action would change, engine-aware; null when there is nothing to say. */
export function nextEffect(a: PendingAction, actor: ActorState, state: MachineState): string | null {
  const aqs = hasSemaphores(state) ? aqsNextEffect(a, actor, state) : undefined;
  if (aqs !== undefined) return aqs;
  if (isMutexObject(state, a.object)) {
    const field = stateField(state, a.object!);
    const now = bits2(a.value);
    switch (a.kind) {
      case 'cas':
        return a.value === a.expected
          ? t('pl.effect.casOk', { field, old: now, new: bits2(a.desired) })
          : t('pl.effect.casFails', { field, value: now, expected: bits2(a.expected) });
      case 'store':
        return a.value === a.arg
          ? t('pl.effect.storeSame', { field, value: now })
          : t('effect.changes', { object: field, old: now, new: bits2(a.arg) });
      case 'load':
        return t('pl.effect.reads', { field, value: now });
    }
  }
  const bucket = bucketOfObject(a.object);
  if (bucket !== null && a.kind === 'lock' && actor.status === 'enabled') return t('pl.effect.bucketFree');
  if (bucket !== null && a.kind === 'unlock') return t('pl.effect.bucketRelease');
  switch (a.kind) {
    case 'prepare_park':
      return t('pl.effect.prepare');
    case 'park':
      if (actor.status !== 'enabled') return null;
      return actor.parker ? t('pl.effect.parkToken') : t('pl.effect.park');
    case 'unpark':
      return t('pl.effect.unpark', { target: a.target ?? '?' });
    case 'yield':
      return t('pl.effect.yield');
  }
  return actionEffect(a);
}

/**
 * Why an actor cannot move, in the UI's language, from `blocked` (and, for a
 * parked actor, the lot's queues).  Without structured data the engine's own
 * English sentence is quoted.  null when the actor can move.
 */
export function blockedText(actor: ActorState, state: MachineState): string | null {
  if (actor.status !== 'blocked' && actor.status !== 'stuck') return null;
  const b = actor.blocked;
  const aqs = b && hasSemaphores(state) ? aqsBlockedText(actor, state) : null;
  if (aqs) return aqs;
  if (b) {
    switch (b.why) {
      case 'lock': {
        const holder = b.holder && b.holder !== '?' ? b.holder : null;
        if (bucketOfObject(b.object) !== null)
          return holder
            ? t('blocked.bucket', { object: b.object, holder })
            : t('blocked.bucketNobody', { object: b.object });
        return holder
          ? t('blocked.lock', { object: b.object ?? '?', holder })
          : t('blocked.lockNobody', { object: b.object ?? '?' });
      }
      case 'parked':
      case 'parking_lot.parked': {
        const on = parkedOn(state, actor.name);
        const until = b.until !== undefined ? ` ${t('blocked.until', { until: b.until })}` : '';
        return (on ? t('blocked.parkedOn', { object: on }) : t('blocked.parked')) + until;
      }
      case 'sleep':
        return t('blocked.sleep', { until: b.until ?? '?' });
      case 'held':
        return t('blocked.held');
    }
    const said = blockedReason(b, getLocale()); /* every other code, in the UI's language */
    if (said) return said;
  }
  return actor.reason ? t('engine.quote', { message: actor.reason }) : null;
}

/** Known engine notes (plat_note labels), in the UI's words. */
function noteText(e: TraceEvent): string {
  const v = formatValue(e.value);
  switch (e.label) {
    case 'spin round':
      return t('note.spinRound', { round: v });
    case 'validate ok':
      return t('note.validateOk');
    case 'validate failed':
      return t('note.validateFailed');
    case 'enqueue':
      return t('note.enqueue', { bucket: v });
    case 'dequeue':
      return e.value ? t('note.dequeueMore') : t('note.dequeue');
    case 'no waiter':
      return t('note.noWaiter');
    case 'dequeue all':
      return t('note.dequeueAll', { n: v });
    case 'unlock fast path failed':
      return t('note.unlockSlow', { state: bits2(e.value) });
    default:
      return t('note.other', { label: e.label ?? '', value: v });
  }
}

/** One engine action that happened, short and code-like: "CAS state 00 → 01 ✓", "lock bucket lot[30]". */
export function eventText(e: TraceEvent, state: MachineState): string {
  const aqs = hasSemaphores(state) ? aqsEventText(e, state) : null;
  if (aqs !== null) return aqs;
  if (e.kind === 'note') return noteText(e);
  if (isMutexObject(state, e.object)) {
    const field = stateField(state, e.object!);
    switch (e.kind) {
      case 'cas':
        return e.ok
          ? t('pl.did.casOk', { field, expected: bits2(e.expected), desired: bits2(e.desired) })
          : t('pl.did.casFailed', {
              field,
              expected: bits2(e.expected),
              desired: bits2(e.desired),
              old: bits2(e.old),
            });
      case 'store':
        return t('pl.did.store', { field, old: bits2(e.old), new: bits2(e.new) });
      case 'load':
        return t('pl.did.load', { field, value: bits2(e.new) });
    }
  }
  switch (e.kind) {
    case 'park':
      return e.by ? t('pl.did.parkWoken', { by: e.by }) : t('pl.did.park');
    case 'finish':
      return t('pl.did.finish');
    case 'stuck':
      return t('pl.did.stuck');
    case 'cas':
      return e.ok
        ? t('did.casOk', { object: e.object ?? '', old: formatValue(e.old), new: formatValue(e.new) })
        : t('did.casFailed', {
            object: e.object ?? '',
            old: formatValue(e.old),
            expected: formatValue(e.expected),
          });
    case 'load':
      return t('did.load', { object: e.object ?? '', value: formatValue(e.new) });
    case 'store':
      return t('did.store', { object: e.object ?? '', old: formatValue(e.old), new: formatValue(e.new) });
  }
  const a: PendingAction = { ...e, kind: e.kind, value: e.old };
  return nextText(a, state);
}

export interface InsideEvent {
  step: number;
  kind: string;
  text: string;
  /** the C source's own words for this point (AT("…")), e.g. "set PARKED" */
  label?: string;
  site?: string;
  /** a failed CAS, a failed validate: worth a second look */
  failed: boolean;
}

/**
 * The engine actions an actor performed inside its current operation: its
 * events after step `since` (the step before the operation began).
 */
export function insideOperation(
  trace: TraceEvent[],
  actor: string,
  since: number,
  state: MachineState,
): InsideEvent[] {
  const out: InsideEvent[] = [];
  for (const e of trace) {
    if (e.actor !== actor || e.step <= since) continue;
    if (e.kind === 'finish' || e.kind === 'clock') continue;
    out.push({
      step: e.step,
      kind: e.kind,
      text: eventText(e, state),
      label: e.kind === 'note' ? undefined : e.label,
      site: e.site,
      failed: (e.kind === 'cas' && e.ok === false) || (e.kind === 'note' && e.label === 'validate failed'),
    });
  }
  return out;
}

/** Operations that are one event each: a trace event of this kind is a whole operation. */
const WHOLE_OPS = new Set(['cs_enter', 'cs_exit', 'work', 'print', 'assert', 'sleep', 'finish']);

/**
 * The step before the actor's current operation began, guessed from the trace
 * alone (for runs the page did not watch step by step): just after the actor's
 * latest whole-operation event (cs_enter, work, …).  0 when there is none.
 */
export function guessOpStart(trace: TraceEvent[], actor: string, nextKind?: string): number {
  // `work N` is one operation of N work steps: while the next is work too, its work so far is inside
  let inWork = nextKind === 'work';
  for (let i = trace.length - 1; i >= 0; i--) {
    const e = trace[i]!;
    if (e.actor !== actor) continue;
    if (inWork && e.kind === 'work') continue;
    inWork = false;
    if (WHOLE_OPS.has(e.kind)) return e.step;
  }
  return 0;
}

/**
 * The narration of a parking_lot event in whole sentences ("B: set PARKED —
 * state 01 → 11."), for the story and the announcement; undefined for events
 * the generic narration tells well (format.ts), null for ones not worth a
 * sentence (spin rounds).  The label is the C source's own comment for the point.
 */
export function narrateEngine(e: TraceEvent, state: MachineState): string | null | undefined {
  const actor = e.actor ?? '';
  if (isMutexObject(state, e.object)) {
    const field = stateField(state, e.object!);
    // the C comment often ends with the transition ("fast path: CAS 00 -> 01"): the sentence says it once
    const label =
      (e.label ?? e.kind).replace(/:?\s*(?:CAS\s+)?[01]{2}\s*->\s*[01]{2}\s*$/, '').trim() || e.kind;
    switch (e.kind) {
      case 'cas':
        return e.ok
          ? t('pl.event.casOk', { actor, label, field, old: bits2(e.old), new: bits2(e.new) })
          : t('pl.event.casFailed', { actor, label, field, old: bits2(e.old), expected: bits2(e.expected) });
      case 'store':
        return t('pl.event.store', { actor, label, field, old: bits2(e.old), new: bits2(e.new) });
      case 'load':
        return t('pl.event.load', { actor, label, field, value: bits2(e.new) });
    }
  }
  if (bucketOfObject(e.object) !== null && (e.kind === 'lock' || e.kind === 'unlock'))
    return t(e.kind === 'lock' ? 'pl.event.lockBucket' : 'pl.event.unlockBucket', {
      actor,
      object: e.object,
    });
  switch (e.kind) {
    case 'prepare_park':
      return t('pl.event.prepare', { actor });
    case 'park':
      return e.by ? t('pl.event.parkWoken', { actor, by: e.by }) : t('pl.event.park', { actor });
    case 'unpark':
      return t('pl.event.unpark', { actor, target: e.target ?? '?' });
    case 'spin':
      return t('pl.event.spin', { actor, count: e.count ?? '?' });
    case 'yield':
      return t('pl.event.yield', { actor });
    case 'note':
      if (e.label === 'spin round') return null;
      return t('pl.event.note', { actor, note: noteText(e) });
    case 'stuck':
      if (actor && state.actors.find((a) => a.name === actor)?.next?.kind === 'park')
        return t('pl.event.sleepsForever', { actor });
      return undefined;
  }
  return undefined;
}

/** The engine's own narration for format.ts (narrateSteps' `special`), when the engine has one. */
export function engineWords(
  engine: string | undefined,
  state: MachineState,
): ((e: TraceEvent) => string | null | undefined) | undefined {
  if (engine === 'aqs') return (e) => aqsNarrate(e, state);
  return engine === 'parking_lot' ? (e) => narrateEngine(e, state) : undefined;
}

const VIOLATION_TITLES: Record<string, MessageKey> = {
  assertion: 'outcome.violation',
  overlap: 'outcome.overlap',
  misuse: 'outcome.misuse',
  drift: 'outcome.drift',
};

/**
 * The end-of-run banner from structured data where the engine gives it (who
 * is stuck and why, the kind of violation), so every language reads its own
 * words; the engine's English sentence comes along as a quotation.
 */
export function outcomeFor(state: MachineState, summary: Summary): OutcomeView | null {
  const v = outcomeView(state, summary);
  if (!v) return v;
  if (v.tone === 'stuck') {
    const stuck = state.stuck
      .map((x) => ({ x, a: state.actors.find((a) => a.name === x.actor) }))
      .filter((y) => y.a);
    const sleepers = stuck.filter((y) => y.a!.next?.kind === 'park').map((y) => y.x.actor);
    const title =
      sleepers.length === stuck.length && sleepers.length > 0
        ? t(sleepers.length === 1 ? 'outcome.sleepsForever' : 'outcome.sleepForever', {
            actors: sleepers.join(', '),
          })
        : t('outcome.stuckWho', { actors: stuck.map((y) => y.x.actor).join(', ') || '?' });
    const details = stuck.map(({ x, a }) =>
      t('outcome.stuckLine', {
        actor: x.actor,
        why: blockedText(a!, state) ?? t('blocked.unknown'),
        where: shortSite(x.location),
      }),
    );
    const quote = state.stuck.map((x) => x.reason).find((r) => r && r.length > 0);
    return { ...v, title, details, quote };
  }
  if (v.tone === 'violation' && state.violation) {
    const key = VIOLATION_TITLES[state.violation.kind];
    const title = key ? t(key) : t('outcome.violationKind', { kind: state.violation.kind });
    // What Java would throw, word for word, beside the engine's explanation.
    const java = state.violation.java;
    return {
      ...v,
      title,
      details: java ? [t('outcome.javaThrows', { thrown: java })] : [],
      quote: state.violation.message,
    };
  }
  if (v.tone === 'error') {
    const msg = v.details[0] ?? '';
    return { ...v, details: [], quote: msg || undefined };
  }
  return v;
}
