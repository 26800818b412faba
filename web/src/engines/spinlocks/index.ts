/*
 * The spinlocks engine in the app: test-and-set, test-and-test-and-set, the
 * ticket lock and the MCS queue lock.  Its view draws each lock's word, the
 * ticket counters, the MCS queue of nodes, who spins and who took the lock in
 * which order; the generic words say its loads, swaps and spins.
 */
import type { EngineCard } from '../types';

export const spinlocks: EngineCard = {
  id: 'spinlocks',
  order: 5,
  title: { en: 'Spinlocks', 'zh-CN': '自旋锁' },
  inside: { en: 'Inside the spinlocks', 'zh-CN': '自旋锁的内部' },
  load: () => import('./parts').then((m) => m.parts),
};
