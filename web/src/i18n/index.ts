/*
 * Looking up UI strings.  One table per language, all with the same keys
 * (en.ts is the reference; zh-CN.ts is checked against it by i18n.test.ts),
 * plus each engine's own table (engines/<engine>/messages.ts, read here
 * without the rest of the engine so this module stays a leaf);
 * t() fills {placeholders}.  A key a table lacks falls back to English.
 * The language is chosen by pickLocale() (address, then the saved choice,
 * then the browser) and changed with setLocale(), which tells subscribers so
 * the screen re-renders (useLocale()).
 */
import { en as common, type MessageKey as CommonKey } from './en';
import { zhCN } from './zh-CN';

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

interface EngineTables {
  en: Record<string, string>;
  zhCN: Record<string, string>;
}
const engineTables = Object.values(
  import.meta.glob<EngineTables>('../engines/*/messages.ts', { eager: true }),
);
const en: Record<string, string> = Object.assign({}, common, ...engineTables.map((x) => x.en));
const tables: Record<Locale, Record<string, string | undefined>> = {
  en,
  'zh-CN': Object.assign({}, zhCN, ...engineTables.map((x) => x.zhCN)),
};
let locale: Locale = 'en';
const listeners = new Set<(l: Locale) => void>();

export function setLocale(l: Locale): void {
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
  const text = tables[locale][key] ?? en[key] ?? key;
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
  if (n === 1 && one in tables[locale]) return t(one as MessageKey, p);
  return t(key, p);
}

/** Whether the current language has its own text for `key` (not the English fallback). */
export function hasOwn(key: MessageKey): boolean {
  return tables[locale][key] !== undefined;
}
