/*
 * Waker provenance for the `embassy` engine, read from the trace alone: for
 * every wake, who woke whom and how (an eviction from a one-slot
 * registration, the waker taken from a slot, the head of a queue, a waker
 * list's news or its overflow, a task waking itself), in which object's slot
 * the waker sat and at which step its task had registered it.
 *
 * The engine's own words are the key (core/engines/embassy): a task
 * registers by storing its own number + 1 into a 16-bit waker cell (labels
 * with "waker"), and wakes with an unpark whose label says which wake it is.
 * The object of a wake is the object of the waker's last 16-bit access by
 * the waking actor just before it (the slot it read, took or overwrote).
 *
 * Pure: trace in, data out.
 */
import type { TraceEvent } from '../../bridge/types';

export type WakeKind = 'evict' | 'slot' | 'head' | 'multi' | 'herd' | 'self' | 'other';

export interface Wake {
  step: number;
  /** who woke (an actor's name) */
  by: string;
  /** whose task was woken */
  target: string;
  kind: WakeKind;
  /** the object whose slot held the waker (m, s), when known */
  object?: string;
  /** the step at which the target had registered the waker there */
  registeredAt?: number;
}

export interface Registration {
  task: string;
  object: string;
  step: number;
}

const EVICT = 'waker slot: wake the evicted waker';
const SLOT = 'wake the registered task';
const HEAD = 'wake the head of the queue';

function kindOf(label: string, by: string, target: string): WakeKind {
  if (by === target) return 'self';
  if (label === EVICT) return 'evict';
  if (label === SLOT) return 'slot';
  if (label === HEAD) return 'head';
  // a MultiWakerRegistration (Watch, PubSubChannel): news for every waker it holds, or
  // a registration that found it full and woke them all to make room
  if (label === 'multi waker: wake a registered task') return 'multi';
  if (label === 'multi waker full: wake every registered task') return 'herd';
  return 'other';
}

/** Is this event a task registering its own waker in a slot? */
export function isRegistration(e: TraceEvent, actors: readonly string[]): boolean {
  return (
    e.kind === 'store' &&
    e.width === 2 &&
    /waker/.test(e.label ?? '') &&
    e.actor !== undefined &&
    e.new !== undefined &&
    actors[e.new - 1] === e.actor
  );
}

export interface Provenance {
  wakes: Wake[];
  /** each task's registrations, latest last */
  registrations: Registration[];
  /** wakes by step (a step has at most one unpark) */
  byStep: Map<number, Wake>;
}

/**
 * Every wake and registration in the trace.  `actors` are the scenario's
 * actors in order: a waker cell holds an actor's number + 1.
 */
export function wakerProvenance(trace: readonly TraceEvent[], actors: readonly string[]): Provenance {
  const wakes: Wake[] = [];
  const registrations: Registration[] = [];
  const byStep = new Map<number, Wake>();
  // the last registration of each (object, task)
  const lastReg = new Map<string, number>();
  // each actor's last 16-bit access: the slot it is working on
  const lastSlot = new Map<string, string>();
  for (const e of trace) {
    if (e.actor !== undefined && e.width === 2 && e.object !== undefined) lastSlot.set(e.actor, e.object);
    if (isRegistration(e, actors)) {
      registrations.push({ task: e.actor!, object: e.object!, step: e.step });
      lastReg.set(`${e.object}\n${e.actor}`, e.step);
      continue;
    }
    if (e.kind !== 'unpark' || e.actor === undefined || e.target === undefined) continue;
    const kind = kindOf(e.label ?? '', e.actor, e.target);
    const object = kind === 'self' ? undefined : lastSlot.get(e.actor);
    const w: Wake = { step: e.step, by: e.actor, target: e.target, kind };
    if (object !== undefined) {
      w.object = object;
      const at = lastReg.get(`${object}\n${e.target}`);
      if (at !== undefined) w.registeredAt = at;
    }
    wakes.push(w);
    byStep.set(e.step, w);
  }
  return { wakes, registrations, byStep };
}

/** The last wake of each task (who woke it, how), for the task table. */
export function lastWakes(p: Provenance): Map<string, Wake> {
  const out = new Map<string, Wake>();
  for (const w of p.wakes) out.set(w.target, w);
  return out;
}

/** The last registration of `task` in `object`'s slot(s), or undefined. */
export function registrationOf(p: Provenance, object: string, task: string): Registration | undefined {
  for (let i = p.registrations.length - 1; i >= 0; i--) {
    const r = p.registrations[i]!;
    if (r.object === object && r.task === task) return r;
  }
  return undefined;
}

/** The last eviction from `object`'s slot, or undefined. */
export function lastEviction(p: Provenance, object: string): Wake | undefined {
  for (let i = p.wakes.length - 1; i >= 0; i--) {
    const w = p.wakes[i]!;
    if (w.kind === 'evict' && w.object === object) return w;
  }
  return undefined;
}
