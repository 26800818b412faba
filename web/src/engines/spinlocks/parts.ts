/*
 * The spinlocks engine's parts: its view, its hooks and its words, one chunk
 * the app loads the first time a scenario of this engine opens; its card
 * (index.ts) is all a page carries before.
 */
import { SpinlocksView } from './View';
import type { EngineParts } from '../types';
import { en, zhCN } from './messages';
import { spinlocksLabel } from './labels';

export const parts: EngineParts<typeof en> = {
  View: SpinlocksView,
  words: { label: spinlocksLabel },
  messages: { en, 'zh-CN': zhCN },
};
