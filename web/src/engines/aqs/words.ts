/*
 * The aqs engine in words: its actions in its own terms ("CAS permits 3 → 1",
 * "park (wait for a signal)", "signal B"), what they would do, its notes, the
 * narration of its events, why a thread waits (its place in a semaphore's
 * queue), places in line and virtual times for people.  Each function answers
 * only for the engine's own objects and labels and returns null otherwise
 * (model/describe.ts then words it).
 */
import type { ActorState, MachineState, PendingAction, TraceEvent } from '../../bridge/types';
import { t } from '../../i18n';
import { formatValue } from '../../model/format';
import { int32, isPermitLabel, isSemaphore, queuedIn, statusName } from './model';

/** "thread[1]" → the actor whose thread it is (element i belongs to actor i). */
export function threadOwner(state: MachineState, object: string | undefined): string | null {
  const m = /^thread\[(\d+)\]$/.exec(object ?? '');
  return m ? (state.actors[Number(m[1])]?.name ?? null) : null;
}

/** The `first` word's value as an actor (id = actor index + 1; 0: nobody). */
export function firstActor(state: MachineState, v: number | undefined): string | null {
  if (v === undefined || v === 0) return null;
  return state.actors[v - 1]?.name ?? `#${v}`;
}

function semaphoreNamed(state: MachineState, object: string | undefined): boolean {
  return !!object && state.objects.some((o) => o.name === object && isSemaphore(o));
}

/** "permits" with one semaphore, "s.permits" with several. */
export function permitsField(state: MachineState, object: string): string {
  return state.objects.filter(isSemaphore).length > 1 ? `${object}.permits` : 'permits';
}

/** "first" with one semaphore, "s.first" with several. */
function firstField(state: MachineState, object: string): string {
  return state.objects.filter(isSemaphore).length > 1 ? `${object}.first` : 'first';
}

const num = (v: number | undefined) => formatValue(int32(v));

/** The label of a guarded call's body (core/script/engines/aqs/semaphore.c): a sleep that holds the permits. */
const HOLD = 'hold the permits (the call)';

/** What a pending or past action is, in the engine's terms (by its object and the C source's label). */
type Part =
  | { part: 'permits'; field: string }
  | { part: 'first'; field: string; label: string }
  | { part: 'queueLock'; object: string }
  | { part: 'status'; owner: string }
  | { part: 'flag'; owner: string }
  | { part: 'other' };

function partOf(
  a: { object?: string; label?: string; width?: number; kind: string },
  state: MachineState,
): Part {
  if (semaphoreNamed(state, a.object)) {
    if (a.kind === 'lock' || a.kind === 'unlock') return { part: 'queueLock', object: a.object! };
    if (isPermitLabel(a.label)) return { part: 'permits', field: permitsField(state, a.object!) };
    return { part: 'first', field: firstField(state, a.object!), label: a.label ?? '' };
  }
  const owner = threadOwner(state, a.object);
  if (owner) {
    const flag = a.width === 1 || /interrupt/.test(a.label ?? '');
    return flag ? { part: 'flag', owner } : { part: 'status', owner };
  }
  return { part: 'other' };
}

function who(state: MachineState, v: number | undefined): string {
  return firstActor(state, v) ?? t('aqs.nobody');
}

function flagWord(v: number | undefined): string {
  return t(v ? 'aqs.flag.set' : 'aqs.flag.clear');
}

/** The actor whose pending action `a` is (the lanes pass state().actors[i].next itself). */
function doerOf(a: PendingAction, state: MachineState): string | null {
  return state.actors.find((x) => x.next === a)?.name ?? null;
}

