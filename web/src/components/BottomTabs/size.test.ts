import { describe, expect, it } from 'vitest';
import { clampHeight, defaultHeight, maxHeight, MIN } from './size';

describe('the bottom pane’s height', () => {
  it('grows with a tall window and never takes the lanes’ room', () => {
    expect(defaultHeight(900)).toBe(260);
    expect(defaultHeight(1400)).toBe(760);
    expect(defaultHeight(1400)).toBeLessThanOrEqual(maxHeight(1400));
    expect(defaultHeight(600)).toBe(MIN);
    expect(clampHeight(5000, 900)).toBe(360);
    expect(clampHeight(10, 900)).toBe(MIN);
  });
});
