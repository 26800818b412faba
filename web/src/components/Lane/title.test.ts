import { describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n';
import { laneTitle } from '.';

describe('lane titles', () => {
  it('say what the actor is, once', () => {
    setLocale('en');
    expect(laneTitle('task', 'A')).toBe('Task A');
    expect(laneTitle('task', 'TaskA')).toBe('TaskA');
    expect(laneTitle('thread', 'B')).toBe('Thread B');
    setLocale('zh-CN');
    expect(laneTitle('task', 'TaskB')).toBe('TaskB');
    expect(laneTitle('task', 'High')).toBe('任务 High');
    setLocale('en');
  });
});
