/*
 * The embassy engine in the app: a single-threaded async executor with its
 * futures, wakers and async locks.  Its view is the executor's task table
 * (state, polls, wakes); the generic words say its actions.
 */
import { lazyComponent } from '../../components/Lazy';
import type { EngineEntry } from '../types';
import { embassyDiagram } from './diagram';
import { en, zhCN } from './messages';
import { reasons } from './reasons';

export const embassy: EngineEntry<typeof en> = {
  id: 'embassy',
  order: 3,
  title: { en: 'Embassy executor', 'zh-CN': 'Embassy 执行器' },
  inside: { en: 'Inside the executor', 'zh-CN': '执行器的内部' },
  tick: {
    en: 'the time driver fires now: every task whose deadline has passed joins the run queue',
    'zh-CN': '时间驱动现在触发：截止时间已过的任务都进入运行队列',
  },
  View: lazyComponent(() => import('./View').then((m) => m.EmbassyView), {
    loading: 'view.loading',
    failed: 'view.failed',
  }),
  reasons,
  diagram: embassyDiagram,
  messages: { en, 'zh-CN': zhCN },
};
