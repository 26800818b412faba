import { afterEach, describe, expect, it } from 'vitest';
import { en } from './en';
import { asLocale, getLocale, onLocale, pickLocale, setLocale, t } from './index';
import { zhCN } from './zh-CN';

const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('Simplified Chinese', () => {
  afterEach(() => setLocale('en'));
  it('has every key of the English table, and no other', () => {
    const missing = Object.keys(en).filter((k) => !(k in zhCN));
    const extra = Object.keys(zhCN).filter((k) => !(k in en));
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });
  it('keeps every placeholder of each English sentence', () => {
    for (const [k, v] of Object.entries(zhCN)) expect(holes(v!), k).toEqual(holes(en[k as keyof typeof en]));
  });
  it('has no empty strings', () => {
    for (const [k, v] of Object.entries(zhCN)) expect(v!.trim(), k).not.toBe('');
  });
  it('is what t() says once chosen, and falls back to English for nothing', () => {
    setLocale('zh-CN');
    expect(t('lane.step', { actor: 'B' })).toBe('走一步 B');
    expect(t('blocked.parkedOn', { object: 'm' })).toBe('停在 m 上休眠，等待 unpark');
    setLocale('en');
    expect(t('lane.step', { actor: 'B' })).toBe('Step B');
  });
  it('tells subscribers when the language changes', () => {
    const seen: string[] = [];
    const off = onLocale((l) => seen.push(l));
    setLocale('zh-CN');
    setLocale('zh-CN');
    setLocale('en');
    off();
    setLocale('zh-CN');
    expect(seen).toEqual(['zh-CN', 'en']);
    expect(getLocale()).toBe('zh-CN');
  });
});

describe('choosing the language', () => {
  it('reads language tags', () => {
    expect(asLocale('zh')).toBe('zh-CN');
    expect(asLocale('zh-Hans-CN')).toBe('zh-CN');
    expect(asLocale('zh-TW')).toBe('zh-CN');
    expect(asLocale('en-GB')).toBe('en');
    expect(asLocale('fr')).toBeNull();
    expect(asLocale('')).toBeNull();
    expect(asLocale(null)).toBeNull();
  });
  it('prefers the address, then the saved choice, then the browser, then English', () => {
    expect(pickLocale('zh-CN', 'en', ['en-US'])).toBe('zh-CN');
    expect(pickLocale(undefined, 'zh-CN', ['en-US'])).toBe('zh-CN');
    expect(pickLocale('nonsense', 'en', ['zh-CN'])).toBe('en');
    expect(pickLocale(null, null, ['fr-FR', 'zh-CN', 'en'])).toBe('zh-CN');
    expect(pickLocale(null, null, ['fr-FR'])).toBe('en');
    expect(pickLocale(null, null, [])).toBe('en');
  });
});
