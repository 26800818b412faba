/* The keyboard map (UX.md): which key does what.  Pure, so it is tested without a browser. */
import type { MessageKey } from '../i18n';

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
  /** `d`: the next digit names the task whose pending future is dropped */
  | { kind: 'dropWhich' }
  | { kind: 'drop'; actor: number }
  /** `f`: the next digit names the actor whose oldest buffered store reaches memory */
  | { kind: 'flushWhich' }
  | { kind: 'flush'; actor: number }
  /** `r`: the next digit names the actor whose next load picks a store, the digit after it the store */
  | { kind: 'readWhich' }
  | { kind: 'readFor'; actor: number }
  | { kind: 'read'; actor: number; store: number }
  /** `p`: the next digit names the actor whose next store takes a place, the digit after it the place */
  | { kind: 'placeWhich' }
  | { kind: 'placeFor'; actor: number }
  | { kind: 'place'; actor: number; at: number }
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
 * `after` is the command of the key pressed just before: after `d`, digit N
 * drops task N's future instead of stepping it, after `f` it lets actor N's
 * oldest buffered store reach memory (any other key forgets the `d` or `f`);
 * after `r`, digit N names actor N and the digit after that (0 – 9) the
 * store of its cell its next load reads; after `p`, digit N names actor N
 * and the digit after that the place in its cell's order its next store
 * takes.
 */
export function commandForKey(
  e: KeyLike,
  target?: TargetLike | null,
  after?: Command | null,
): Command | null {
  if (target && takesText(target)) return null;
  if (target && (target.type ?? '').toLowerCase() === 'range' && SLIDER_KEYS.has(e.key)) return null;
  // Ctrl+Z (⌘Z): bring back the run a reset, a variant switch or the explorer replaced
  if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.key === 'z' || e.key === 'Z'))
    return { kind: 'undo' };
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === '?') return { kind: 'help' };
  // Shift+1 types "!" on most layouts: read the physical key.
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(e.code ?? '') ?? /^([1-9])$/.exec(e.key);
  const picking = after?.kind === 'readFor' || after?.kind === 'placeFor';
  if (m && !(picking && !e.shiftKey)) {
    const actor = Number(m[1]) - 1;
    if (after?.kind === 'readWhich' && !e.shiftKey) return { kind: 'readFor', actor };
    if (after?.kind === 'placeWhich' && !e.shiftKey) return { kind: 'placeFor', actor };
    if (after?.kind === 'dropWhich' && !e.shiftKey) return { kind: 'drop', actor };
    if (after?.kind === 'flushWhich' && !e.shiftKey) return { kind: 'flush', actor };
    return e.shiftKey ? { kind: 'untilShared', actor } : { kind: 'step', actor };
  }
  if (e.shiftKey) return null;
  if (after?.kind === 'readFor' || after?.kind === 'placeFor') {
    const n = /^(?:Digit|Numpad)([0-9])$/.exec(e.code ?? '') ?? /^([0-9])$/.exec(e.key);
    if (n && after.kind === 'readFor') return { kind: 'read', actor: after.actor, store: Number(n[1]) };
    if (n) return { kind: 'place', actor: after.actor, at: Number(n[1]) };
  }
  if (e.key === ' ' || e.code === 'Space')
    return PRESSABLE.has((target?.tagName ?? '').toUpperCase()) ? null : { kind: 'play' };
  if (e.key === 'e' || e.key === 'E') return { kind: 'explore' };
  if (e.key === 't' || e.key === 'T') return { kind: 'tick' };
  if (e.key === 'd' || e.key === 'D') return { kind: 'dropWhich' };
  if (e.key === 'f' || e.key === 'F') return { kind: 'flushWhich' };
  if (e.key === 'r' || e.key === 'R') return { kind: 'readWhich' };
  if (e.key === 'p' || e.key === 'P') return { kind: 'placeWhich' };
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

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta']);

/**
 * Reads a page's key presses in turn: each gets its command, read after the
 * one before (`d` then a digit drops that task's future).  A modifier pressed
 * on its own (Shift on the way to Shift+N) neither names nor forgets anything.
 */
export function keyReader(): (e: KeyLike, target?: TargetLike | null) => Command | null {
  let last: Command | null = null;
  return (e, target) => {
    const cmd = commandForKey(e, target, last);
    if (!MODIFIERS.has(e.key)) last = cmd;
    return cmd;
  };
}

/**
 * Who the digits name: threads, or tasks.  Under the rtos kernel and the
 * async executor every actor that is no interrupt handler is a task (the
 * engine says so in each actor's `kind`, as the lanes show it).
 */
export type ActorNoun = 'thread' | 'task';

export function actorNoun(actors: readonly { kind: string }[] | undefined): ActorNoun {
  return actors?.some((a) => a.kind === 'task') ? 'task' : 'thread';
}

/**
 * The keys list (`?`): each key and what it does, in the words of the run's
 * actors.  The tick and the drop are choices only the task models offer, so
 * threads are not told about them; the flush only a memory model with store
 * buffers offers (`buffers`), the pick of a store only one that keeps every
 * store (`histories`).
 */
export function keyList(
  noun: ActorNoun,
  buffers = false,
  histories = false,
): { keys: string; what: MessageKey }[] {
  const tasks = noun === 'task';
  return [
    { keys: '1 – 9', what: tasks ? 'keys.stepTask' : 'keys.step' },
    { keys: 'Shift + 1 – 9', what: tasks ? 'keys.foldTask' : 'keys.fold' },
    { keys: '←', what: 'keys.back' },
    { keys: '→', what: 'keys.forward' },
    { keys: 'Home', what: 'keys.reset' },
    { keys: 'Space', what: 'keys.play' },
    { keys: 'e', what: 'keys.explore' },
    ...(tasks
      ? [
          { keys: 't', what: 'keys.tick' as const },
          { keys: 'd, 1 – 9', what: 'keys.drop' as const },
        ]
      : []),
    ...(buffers ? [{ keys: 'f, 1 – 9', what: 'keys.flush' as const }] : []),
    ...(histories
      ? [
          { keys: 'r, 1 – 9, 0 – 9', what: 'keys.read' as const },
          { keys: 'p, 1 – 9, 0 – 9', what: 'keys.place' as const },
        ]
      : []),
    { keys: 'Ctrl + Z', what: 'keys.undo' },
    { keys: '?', what: 'keys.help' },
  ];
}
