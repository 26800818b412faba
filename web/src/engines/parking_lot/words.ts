/*
 * The parking_lot engine in words: its one-byte mutex's state in binary
 * ("CAS state 01 → 11"), its notes (SpinWait rounds, validate, the bucket's
 * queue) and the narration of its events in whole sentences ("B: set PARKED —
 * state 01 → 11.").  Each function answers only for the engine's own objects
 * and notes and returns null otherwise (model/describe.ts then words it).
 */
import type { MachineState, PendingAction, TraceEvent, ActorState } from '../../bridge/types';
import { t, tn, type MessageKey } from '../../i18n';
import { formatValue } from '../../model/format';
import { bits2, bucketOfObject, isMutexObject, mutexes, parkedOn } from './model';

/** How a mutex's state byte is named in an action: "state" when there is one mutex, "m1.state" otherwise. */
export function stateField(state: MachineState, object: string): string {
  return mutexes(state).length > 1 ? `${object}.state` : 'state';
}

/** The next action on a mutex's state byte ("CAS state 01 → 11") or a bucket's lock; null for anything else. */
export function plNextText(a: PendingAction, state: MachineState): string | null {
  if (bucketOfObject(a.object) !== null && (a.kind === 'lock' || a.kind === 'unlock'))
    return t(a.kind === 'lock' ? 'pl.action.lockBucket' : 'pl.action.unlockBucket', { object: a.object });
  if (!isMutexObject(state, a.object)) return null;
  const field = stateField(state, a.object!);
  switch (a.kind) {
    case 'cas':
      return t('pl.action.cas', { field, expected: bits2(a.expected), desired: bits2(a.desired) });
    case 'store':
      return t('pl.action.store', { field, value: bits2(a.arg) });
    case 'load':
      return t('pl.action.load', { field });
  }
  return null;
}

/** What the next action would do to a mutex's state byte or a bucket's lock; undefined for anything else. */
export function plNextEffect(a: PendingAction, actor: ActorState, state: MachineState): string | undefined {
  if (bucketOfObject(a.object) !== null) {
    if (a.kind === 'lock' && actor.status === 'enabled') return t('pl.effect.bucketFree');
    if (a.kind === 'unlock') return t('pl.effect.bucketRelease');
  }
  if (!isMutexObject(state, a.object)) return undefined;
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
  return undefined;
}

/**
 * Why a thread cannot move, in the lot's terms: it waits for a bucket's lock,
 * or it is parked in a bucket's queue (on the mutex the queue says) or by its
 * own reason code; null when the actor waits for nothing of the lot's.
 */
export function plBlockedText(actor: ActorState, state: MachineState): string | null {
  const b = actor.blocked;
  if (!b) return null;
  if (b.why === 'lock' && bucketOfObject(b.object) !== null) {
    const holder = b.holder && b.holder !== '?' ? b.holder : null;
    return holder
      ? t('blocked.bucket', { object: b.object!, holder })
      : t('blocked.bucketNobody', { object: b.object! });
  }
  if (b.why !== 'parked' && b.why !== 'parking_lot.parked') return null;
  const on = parkedOn(state, actor.name);
  if (!on && b.why === 'parked') return null;
  const until = b.until !== undefined ? ` ${t('blocked.until', { until: b.until })}` : '';
  return (on ? t('blocked.parkedOn', { object: on }) : t('blocked.parked')) + until;
}

/** The engine's notes (plat_note labels) in words; null for a label that is not its own. */
export function plNoteText(e: TraceEvent): string | null {
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
    case 'requeued':
      return typeof e.value === 'number' ? tn('note.requeued', e.value) : t('note.requeued', { n: v });
    case 'unlock fast path failed':
      return t('note.unlockSlow', { state: bits2(e.value) });
  }
  return null;
}

/** One of its actions that happened ("CAS state 00 → 01 ✓"), or one of its notes; null otherwise. */
export function plEventText(e: TraceEvent, state: MachineState): string | null {
  if (e.kind === 'note') return plNoteText(e);
  if (!isMutexObject(state, e.object)) return null;
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
  return null;
}

/** The C labels of the mutex's state byte (AT("…")), said in the learner's language. */
const STEP_WORDS: Readonly<Record<string, MessageKey>> = {
  'fast path': 'pl.step.fastPath',
  'grab: set LOCKED': 'pl.step.grab',
  'try: set LOCKED': 'pl.step.try',
  'set PARKED': 'pl.step.setParked',
  'read state': 'pl.step.readState',
  'callback: write 00': 'pl.step.write00',
  'callback: write 10': 'pl.step.write10',
  'callback: hand off, write 01': 'pl.step.handOff01',
  'callback: hand off, write 11': 'pl.step.handOff11',
  'requeue: is the mutex locked?': 'pl.step.requeueLocked',
  'requeue: set PARKED on the locked mutex': 'pl.step.requeueParkedLocked',
  'requeue: set PARKED': 'pl.step.requeueParked',
  'validate: state == 11?': 'pl.step.validate',
};

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
    const code =
      (e.label ?? e.kind).replace(/:?\s*(?:CAS\s+)?[01]{2}\s*->\s*[01]{2}\s*$/, '').trim() || e.kind;
    const key = STEP_WORDS[code];
    const label = key ? t(key) : code;
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
      return t('pl.event.note', {
        actor,
        note: plNoteText(e) ?? t('note.other', { label: e.label ?? '', value: formatValue(e.value) }),
      });
    case 'stuck':
      if (actor && state.actors.find((a) => a.name === actor)?.next?.kind === 'park')
        return t('pl.event.sleepsForever', { actor });
      return undefined;
  }
  return undefined;
}

/** An engine decision's note ("validate failed") in the learner's words, for the variant comparison. */
export function plDecision(label: string): string | null {
  switch (label) {
    case 'validate ok':
      return t('note.validateOk');
    case 'validate failed':
      return t('note.validateFailed');
    case 'no waiter':
      return t('note.noWaiter');
    case 'dequeue':
      return t('note.dequeue');
    case 'enqueue':
      return t('note.enqueueShort');
  }
  return null;
}
