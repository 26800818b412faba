/*
 * The embassy engine's card: its executor model offers the tick, and the card
 * says what the tick does under it (the time driver's alarm), in both
 * languages.
 */
import { describe, expect, it } from 'vitest';
import { embassy } from './index';

describe('the embassy card', () => {
  it('says that the tick is the time driver’s', () => {
    expect(embassy.tick?.en).toMatch(/time driver/);
    expect(embassy.tick?.['zh-CN']).toMatch(/时间驱动/);
  });
});
