/*
 * Why an actor of the rtos engine cannot move, in Chinese: one entry per
 * reason code its binding defines (core/script/engines/rtos/sem.c, mutex.c): a task pending on a bitmap semaphore (or one whose wake was lost) and a task taking a
 * mutex.
 * The English is C's own sentence for the code (the state's `reason`), so
 * it is written once; an entry adds `en` only where C's would not do.
 */
import { str, has, type ReasonArgs } from '../../model/blocked';
import type { EngineReasons } from '../types';

/** 0x0005 for 5: a wait mask as the C code prints it. */
const mask = (a: ReasonArgs): string =>
  `0x${Number(a.mask ?? 0)
    .toString(16)
    .padStart(4, '0')}`;

export const reasons: EngineReasons = {
  'rtos.sem.lost_wake': {
    'zh-CN': (a) =>
      `在 ${str(a, 'object')} 上 pend，但它的位已经不在 wait_mask 里：一次 post 在任务还在运行时` +
      '把它清掉了，却没有唤醒任何人（丢失的唤醒）',
  },
  'rtos.sem.pends': {
    'zh-CN': (a) =>
      `在 ${str(a, 'object')} 上 pend（wait_mask ${mask(a)} 的第 ${str(a, 'bit')} 位），计数 ${str(a, 'count')}` +
      (has(a, 'timeout') ? '，带超时' : '，无限期') +
      (has(a, 'holders') ? `；持有者：${str(a, 'holders')}` : '') +
      (has(a, 'final') ? (has(a, 'unheld') ? '；没有人持有它，也没有人会 post' : '；没有人会 post') : ''),
  },
  'rtos.mutex.takes': {
    'zh-CN': (a) =>
      `在获取 ${str(a, 'object')}，${has(a, 'holder') ? `它被 ${str(a, 'holder')} 占着` : '没有人持有它'}` +
      `（wait_mask ${mask(a)} 的第 ${str(a, 'bit')} 位）`,
  },
};
