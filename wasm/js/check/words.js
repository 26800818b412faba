// @ts-check
/**
 * How a check's messages put numbers, ranges and events into words; the
 * same words wherever a check is run (the CLI, the author page's worker).
 */

/** "1 step", "2 steps". */
export const plural = (/** @type {number} */ n, /** @type {string} */ w) => `${n} ${w}${n === 1 ? '' : 's'}`;

/** An event in words, for messages: "A note 'no waiter'". */
export function describeEvent(/** @type {Record<string, unknown>} */ e) {
  return [e.actor, e.kind, e.object, e.label === undefined ? undefined : `'${e.label}'`]
    .filter((x) => x !== undefined)
    .join(' ');
}

/** @param {number} n @param {number|{min?: number, max?: number}} r */
export function inRange(n, r) {
  if (typeof r === 'number') return n === r;
  return (r.min === undefined || n >= r.min) && (r.max === undefined || n <= r.max);
}

/** @param {number|{min?: number, max?: number}} r */
export function rangeText(r) {
  if (typeof r === 'number') return String(r);
  if (r.min !== undefined && r.max !== undefined) return `${r.min} to ${r.max}`;
  return r.min !== undefined ? `at least ${r.min}` : `at most ${r.max}`;
}
