/*
 * The parking lot's step labels that its own narration (words.ts) leaves to
 * the generic sentence, the condition variable's reads and writes of its
 * state, in Chinese; the English is the label itself.  The mutex's labels
 * are said by words.ts (STEP_WORDS), so they have no entry here.
 */
import { labelWords } from '../labelWords';

export const ZH_LABELS: Readonly<Record<string, string>> = {
  'wait: any waiters yet?': 'wait：已经有等待者了吗？',
  'wait: mark waiters': 'wait：标记有等待者',
  'notify_one: any waiters?': 'notify_one：有等待者吗？',
  'notify_one: still waiters?': 'notify_one：还有等待者吗？',
  'notify_one: that was the last': 'notify_one：那是最后一个',
  'notify_all: any waiters?': 'notify_all：有等待者吗？',
  'notify_all: still waiters?': 'notify_all：还有等待者吗？',
  'notify_all: no more waiters': 'notify_all：没有等待者了',
};

/** A step's label in the learner's language (null: as it is). */
export const plLabel = labelWords(ZH_LABELS);
