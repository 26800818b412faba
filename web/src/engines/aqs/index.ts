/*
 * The aqs engine in the app: a Java-style counting semaphore on a small
 * AbstractQueuedSynchronizer.  Its view draws each semaphore's permits as a
 * gauge and its wait queue as a chain of nodes; its words name permits, queue
 * nodes and signals, but only in a state that has its semaphores.
 */
import type { EngineCard } from '../types';

export const aqs: EngineCard = {
  id: 'aqs',
  order: 2,
  title: { en: 'AQS semaphore', 'zh-CN': 'AQS 信号量' },
  inside: { en: 'Inside the semaphore', 'zh-CN': '信号量的内部' },
  load: () => import('./parts').then((m) => m.parts),
};