/** The next action in the aqs engine's words; null when the generic words will do. */
export function aqsNextText(a: PendingAction, state: MachineState, doer = doerOf(a, state)): string | null {
  const p = partOf(a, state);
  const mine = 'owner' in p && p.owner === doer;
  switch (p.part) {
    case 'permits':
      if (a.kind === 'cas')
        return t('aqs.action.cas', { field: p.field, expected: num(a.expected), desired: num(a.desired) });
      if (a.kind === 'load') return t('aqs.action.read', { field: p.field });
      break;
    case 'first':
      if (a.kind === 'load') {
        if (p.label === 'am I first?') return t('aqs.action.amIFirst', { field: p.field });
        if (p.label === 'anybody queued before me?') return t('aqs.action.anybodyBefore', { field: p.field });
        if (p.label === 'anybody waiting?') return t('aqs.action.anybodyWaiting', { field: p.field });
        return t('aqs.action.read', { field: p.field });
      }
      if (a.kind === 'store') return t('aqs.action.setFirst', { field: p.field, actor: who(state, a.arg) });
      break;
    case 'queueLock':
      return t(a.kind === 'lock' ? 'aqs.action.lockQueue' : 'aqs.action.unlockQueue', { object: p.object });
    case 'status':
      if (a.kind === 'load')
        return mine ? t('aqs.action.readMyStatus') : t('aqs.action.readStatus', { owner: p.owner });
      if (a.kind === 'store')
        return mine
          ? t('aqs.action.setMyStatus', { status: statusName(a.arg) })
          : t('aqs.action.setStatus', { owner: p.owner, status: statusName(a.arg) });
      if (a.kind === 'fetch_and' || a.kind === 'fetch_or') return t('aqs.action.signal', { owner: p.owner });
      break;
    case 'flag':
      if (a.kind === 'load')
        return mine ? t('aqs.action.readMyFlag') : t('aqs.action.readFlag', { owner: p.owner });
      if (a.kind === 'store')
        return mine
          ? t('aqs.action.setMyFlag', { value: flagWord(a.arg) })
          : t('aqs.action.setFlag', { owner: p.owner, value: flagWord(a.arg) });
      break;
  }
  switch (a.kind) {
    case 'park':
      return a.deadline !== undefined
        ? t('aqs.action.parkUntil', { time: formatMicros(a.deadline) })
        : t('aqs.action.park');
    case 'sleep':
      if (a.deadline === undefined) return null;
      return a.label === HOLD
        ? t('aqs.action.hold', { time: formatMicros(a.deadline) })
        : t('aqs.action.sleep', { time: formatMicros(a.deadline) });
    case 'prepare_park':
      return t('aqs.action.prepare');
    case 'unpark':
      return a.label?.startsWith('interrupt')
        ? t('aqs.action.interruptWake', { target: a.target ?? '?' })
        : t('aqs.action.unpark', { target: a.target ?? '?' });
    case 'spin':
      return t('aqs.action.spin');
  }
  return null;
}

