/*
 * Looking up UI strings.  One table per language, all with the same keys
 * (en.ts is the reference; zh-CN.ts is checked against it by i18n.test.ts),
 * plus each engine's own table (engines/<engine>/messages.ts), added by
 * the engine registry when that engine loads (addMessages; this module stays
 * a leaf);
 * t() fills {placeholders}.  A key a table lacks falls back to English.
 * The language is chosen by pickLocale() (address, then the saved choice,
 * then the browser) and changed with setLocale(), which tells subscribers so
 * the screen re-renders (useLocale()).  English is part of the app; another
 * language's table is a chunk of its own, loaded the first time that language
 * is chosen (setLocale switches once it is there; loadLocale() waits for it).
 */
import { en as common, type MessageKey as CommonKey } from './en';

/**
 * Each engine's own table, by engine: every engines/<engine>/messages.ts adds
 * its English table here (`declare module '../../i18n'`), so its keys are
 * typed without this module naming any engine.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by each engine's messages.ts
export interface EngineMessages {}

/** The keys of the engines' own tables. */
type EngineKey = { [E in keyof EngineMessages]: keyof EngineMessages[E] & string }[keyof EngineMessages];

export type MessageKey = CommonKey | EngineKey;
export type Messages = Record<CommonKey, string>;
export type Locale = 'en' | 'zh-CN';
export type Params = Record<string, string | number | undefined>;

/** The languages offered, in the order of the switch. */
export const LOCALES: readonly Locale[] = ['en', 'zh-CN'];

type Table = Record<string, string | undefined>;
/** English: the common table and every loaded engine's */
const en: Record<string, string> = { ...common };
/** the common tables loaded so far */
const tables: Partial<Record<Locale, Table>> = { en };
/** the loaded engines' own tables, by language (English's are in `en`) */
const engineTables: Record<Locale, Table> = { en, 'zh-CN': {} };
/** how each other language's common table loads */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<Table>> = {
  'zh-CN': () => import('./zh-CN').then((m) => m.zhCN),
};
const loading: Partial<Record<Locale, Promise<void>>> = {};

/**
 * Adds an engine's own table (its messages.ts), given by the engine registry
 * when the engine's parts load: the words of an engine come with its code.
 */
export function addMessages(own: { en: Record<string, string>; 'zh-CN': Record<string, string> }): void {
  Object.assign(en, own.en);
  Object.assign(engineTables['zh-CN'], own['zh-CN']);
}

let locale: Locale = 'en';
/** the language last asked for (shown as soon as its table is there) */
let wanted: Locale = 'en';
const listeners = new Set<(l: Locale) => void>();

/** Loads language `l`'s common table, if it is not there yet. */
export function loadLocale(l: Locale): Promise<void> {
  if (l === 'en' || tables[l]) return Promise.resolve();
  const p = (loading[l] ??= loaders[l]().then((loaded) => {
    tables[l] = loaded;
  }));
  p.catch(() => delete loading[l]);
  return p;
}

/** `key` in the language shown, undefined where it has no text of its own. */
function own(key: string): string | undefined {
  return tables[locale]?.[key] ?? engineTables[locale][key];
}

export function setLocale(l: Locale): void {
  wanted = l;
  if (!tables[l]) {
    // shown once its table is there, unless another language was asked for meanwhile
    loadLocale(l).then(
      () => wanted === l && setLocale(l),
      () => undefined, // the chunk did not load: the language stays as it was
    );
    return;
  }
  const changed = l !== locale;
  locale = l;
  if (typeof document !== 'undefined') document.documentElement.lang = l;
  if (changed) for (const f of listeners) f(l);
}

export function getLocale(): Locale {
  return locale;
}

/** Called after every change of language; returns the unsubscribe function. */
export function onLocale(f: (l: Locale) => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** A language tag ("zh", "zh-Hans-CN", "en-GB", "zh-CN") as one of ours, or null. */
export function asLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const t = tag.trim().toLowerCase();
  if (t === 'en' || t.startsWith('en-')) return 'en';
  // Simplified Chinese: zh, zh-CN, zh-SG, zh-Hans…; Traditional (zh-TW, zh-HK, zh-Hant)
  // reads Simplified more easily than English, so it gets it too.
  if (t === 'zh' || t.startsWith('zh-') || t.startsWith('zh_')) return 'zh-CN';
  return null;
}

/**
 * The language to show: the address's `lang=` if valid, else the learner's
 * saved choice, else the first of the browser's languages we have, else English.
 */
export function pickLocale(
  fromAddress: string | null | undefined,
  saved: string | null | undefined,
  browser: readonly string[],
): Locale {
  const chosen = asLocale(fromAddress) ?? asLocale(saved);
  if (chosen) return chosen;
  for (const tag of browser) {
    const l = asLocale(tag);
    if (l) return l;
  }
  return 'en';
}

/** The message for `key` with {placeholders} filled; an unknown placeholder stays visible. */
export function t(key: MessageKey, params?: Params): string {
  const text = own(key) ?? en[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined ? whole : String(v);
  });
}

/**
 * t() for a count `n`: the key's `.one` form when n is 1 and the language has
 * one (Chinese needs none), so no "1 steps"; `n` is also a placeholder.
 */
export function tn(key: MessageKey, n: number, params?: Params): string {
  const one = `${key}.one`;
  const p = { n, ...params };
  if (n === 1 && own(one) !== undefined) return t(one as MessageKey, p);
  return t(key, p);
}

/** Whether the current language has its own text for `key` (not the English fallback). */
export function hasOwn(key: MessageKey): boolean {
  return own(key) !== undefined;
}
