/*
 * The aqs engine in the app: a Java-style counting semaphore on a small
 * AbstractQueuedSynchronizer.  Its view draws each semaphore's permits as a
 * gauge and its wait queue as a chain of nodes; its words name permits, queue
 * nodes and signals, but only in a state that has its semaphores.
 */
import { lazyComponent } from '../../components/Lazy';
import type { EngineEntry } from '../types';
import { aqsDiagram } from './diagram';
import { en, zhCN } from './messages';
import { reasons } from './reasons';
import { hasSemaphores } from './model';
import { aqsBlockedText, aqsEventText, aqsNarrate, aqsNextEffect, aqsNextText } from './words';

export const aqs: EngineEntry<typeof en> = {
  id: 'aqs',
  order: 2,
  title: { en: 'AQS semaphore', 'zh-CN': 'AQS 信号量' },
  inside: { en: 'Inside the semaphore', 'zh-CN': '信号量的内部' },
  View: lazyComponent(() => import('./View').then((m) => m.AqsView), {
    loading: 'view.loading',
    failed: 'view.failed',
  }),
  words: {
    nextText: (a, state) => (hasSemaphores(state) ? aqsNextText(a, state) : null),
    nextEffect: (a, actor, state) => (hasSemaphores(state) ? aqsNextEffect(a, actor, state) : undefined),
    blockedText: (actor, state) => (hasSemaphores(state) ? aqsBlockedText(actor, state) : null),
    eventText: (e, state) => (hasSemaphores(state) ? aqsEventText(e, state) : null),
    narrate: aqsNarrate,
  },
  reasons,
  diagram: aqsDiagram,
  messages: { en, 'zh-CN': zhCN },
};
