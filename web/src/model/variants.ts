/*
 * Comparing two runs of the same schedule under two variants of an engine:
 * the first step at which their traces differ, and the first engine decision
 * (a note such as "validate ok" / "validate failed") that came out
 * differently.  Pure functions, no DOM.
 */
import type { TraceEvent } from '../bridge/types';

/** The fields that say what an event did (not when, not where in the source: line numbers differ between variants). */
const SAME = [
  'kind',
  'actor',
  'object',
  'width',
  'arg',
  'old',
  'new',
  'expected',
  'desired',
  'ok',
  'woken',
  'by',
  'target',
  'value',
  'count',
  'label',
] as const;

export function sameEvent(a: TraceEvent, b: TraceEvent): boolean {
  return SAME.every((k) => a[k] === b[k]);
}

/** Events by step (steps without events are absent). */
export function byStep(trace: TraceEvent[]): Map<number, TraceEvent[]> {
  const m = new Map<number, TraceEvent[]>();
  for (const e of trace) m.set(e.step, [...(m.get(e.step) ?? []), e]);
  return m;
}

function lastStep(trace: TraceEvent[]): number {
  return trace.reduce((n, e) => Math.max(n, e.step), 0);
}

export interface Decision {
  actor: string;
  /** the note in the old run (null: the old run has no such note) */
  old: { label: string; step: number; value?: number } | null;
  new: { label: string; step: number; value?: number } | null;
}

export interface Difference {
  /** the first step whose events differ */
  step: number;
  oldEvents: TraceEvent[];
  newEvents: TraceEvent[];
  /** the first engine decision that came out differently, if any */
  decision: Decision | null;
}

/**
 * The first engine decision that differs: per actor, the sequence of its
 * notes in each run, compared in order; of the actors whose sequences differ,
 * the one whose difference comes first in the old run.
 */
export function firstDecision(oldTrace: TraceEvent[], newTrace: TraceEvent[]): Decision | null {
  const notes = (tr: TraceEvent[]) => {
    const m = new Map<string, TraceEvent[]>();
    for (const e of tr) if (e.kind === 'note' && e.actor) m.set(e.actor, [...(m.get(e.actor) ?? []), e]);
    return m;
  };
  const a = notes(oldTrace);
  const b = notes(newTrace);
  let best: (Decision & { at: number }) | null = null;
  for (const actor of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(actor) ?? [];
    const y = b.get(actor) ?? [];
    const n = Math.max(x.length, y.length);
    for (let i = 0; i < n; i++) {
      const p = x[i];
      const q = y[i];
      if (p && q && p.label === q.label && p.value === q.value) continue;
      // one run ending earlier is not a decision that differs
      if (!p || !q) break;
      const at = Math.min(p.step, q.step);
      if (!best || at < best.at)
        best = {
          actor,
          at,
          old: { label: p.label ?? '', step: p.step, value: p.value },
          new: { label: q.label ?? '', step: q.step, value: q.value },
        };
      break;
    }
  }
  if (!best) return null;
  const { at: _at, ...d } = best;
  return d;
}

/**
 * Where the new run (same schedule, other variant) first differs from the old
 * one, comparing the steps both have.  `stoppedAt`: the step at which the
 * schedule no longer applied to the new run (it kept the steps before).  The
 * old run may end earlier than the new (the new one went on with forced
 * steps): that is not a difference.  null when they agree.
 */
export function firstDifference(
  oldTrace: TraceEvent[],
  newTrace: TraceEvent[],
  stoppedAt?: number,
): Difference | null {
  const a = byStep(oldTrace);
  const b = byStep(newTrace);
  const oldLast = lastStep(oldTrace);
  const newLast = lastStep(newTrace);
  const upTo = Math.min(oldLast, newLast, stoppedAt !== undefined ? stoppedAt - 1 : Infinity);
  const decision = firstDecision(oldTrace, newTrace);
  for (let s = 1; s <= upTo; s++) {
    const x = a.get(s) ?? [];
    const y = b.get(s) ?? [];
    if (x.length !== y.length || x.some((e, i) => !sameEvent(e, y[i]!)))
      return { step: s, oldEvents: x, newEvents: y, decision };
  }
  // the new run stopped (diverged, ended) before the old one's end
  const stop = stoppedAt ?? (newLast < oldLast ? newLast + 1 : null);
  if (stop !== null && stop <= oldLast)
    return { step: stop, oldEvents: a.get(stop) ?? [], newEvents: b.get(stop) ?? [], decision };
  return null;
}

/** One step of a run: who took it, and the kind of its first action (notes aside). */
export interface OrderStep {
  actor: string;
  kind: string;
}

/**
 * Who took each step after `from`, and what kind of action it was: the
 * order a replay under another variant keeps following once the
 * fingerprints no longer match.
 */
export function actorOrder(trace: readonly TraceEvent[], from: number): OrderStep[] {
  const out: OrderStep[] = [];
  let last = from;
  for (const e of trace) {
    if (e.step <= last || !e.actor || e.kind === 'note') continue;
    out.push({ actor: e.actor, kind: e.kind });
    last = e.step;
  }
  return out;
}

/**
 * Whether the replay takes this step of the old order now: the same actor
 * can move and its next action is of the same kind.  A step the actor no
 * longer takes here (under correct, B locks the bucket where it validated
 * before) is passed over, so the others' steps keep their order around it.
 */
export function followsOrder(step: OrderStep, next: { kind: string } | undefined, enabled: boolean): boolean {
  return enabled && !!next && next.kind === step.kind;
}

/** "schedule diverged at step 27: expected B load on m, got …" → 27; null for other messages. */
export function divergedStep(message: string | undefined): number | null {
  const m = /schedule diverged at step (\d+)/.exec(message ?? '');
  return m ? Number(m[1]) : null;
}
