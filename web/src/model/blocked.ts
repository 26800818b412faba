/*
 * Why an actor cannot move, in English or Chinese, from the reason code and
 * arguments the machine computes (core/sim/blocked.h; `blocked` in the state
 * JSON and in the trace's stuck events: {why: "lock", object: "m", holder: "A"}).
 *
 * One entry per code C defines (tests/node/blocked-codes.test.js checks that
 * none is missing); each entry says its reason in both languages from the
 * arguments alone.  A code this table does not know gives null, so the caller
 * can fall back to the engine's own English.
 */
import type { Blocked } from '../engine/types';
import type { Locale } from '../i18n';

type Args = Readonly<Record<string, string | number | undefined>>;
type Say = (a: Args) => string;

const str = (a: Args, key: string, absent = '?'): string => (a[key] === undefined ? absent : String(a[key]));
const has = (a: Args, key: string): boolean => a[key] !== undefined;
/** 0x0005 for 5: a wait mask as the C code prints it. */
const mask = (a: Args): string =>
  `0x${Number(a.mask ?? 0)
    .toString(16)
    .padStart(4, '0')}`;
const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th'];
const ordinal = (n: number): string => ORDINALS[n - 1] ?? 'later';

/** The English and the Chinese of each code. */
const REASONS: Readonly<Record<string, Readonly<Record<Locale, Say>>>> = {
  // ---- the machine (core/sim/blocked.c) ----
  finished: { en: () => 'finished', 'zh-CN': () => '已结束' },
  dormant: {
    en: (a) => (a.kind === 'isr' ? 'dormant: not raised' : 'dormant: not spawned'),
    'zh-CN': (a) => (a.kind === 'isr' ? '休眠中：中断尚未触发' : '休眠中：任务尚未创建'),
  },
  over: { en: () => 'the run is over', 'zh-CN': () => '这次运行已经结束' },
  lock: {
    en: (a) =>
      has(a, 'own')
        ? `waits for lock ${str(a, 'object')}, which it already holds`
        : `waits for lock ${str(a, 'object')}, held by ${str(a, 'holder')}`,
    'zh-CN': (a) =>
      has(a, 'own')
        ? `在等锁 ${str(a, 'object')}，而这把锁就在它自己手里`
        : `在等锁 ${str(a, 'object')}，它被 ${str(a, 'holder')} 占着`,
  },
  parked: {
    en: (a) =>
      has(a, 'until')
        ? `parked until unparked or ${str(a, 'until')} µs`
        : 'parked, and nobody will unpark it',
    'zh-CN': (a) =>
      has(a, 'until') ? `停车休眠，等 unpark 或到 ${str(a, 'until')} µs` : '停车休眠，没有人会 unpark 它',
  },
  blocked: {
    en: (a) =>
      has(a, 'until') ? `blocked until woken or ${str(a, 'until')} µs` : 'blocked, and nobody will wake it',
    'zh-CN': (a) =>
      has(a, 'until') ? `阻塞中，等被唤醒或到 ${str(a, 'until')} µs` : '阻塞中，没有人会唤醒它',
  },
  sleep: { en: (a) => `sleeps until ${str(a, 'until')} µs`, 'zh-CN': (a) => `睡到 ${str(a, 'until')} µs` },
  cannot_move: { en: () => 'cannot move', 'zh-CN': () => '它动不了' },

  // ---- the scheduling models (core/sim/sched/) ----
  'irq.masked': {
    en: () => 'raised, waits: interrupts are masked',
    'zh-CN': () => '已触发，在等：中断被屏蔽了',
  },
  'irq.handler': {
    en: (a) =>
      has(a, 'priority')
        ? `raised, waits for handler ${str(a, 'handler')} (priority ${str(a, 'priority')}) to return`
        : `raised, waits for handler ${str(a, 'handler')} to return`,
    'zh-CN': (a) =>
      has(a, 'priority')
        ? `已触发，在等处理函数 ${str(a, 'handler')}（优先级 ${str(a, 'priority')}）返回`
        : `已触发，在等处理函数 ${str(a, 'handler')} 返回`,
  },
  interrupted: {
    en: (a) => `interrupted by ${str(a, 'handler')}`,
    'zh-CN': (a) => `被 ${str(a, 'handler')} 打断了`,
  },
  'rtos.priority': {
    en: (a) =>
      `ready, but ${str(a, 'runner')} has a higher priority (${str(a, 'runner_priority')} > ${str(a, 'priority')})`,
    'zh-CN': (a) =>
      `已就绪，但 ${str(a, 'runner')} 的优先级更高（${str(a, 'runner_priority')} > ${str(a, 'priority')}）`,
  },
  'rtos.turn': {
    en: (a) => `ready, waits for its turn: ${str(a, 'runner')} runs until the next tick`,
    'zh-CN': (a) => `已就绪，等轮到它：${str(a, 'runner')} 会一直运行到下一个 tick`,
  },
  'rtos.woken': {
    en: (a) =>
      `woken, waits for the next scheduling point: ${str(a, 'runner')} runs until it blocks or the tick falls`,
    'zh-CN': (a) => `已被唤醒，等下一个调度点：${str(a, 'runner')} 会一直运行，直到它阻塞或 tick 到来`,
  },
  'executor.queued': {
    en: () => 'in the run queue, waits to be polled',
    'zh-CN': () => '在运行队列里，等着被 poll',
  },
  'executor.due': {
    en: (a) =>
      `its timer fell due at ${str(a, 'deadline_us')} us; the wake lands when this batch ends (or at a tick)`,
    'zh-CN': (a) =>
      `它的定时器已在 ${str(a, 'deadline_us')} us 到期；唤醒在这一批结束时（或在一个 tick 时）送达`,
  },
  'executor.polled': {
    en: (a) =>
      has(a, 'runner') ? `waits to be polled: the executor polls ${str(a, 'runner')}` : 'waits to be polled',
    'zh-CN': (a) => (has(a, 'runner') ? `等着被 poll：执行器正在 poll ${str(a, 'runner')}` : '等着被 poll'),
  },

  // ---- the engines (core/script/engines/<engine>/binding.c) ----
  'parking_lot.condvar': {
    en: (a) =>
      `waiting on condvar ${str(a, 'object')} (bucket ${str(a, 'bucket')}) for a notify` +
      (has(a, 'final') ? '; nobody will notify it' : ''),
    'zh-CN': (a) =>
      `在条件变量 ${str(a, 'object')}（桶 ${str(a, 'bucket')}）上等待 notify` +
      (has(a, 'final') ? '；没有人会再 notify 它' : ''),
  },
  'parking_lot.parked': {
    en: (a) =>
      `parked on mutex ${str(a, 'object')} (bucket ${str(a, 'bucket')})` +
      (has(a, 'since') ? ` since step ${str(a, 'since')}` : '') +
      (has(a, 'requeued_by')
        ? `; ${str(a, 'requeued_by')}'s notify moved it here from a condvar at step ${str(a, 'requeued_step')}`
        : '') +
      (has(a, 'validate_step')
        ? `; its validate passed at step ${str(a, 'validate_step')} with state ${str(a, 'validate_state')}`
        : '') +
      (has(a, 'unparker')
        ? `; ${str(a, 'unparker')}'s unpark_one on ${str(a, 'object')} at step ${str(a, 'unpark_step')}` +
          ` found no waiter and wrote 00 at step ${str(a, 'wrote_step')}`
        : '') +
      (has(a, 'final') ? '; nobody will unpark it' : ', waiting for an unpark'),
    'zh-CN': (a) =>
      `停在互斥锁 ${str(a, 'object')}（桶 ${str(a, 'bucket')}）上休眠` +
      (has(a, 'since') ? `，从第 ${str(a, 'since')} 步起` : '') +
      (has(a, 'requeued_by')
        ? `；${str(a, 'requeued_by')} 的 notify 在第 ${str(a, 'requeued_step')} 步把它从条件变量挪到了这里`
        : '') +
      (has(a, 'validate_step')
        ? `；它的 validate 在第 ${str(a, 'validate_step')} 步通过，当时状态是 ${str(a, 'validate_state')}`
        : '') +
      (has(a, 'unparker')
        ? `；${str(a, 'unparker')} 在第 ${str(a, 'unpark_step')} 步对 ${str(a, 'object')} 调用 unpark_one，` +
          `没找到等待者，并在第 ${str(a, 'wrote_step')} 步写入 00`
        : '') +
      (has(a, 'final') ? '；没有人会再 unpark 它' : '，等待 unpark'),
  },
  'aqs.queued': {
    en: (a) => {
      const permits = Number(a.permits ?? 0);
      return (
        `parked in the queue of ${str(a, 'object')} (${ordinal(Number(a.position))} in line, ` +
        `wants ${str(a, 'wants')}, status ${str(a, 'status')}) while ${str(a, 'object')} has ` +
        `${permits} permit${permits === 1 || permits === -1 ? '' : 's'} free` +
        (has(a, 'final') ? '; nobody will unpark it' : '')
      );
    },
    'zh-CN': (a) =>
      `在 ${str(a, 'object')} 的队列里停车休眠（排第 ${str(a, 'position')} 位，要 ${str(a, 'wants')} 个许可，` +
      `状态 ${str(a, 'status')}），而 ${str(a, 'object')} 现有 ${str(a, 'permits')} 个空闲许可` +
      (has(a, 'final') ? '；没有人会 unpark 它' : ''),
  },
  'embassy.fair.dropped_head': {
    en: (a) =>
      `${has(a, 'final') ? 'lost its waker' : 'not woken yet'}: queued on ${str(a, 'object')} with ${str(a, 'permits')} permit(s) free; ` +
      `release by ${str(a, 'releaser')} woke ${str(a, 'dropped')}, the head, whose acquire was then ` +
      'dropped without waking the next waiter',
    'zh-CN': (a) =>
      `${has(a, 'final') ? '丢了唤醒器' : '还没被唤醒'}：在 ${str(a, 'object')} 上排队，有 ${str(a, 'permits')} 个空闲许可；` +
      `${str(a, 'releaser')} 的 release 唤醒了队首 ${str(a, 'dropped')}，` +
      '但它的 acquire 随后被丢弃，没有唤醒下一个等待者',
  },
  'embassy.fair.unwoken_head': {
    en: (a) =>
      `${has(a, 'final') ? 'lost its waker' : 'not woken yet'}: heads the queue of ${str(a, 'object')} with ${str(a, 'permits')} permit(s) free, ` +
      'but nobody woke it',
    'zh-CN': (a) =>
      `${has(a, 'final') ? '丢了唤醒器' : '还没被唤醒'}：排在 ${str(a, 'object')} 的队首，有 ${str(a, 'permits')} 个空闲许可，却没有人唤醒它`,
  },
  'embassy.fair.queued': {
    en: (a) => `queued on ${str(a, 'object')} at position ${str(a, 'position')}, waits for a release`,
    'zh-CN': (a) => `在 ${str(a, 'object')} 上排队，位置 ${str(a, 'position')}，等一次 release`,
  },
  'embassy.pubsub.full': {
    en: (a) =>
      `waits to publish into ${str(a, 'object')}: the queue is full (${str(a, 'len')} of ${str(a, 'len')}) and its oldest ` +
      `message (id ${str(a, 'oldest')}) waits for ${str(a, 'remaining')} more reader(s)` +
      (Number(a.owing) < Number(a.remaining)
        ? `, but only ${str(a, 'owing')} subscriber(s) have yet to read it: it will never leave`
        : ''),
    'zh-CN': (a) =>
      `等着向 ${str(a, 'object')} 发布：队列已满（${str(a, 'len')} / ${str(a, 'len')}），最旧的消息（id ${str(a, 'oldest')}）` +
      `还要等 ${str(a, 'remaining')} 个读者` +
      (Number(a.owing) < Number(a.remaining)
        ? `，可是还没读它的订阅者只剩 ${str(a, 'owing')} 个：它永远不会离开队列`
        : ''),
  },
  'embassy.pubsub.next': {
    en: (a) => `waits for message id ${str(a, 'next')} on ${str(a, 'object')} (next_message)`,
    'zh-CN': (a) => `在 ${str(a, 'object')} 上等 id 为 ${str(a, 'next')} 的消息（next_message）`,
  },
  'rtos.sem.lost_wake': {
    en: (a) =>
      `pends on ${str(a, 'object')}, but its bit is no longer in wait_mask: a post took it out while ` +
      'the task was still running, and woke nobody (a lost wake-up)',
    'zh-CN': (a) =>
      `在 ${str(a, 'object')} 上 pend，但它的位已经不在 wait_mask 里：一次 post 在任务还在运行时` +
      '把它清掉了，却没有唤醒任何人（丢失的唤醒）',
  },
  'rtos.sem.pends': {
    en: (a) =>
      `pends on ${str(a, 'object')} (bit ${str(a, 'bit')} of wait_mask ${mask(a)}), count ${str(a, 'count')}` +
      (has(a, 'timeout') ? ', with a timeout' : ', forever') +
      (has(a, 'holders') ? `; held by ${str(a, 'holders')}` : '') +
      (has(a, 'final')
        ? has(a, 'unheld')
          ? '; nobody holds it and nobody will post'
          : '; nobody will post'
        : ''),
    'zh-CN': (a) =>
      `在 ${str(a, 'object')} 上 pend（wait_mask ${mask(a)} 的第 ${str(a, 'bit')} 位），计数 ${str(a, 'count')}` +
      (has(a, 'timeout') ? '，带超时' : '，无限期') +
      (has(a, 'holders') ? `；持有者：${str(a, 'holders')}` : '') +
      (has(a, 'final') ? (has(a, 'unheld') ? '；没有人持有它，也没有人会 post' : '；没有人会 post') : ''),
  },
  'rtos.mutex.takes': {
    en: (a) =>
      `takes ${str(a, 'object')}, held by ${str(a, 'holder', 'nobody')} (bit ${str(a, 'bit')} of wait_mask ${mask(a)})`,
    'zh-CN': (a) =>
      `在获取 ${str(a, 'object')}，${has(a, 'holder') ? `它被 ${str(a, 'holder')} 占着` : '没有人持有它'}` +
      `（wait_mask ${mask(a)} 的第 ${str(a, 'bit')} 位）`,
  },
};

/** Every reason code this file can say. */
export const BLOCKED_CODES: readonly string[] = Object.keys(REASONS);

/** Why an actor cannot move, in `locale`; null for a code this file does not know. */
export function blockedReason(b: Blocked, locale: Locale): string | null {
  const entry = Object.prototype.hasOwnProperty.call(REASONS, b.why) ? REASONS[b.why] : undefined;
  return entry ? entry[locale](b as unknown as Args) : null;
}

/**
 * Whether `b` says only that the scheduling model has not picked the actor
 * yet (it waits for the processor, a handler, its turn in the run queue), as
 * opposed to a lock, a wake or a time.  C knows which reasons those are and
 * marks them (`held`, core/sim/blocked.h).
 */
export function heldByModel(b: Blocked | undefined): boolean {
  return b?.held === true;
}
