/*
 * The embassy engine in the app: a single-threaded async executor with its
 * futures, wakers and async locks.  Its view is the executor's task table
 * (state, polls, wakes); the generic words say its actions.
 */
import type { EngineCard } from '../types';

export const embassy: EngineCard = {
  id: 'embassy',
  order: 3,
  title: { en: 'Embassy executor', 'zh-CN': 'Embassy 执行器' },
  inside: { en: 'Inside the executor', 'zh-CN': '执行器的内部' },
  tick: {
    en: 'the time driver fires now: every task whose deadline has passed joins the run queue',
    'zh-CN': '时间驱动现在触发：截止时间已过的任务都进入运行队列',
  },
  load: () => import('./parts').then((m) => m.parts),
};
