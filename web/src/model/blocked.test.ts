import { describe, expect, it } from 'vitest';
import type { Blocked } from '../engine/types';
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
  {
    b: {
      why: 'parking_lot.parked',
      object: 'm',
      bucket: 30,
      since: 34,
      validate_step: 30,
      validate_state: '11',
      unparker: 'A',
      unpark_step: 29,
      wrote_step: 31,
      final: 1,
    },
    en:
      "parked on mutex m (bucket 30) since step 34; its validate passed at step 30 with state 11; A's " +
      'unpark_one on m at step 29 found no waiter and wrote 00 at step 31; nobody will unpark it',
    zh:
      '停在互斥锁 m（桶 30）上休眠，从第 34 步起；它的 validate 在第 30 步通过，当时状态是 11；' +
      'A 在第 29 步对 m 调用 unpark_one，没找到等待者，并在第 31 步写入 00；没有人会再 unpark 它',
  },
  {
    b: { why: 'parking_lot.parked', object: 'm', bucket: 3 },
    en: 'parked on mutex m (bucket 3), waiting for an unpark',
    zh: '停在互斥锁 m（桶 3）上休眠，等待 unpark',
  },
  {
    b: { why: 'parking_lot.parked', object: 'm', bucket: 3, since: 20, requeued_by: 'N', requeued_step: 18 },
    en: "parked on mutex m (bucket 3) since step 20; N's notify moved it here from a condvar at step 18, waiting for an unpark",
    zh: '停在互斥锁 m（桶 3）上休眠，从第 20 步起；N 的 notify 在第 18 步把它从条件变量挪到了这里，等待 unpark',
  },
  {
    b: { why: 'parking_lot.condvar', object: 'cv', bucket: 12 },
    en: 'waiting on condvar cv (bucket 12) for a notify',
    zh: '在条件变量 cv（桶 12）上等待 notify',
  },
  {
    b: { why: 'parking_lot.condvar', object: 'cv', bucket: 12, final: 1 },
    en: 'waiting on condvar cv (bucket 12) for a notify; nobody will notify it',
    zh: '在条件变量 cv（桶 12）上等待 notify；没有人会再 notify 它',
  },
  {
    b: { why: 'aqs.queued', object: 's', position: 2, wants: 1, status: 'WAITING', permits: 0, final: 1 },
    en: 'parked in the queue of s (2nd in line, wants 1, status WAITING) while s has 0 permits free; nobody will unpark it',
    zh: '在 s 的队列里停车休眠（排第 2 位，要 1 个许可，状态 WAITING），而 s 现有 0 个空闲许可；没有人会 unpark 它',
  },
  {
    b: { why: 'aqs.queued', object: 's', position: 1, wants: 2, status: '0', permits: 1 },
    en: 'parked in the queue of s (1st in line, wants 2, status 0) while s has 1 permit free',
    zh: '在 s 的队列里停车休眠（排第 1 位，要 2 个许可，状态 0），而 s 现有 1 个空闲许可',
  },
  {
    b: { why: 'embassy.fair.dropped_head', object: 'sem', permits: 1, releaser: 'C', dropped: 'A', final: 1 },
    en:
      'lost its waker: queued on sem with 1 permit(s) free; release by C woke A, the head, whose acquire ' +
      'was then dropped without waking the next waiter',
    zh: '丢了唤醒器：在 sem 上排队，有 1 个空闲许可；C 的 release 唤醒了队首 A，但它的 acquire 随后被丢弃，没有唤醒下一个等待者',
  },
  {
    b: { why: 'embassy.fair.unwoken_head', object: 'sem', permits: 2, final: 1 },
    en: 'lost its waker: heads the queue of sem with 2 permit(s) free, but nobody woke it',
    zh: '丢了唤醒器：排在 sem 的队首，有 2 个空闲许可，却没有人唤醒它',
  },
  {
    b: { why: 'embassy.fair.unwoken_head', object: 'sem', permits: 1 },
    en: 'not woken yet: heads the queue of sem with 1 permit(s) free, but nobody woke it',
    zh: '还没被唤醒：排在 sem 的队首，有 1 个空闲许可，却没有人唤醒它',
  },
  {
    b: { why: 'embassy.fair.queued', object: 'sem', position: 1 },
    en: 'queued on sem at position 1, waits for a release',
    zh: '在 sem 上排队，位置 1，等一次 release',
  },
  {
    b: { why: 'embassy.pubsub.full', object: 'ch', len: 2, oldest: 1, remaining: 1, owing: 0 },
    en:
      'waits to publish into ch: the queue is full (2 of 2) and its oldest message (id 1) waits for 1 more ' +
      'reader(s), but only 0 subscriber(s) have yet to read it: it will never leave',
    zh: '等着向 ch 发布：队列已满（2 / 2），最旧的消息（id 1）还要等 1 个读者，可是还没读它的订阅者只剩 0 个：它永远不会离开队列',
  },
  {
    b: { why: 'embassy.pubsub.full', object: 'ch', len: 1, oldest: 0, remaining: 1, owing: 1 },
    en: 'waits to publish into ch: the queue is full (1 of 1) and its oldest message (id 0) waits for 1 more reader(s)',
    zh: '等着向 ch 发布：队列已满（1 / 1），最旧的消息（id 0）还要等 1 个读者',
  },
  {
    b: { why: 'embassy.pubsub.next', object: 'ch', next: 3 },
    en: 'waits for message id 3 on ch (next_message)',
    zh: '在 ch 上等 id 为 3 的消息（next_message）',
  },
  {
    b: { why: 'rtos.sem.lost_wake', object: 'sync' },
    en:
      'pends on sync, but its bit is no longer in wait_mask: a post took it out while the task was still ' +
      'running, and woke nobody (a lost wake-up)',
    zh: '在 sync 上 pend，但它的位已经不在 wait_mask 里：一次 post 在任务还在运行时把它清掉了，却没有唤醒任何人（丢失的唤醒）',
  },
  {
    b: { why: 'rtos.sem.pends', object: 'sync', bit: 1, mask: 2, count: -1, final: 1, unheld: 1 },
    en: 'pends on sync (bit 1 of wait_mask 0x0002), count -1, forever; nobody holds it and nobody will post',
    zh: '在 sync 上 pend（wait_mask 0x0002 的第 1 位），计数 -1，无限期；没有人持有它，也没有人会 post',
  },
  {
    b: { why: 'rtos.sem.pends', object: 's', bit: 0, mask: 1, count: 0, timeout: 1, holders: 'A, B' },
    en: 'pends on s (bit 0 of wait_mask 0x0001), count 0, with a timeout; held by A, B',
    zh: '在 s 上 pend（wait_mask 0x0001 的第 0 位），计数 0，带超时；持有者：A, B',
  },
  {
    b: { why: 'rtos.mutex.takes', object: 'm', holder: 'Low', bit: 2, mask: 4 },
    en: 'takes m, held by Low (bit 2 of wait_mask 0x0004)',
    zh: '在获取 m，它被 Low 占着（wait_mask 0x0004 的第 2 位）',
  },
  {
    b: { why: 'rtos.mutex.takes', object: 'm', bit: 0, mask: 1 },
    en: 'takes m, held by nobody (bit 0 of wait_mask 0x0001)',
    zh: '在获取 m，没有人持有它（wait_mask 0x0001 的第 0 位）',
  },
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
      const allowed = [
        'unpark',
        'unpark_one',
        'validate',
        'poll',
        'release',
        'acquire',
        'pend',
        'post',
        'tick',
        'notify',
        'next_message',
      ];
      const names = ['WAITING', 'uart', 'timer', 'sem', 'sync', 'wait_mask', 'Low', 'lot'];
      expect(words.filter((w) => !allowed.includes(w) && !names.includes(w))).toEqual([]);
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
