/*
 * The parking_lot engine's reason codes in Chinese, one or more examples per code
 * (arguments as C writes them); the English is C's own (the state's `reason`).
 */
import { saysItsReasons } from '../reasonChecks';
import { reasons } from './reasons';
import lostWakeup from './fixtures/lost-wakeup-blocked.json';

saysItsReasons(
  reasons,
  ['m', 'cv'],
  [
    {
      // the record the lost wakeup ends with (tests/node/parking_lot.test.js checks the engine gives it)
      b: lostWakeup,
      zh:
        '停在互斥锁 m（桶 30）上休眠，从第 34 步起；它的 validate 在第 30 步通过，当时状态是 11；' +
        'A 在第 29 步对 m 调用 unpark_one，没找到等待者，并在第 31 步写入 00；没有人会再 unpark 它',
    },
    {
      b: { why: 'parking_lot.parked', object: 'm', bucket: 3 },
      zh: '停在互斥锁 m（桶 3）上休眠，等待 unpark',
    },
    {
      b: {
        why: 'parking_lot.parked',
        object: 'm',
        bucket: 3,
        since: 20,
        requeued_by: 'N',
        requeued_step: 18,
      },
      zh: '停在互斥锁 m（桶 3）上休眠，从第 20 步起；N 的 notify 在第 18 步把它从条件变量挪到了这里，等待 unpark',
    },
    {
      b: { why: 'parking_lot.condvar', object: 'cv', bucket: 12 },
      zh: '在条件变量 cv（桶 12）上等待 notify',
    },
    {
      b: { why: 'parking_lot.condvar', object: 'cv', bucket: 12, final: 1 },
      zh: '在条件变量 cv（桶 12）上等待 notify；没有人会再 notify 它',
    },
  ],
);
