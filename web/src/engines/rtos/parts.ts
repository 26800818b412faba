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

export const parts: EngineParts<typeof en> = {
  View: RtosView,
  reasons,
  words: { blockedText: rtosBlockedText, narrate: rtosNarrate },
  messages: { en, 'zh-CN': zhCN },
};
