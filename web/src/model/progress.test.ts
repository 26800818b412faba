import { describe, expect, it } from 'vitest';
import { PROGRESS_KEY, markReached, readProgress } from './progress';

function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('progress', () => {
  it('starts empty and remembers the first time a goal is reached', () => {
    const s = memory();
    expect(readProgress(s)).toEqual({});
    const when = new Date('2026-01-02T03:04:05Z');
    markReached(s, 'lost-wakeup', { steps: 32, variant: 'validate_outside' }, when);
    expect(readProgress(s)).toEqual({
      'lost-wakeup': { at: '2026-01-02T03:04:05.000Z', steps: 32, variant: 'validate_outside' },
    });
    markReached(s, 'lost-wakeup', { steps: 40, variant: 'correct' }, new Date());
    expect(readProgress(s)['lost-wakeup']!.steps).toBe(32);
    markReached(s, 'fast-path', { steps: 4, variant: 'correct' });
    expect(Object.keys(readProgress(s)).sort()).toEqual(['fast-path', 'lost-wakeup']);
  });
  it('treats nonsense as no progress, and keeps only well-formed entries', () => {
    expect(readProgress(memory({ [PROGRESS_KEY]: 'not json' }))).toEqual({});
    expect(readProgress(memory({ [PROGRESS_KEY]: '[1,2]' }))).toEqual({});
    const odd = readProgress(
      memory({ [PROGRESS_KEY]: JSON.stringify({ 'ok-id': { at: 1, steps: 'x' }, 'Bad Id': {}, x: null }) }),
    );
    expect(odd).toEqual({ 'ok-id': { at: '', steps: 0, variant: '' } });
  });
  it('survives a storage that refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readProgress(refusing)).toEqual({});
    // not saved, but the page still shows it for now
    expect(Object.keys(markReached(refusing, 'a', { steps: 1, variant: 'correct' }))).toEqual(['a']);
    expect(readProgress(refusing)).toEqual({});
    expect(readProgress(null)).toEqual({});
    const full = {
      ...memory(),
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(markReached(full, 'a', { steps: 1, variant: 'correct' })['a']?.steps).toBe(1);
  });
});
