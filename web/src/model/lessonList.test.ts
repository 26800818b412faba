import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  courseAround,
  frontMatter,
  groupLessons,
  indexNumbers,
  indexOrder,
  inOrder,
  neighbours,
  placeInIndex,
  summarize,
} from './lessonList';

describe('lesson files', () => {
  it('are ordered, and know their neighbours', () => {
    const list = [
      { id: 'c', order: 3, engine: 'alpha' },
      { id: 'a', order: 1, engine: 'alpha' },
      { id: 'b', order: 2, engine: 'alpha' },
    ];
    expect(inOrder(list).map((l) => l.id)).toEqual(['a', 'b', 'c']);
    expect(neighbours(list, 'a')).toEqual({ prev: null, next: 'b' });
    expect(neighbours(list, 'b')).toEqual({ prev: 'a', next: 'c' });
    expect(neighbours(list, 'c')).toEqual({ prev: 'b', next: null });
    expect(neighbours(list, 'zz')).toEqual({ prev: null, next: null });
  });
  it('have the neighbours the index shows: a later lesson of an earlier engine comes with its group', () => {
    // the course's shape: lesson 4 goes back to the first engine after the second began
    const list = [
      { id: 'p1', order: 1, engine: 'beta' },
      { id: 'q2', order: 2, engine: 'gamma' },
      { id: 'q3', order: 3, engine: 'gamma' },
      { id: 'p4', order: 4, engine: 'beta' },
      { id: 'e5', order: 5, engine: 'delta' },
    ];
    const listed = indexOrder(list).map((l) => l.id);
    expect(listed).toEqual(['p1', 'p4', 'q2', 'q3', 'e5']);
    // one order for both: the index's groups, read one after the other
    expect(groupLessons(list).flatMap((g) => g.lessons.map((l) => l.id))).toEqual(listed);
    expect(neighbours(list, 'p1')).toEqual({ prev: null, next: 'p4' });
    expect(neighbours(list, 'p4')).toEqual({ prev: 'p1', next: 'q2' });
    expect(neighbours(list, 'q3')).toEqual({ prev: 'q2', next: 'e5' });
    expect(neighbours(list, 'e5')).toEqual({ prev: 'q3', next: null });
  });
  it('are numbered by their place in the index, not by their files: p4 is met second', () => {
    const list = [
      { id: 'p1', order: 1, engine: 'beta' },
      { id: 'q2', order: 2, engine: 'gamma' },
      { id: 'q3', order: 3, engine: 'gamma' },
      { id: 'p4', order: 4, engine: 'beta' },
      { id: 'e5', order: 5, engine: 'delta' },
    ];
    expect([...indexNumbers(list)]).toEqual([
      ['p1', 1],
      ['p4', 2],
      ['q2', 3],
      ['q3', 4],
      ['e5', 5],
    ]);
    expect(placeInIndex(list, 'p4')).toEqual({ n: 2, count: 5 });
    expect(placeInIndex(list, 'q2')).toEqual({ n: 3, count: 5 });
    expect(placeInIndex(list, 'e5')).toEqual({ n: 5, count: 5 });
    expect(placeInIndex(list, 'zz')).toBeNull();
    // the number and Next agree: the lesson after number n is number n + 1
    for (const l of list) {
      const next = neighbours(list, l.id).next;
      if (next) expect(placeInIndex(list, next)!.n).toBe(placeInIndex(list, l.id)!.n + 1);
    }
  });
  it('give each page its place and the titled lessons around it, and a lesson of no course none', () => {
    const title = (en: string) => ({ en, 'zh-CN': `${en}（中）` });
    const list = [
      { id: 'p1', order: 1, engine: 'beta', title: title('One') },
      { id: 'q2', order: 2, engine: 'gamma', title: title('Two') },
      { id: 'p4', order: 4, engine: 'beta', title: null },
    ];
    // p4 is met second (its engine's group), between p1 and q2
    expect(courseAround('p4', list)).toEqual({
      n: 2,
      count: 3,
      prev: { id: 'p1', title: title('One') },
      next: { id: 'q2', title: title('Two') },
    });
    expect(courseAround('p1', list)).toEqual({
      n: 1,
      count: 3,
      prev: null,
      next: { id: 'p4', title: null },
    });
    expect(courseAround('q2', list)).toEqual({ n: 3, count: 3, prev: { id: 'p4', title: null }, next: null });
    expect(courseAround('zz', list)).toBeNull();
  });
});

const LESSON = [
  '---',
  'id: fast-path',
  'order: 2',
  'engine: beta',
  'title:',
  '  en: The fast path',
  '  zh-CN: 快路径',
  'goal:',
  '  text:',
  '    en: Lock m.',
  '    zh-CN: 锁住 m。',
  '  order: []',
  '---',
  '## en',
  'Hello',
].join('\n');

describe('summaries', () => {
  it('read engine, title and goal from the front matter', () => {
    expect(frontMatter(LESSON)).toMatch(/^id: fast-path/);
    expect(summarize({ id: 'fast-path', order: 2 }, LESSON, parse)).toEqual({
      id: 'fast-path',
      order: 2,
      engine: 'beta',
      title: { en: 'The fast path', 'zh-CN': '快路径' },
      goal: { en: 'Lock m.', 'zh-CN': '锁住 m。' },
    });
  });
  it('survive a file that does not read', () => {
    expect(frontMatter('no front matter')).toBeNull();
    expect(summarize({ id: 'x', order: 9 }, 'no front matter', parse)).toEqual({
      id: 'x',
      order: 9,
      engine: '',
      title: null,
      goal: null,
    });
    expect(summarize({ id: 'x', order: 9 }, '---\n: : [\n---\n', parse).title).toBeNull();
  });
  it('group by engine, in course order', () => {
    const s = (id: string, order: number, engine: string) => ({ id, order, engine, title: null, goal: null });
    const groups = groupLessons([s('c', 3, 'beta'), s('a', 1, 'alpha'), s('b', 2, 'beta')]);
    expect(groups.map((g) => [g.engine, g.lessons.map((l) => l.id)])).toEqual([
      ['alpha', ['a']],
      ['beta', ['b', 'c']],
    ]);
  });
});