/** What the next action would do, in the aqs engine's words; undefined when the generic words will do. */
export function aqsNextEffect(
  a: PendingAction,
  actor: ActorState,
  state: MachineState,
): string | null | undefined {
  const p = partOf(a, state);
  switch (p.part) {
    case 'permits': {
      const now = num(a.value);
      if (a.kind === 'cas')
        return a.value === a.expected
          ? t('aqs.effect.casOk', { field: p.field, old: now, new: num(a.desired) })
          : t('aqs.effect.casFails', { field: p.field, value: now, expected: num(a.expected) });
      if (a.kind === 'load') return t('aqs.effect.reads', { field: p.field, value: now });
      break;
    }
    case 'first':
      if (a.kind === 'load') {
        const f = firstActor(state, a.value);
        if (p.label === 'am I first?')
          return f === actor.name
            ? t('aqs.effect.iAmFirst')
            : t('aqs.effect.notFirst', { actor: who(state, a.value) });
        if (p.label === 'anybody queued before me?')
          return f && f !== actor.name
            ? t('aqs.effect.queueBehind', { actor: f })
            : t('aqs.effect.nobodyAhead');
        if (p.label === 'anybody waiting?')
          return f ? t('aqs.effect.willSignal', { actor: f }) : t('aqs.effect.nobodyWaits');
        return t('aqs.effect.reads', { field: p.field, value: who(state, a.value) });
      }
      if (a.kind === 'store')
        return a.arg ? t('aqs.effect.nowFirst', { actor: who(state, a.arg) }) : t('aqs.effect.queueEmpty');
      break;
    case 'queueLock':
      if (a.kind === 'lock') return actor.status === 'enabled' ? t('aqs.effect.lockFree') : null;
      return t('aqs.effect.unlock');
    case 'status':
      if (a.kind === 'load') return t('aqs.effect.readsStatus', { status: statusName(a.value) });
      if (a.kind === 'store') {
        const s = statusName(a.arg);
        if (s === 'WAITING') return t('aqs.effect.waiting');
        if (s === 'CANCELLED') return t('aqs.effect.cancelled');
        return t('aqs.effect.statusChange', { old: statusName(a.value), new: s });
      }
      if (a.kind === 'fetch_and')
        return statusName(a.value) === 'WAITING'
          ? t('aqs.effect.signalClears', { owner: p.owner })
          : t('aqs.effect.signalNothing', { owner: p.owner, status: statusName(a.value) });
      break;
    case 'flag':
      if (a.kind === 'load') return t(a.value ? 'aqs.effect.interrupted' : 'aqs.effect.notInterrupted');
      if (a.kind === 'store') return t('aqs.effect.flag', { old: flagWord(a.value), new: flagWord(a.arg) });
      break;
  }
  switch (a.kind) {
    case 'park':
      if (actor.status !== 'enabled') return null;
      if (actor.parker) return t('aqs.effect.parkToken');
      return a.deadline !== undefined ? t('aqs.effect.parkUntil') : t('aqs.effect.park');
    case 'prepare_park':
      return t('aqs.effect.prepare');
    case 'unpark':
      return t('aqs.effect.unpark', { target: a.target ?? '?' });
    case 'spin':
      return t('aqs.effect.spin');
  }
  return undefined;
}

/** Known engine notes, in words; null for a note this module does not know. */
export function aqsNoteText(e: TraceEvent): string | null {
  switch (e.label) {
    case 'enqueued at the tail':
      return t('aqs.note.enqueued', { wants: formatValue(e.value) });
    case 'cancelled node unspliced':
      return t('aqs.note.unspliced');
    case 'acquire_in_try: acquire threw, finally still releases':
      return t('aqs.note.finallyReleases');
    case 'acquire threw before try: nothing to release':
      return t('aqs.note.nothingToRelease');
    case 'compensating_release: release what was never taken':
      return t('aqs.note.compensates');
    case 'no_propagation: the next is not signalled':
      return t('aqs.note.noPropagation');
  }
  return null;
}

/** One engine action that happened, short and code-like ("CAS permits 3 → 1 ✓"); null: the generic words. */
export function aqsEventText(e: TraceEvent, state: MachineState): string | null {
  if (e.kind === 'note') return aqsNoteText(e);
  const p = partOf(e, state);
  const mine = 'owner' in p && p.owner === e.actor;
  switch (p.part) {
    case 'permits':
      if (e.kind === 'cas')
        return e.ok
          ? t('aqs.did.casOk', { field: p.field, expected: num(e.expected), desired: num(e.desired) })
          : t('aqs.did.casFailed', {
              field: p.field,
              expected: num(e.expected),
              desired: num(e.desired),
              old: num(e.old),
            });
      if (e.kind === 'load') return t('aqs.did.read', { field: p.field, value: num(e.new) });
      break;
    case 'first':
      if (e.kind === 'load') return t('aqs.did.read', { field: p.field, value: who(state, e.new) });
      if (e.kind === 'store') return t('aqs.action.setFirst', { field: p.field, actor: who(state, e.new) });
      break;
    case 'status':
      if (e.kind === 'load')
        return mine
          ? t('aqs.did.readMyStatus', { status: statusName(e.new) })
          : t('aqs.did.readStatus', { owner: p.owner, status: statusName(e.new) });
      if (e.kind === 'store' && e.label === 'new node: status 0') return t('aqs.did.newNode');
      if (e.kind === 'store' || e.kind === 'fetch_and' || e.kind === 'fetch_or')
        return mine
          ? t('aqs.did.myStatus', { old: statusName(e.old), new: statusName(e.new) })
          : t('aqs.did.status', { owner: p.owner, old: statusName(e.old), new: statusName(e.new) });
      break;
    case 'flag':
      if (e.kind === 'load')
        return mine
          ? t('aqs.did.readMyFlag', { value: flagWord(e.new) })
          : t('aqs.did.readFlag', { owner: p.owner, value: flagWord(e.new) });
      if (e.kind === 'store')
        return mine
          ? t('aqs.action.setMyFlag', { value: flagWord(e.new) })
          : t('aqs.action.setFlag', { owner: p.owner, value: flagWord(e.new) });
      break;
  }
  if (e.kind === 'park') {
    if (timedOut(e)) return t('aqs.did.parkTimedOut');
    return e.by ? t('aqs.did.parkWoken', { by: e.by }) : t('aqs.did.park');
  }
  return aqsNextText({ ...e, kind: e.kind, value: e.old }, state, e.actor ?? null);
}

