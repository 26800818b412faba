/*
 * The rtos engine's card: its model offers the tick, and the card says what
 * the tick does under it (the time slice), in both languages.
 */
import { describe, expect, it } from 'vitest';
import { rtos } from './index';

describe('the rtos card', () => {
  it('says that the tick ends the running task’s slice', () => {
    expect(rtos.tick?.en).toMatch(/back of its priority/);
    expect(rtos.tick?.['zh-CN']).toMatch(/同优先级/);
  });
});
