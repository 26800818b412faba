import { describe, expect, it } from 'vitest';
import { formatPlace, parsePlace } from './params';

describe('lesson addresses', () => {
  it('read and write ?lesson=', () => {
    const { place, problems } = parsePlace(
      '?lesson=some-lesson&variant=correct&schedule=v1.AgMA&step=3&lang=zh-CN',
    );
    expect(problems).toEqual([]);
    expect(place).toEqual({
      lesson: 'some-lesson',
      variant: 'correct',
      schedule: 'v1.AgMA',
      step: 3,
      lang: 'zh-CN',
    });
    expect(formatPlace(place)).toBe('?lesson=some-lesson&variant=correct&schedule=v1.AgMA&step=3&lang=zh-CN');
  });
  it('refuse a lesson id with other characters', () => {
    for (const bad of ['<b>', 'Lost-Wakeup', 'a--b', '../x', 'a'.repeat(81)]) {
      const { place, problems } = parsePlace(`?lesson=${encodeURIComponent(bad)}`);
      expect(place.lesson, bad).toBeUndefined();
      expect(problems.map((p) => p.name)).toEqual(['lesson']);
      // the lesson's own rule and what to do, not the schedule's character rule
      expect(problems[0]?.message).toMatch(/like “lost-wakeup”.*pick another under Lessons/);
      expect(problems[0]?.message).not.toMatch(/@ \[ \]/);
    }
  });
});
