/*
 * The basic engine in the app: the racy counter and the atomic one.  Its view
 * shows the counters, each thread's private copy and the final checks; the
 * generic words (model/describe.ts) say everything its actions need.
 */
import { lazyComponent } from '../../components/Lazy';
import type { EngineEntry } from '../types';
import { en, zhCN } from './messages';

export const basic: EngineEntry<typeof en> = {
  id: 'basic',
  order: 0,
  title: { en: 'Basics', 'zh-CN': '基础' },
  inside: { en: 'Shared memory', 'zh-CN': '共享内存' },
  racy: ['counter'],
  opening: 'racy-counter',
  View: lazyComponent(() => import('./View').then((m) => m.BasicView), {
    loading: 'view.loading',
    failed: 'view.failed',
  }),
  messages: { en, 'zh-CN': zhCN },
};
