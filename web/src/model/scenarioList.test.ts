import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  checkFile,
  checkText,
  displayName,
  engineOfId,
  groupByEngine,
  hasSchedule,
  problemWhere,
  titleOf,
  variantOf,
} from './scenarioList';
import { engineRank, loadCards } from '../engines';

const ENGINES = await loadCards();

describe('the scenario picker', () => {
  it('groups scenarios by engine in the registry order, an engine it does not know last', () => {
    const [first, second, third] = ENGINES.map((e) => e.id);
    const g = groupByEngine(
      [`${third}/x`, `${second}/b-lost`, `${first}/racy`, `${second}/a-contended`, 'zeta/a'],
      engineRank,
    );
    expect(g).toEqual([
      { engine: first, ids: [`${first}/racy`] },
      { engine: second, ids: [`${second}/a-contended`, `${second}/b-lost`] },
      { engine: third, ids: [`${third}/x`] },
      { engine: 'zeta', ids: ['zeta/a'] },
    ]);
    expect(engineOfId(`${second}/handoff`)).toBe(second);
  });
  it('reads titles, variants and schedules from the YAML text', () => {
    const y = [
      '# a comment with title: nope',
      'title: The lost wakeup (validate outside the bucket lock)',
      'variant: validate_outside  # the bug',
      'schedule: "v1: A B"',
    ].join('\n');
    const both = (x: string) => ({ en: x, 'zh-CN': x });
    expect(titleOf(y, parse)).toEqual(both('The lost wakeup (validate outside the bucket lock)'));
    expect(titleOf("title: 'It''s quoted'", parse)).toEqual(both("It's quoted"));
    expect(titleOf('title: "Say \\"hi\\""', parse)).toEqual(both('Say "hi"'));
    expect(titleOf('title: >\n  folded\n  in two', parse)).toEqual(both('folded in two'));
    // the map form gives each language its own; a missing Chinese one is left to inLocale's fallback
    expect(titleOf('title:\n  en: Racy counter  # the opening\n  zh-CN: 会丢更新的计数器\n', parse)).toEqual({
      en: 'Racy counter',
      'zh-CN': '会丢更新的计数器',
    });
    expect(titleOf('title: {en: Racy counter, zh-CN: 会丢更新的计数器}', parse)?.['zh-CN']).toBe(
      '会丢更新的计数器',
    );
    expect(titleOf('title: {en: Racy}', parse)).toEqual({ en: 'Racy', 'zh-CN': '' });
    expect(titleOf('title: {zh-CN: 只有中文}', parse)).toBeNull();
    expect(titleOf('no title', parse)).toBeNull();
    expect(titleOf('title: [', parse)).toBeNull();
    expect(variantOf(y)).toBe('validate_outside');
    expect(variantOf('engine: x')).toBeNull();
    expect(hasSchedule(y)).toBe(true);
    expect(hasSchedule('title: x')).toBe(false);
  });
  it('checks a file before reading it', () => {
    expect(checkFile({ name: 'a.yaml', size: 100 })).toBeNull();
    expect(checkFile({ name: 'a.YML', size: 100 })).toBeNull();
    expect(checkFile({ name: 'a.png', size: 100 })).toEqual({ kind: 'notYaml', name: 'a.png' });
    expect(checkFile({ name: 'a.yaml', size: 10_000_000 })?.kind).toBe('tooBig');
    expect(checkFile({ name: 'a.yaml', size: 0 })?.kind).toBe('empty');
  });
  it('checks its text', () => {
    expect(checkText('a.yaml', 'title: x')).toBeNull();
    expect(checkText('a.yaml', '  \n')?.kind).toBe('empty');
    expect(checkText('a.yaml', 'ab\u0000cd')?.kind).toBe('notText');
  });
  it('shows a file name safely', () => {
    expect(displayName('C:\\Users\\me\\lost.yaml')).toBe('lost.yaml');
    expect(displayName('a\u0007b.yaml')).toBe('ab.yaml');
    expect(displayName('x'.repeat(100) + '.yaml')).toHaveLength(78);
    expect(displayName('')).toBe('scenario.yaml');
  });
});

describe('a scenario problem’s place', () => {
  it('reads file:line:col: field:', () => {
    expect(problemWhere({ file: 'bad.yaml', line: 5, column: 12, field: 'actors.A[0]' })).toBe(
      'bad.yaml:5:12: actors.A[0]:',
    );
    expect(problemWhere({ file: 'bad.yaml', line: 5 })).toBe('bad.yaml:5:');
    expect(problemWhere({ file: 'bad.yaml', field: 'yaml' })).toBe('bad.yaml: yaml:');
    expect(problemWhere({ field: 'scenario' })).toBe('scenario:');
    expect(problemWhere({})).toBe('');
  });
});
