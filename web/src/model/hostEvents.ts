/*
 * The messages a page that embeds Lockstep receives (window.parent.postMessage):
 * what happened between two moments of the run.  Documented for course
 * authors in lessons/README.md, “On a course page”; every message has
 * {source: 'lockstep', type, lesson, step}.  Pure functions, no DOM.
 */
import type { Snapshot } from '../bridge/types';

export type HostEventType = 'ready' | 'step' | 'goal-reached' | 'stuck' | 'violation';

export interface HostEvent {
  source: 'lockstep';
  type: HostEventType;
  /** the lesson's id (null in the sandbox) */
  lesson: string | null;
  /** the step the run is at now */
  step: number;
  [more: string]: unknown;
}

/** One moment of the run, as the messages describe it. */
export interface Moment {
  lesson: string | null;
  /** the scenario's id (lesson:ID for a lesson) */
  scenario: string;
  snap: Snapshot;
  /** the lesson's goal is reached */
  goal: boolean;
  /** the lesson's title (English), for `ready` */
  title?: string;
}

/** The actor that took step `step`, from the trace. */
function actorOf(snap: Snapshot, step: number): string | undefined {
  return snap.trace.find((e) => e.step === step && typeof e.actor === 'string')?.actor;
}

/**
 * The messages between `prev` and `now`: `ready` when a lesson (or scenario)
 * opened, `step` when the step changed, then `stuck` / `violation` when the
 * run just ended that way, and `goal-reached` when the goal just became true.
 */
export function hostEvents(prev: Moment | null, now: Moment): HostEvent[] {
  const { snap } = now;
  const step = snap.state.step;
  const base = { source: 'lockstep' as const, lesson: now.lesson, step };
  const variant = snap.state.variant;
  if (!prev || prev.scenario !== now.scenario)
    return [{ ...base, type: 'ready', variant, title: now.title ?? null, goal: now.goal }];
  const out: HostEvent[] = [];
  const was = prev.snap.state;
  if (step !== was.step || variant !== was.variant) {
    const forward = step === was.step + 1 && variant === was.variant;
    out.push({
      ...base,
      type: 'step',
      variant,
      direction: step > was.step ? 'forward' : step < was.step ? 'back' : 'same',
      actor: forward ? (actorOf(snap, step) ?? null) : null,
      schedule: snap.summary.schedule,
      outcome: snap.state.outcome,
    });
  }
  const outcome = snap.state.outcome;
  if (outcome !== was.outcome || step !== was.step) {
    if (outcome === 'stuck' && was.outcome !== 'stuck')
      out.push({ ...base, type: 'stuck', variant, stuck: snap.state.stuck.map((s) => s.actor) });
    if (outcome === 'violation' && was.outcome !== 'violation')
      out.push({
        ...base,
        type: 'violation',
        variant,
        violation: { kind: snap.state.violation?.kind ?? null, message: snap.state.violation?.message ?? '' },
      });
  }
  if (now.goal && !prev.goal)
    out.push({ ...base, type: 'goal-reached', variant, schedule: snap.summary.schedule });
  return out;
}
