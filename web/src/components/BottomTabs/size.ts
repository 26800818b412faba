/*
 * How tall the open bottom pane is on a wide screen: what the learner last
 * dragged it to (remembered in localStorage as "lockstep.pane"), else a
 * height that grows with the window; always within [MIN, the window minus
 * what the header, the lanes' Step buttons and the timeline need], so the
 * pane never pushes the lanes out of view.
 */
const KEY = 'lockstep.pane';
/** The least the pane shows: a few rows of the diagram. */
export const MIN = 120;
/** What stays above the pane: the header, the lanes down to their Step buttons, the narration line, the timeline. */
export const RESERVED = 540;
/** One press of ↑ or ↓ on the handle; PageUp/PageDown move four times as far. */
export const KEY_STEP = 32;

export function maxHeight(windowHeight: number): number {
  return Math.max(MIN, windowHeight - RESERVED);
}

export function clampHeight(h: number, windowHeight: number): number {
  return Math.round(Math.min(maxHeight(windowHeight), Math.max(MIN, h)));
}

/** Without a remembered size: about 16rem on a 900 px window, more on a taller one. */
export function defaultHeight(windowHeight: number): number {
  return clampHeight(Math.max(256, windowHeight - 640), windowHeight);
}

export function savedHeight(): number | null {
  try {
    const v = Number(localStorage.getItem(KEY));
    return Number.isFinite(v) && v > 0 ? v : null;
  } catch {
    return null; // storage refused: the size lasts for this page
  }
}

export function saveHeight(h: number): void {
  try {
    localStorage.setItem(KEY, String(Math.round(h)));
  } catch {
    // storage refused: nothing to keep
  }
}
