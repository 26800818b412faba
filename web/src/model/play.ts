/*
 * The auto-player: how fast it steps, and which actor it steps next when the
 * recorded run has no future to follow (round-robin by default, or a seeded
 * random choice).  Pure.
 */
import type { MachineState, TraceEvent } from '../bridge/types';

export type PlayPolicy = 'round-robin' | 'random';
export const POLICIES: readonly PlayPolicy[] = ['round-robin', 'random'];

/** Steps per second for each position of the speed control. */
export const SPEEDS = [1, 2, 4, 8, 16] as const;
export const DEFAULT_SPEED = 2;

/** Milliseconds between two steps at speed index `i`. */
export function delayOf(i: number): number {
  const sps = SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, Math.round(i)))]!;
  return Math.round(1000 / sps);
}

/** The actor that took the last step of the trace (at or before `step`), by name. */
export function lastActor(trace: readonly TraceEvent[], step: number): string | undefined {
  for (let i = trace.length - 1; i >= 0; i--) {
    const e = trace[i]!;
    if (e.step > step) continue;
    if (e.step === 0) return undefined;
    if (e.actor !== undefined && e.kind !== 'note' && e.kind !== 'stuck' && e.kind !== 'violation')
      return e.actor;
  }
  return undefined;
}

/** A small seeded generator (mulberry32): the same seed and step give the same choice. */
export function random01(seed: number): number {
  let a = seed >>> 0;
  a = (a + 0x6d2b79f5) >>> 0;
  let x = Math.imul(a ^ (a >>> 15), 1 | a);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
}

/**
 * The actor the player steps next, or null when none can move.  Round-robin:
 * the first enabled actor after the one that moved last (in scenario order).
 * Random: one of the enabled actors, chosen by `seed` and the step number.
 */
export function nextActor(
  state: MachineState,
  trace: readonly TraceEvent[],
  policy: PlayPolicy = 'round-robin',
  seed = 1,
): number | null {
  if (state.outcome !== 'running') return null;
  const enabled = state.actors.map((a, i) => (a.status === 'enabled' ? i : -1)).filter((i) => i >= 0);
  if (enabled.length === 0) return null;
  if (policy === 'random') {
    const r = random01((seed * 0x9e3779b1) ^ (state.step + 1));
    return enabled[Math.floor(r * enabled.length)]!;
  }
  const last = lastActor(trace, state.step);
  const from = last === undefined ? -1 : state.actors.findIndex((a) => a.name === last);
  const n = state.actors.length;
  for (let k = 1; k <= n; k++) {
    const i = (from + k + n) % n;
    if (state.actors[i]?.status === 'enabled') return i;
  }
  return null;
}

/** What the player does next: follow the recorded future, step an actor, or stop. */
export type PlayMove = { kind: 'forward' } | { kind: 'step'; actor: number } | { kind: 'stop' };

export function playMove(
  state: MachineState,
  trace: readonly TraceEvent[],
  policy: PlayPolicy = 'round-robin',
  seed = 1,
): PlayMove {
  if (state.step < state.steps_recorded) return { kind: 'forward' };
  const actor = nextActor(state, trace, policy, seed);
  return actor === null ? { kind: 'stop' } : { kind: 'step', actor };
}
