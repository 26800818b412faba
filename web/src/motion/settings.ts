/*
 * Whether the page moves: the learner's setting (the switch under each engine
 * view, remembered in localStorage as "lockstep.motion") and the system's
 * prefers-reduced-motion, which always wins.  The invariant: when motion is
 * off nothing animates and nothing is left half-way; the root element then
 * carries data-motion-off, which also stills the views' CSS pulses.
 */

const KEY = 'lockstep.motion';
type Listener = () => void;
const listeners = new Set<Listener>();

function stored(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
  } catch {
    return null; // storage refused: the setting lasts for this page
  }
}

let chosen: boolean = stored() !== 'off';

function query(): MediaQueryList | null {
  return typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
}

/** The system asks for reduced motion. */
export function reducedMotion(): boolean {
  return query()?.matches ?? false;
}

/** The learner's own setting (true: motion on). */
export function motionChosen(): boolean {
  return chosen;
}

/** Whether steps animate now. */
export function motionAllowed(): boolean {
  return chosen && !reducedMotion();
}

function apply(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.toggleAttribute('data-motion-off', !motionAllowed());
  for (const f of listeners) f();
}

/** The learner turns motion on or off. */
export function chooseMotion(on: boolean): void {
  chosen = on;
  try {
    if (on) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, 'off');
  } catch {
    // not remembered, still applied
  }
  apply();
}

/** Calls `f` whenever motion is turned on or off (the setting or the system's). */
export function onMotionChange(f: Listener): () => void {
  listeners.add(f);
  if (listeners.size === 1) query()?.addEventListener('change', apply);
  return () => {
    listeners.delete(f);
    if (listeners.size === 0) query()?.removeEventListener('change', apply);
  };
}

apply();
