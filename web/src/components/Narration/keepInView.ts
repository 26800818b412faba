/*
 * On a phone the page scrolls and the timeline is a bar stuck to the bottom
 * of the screen; what the learner must read after a step (the narration
 * line, a prediction that has just opened) is scrolled just enough to sit
 * between the top of the screen and that bar.  Wider layouts keep their
 * columns in view themselves, so nothing moves there.
 */
export const PHONE = '(max-width: 760px)';

/** The top of the bottom bar (`data-sticky="bottom"`), or the screen's bottom edge. */
function barTop(): number {
  const bar = document.querySelector('[data-sticky="bottom"]');
  const top = bar?.getBoundingClientRect().top ?? window.innerHeight;
  return Math.min(top, window.innerHeight);
}

export function keepInView(el: Element | null | undefined): void {
  if (!el || typeof matchMedia !== 'function' || !matchMedia(PHONE).matches) return;
  const r = el.getBoundingClientRect();
  const margin = 8;
  const below = r.bottom + margin - barTop();
  if (below > 0) window.scrollBy(0, Math.min(below, r.top - margin));
  else if (r.top < margin) window.scrollBy(0, r.top - margin);
}
