/*
 * The layer's Scene for a rendered view: keyed elements are the ones with a
 * `data-motion` attribute under the view's root, measured relative to the
 * root (so scrolling the page or the panel is not motion).  The attributes a
 * view sets:
 *   data-motion="token:B"          the identity (unique in the view)
 *   data-motion-v="1"              a value; when it changes…
 *   data-motion-fx="flip"          …this effect plays (fx.ts)
 *   data-motion-from="value:c"     …or the new value travels from that identity
 *   data-motion-delay="0.25"       a fraction of the duration to wait first
 * Animations are Web Animations with an implicit end keyframe: they end at the
 * element's rendered style, by construction.  One DomScene serves one step:
 * its first sample is the old picture, its second the new one.
 */
import { fxStart } from './fx';
import type { Scene, Running } from './layer';
import type { Frame, Move, Rect, Sample } from './plan';

const EASE = 'cubic-bezier(0.2, 0, 0.2, 1)';

function rectOf(el: Element, origin: DOMRect): Rect {
  const r = el.getBoundingClientRect();
  return { x: r.left - origin.left, y: r.top - origin.top, w: r.width, h: r.height };
}

function keyedParent(el: Element, root: Element): string | undefined {
  for (let p = el.parentElement; p && p !== root; p = p.parentElement) {
    const k = p.getAttribute('data-motion');
    if (k) return k;
  }
  return undefined;
}

/**
 * The start of a FLIP: the transform that draws the element rendered at `to`
 * where and as large as `from` was, about its centre (the default
 * transform-origin, so no keyframe has to change it).
 */
export function invert(from: Rect, to: Rect): string {
  const sx = to.w > 0.5 ? from.w / to.w : 1;
  const sy = to.h > 0.5 ? from.h / to.h : 1;
  const dx = from.x + from.w / 2 - (to.x + to.w / 2);
  const dy = from.y + from.h / 2 - (to.y + to.h / 2);
  return `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px) scale(${sx.toFixed(3)}, ${sy.toFixed(3)})`;
}

export class DomScene implements Scene {
  #root: HTMLElement;
  #elements = new Map<string, HTMLElement>();
  /** copies of elements as they looked in the old picture (for values travelling back) */
  #copies = new Map<string, HTMLElement>();
  /** the first sample is the old picture: only it keeps copies */
  #sampled = false;

  constructor(root: HTMLElement) {
    this.#root = root;
  }

  sample(): Frame {
    const origin = this.#root.getBoundingClientRect();
    const out = new Map<string, Sample>();
    this.#elements.clear();
    for (const el of this.#root.querySelectorAll<HTMLElement>('[data-motion]')) {
      const key = el.dataset.motion!;
      if (out.has(key)) continue;
      this.#elements.set(key, el);
      const d = el.dataset;
      const s: Sample = { rect: rectOf(el, origin) };
      if (d.motionV !== undefined) s.v = d.motionV;
      if (d.motionFx) s.fx = d.motionFx;
      if (d.motionFrom) {
        s.from = d.motionFrom;
        if (!this.#sampled) this.#copies.set(key, el.cloneNode(true) as HTMLElement);
      }
      if (d.motionDelay) s.delay = Number(d.motionDelay) || 0;
      const parent = keyedParent(el, this.#root);
      if (parent) s.parent = parent;
      out.set(key, s);
    }
    this.#sampled = true;
    return out;
  }

  play(m: Move, ms: number): Running | null {
    const el = this.#elements.get(m.key);
    const timing: KeyframeAnimationOptions = {
      duration: ms,
      easing: EASE,
      delay: Math.round(m.delay * ms),
      fill: 'backwards',
    };
    switch (m.kind) {
      case 'move':
        return el ? el.animate([{ transform: invert(m.from, m.to), offset: 0 }], timing) : null;
      case 'enter':
        if (!el) return null;
        return el.animate(
          [
            m.from
              ? { transform: invert(m.from, m.to), opacity: 0.7, offset: 0 }
              : { transform: 'scale(0.6)', opacity: 0, offset: 0 },
          ],
          timing,
        );
      case 'fx': {
        // the value says which way the change went (a lamp lighting or going dark), so a step
        // back, which shows the opposite change, plays the opposite effect; it always ends rendered
        const start = el ? fxStart(m.fx, m.v) : null;
        return el && start ? el.animate([{ ...start, offset: 0 }], timing) : null;
      }
      case 'return':
        return this.#courier(m, ms);
    }
  }

  /** A copy of the old element travels from where it stood back to its origin, fading, then is removed. */
  #courier(m: Extract<Move, { kind: 'return' }>, ms: number): Running | null {
    const copy = this.#copies.get(m.key)?.cloneNode(true) as HTMLElement | undefined;
    if (!copy) return null;
    copy.removeAttribute('data-motion');
    copy.removeAttribute('data-testid');
    copy.setAttribute('aria-hidden', 'true');
    Object.assign(copy.style, {
      position: 'absolute',
      left: `${m.from.x}px`,
      top: `${m.from.y}px`,
      width: `${m.from.w}px`,
      height: `${m.from.h}px`,
      margin: '0',
      pointerEvents: 'none',
      zIndex: '5',
    });
    this.#root.appendChild(copy);
    const a = copy.animate(
      [
        { transform: 'none', opacity: 1 },
        { transform: `translate(${m.to.x - m.from.x}px, ${m.to.y - m.from.y}px)`, opacity: 0 },
      ],
      { duration: ms, easing: EASE, fill: 'forwards' },
    );
    const done = () => copy.remove();
    a.onfinish = done;
    a.oncancel = done;
    return a;
  }
}
