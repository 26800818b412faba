import { describe, expect, it } from 'vitest';
import { formatPlace, parsePlace } from './params';

describe('the address: variant and language', () => {
  it('round-trips a place with a variant and a language', () => {
    const place = {
      scenario: 'an_engine/a-scenario',
      variant: 'correct',
      schedule: 'v1.AgQAAQECAQEAAgECAgE',
      step: 4,
      lang: 'zh-CN',
    };
    expect(parsePlace(formatPlace(place))).toEqual({ place, problems: [] });
  });
  it('accepts the language in any case, and writes it as we spell it', () => {
    expect(parsePlace('?lang=ZH-cn').place.lang).toBe('zh-CN');
    expect(formatPlace({ lang: 'en' })).toBe('?lang=en');
  });
  it('refuses a bad variant or language, in words', () => {
    const { place, problems } = parsePlace('?variant=%3Cb%3E&lang=klingon');
    expect(place).toEqual({});
    expect(problems.map((p) => p.name).sort()).toEqual(['lang', 'variant']);
    expect(problems.find((p) => p.name === 'lang')?.message).toMatch(/en, zh-CN/);
  });
});
