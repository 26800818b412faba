/*
 * Why an actor of the parking_lot engine cannot move, in Chinese: one entry per
 * reason code its binding defines (core/script/engines/parking_lot/mini_mutex.c, condvar.c): a parked or waiting thread: the mutex or condvar, its bucket, and the history that explains a
 * lost wakeup (who moved it, when its validate passed, whose unpark found nobody).
 * The English is C's own sentence for the code (the state's `reason`), so
 * it is written once; an entry adds `en` only where C's would not do.
 */
import { str, has } from '../../model/blocked';
import type { EngineReasons } from '../types';

export const reasons: EngineReasons = {
  'parking_lot.condvar': {
    'zh-CN': (a) =>
      `在条件变量 ${str(a, 'object')}（桶 ${str(a, 'bucket')}）上等待 notify` +
      (has(a, 'final') ? '；没有人会再 notify 它' : ''),
  },
  'parking_lot.parked': {
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
};
