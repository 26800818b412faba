/*
 * The parking_lot engine in the app: a one-byte mutex over a 64-bucket
 * parking lot.  Its view draws the state byte's bits, the buckets and their
 * queues; its words write state bytes in binary and name its notes
 * (validate, SpinWait rounds); its narration tells each step in a sentence.
 */
import { lazyComponent } from '../../components/Lazy';
import type { TraceEvent } from '../../bridge/types';
import type { EngineEntry } from '../types';
import { plDiagram } from './diagram';
import { en, zhCN } from './messages';
import { reasons } from './reasons';
import { spinRound } from './model';
import { narrateEngine, plBlockedText, plDecision, plEventText, plNextEffect, plNextText } from './words';

export const parking_lot: EngineEntry<typeof en> = {
  id: 'parking_lot',
  order: 1,
  title: { en: 'Parking lot', 'zh-CN': '停车场' },
  inside: { en: 'Inside the lock', 'zh-CN': '锁的内部' },
  View: lazyComponent(() => import('./View').then((m) => m.ParkingLotView), {
    loading: 'view.loading',
    failed: 'view.failed',
  }),
  words: {
    nextText: plNextText,
    nextEffect: plNextEffect,
    blockedText: plBlockedText,
    eventText: plEventText,
    narrate: narrateEngine,
    decision: plDecision,
    failedNote: (e) => e.label === 'validate failed',
    spinRound: (trace, actor) => spinRound(trace as TraceEvent[], actor),
  },
  diagram: plDiagram,
  reasons,
  messages: { en, 'zh-CN': zhCN },
};
