/*
 * The parking_lot narration names the step by its meaning in the learner's
 * language: "第 27 步：A 走快速路径：state 00 → 01。", never an English label in
 * Chinese brackets ("A（fast path）").
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MachineState, TraceEvent } from '../../bridge/types';
import { setLocale, t } from '../../i18n';
import { narrateEngine } from './words';

const state = {
  objects: [{ name: 'm', type: 'mini_mutex', engine: 'parking_lot', address: 0, fields: { state: 1 } }],
} as unknown as MachineState;
const fast: TraceEvent = {
  step: 27,
  time: 0,
  kind: 'cas',
  actor: 'A',
  object: 'm',
  width: 1,
  expected: 0,
  desired: 1,
  old: 0,
  new: 1,
  ok: true,
  label: 'fast path: CAS 00 -> 01',
};
const say = (e: TraceEvent) => t('event.step', { step: e.step, text: narrateEngine(e, state) ?? '' });

describe('parking_lot narration in both languages', () => {
  afterEach(() => setLocale('en'));
  it('says the fast path in Chinese words in Chinese', () => {
    expect(say(fast)).toBe('Step 27: A, fast path: state 00 → 01.');
    setLocale('zh-CN');
    expect(say(fast)).toBe('第 27 步：A 走快速路径：state 00 → 01。');
    expect(say({ ...fast, kind: 'store', label: 'set PARKED', old: 1, new: 3 })).toBe(
      '第 27 步：A 置上 PARKED：state 01 → 11。',
    );
  });
});
