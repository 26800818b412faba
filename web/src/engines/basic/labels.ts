/*
 * The basic engine's step labels (its C source's AT("…"), what each step
 * means) in Chinese, for the narration; the English is the label itself.
 * Every label of the engine's catalog has an entry (labels.test.ts).
 */
import { labelWords } from '../labelWords';

export const ZH_LABELS: Readonly<Record<string, string>> = {
  'cas value': '对 value 做 CAS',
  fence: '内存屏障',
  'fetch_add value': '对 value 做 fetch_add',
  'fetch_add value, 1': '对 value 做 fetch_add 1',
  'load value': '读 value',
  'pick a register': '选一个寄存器',
  'read value': '读 value',
  'store value': '写 value',
  'write value + 1': '写入 value + 1',
};

/** A step's label in the learner's language (null: as it is). */
export const basicLabel = labelWords(ZH_LABELS);
