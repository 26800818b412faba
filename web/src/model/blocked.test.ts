import { describe, expect, it } from 'vitest';
import type { Blocked } from '../bridge/types';
import { CODE_WORDS } from '../engines/reasonChecks';
import { BLOCKED_CODES, blockedReason } from './blocked';

/** One or more examples per code, with what each language says (arguments as C writes them). */
const EXAMPLES: { b: Blocked & Record<string, string | number>; en: string; zh: string }[] = [
  { b: { why: 'finished' }, en: 'finished', zh: '已结束' },
  { b: { why: 'dormant', kind: 'isr' }, en: 'dormant: not raised', zh: '休眠中：中断尚未触发' },
  { b: { why: 'dormant', kind: 'task' }, en: 'dormant: not spawned', zh: '休眠中：任务尚未创建' },
  { b: { why: 'over' }, en: 'the run is over', zh: '这次运行已经结束' },
  {
    b: { why: 'lock', object: 'lot[30]', holder: 'A' },
    en: 'waits for lock lot[30], held by A',
    zh: '在等锁 lot[30]，它被 A 占着',
  },
  {
    b: { why: 'lock', object: 'm', holder: 'B', own: 1 },
    en: 'waits for lock m, which it already holds',
    zh: '在等锁 m，而这把锁就在它自己手里',
  },
  { b: { why: 'parked' }, en: 'parked, and nobody will unpark it', zh: '停车休眠，没有人会 unpark 它' },
  {
    b: { why: 'parked', until: 5000 },
    en: 'parked until unparked or 5000 µs',
    zh: '停车休眠，等 unpark 或到 5000 µs',
  },
  { b: { why: 'blocked' }, en: 'blocked, and nobody will wake it', zh: '阻塞中，没有人会唤醒它' },
  {
    b: { why: 'blocked', until: 3000 },
    en: 'blocked until woken or 3000 µs',
    zh: '阻塞中，等被唤醒或到 3000 µs',
  },
  { b: { why: 'sleep', until: 50000 }, en: 'sleeps until 50000 µs', zh: '睡到 50000 µs' },
  { b: { why: 'cannot_move' }, en: 'cannot move', zh: '它动不了' },
  { b: { why: 'irq.masked' }, en: 'raised, waits: interrupts are masked', zh: '已触发，在等：中断被屏蔽了' },
  {
    b: { why: 'irq.handler', handler: 'uart', priority: 7 },
    en: 'raised, waits for handler uart (priority 7) to return',
    zh: '已触发，在等处理函数 uart（优先级 7）返回',
  },
  {
    b: { why: 'irq.handler', handler: 'timer' },
    en: 'raised, waits for handler timer to return',
    zh: '已触发，在等处理函数 timer 返回',
  },
  { b: { why: 'interrupted', handler: 'uart' }, en: 'interrupted by uart', zh: '被 uart 打断了' },
  {
    b: { why: 'rtos.priority', runner: 'B', runner_priority: 2, priority: 1 },
    en: 'ready, but B has a higher priority (2 > 1)',
    zh: '已就绪，但 B 的优先级更高（2 > 1）',
  },
  {
    b: { why: 'rtos.turn', runner: 'A' },
    en: 'ready, waits for its turn: A runs until the next tick',
    zh: '已就绪，等轮到它：A 会一直运行到下一个 tick',
  },
  {
    b: { why: 'rtos.woken', runner: 'A' },
    en: 'woken, waits for the next scheduling point: A runs until it blocks or the tick falls',
    zh: '已被唤醒，等下一个调度点：A 会一直运行，直到它阻塞或 tick 到来',
  },
  {
    b: { why: 'executor.queued' },
    en: 'in the run queue, waits to be polled',
    zh: '在运行队列里，等着被 poll',
  },
  {
    b: { why: 'executor.polled', runner: 'T1' },
    en: 'waits to be polled: the executor polls T1',
    zh: '等着被 poll：执行器正在 poll T1',
  },
  {
    b: { why: 'executor.due', deadline_us: 50000 },
    en: 'its timer fell due at 50000 us; the wake lands when this batch ends (or at a tick)',
    zh: '它的定时器已在 50000 us 到期；唤醒在这一批结束时（或在一个 tick 时）送达',
  },
  { b: { why: 'executor.polled' }, en: 'waits to be polled', zh: '等着被 poll' },
];

describe('blockedReason', () => {
  for (const { b, en, zh } of EXAMPLES) {
    it(`says ${b.why} ${JSON.stringify(b)} in English and Chinese`, () => {
      expect(blockedReason(b, 'en')).toBe(en);
      expect(blockedReason(b, 'zh-CN')).toBe(zh);
    });
  }

  it('has an example for every code it knows, and knows every code an example uses', () => {
    expect([...new Set(EXAMPLES.map((x) => x.b.why))].sort()).toEqual([...BLOCKED_CODES].sort());
  });

  it('gives null for a code it does not know, so the caller can quote the engine', () => {
    expect(blockedReason({ why: 'held' }, 'en')).toBeNull();
    expect(blockedReason({ why: 'toString' }, 'zh-CN')).toBeNull();
  });

  it('says the Chinese without English words other than the names of code (unpark, poll, release…)', () => {
    for (const { zh } of EXAMPLES) {
      const words = zh.match(/[A-Za-z_]{3,}/g) ?? [];
      const names = ['uart', 'timer', 'lot'];
      expect(words.filter((w) => !CODE_WORDS.includes(w) && !names.includes(w))).toEqual([]);
    }
  });
});

describe('blockedText (describe.ts) says the codes it has no words of its own for', () => {
  it('in the UI language', async () => {
    const { blockedText } = await import('./describe');
    const { setLocale } = await import('../i18n');
    const actor = {
      name: 'B',
      status: 'blocked',
      blocked: { why: 'rtos.turn', runner: 'A' },
      reason: 'ready, waits for its turn: A runs until the next tick',
    } as unknown as Parameters<typeof blockedText>[0];
    const state = { actors: [actor], objects: [], engines: {} } as unknown as Parameters<
      typeof blockedText
    >[1];
    setLocale('zh-CN');
    expect(blockedText(actor, state)).toBe('已就绪，等轮到它：A 会一直运行到下一个 tick');
    setLocale('en');
    expect(blockedText(actor, state)).toBe('ready, waits for its turn: A runs until the next tick');
  });
});
