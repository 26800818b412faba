/*
 * The aqs engine's reason codes in Chinese, one or more examples per code
 * (arguments as C writes them); the English is C's own (the state's `reason`).
 */
import { saysItsReasons } from '../reasonChecks';
import { reasons } from './reasons';

saysItsReasons(
  reasons,
  ['WAITING', 's'],
  [
    {
      b: { why: 'aqs.queued', object: 's', position: 2, wants: 1, status: 'WAITING', permits: 0, final: 1 },
      zh: '在 s 的队列里停车休眠（排第 2 位，要 1 个许可，状态 WAITING），而 s 现有 0 个空闲许可；没有人会 unpark 它',
    },
    {
      b: { why: 'aqs.queued', object: 's', position: 1, wants: 2, status: '0', permits: 1 },
      zh: '在 s 的队列里停车休眠（排第 1 位，要 2 个许可，状态 0），而 s 现有 1 个空闲许可',
    },
  ],
);
