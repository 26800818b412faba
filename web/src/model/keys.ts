/* The keyboard map (UX.md): which key does what.  Pure, so it is tested without a browser. */

export type Command =
  | { kind: 'step'; actor: number }
  | { kind: 'stepOver'; actor: number }
  | { kind: 'back' }
  | { kind: 'forward' }
  | { kind: 'reset' }
  | { kind: 'help' }
  | { kind: 'play' }
  | { kind: 'explore' }
  | { kind: 'undo' }
  | { kind: 'tick' }
  | { kind: 'untilShared'; actor: number };

export interface KeyLike {
  key: string;
  code?: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

export interface TargetLike {
  tagName?: string;
  /** an input's type ("text", "range", …) */
  type?: string;
  isContentEditable?: boolean;
}

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
// inputs that take no text: the app's keys work on them (a slider keeps its own arrows)
const NOT_TEXT = new Set(['range', 'checkbox', 'radio', 'button', 'submit', 'reset']);
const SLIDER_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/** Whether the element takes typed text (then it keeps every key). */
function takesText(target: TargetLike): boolean {
  if (target.isContentEditable) return true;
  const tag = (target.tagName ?? '').toUpperCase();
  if (!TYPING.has(tag)) return false;
  return !(tag === 'INPUT' && NOT_TEXT.has((target.type ?? 'text').toLowerCase()));
}
// Space on these presses them; it plays only elsewhere
const PRESSABLE = new Set(['BUTTON', 'A', 'SUMMARY']);

/**
 * The command for a key press, or null.  Only a text field keeps keys to
 * itself: elsewhere (a tab, a button) the time keys still move through time.
 */
export function commandForKey(e: KeyLike, target?: TargetLike | null): Command | null {
  if (target && takesText(target)) return null;
  if (target && (target.type ?? '').toLowerCase() === 'range' && SLIDER_KEYS.has(e.key)) return null;
  // Ctrl+Z (⌘Z): bring back the run a reset, a variant switch or the explorer replaced
  if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.key === 'z' || e.key === 'Z'))
    return { kind: 'undo' };
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === '?') return { kind: 'help' };
  // Shift+1 types "!" on most layouts: read the physical key.
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(e.code ?? '') ?? /^([1-9])$/.exec(e.key);
  if (m) {
    const actor = Number(m[1]) - 1;
    return e.shiftKey ? { kind: 'untilShared', actor } : { kind: 'step', actor };
  }
  if (e.shiftKey) return null;
  if (e.key === ' ' || e.code === 'Space')
    return PRESSABLE.has((target?.tagName ?? '').toUpperCase()) ? null : { kind: 'play' };
  if (e.key === 'e' || e.key === 'E') return { kind: 'explore' };
  if (e.key === 't' || e.key === 'T') return { kind: 'tick' };
  switch (e.key) {
    case 'ArrowLeft':
      return { kind: 'back' };
    case 'ArrowRight':
      return { kind: 'forward' };
    case 'Home':
      return { kind: 'reset' };
    default:
      return null;
  }
}
