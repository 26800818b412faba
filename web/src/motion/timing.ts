/*
 * How long a step's motion lasts.  The invariant: motion never lags the
 * steps.  A learner's own step or a step back gets the full 200 ms (inside the
 * 150-250 ms the design asks for); the auto-player's steps get at most 60% of
 * the gap to the next step, and none at all once that would be too short to
 * read; a jump and a page without motion get none.  Pure.
 */
import type { Intent } from './plan';

/** The duration of one step's motion, in ms. */
export const STEP_MS = 200;
/** Shorter than this, an animation is a flicker: the auto-player drops it instead. */
export const MIN_MS = 90;
/** The share of the gap between two auto-played steps an animation may take. */
export const PLAY_SHARE = 0.6;

export interface MotionContext {
  intent: Intent;
  /** the page allows motion (its setting, and prefers-reduced-motion not set) */
  allowed: boolean;
  /** the auto-player took this step, `gapMs` before the next one */
  playing: boolean;
  gapMs: number;
}

/** 0: do not animate this step. */
export function durationFor(c: MotionContext): number {
  if (!c.allowed || c.intent === 'jump') return 0;
  if (!c.playing) return STEP_MS;
  const d = Math.min(STEP_MS, Math.round(c.gapMs * PLAY_SHARE));
  return d >= MIN_MS ? d : 0;
}
