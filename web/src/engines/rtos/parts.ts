/*
 * The rtos engine's parts: its view, its hooks and its words, one chunk the
 * app loads the first time a scenario of this engine opens; its card
 * (index.ts) is all a page carries before.
 */
import { RtosView } from './View';
import type { EngineParts } from '../types';
import { rtosBlockedText } from './blocked';
import { en, zhCN } from './messages';
import { reasons } from './reasons';
import { rtosNarrate } from './narrate';
import { rtosDiagram } from './diagram';
import { rtosLabel } from './labels';

export const parts: EngineParts<typeof en> = {
  View: RtosView,
  reasons,
  diagram: rtosDiagram,
  words: { blockedText: rtosBlockedText, narrate: rtosNarrate, label: rtosLabel },
  messages: { en, 'zh-CN': zhCN },
};
