/*
 * The aqs engine's parts: its view, its hooks and its words, one chunk the app
 * loads the first time a scenario of this engine opens; its card (index.ts) is
 * all a page carries before.
 */
import { AqsView } from './View';
import type { EngineParts } from '../types';
import { aqsDiagram } from './diagram';
import { en, zhCN } from './messages';
import { reasons } from './reasons';
import { hasSemaphores } from './model';
import { aqsBlockedText, aqsEventText, aqsNarrate, aqsNextEffect, aqsNextText } from './words';

export const parts: EngineParts<typeof en> = {
  View: AqsView,
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
