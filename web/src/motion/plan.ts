/*
 * What moves between two pictures of a view, as data: the invariant is that
 * a plan only ever describes how to get from the old picture to the new one,
 * never a new end state.  Every element a view wants animated carries a stable
 * identity from the trace (a thread, a node, a waker: `token:B`,
 * `node:s:B`); the two pictures are those identities' rectangles (and a
 * value, for effects), measured before and after Preact renders the step.
 * Pure: no DOM, no clock.
 */

/** How the learner moved through time: one step forward, one step back, or a jump (slider, address, reset). */
export type Intent = 'forward' | 'back' | 'jump';

/** A rectangle relative to the view's root, in CSS pixels. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One keyed element as measured. */
export interface Sample {
  rect: Rect;
  /** the value its effect watches (a bit, a lamp, a count); an effect plays when it changes */
  v?: string;
  /** the effect to play when `v` changes ("flip", "flash", …) */
  fx?: string;
  /** when `v` changes (or the element appears), it came from this identity: it travels from there */
  from?: string;
  /** the nearest keyed ancestor: its movement is not counted twice */
  parent?: string;
  /** fraction of the duration to wait before starting (a gauge fills box after box) */
  delay?: number;
}

/** A picture: every keyed element by identity. */
export type Frame = ReadonlyMap<string, Sample>;

export type Move =
  /** same identity, new place: slide (and stretch) from `from` to where it is now */
  | { kind: 'move'; key: string; from: Rect; to: Rect; delay: number }
  /** a new identity, or a new value that came from elsewhere: travel from `from` (null: fade in where it is) */
  | { kind: 'enter'; key: string; from: Rect | null; to: Rect; delay: number }
  /** going back over a travel: a copy of the old element travels back to `to`, its origin, and fades */
  | { kind: 'return'; key: string; from: Rect; to: Rect; delay: number }
  /** the same place, a new value: play the named effect (backwards when going back) */
  | { kind: 'fx'; key: string; fx: string; v: string; reverse: boolean; delay: number };

/** Below this many pixels a difference is measuring noise, not movement. */
export const EPSILON = 0.5;

function offset(frame: Frame, s: Sample): { x: number; y: number } {
  const p = s.parent ? frame.get(s.parent) : undefined;
  return p ? { x: p.rect.x, y: p.rect.y } : { x: 0, y: 0 };
}

/**
 * Where the element was, seen from where its keyed parent is now: when the
 * parent moves too, the child only has to make up its own part of the way
 * (the parent's animation carries it the rest).
 */
function relativeFirst(first: Frame, last: Frame, key: string): Rect {
  const a = first.get(key)!;
  const b = last.get(key)!;
  const parent = b.parent && a.parent === b.parent && first.has(b.parent) && last.has(b.parent);
  if (!parent) return a.rect;
  const pa = offset(first, a);
  const pb = offset(last, b);
  return { x: a.rect.x - pa.x + pb.x, y: a.rect.y - pa.y + pb.y, w: a.rect.w, h: a.rect.h };
}

export function moved(a: Rect, b: Rect): boolean {
  return (
    Math.abs(a.x - b.x) > EPSILON ||
    Math.abs(a.y - b.y) > EPSILON ||
    Math.abs(a.w - b.w) > EPSILON ||
    Math.abs(a.h - b.h) > EPSILON
  );
}

/**
 * The moves that take the `first` picture to the `last` one.  A jump has
 * none.  Going back, positions simply run the other way (the old picture is
 * now the new one); effects play reversed, and a value that once travelled
 * in travels back out.
 */
export function planMotion(first: Frame, last: Frame, intent: Intent): Move[] {
  if (intent === 'jump') return [];
  const out: Move[] = [];
  for (const [key, now] of last) {
    const delay = now.delay ?? 0;
    const was = first.get(key);
    const origin = now.from !== undefined ? first.get(now.from) : undefined;
    const changed = was !== undefined && was.v !== now.v;
    if (!was) {
      // a new identity: from where it came, or it fades in where it is
      out.push({
        kind: 'enter',
        key,
        from: intent === 'forward' && origin ? origin.rect : null,
        to: now.rect,
        delay,
      });
      continue;
    }
    // a value that came from elsewhere (a load, a store): it travels from there, even when it
    // happens to equal the value it replaces (a lost update writes the same number again)
    const arrived = changed || (now.from !== undefined && was.from !== now.from);
    if (arrived && intent === 'forward' && origin) {
      out.push({ kind: 'enter', key, from: origin.rect, to: now.rect, delay });
      continue;
    }
    const left = changed || (was.from !== undefined && was.from !== now.from);
    const home = left && intent === 'back' && was.from !== undefined ? last.get(was.from) : undefined;
    if (home) {
      // going back over that travel: the value goes back where it came from
      out.push({ kind: 'return', key, from: was.rect, to: home.rect, delay });
      continue;
    }
    const before = relativeFirst(first, last, key);
    if (moved(before, now.rect)) out.push({ kind: 'move', key, from: before, to: now.rect, delay });
    if (changed && now.fx)
      out.push({ kind: 'fx', key, fx: now.fx, v: now.v ?? '', reverse: intent === 'back', delay });
  }
  return out;
}