/** A timed park (aqs_thread.c) that returned because its deadline came, with nobody unparking it. */
function timedOut(e: TraceEvent): boolean {
  return e.kind === 'park' && e.woken === false && e.label === 'park until the deadline';
}

/**
 * The narration of an aqs event in whole sentences ("A took 2 permits:
 * permits 3 → 1."); undefined for events the generic narration tells well,
 * null for ones not worth a sentence.
 */
export function aqsNarrate(e: TraceEvent, state: MachineState): string | null | undefined {
  const actor = e.actor ?? '';
  if (e.kind === 'note') {
    const text = aqsNoteText(e);
    return text === null ? null : t('aqs.event.note', { actor, note: text });
  }
  const p = partOf(e, state);
  switch (p.part) {
    case 'permits': {
      const old = num(e.old);
      const nw = num(e.new);
      if (e.kind === 'cas') {
        if (!e.ok) return t('aqs.event.casFailed', { actor, field: p.field, old, expected: num(e.expected) });
        const n = Math.abs((int32(e.desired) ?? 0) - (int32(e.expected) ?? 0));
        switch (e.label) {
          case 'CAS permits: take':
            return t('aqs.event.take', { actor, n, field: p.field, old, new: nw });
          case 'CAS permits: give back':
            return t('aqs.event.giveBack', { actor, n, field: p.field, old, new: nw });
          case 'CAS permits: drain to 0':
            return t('aqs.event.drain', { actor, n, field: p.field, old, new: nw });
          case 'CAS permits: reduce':
            return t('aqs.event.reduce', { actor, n, field: p.field, old, new: nw });
        }
        return t('aqs.event.cas', { actor, field: p.field, old, new: nw });
      }
      if (e.kind === 'load') return t('aqs.event.read', { actor, field: p.field, value: nw });
      break;
    }
    case 'first':
      if (e.kind === 'load') {
        const f = firstActor(state, e.new);
        if (e.label === 'am I first?')
          return f === actor
            ? t('aqs.event.iAmFirst', { actor })
            : t('aqs.event.notFirst', { actor, first: who(state, e.new) });
        if (e.label === 'anybody queued before me?')
          return f && f !== actor
            ? t('aqs.event.queueBehind', { actor, first: f })
            : t('aqs.event.nobodyAhead', { actor });
        if (e.label === 'anybody waiting?')
          return f ? t('aqs.event.someoneWaits', { actor, first: f }) : t('aqs.event.nobodyWaits', { actor });
        return t('aqs.event.read', { actor, field: p.field, value: who(state, e.new) });
      }
      if (e.kind === 'store') {
        if (!e.new) return t('aqs.event.queueEmpty', { actor });
        const first = who(state, e.new);
        return first === actor
          ? t('aqs.event.selfFirst', { actor })
          : t('aqs.event.nowFirst', { actor, first });
      }
      break;
    case 'queueLock':
      return t(e.kind === 'lock' ? 'aqs.event.lockQueue' : 'aqs.event.unlockQueue', {
        actor,
        object: p.object,
      });
    case 'status': {
      const mine = p.owner === actor;
      const change = { actor, owner: p.owner, old: statusName(e.old), new: statusName(e.new) };
      if (e.kind === 'load')
        return mine
          ? t('aqs.event.readOwnStatus', { actor, status: statusName(e.new) })
          : t('aqs.event.readStatus', { actor, owner: p.owner, status: statusName(e.new) });
      if (e.kind === 'fetch_and') return t('aqs.event.signal', change);
      if (e.kind === 'store' && e.label === 'new node: status 0') return t('aqs.event.newNode', { actor });
      if (e.kind === 'store') return mine ? t('aqs.event.ownStatus', change) : t('aqs.event.status', change);
      break;
    }
    case 'flag': {
      const mine = p.owner === actor;
      if (e.kind === 'load') {
        if (mine) return t(e.new ? 'aqs.event.ownFlagSet' : 'aqs.event.ownFlagClear', { actor });
        return t(e.new ? 'aqs.event.flagSet' : 'aqs.event.flagClear', { actor, owner: p.owner });
      }
      if (e.kind === 'store') {
        if (e.new) return t('aqs.event.interrupt', { actor, owner: p.owner });
        return mine
          ? t('aqs.event.clearOwnFlag', { actor })
          : t('aqs.event.clearFlag', { actor, owner: p.owner });
      }
      break;
    }
  }
  switch (e.kind) {
    case 'park':
      if (timedOut(e)) return t('aqs.event.parkTimedOut', { actor });
      return e.by ? t('aqs.event.parkWoken', { actor, by: e.by }) : t('aqs.event.park', { actor });
    case 'sleep':
      return t(e.label === HOLD ? 'aqs.event.callDone' : 'aqs.event.slept', {
        actor,
        time: formatMicros(e.time),
      });
    case 'prepare_park':
      return t('aqs.event.prepare', { actor });
    case 'unpark':
      return e.label?.startsWith('interrupt')
        ? t('aqs.event.interruptWake', { actor, target: e.target ?? '?' })
        : t('aqs.event.unpark', { actor, target: e.target ?? '?' });
    case 'spin':
      return t('aqs.event.spin', { actor });
    case 'stuck':
      if (actor && queuedIn(state, actor)) return t('aqs.event.stuck', { actor });
      return undefined;
  }
  return undefined;
}

