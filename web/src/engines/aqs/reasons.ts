/*
 * Why an actor of the aqs engine cannot move, in Chinese: one entry per
 * reason code its binding defines (core/script/engines/aqs/semaphore.c): a thread parked in a semaphore's queue: its place, what it wants, what is free.
 * The English is C's own sentence for the code (the state's `reason`), so
 * it is written once; an entry adds `en` only where C's would not do.
 */
import { str, has } from '../../model/blocked';
import type { EngineReasons } from '../types';

export const reasons: EngineReasons = {
  'aqs.queued': {
    'zh-CN': (a) =>
      `在 ${str(a, 'object')} 的队列里停车休眠（排第 ${str(a, 'position')} 位，要 ${str(a, 'wants')} 个许可，` +
      `状态 ${str(a, 'status')}），而 ${str(a, 'object')} 现有 ${str(a, 'permits')} 个空闲许可` +
      (has(a, 'final') ? '；没有人会 unpark 它' : ''),
  },
};
