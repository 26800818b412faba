/*
 * The embassy engine's parts: its view, its hooks and its words, one chunk the
 * app loads the first time a scenario of this engine opens; its card
 * (index.ts) is all a page carries before.
 */
import { EmbassyView } from './View';
import type { EngineParts } from '../types';
import { embassyDiagram } from './diagram';
import { en, zhCN } from './messages';
import { reasons } from './reasons';
import { embassyBlockedText } from './words';
import { embassyLabel } from './labels';

export const parts: EngineParts<typeof en> = {
  View: EmbassyView,
  words: { blockedText: embassyBlockedText, label: embassyLabel },
  reasons,
  diagram: embassyDiagram,
  messages: { en, 'zh-CN': zhCN },
};
