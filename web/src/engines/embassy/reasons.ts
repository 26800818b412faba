/*
 * Why an actor of the embassy engine cannot move, in Chinese: one entry per
 * reason code its binding defines (core/script/engines/embassy/fair_semaphore.c, pubsub.c): a task queued on a fair semaphore (and a head whose wake was lost: its waker still queued, never used), a publisher facing a full
 * PubSubChannel, a subscriber waiting for its next message.
 * The English is C's own sentence for the code (the state's `reason`), so
 * it is written once; an entry adds `en` only where C's would not do.
 */
import { str, has } from '../../model/blocked';
import type { EngineReasons } from '../types';

export const reasons: EngineReasons = {
  'embassy.fair.dropped_head': {
    'zh-CN': (a) =>
      `${has(a, 'final') ? '再也等不到唤醒' : '还没被唤醒'}：在 ${str(a, 'object')} 上排队，有 ${str(a, 'permits')} 个空闲许可；` +
      `${str(a, 'releaser')} 的 release 唤醒了队首 ${str(a, 'dropped')}，` +
      '但它的 acquire 随后被丢弃，没有唤醒下一个等待者',
  },
  'embassy.fair.unwoken_head': {
    'zh-CN': (a) =>
      `${has(a, 'final') ? '再也等不到唤醒' : '还没被唤醒'}：排在 ${str(a, 'object')} 的队首，有 ${str(a, 'permits')} 个空闲许可，却没有人唤醒它`,
  },
  'embassy.fair.queued': {
    'zh-CN': (a) => `在 ${str(a, 'object')} 上排队，位置 ${str(a, 'position')}，等一次 release`,
  },
  'embassy.pubsub.full': {
    'zh-CN': (a) =>
      `等着向 ${str(a, 'object')} 发布：队列已满（${str(a, 'len')} / ${str(a, 'len')}），最旧的消息（id ${str(a, 'oldest')}）` +
      `还要等 ${str(a, 'remaining')} 个读者` +
      (Number(a.owing) < Number(a.remaining)
        ? `，可是还没读它的订阅者只剩 ${str(a, 'owing')} 个：它永远不会离开队列`
        : ''),
  },
  'embassy.pubsub.next': {
    'zh-CN': (a) => `在 ${str(a, 'object')} 上等 id 为 ${str(a, 'next')} 的消息（next_message）`,
  },
};
