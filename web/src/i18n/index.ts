/*
 * Looking up UI strings.  One table per language, all with the same keys
 * (en.ts is the reference); t() fills {placeholders}.  Adding Chinese later:
 * add zh.ts typed as Messages, list it in `tables`, and pick it in setLocale().
 */
import { en, type MessageKey } from './en';

export type { MessageKey };
export type Messages = Record<MessageKey, string>;
export type Locale = 'en';
export type Params = Record<string, string | number | undefined>;

const tables: Record<Locale, Messages> = { en };
let locale: Locale = 'en';

export function setLocale(l: Locale): void {
  locale = l;
  if (typeof document !== 'undefined') document.documentElement.lang = l;
}

export function getLocale(): Locale {
  return locale;
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
