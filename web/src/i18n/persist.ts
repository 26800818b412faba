/*
 * The learner's choice of language: applied, remembered in localStorage, and
 * written into the address (`lang=`) so a shared link opens in it.  Until the
 * learner chooses (or the address names one), the browser's language rules
 * and the address says nothing.
 */
import { asLocale, pickLocale, setLocale, type Locale } from './index';

const KEY = 'lockstep.lang';
let explicit: Locale | null = null;

function saved(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // storage disabled: the choice lasts for this page
  }
}

/** At start: the address's lang (already checked), else the saved choice, else the browser's. */
export function initLocale(fromAddress: string | undefined): Locale {
  const stored = saved();
  explicit = asLocale(fromAddress) ?? asLocale(stored);
  const l = pickLocale(
    fromAddress,
    stored,
    typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [],
  );
  setLocale(l);
  return l;
}

/** The language to write into the address, if the learner (or the address) chose one. */
export function addressLocale(): Locale | undefined {
  return explicit ?? undefined;
}

/** The learner picked a language with the switch. */
export function chooseLocale(l: Locale): void {
  explicit = l;
  try {
    localStorage.setItem(KEY, l);
  } catch {
    // not remembered, still applied
  }
  if (typeof history !== 'undefined' && typeof location !== 'undefined') {
    const q = new URLSearchParams(location.search);
    q.set('lang', l);
    history.replaceState(null, '', `${location.pathname}?${q.toString()}${location.hash}`);
  }
  setLocale(l);
}
