/*
 * Why an actor cannot move, in English or Chinese, from the reason code and
 * arguments the machine computes (core/sim/blocked.h; `blocked` in the state
 * JSON and in the trace's stuck events: {why: "lock", object: "m", holder: "A"}).
 *
 * One entry per code the machine and the scheduling models define (core/sim/);
 * each engine's own codes are said by its folder (engines/<engine>/reasons.ts,
 * the entry's `reasons`).  tests/node/blocked-codes.test.js checks that every
 * code C defines is said somewhere.  Each entry says its reason in both
 * languages from the arguments alone.  A code this table does not know gives
 * null, so the caller can ask the engines.
 */
import type { Blocked } from '../bridge/types';
import type { Locale } from '../i18n';

/** A reason's arguments, as the JSON carries them. */
export type ReasonArgs = Readonly<Record<string, string | number | undefined>>;
/** A reason in one language, from its arguments. */
export type SayReason = (a: ReasonArgs) => string;

/** An argument as text ("?" or `absent` when it is missing). */
export const str = (a: ReasonArgs, key: string, absent = '?'): string =>
  a[key] === undefined ? absent : String(a[key]);
/** Whether an argument is there (flags such as `final` have no value worth saying). */
export const has = (a: ReasonArgs, key: string): boolean => a[key] !== undefined;

/** The English and the Chinese of each code. */
const REASONS: Readonly<Record<string, Readonly<Record<Locale, SayReason>>>> = {
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
};

/** Every reason code this file can say (the machine's and the models'). */
export const BLOCKED_CODES: readonly string[] = Object.keys(REASONS);

/** Why an actor cannot move, in `locale`; null for a code this file does not know. */
export function blockedReason(b: Blocked, locale: Locale): string | null {
  const entry = Object.prototype.hasOwnProperty.call(REASONS, b.why) ? REASONS[b.why] : undefined;
  return entry ? entry[locale](b as unknown as ReasonArgs) : null;
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
