/*
 * The parking_lot engine in the app: a one-byte mutex over a 64-bucket
 * parking lot.  Its view draws the state byte's bits, the buckets and their
 * queues; its words write state bytes in binary and name its notes
 * (validate, SpinWait rounds); its narration tells each step in a sentence.
 */
import type { EngineCard } from '../types';

export const parking_lot: EngineCard = {
  id: 'parking_lot',
  order: 1,
  title: { en: 'Parking lot', 'zh-CN': '停车场' },
  inside: { en: 'Inside the lock', 'zh-CN': '锁的内部' },
  load: () => import('./parts').then((m) => m.parts),
};
