import { describe, expect, it } from 'vitest';
import { en } from './en';
import { t } from './index';

describe('strings', () => {
  it('fills placeholders', () => {
    expect(t('lane.step', { actor: 'B' })).toBe('Step B');
    expect(t('time.stepOf', { step: 3, total: 12 })).toBe('step 3 of 12');
  });
  it('leaves a missing placeholder visible rather than inventing text', () => {
    expect(t('lane.step')).toBe('Step {actor}');
    expect(t('lane.step', {})).toBe('Step {actor}');
  });
  it('has no empty strings', () => {
    for (const [k, v] of Object.entries(en)) expect(v.trim(), k).not.toBe('');
  });
});
