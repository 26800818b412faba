/*
 * The embassy engine's reason codes in Chinese, one or more examples per code
 * (arguments as C writes them); the English is C's own (the state's `reason`).
 */
import { saysItsReasons } from '../reasonChecks';
import { reasons } from './reasons';

saysItsReasons(
  reasons,
  ['sem', 'ch'],
  [
    {
      b: {
        why: 'embassy.fair.dropped_head',
        object: 'sem',
        permits: 1,
        releaser: 'C',
        dropped: 'A',
        final: 1,
      },
      zh: '再也等不到唤醒：在 sem 上排队，有 1 个空闲许可；C 的 release 唤醒了队首 A，但它的 acquire 随后被丢弃，没有唤醒下一个等待者',
    },
    {
      b: { why: 'embassy.fair.unwoken_head', object: 'sem', permits: 2, final: 1 },
      zh: '再也等不到唤醒：排在 sem 的队首，有 2 个空闲许可，却没有人唤醒它',
    },
    {
      b: { why: 'embassy.fair.unwoken_head', object: 'sem', permits: 1 },
      zh: '还没被唤醒：排在 sem 的队首，有 1 个空闲许可，却没有人唤醒它',
    },
    {
      b: { why: 'embassy.fair.queued', object: 'sem', position: 1 },
      zh: '在 sem 上排队，位置 1，等一次 release',
    },
    {
      b: { why: 'embassy.pubsub.full', object: 'ch', len: 2, oldest: 1, remaining: 1, owing: 0 },
      zh: '等着向 ch 发布：队列已满（2 / 2），最旧的消息（id 1）还要等 1 个读者，可是还没读它的订阅者只剩 0 个：它永远不会离开队列',
    },
    {
      b: { why: 'embassy.pubsub.full', object: 'ch', len: 1, oldest: 0, remaining: 1, owing: 1 },
      zh: '等着向 ch 发布：队列已满（1 / 1），最旧的消息（id 0）还要等 1 个读者',
    },
    {
      b: { why: 'embassy.pubsub.next', object: 'ch', next: 3 },
      zh: '在 ch 上等 id 为 3 的消息（next_message）',
    },
  ],
);
