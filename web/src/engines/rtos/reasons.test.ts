/*
 * The rtos engine's reason codes in Chinese, one or more examples per code
 * (arguments as C writes them); the English is C's own (the state's `reason`).
 */
import { saysItsReasons } from '../reasonChecks';
import { reasons } from './reasons';

saysItsReasons(
  reasons,
  ['sync', 's', 'm', 'Low', 'wait_mask'],
  [
    {
      b: { why: 'rtos.sem.lost_wake', object: 'sync' },
      zh: '在 sync 上 pend，但它的位已经不在 wait_mask 里：一次 post 在任务还在运行时把它清掉了，却没有唤醒任何人（丢失的唤醒）',
    },
    {
      b: { why: 'rtos.sem.pends', object: 'sync', bit: 1, mask: 2, count: -1, final: 1, unheld: 1 },
      zh: '在 sync 上 pend（wait_mask 0x0002 的第 1 位），计数 -1，无限期；没有人持有它，也没有人会 post',
    },
    {
      b: { why: 'rtos.sem.pends', object: 's', bit: 0, mask: 1, count: 0, timeout: 1, holders: 'A, B' },
      zh: '在 s 上 pend（wait_mask 0x0001 的第 0 位），计数 0，带超时；持有者：A, B',
    },
    {
      b: { why: 'rtos.mutex.takes', object: 'm', holder: 'Low', bit: 2, mask: 4 },
      zh: '在获取 m，它被 Low 占着（wait_mask 0x0004 的第 2 位）',
    },
    {
      b: { why: 'rtos.mutex.takes', object: 'm', bit: 0, mask: 1 },
      zh: '在获取 m，没有人持有它（wait_mask 0x0001 的第 0 位）',
    },
  ],
);
