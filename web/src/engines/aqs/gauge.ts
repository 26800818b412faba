/*
 * The permit gauge's geometry: how many permits are drawn one by one, where
 * zero sits in a bar, which region (free, zero, debt) a value falls in, and
 * the scale that keeps every value the trace has seen in view.  Pure
 * functions, no DOM.
 */
import type { TraceEvent } from '../../bridge/types';
import { int32, isPermitLabel, type SemaphoreView } from './model';

/** At most this many permits are drawn one by one; more become a bar. */
export const MAX_UNITS = 12;
/** The debt region always shows at least this many permits below zero. */
export const MIN_DEBT = 2;

/** Every permit value of `object` seen in the trace so far (reads and CASes), as ints. */
export function permitHistory(trace: readonly TraceEvent[], object: string): number[] {
  const out: number[] = [];
  for (const e of trace) {
    if (e.object !== object || !isPermitLabel(e.label)) continue;
    for (const v of [e.old, e.new]) {
      const n = int32(v);
      if (n !== undefined) out.push(n);
    }
  }
  return out;
}

export interface GaugeScale {
  /** the highest value drawn (>= 1) */
  top: number;
  /** the lowest value drawn (<= -MIN_DEBT) */
  bottom: number;
  /** one box per permit (true) or a continuous bar */
  units: boolean;
}

/**
 * The gauge's range: from the debt region's floor to whichever is highest of
 * the permits now, any value seen this run, the capacity, and the permits
 * plus what threads hold (where the count would be if everybody gave back).
 */
export function gaugeScale(s: SemaphoreView, history: readonly number[] = []): GaugeScale {
  let top = Math.max(1, s.permits, s.permits + Math.max(0, s.held), s.capacity ?? 0);
  let low = Math.min(0, s.permits);
  for (const v of history) {
    if (v > top) top = v;
    if (v < low) low = v;
  }
  const bottom = Math.min(-MIN_DEBT, low);
  return { top, bottom, units: top - bottom <= MAX_UNITS + MIN_DEBT };
}

/** Where the permits stand: above zero (free), at zero, or below (debt). */
export function region(permits: number): 'free' | 'zero' | 'debt' {
  return permits > 0 ? 'free' : permits === 0 ? 'zero' : 'debt';
}

export interface GaugeCell {
  /** the permit this box stands for: 1..top above the zero line, -1..bottom below it */
  value: number;
  filled: boolean;
  debt: boolean;
}

/** The boxes of a unit gauge, top first: a filled box above zero is a free permit, below zero an owed one. */
export function gaugeCells(permits: number, scale: GaugeScale): GaugeCell[] {
  const cells: GaugeCell[] = [];
  for (let v = scale.top; v >= 1; v--) cells.push({ value: v, filled: permits >= v, debt: false });
  for (let v = -1; v >= scale.bottom; v--) cells.push({ value: v, filled: permits <= v, debt: true });
  return cells;
}

/** In a bar gauge the zero line stays between these heights, so both regions always show. */
export const BAR_ZERO_MIN = 0.22;
export const BAR_ZERO_MAX = 0.78;

/**
 * A bar gauge: the zero line's height and the bar, as fractions of the whole
 * height (0 = bottom).  Each side of zero is linear on its own, and the zero
 * line never leaves [BAR_ZERO_MIN, BAR_ZERO_MAX]: a count of two billion
 * still leaves the debt region in sight.
 */
export function gaugeBar(permits: number, scale: GaugeScale): { zero: number; from: number; to: number } {
  const span = scale.top - scale.bottom || 1;
  const zero = Math.min(BAR_ZERO_MAX, Math.max(BAR_ZERO_MIN, -scale.bottom / span));
  const at = (v: number) => {
    const c = Math.max(scale.bottom, Math.min(scale.top, v));
    if (c >= 0) return scale.top > 0 ? zero + (1 - zero) * (c / scale.top) : zero;
    return scale.bottom < 0 ? zero - zero * (c / scale.bottom) : zero;
  };
  const p = at(permits);
  return { zero, from: Math.min(zero, p), to: Math.max(zero, p) };
}