const ORDINAL_MAX = 10;

/** "1st", "2nd", … in line. */
export function placeText(position: number): string {
  return position >= 1 && position <= ORDINAL_MAX
    ? t(`aqs.place.${position}` as 'aqs.place.1')
    : t('aqs.place.later', { n: position });
}

/**
 * Why an actor cannot move, in the semaphore's terms: parked in its queue
 * (with its place, what it wants and what is free), or waiting for its queue
 * lock; null when the generic words will do.
 */
export function aqsBlockedText(actor: ActorState, state: MachineState): string | null {
  if (actor.status !== 'blocked' && actor.status !== 'stuck') return null;
  const b = actor.blocked;
  if (b?.why === 'lock' && semaphoreNamed(state, b.object)) {
    const holder = b.holder && b.holder !== '?' ? b.holder : null;
    return holder
      ? t('aqs.blocked.queueLock', { object: b.object!, holder })
      : t('aqs.blocked.queueLockNobody', { object: b.object! });
  }
  if (actor.next?.kind !== 'park') return null;
  const q = queuedIn(state, actor.name);
  if (!q) return null;
  const text = t(q.permits === 1 || q.permits === -1 ? 'aqs.blocked.one' : 'aqs.blocked', {
    object: q.object,
    place: placeText(q.position),
    wants: q.node.wants,
    status: q.node.status,
    permits: q.permits,
  });
  return b?.until !== undefined ? `${text} ${t('blocked.until', { until: b.until })}` : text;
}

/** "50 ms", "1 s", "250 µs": a virtual time (µs) for people. */
export function formatMicros(us: number): string {
  if (us >= 1_000_000 && us % 1_000_000 === 0) return `${us / 1_000_000} s`;
  if (us >= 1000 && us % 1000 === 0) return `${us / 1000} ms`;
  if (us >= 1000) return `${(us / 1000).toFixed(1)} ms`;
  return `${us} µs`;
}
