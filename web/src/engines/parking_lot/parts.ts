/*
 * The parking_lot engine's parts: its view, its hooks and its words, one chunk
 * the app loads the first time a scenario of this engine opens; its card
 * (index.ts) is all a page carries before.
 */
import { ParkingLotView } from './View';
import type { EngineParts } from '../types';
import type { TraceEvent } from '../../bridge/types';
import { plDiagram } from './diagram';
import { en, zhCN } from './messages';
import { reasons } from './reasons';
import { spinRound } from './model';
import { plLabel } from './labels';
import { narrateEngine, plBlockedText, plDecision, plEventText, plNextEffect, plNextText } from './words';

export const parts: EngineParts<typeof en> = {
  View: ParkingLotView,
  words: {
    nextText: plNextText,
    nextEffect: plNextEffect,
    blockedText: plBlockedText,
    eventText: plEventText,
    narrate: narrateEngine,
    label: plLabel,
    decision: plDecision,
    failedNote: (e) => e.label === 'validate failed',
    spinRound: (trace, actor) => spinRound(trace as TraceEvent[], actor),
  },
  diagram: plDiagram,
  reasons,
  messages: { en, 'zh-CN': zhCN },
};
