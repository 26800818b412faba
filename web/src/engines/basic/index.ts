/*
 * The basic engine in the app: the racy counter and the atomic one.  Its view
 * shows the counters, each thread's private copy and the final checks; the
 * generic words (model/describe.ts) say everything its actions need.
 */
import type { EngineCard } from '../types';

export const basic: EngineCard = {
  id: 'basic',
  order: 0,
  title: { en: 'Basics', 'zh-CN': '基础' },
  inside: { en: 'Shared memory', 'zh-CN': '共享内存' },
  racy: ['counter'],
  opening: 'racy-counter',
  load: () => import('./parts').then((m) => m.parts),
};
