import { afterEach, describe, expect, it } from 'vitest';
import { setLocale, t, type Locale } from '../i18n';
import { actorNoun, keyList, type ActorNoun } from './keys';

/** The keys list as the dialog shows it: "keys: what they do" per row. */
function shown(noun: ActorNoun, locale: Locale): string[] {
  setLocale(locale);
  return keyList(noun).map((r) => `${r.keys}: ${t(r.what)}`);
}

describe('the keys list, in the words of the run’s actors', () => {
  afterEach(() => setLocale('en'));
  it('names threads under the threads model, tasks under the rtos kernel and the executor', () => {
    expect(actorNoun([{ kind: 'thread' }, { kind: 'thread' }])).toBe('thread');
    expect(actorNoun([{ kind: 'task' }, { kind: 'task' }])).toBe('task');
    // lesson 25's shape: tasks and interrupt handlers
    expect(actorNoun([{ kind: 'task' }, { kind: 'isr' }])).toBe('task');
    expect(actorNoun(undefined)).toBe('thread');
  });
  it('says "step thread N" for threads, and nothing about tasks, ticks or futures', () => {
    const en = shown('thread', 'en');
    expect(en[0]).toBe('1 – 9: step thread N');
    expect(en[1]).toMatch(/^Shift \+ 1 – 9: step thread N until it next touches shared state/);
    expect(en.join('\n')).not.toMatch(/task|tick|future/);
    const zh = shown('thread', 'zh-CN');
    expect(zh[0]).toBe('1 – 9: 让线程 N 走一步');
    expect(zh.join('\n')).not.toMatch(/任务|tick/);
  });
  it('says "step task N" for tasks (raising a handler too), with the tick and the drop', () => {
    const en = shown('task', 'en');
    expect(en[0]).toBe('1 – 9: step task N (or raise interrupt handler N)');
    expect(en[1]).toMatch(/^Shift \+ 1 – 9: step task N until it next touches shared state/);
    expect(en).toContain('t: let the tick fall (when the model offers it)');
    expect(en).toContain('d, 1 – 9: drop task N’s future (when it waits at an await point)');
    expect(en.join('\n')).not.toMatch(/thread/);
    const zh = shown('task', 'zh-CN');
    expect(zh[0]).toBe('1 – 9: 让任务 N 走一步（或触发中断 N）');
    expect(zh[1]).toMatch(/^Shift \+ 1 – 9: 让任务 N 一直走到/);
    expect(zh.join('\n')).not.toMatch(/线程/);
  });
  it('lists the flush key only when the run keeps store buffers', () => {
    expect(keyList('thread', true).map((r) => r.keys)).toContain('f, 1 – 9');
    expect(keyList('thread').map((r) => r.keys)).not.toContain('f, 1 – 9');
  });
  it('lists every other key under both models', () => {
    const keys = (n: ActorNoun) => keyList(n).map((r) => r.keys);
    const common = ['1 – 9', 'Shift + 1 – 9', '←', '→', 'Home', 'Space', 'e', 'Ctrl + Z', '?'];
    expect(keys('thread')).toEqual(common);
    expect(keys('task')).toEqual([...common.slice(0, 7), 't', 'd, 1 – 9', ...common.slice(7)]);
  });
});
