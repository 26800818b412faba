/*
 * The effects a view can ask for on an element whose value changed
 * (`data-motion-fx`).  Each is only a starting look: the animation eases from
 * it to the element's own rendered style, so the end of every effect is the
 * page as rendered.  The value says which way a change went, so a step back
 * (the opposite change) gets the opposite effect.
 */

export type FxName = 'flip' | 'flash' | 'shackle' | 'fill' | 'knock' | 'pop';

/** The first keyframe of effect `fx` for an element now showing value `v`. */
export function fxStart(fx: string, v: string): Keyframe | null {
  switch (fx) {
    case 'flip':
      // a bit turning over: edge-on, then flat
      return { transform: 'perspective(10em) rotateX(90deg)' };
    case 'flash':
      // a lamp: a burst of light (or, going dark, the light it had)
      return v === '1'
        ? { transform: 'scale(1.6)', boxShadow: '0 0 0 0.5em rgba(255, 196, 0, 0.85)' }
        : { transform: 'scale(1.2)', boxShadow: '0 0 0 0.3em rgba(255, 196, 0, 0.6)' };
    case 'shackle':
      // a padlock's shackle: it drops shut, or springs open
      return { transform: v === '1' ? 'translateY(-4px)' : 'translateY(3px)' };
    case 'fill':
      // a permit box filling (from nothing) or emptying (from full, fading)
      return v === '1'
        ? { transform: 'scale(0.2)', opacity: 0.2 }
        : { transform: 'scale(1.2)', opacity: 0.4 };
    case 'knock':
      // an increment knocked off by the write that lands on it
      return { transform: 'none', opacity: 1 };
    case 'pop':
      return { transform: 'scale(1.35)' };
    default:
      return null;
  }
}
