import { describe, expect, it } from 'vitest';
import type { ExploreResult } from '../bridge/explorer';
import {
  exploreOptions,
  formatDuration,
  kindWords,
  progressFraction,
  progressLine,
  proveProgressLine,
  resultLine,
} from './explore';

const base: ExploreResult = {
  found: false,
  kind: null,
  schedule: null,
  steps: 0,
  preemptions: 0,
  executions: 310,
  pruned: 148,
  bound: 3,
  complete: true,
  reason: 'every interleaving was explored',
  message: '',
  summary: '',
  elapsedMs: 12.4,
};

describe('the proof under way', () => {
  const p = { executions: 1234, bound: -1, pruned: 0, elapsedMs: 800, rate: 1542 };
  it('counts the executions against the estimate, with the time left', () => {
    expect(proveProgressLine({ ...p, estimate: 5000, secondsLeft: 2.4 })).toBe(
      '1,234 of about 5,000 executions · 1,542 a second · about 3 s left',
    );
  });
  it('counts the states the stateful search remembers, and foresees nothing', () => {
    expect(proveProgressLine({ ...p, states: 196331 })).toBe(
      '1,234 executions · 196,331 states remembered · 1,542 executions a second',
    );
  });
  it('says it is estimating before the first figures come', () => {
    expect(proveProgressLine(p)).toBe('Estimating how many interleavings there are…');
  });
});

describe('the explorer in words', () => {
  it('says what it found, with steps, preemptions, runs and time', () => {
    const r = {
      ...base,
      found: true,
      kind: 'stuck',
      schedule: 'v1: A B',
      steps: 34,
      preemptions: 2,
      executions: 9,
      elapsedMs: 0.61,
    };
    expect(resultLine(r, 'dfs')).toBe(
      'Found: stuck after 34 steps with 2 preemptions, in 9 executions (0.6 ms).',
    );
    expect(resultLine({ ...r, preemptions: 1, kind: 'assertion' }, 'dfs')).toBe(
      'Found: a failed check after 34 steps with 1 preemption, in 9 executions (0.6 ms).',
    );
  });
  it('says what it proved for a correct variant', () => {
    expect(resultLine(base, 'dfs')).toBe(
      'No stuck run or failed check within 3 preemptions: 310 executions, complete (12 ms).',
    );
    expect(resultLine({ ...base, executions: 43680, elapsedMs: 3785 }, 'dfs')).toBe(
      'No stuck run or failed check within 3 preemptions: 43,680 executions, complete (3.8 s).',
    );
    expect(resultLine({ ...base, complete: false, reason: '' }, 'dfs')).toMatch(
      /incomplete: it stopped at its limit/,
    );
    expect(resultLine({ ...base, bound: -1 }, 'random')).toMatch(
      /^No stuck run or failed check in 310 random runs/,
    );
  });
  it('names the kinds of violation', () => {
    expect(kindWords('overlap')).toBe('two threads in the critical section');
    expect(kindWords('permits')).toBe('a violation permits');
  });
  it('keeps the options in range, with the limits each strategy needs', () => {
    expect(exploreOptions('dfs', 3)).toMatchObject({ strategy: 'dfs', bound: 3, maxExecutions: 0 });
    expect(exploreOptions('dfs', 99).bound).toBe(8);
    expect(exploreOptions('dfs', -2).bound).toBe(0);
    expect(exploreOptions('dfs', NaN).bound).toBe(3);
    expect(exploreOptions('pct', 2).maxExecutions).toBeGreaterThan(0);
  });
  it('shows progress as a line and, when it can be known, a fraction', () => {
    const p = { executions: 12345, bound: 2, pruned: 678, elapsedMs: 1500 };
    expect(progressLine(p, 'dfs')).toBe('12,345 executions · preemption bound 2 · 678 pruned · 1.5 s');
    expect(progressFraction(p, exploreOptions('dfs', 3))).toBe(0.5);
    expect(progressFraction(p, { ...exploreOptions('random', 3), maxExecutions: 24690 })).toBe(0.5);
  });
  it('formats durations for people', () => {
    expect(formatDuration(0.04)).toBe('0.0 ms');
    expect(formatDuration(9.96)).toBe('10.0 ms');
    expect(formatDuration(42.4)).toBe('42 ms');
    expect(formatDuration(1234)).toBe('1.2 s');
  });
});
