/*
 * The parking_lot narration names the step by its meaning in the learner's
 * language: "第 27 步：A 走快速路径：state 00 → 01。", never an English label in
 * Chinese brackets ("A（fast path）").
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MachineState, TraceEvent } from '../../bridge/types';
import { setLocale, t } from '../../i18n';
import fx from '../../model/fixtures/parking-lot.json';
import { narrateEngine } from './words';

const stuck = fx.stuckState as unknown as MachineState;
const oldTrace = fx.oldTrace as TraceEvent[];

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

describe('narration', () => {
  it('tells parking lot steps in sentences, with the code’s own label', () => {
    const at = (step: number) =>
      oldTrace
        .filter((e) => e.step === step)
        .map((e) => narrateEngine(e, stuck))
        .filter((x) => x);
    // the C comment's own transition is not said twice
    expect(at(1)).toEqual(['A, fast path: state 00 → 01.']);
    expect(at(26)).toEqual(['B, set PARKED: state 01 → 11.']);
    expect(at(27)).toEqual([
      'A, fast path: the CAS fails, as state is 11, not 01.',
      'A: unlock’s fast path failed: state is 11.',
    ]);
    expect(at(29)).toEqual(['A locked bucket lot[30].', 'A: found no waiter.']);
    expect(at(3)).toEqual(['B, read state: state is 01.']); // the spin round note says nothing
    expect(at(34)).toEqual(['B unlocked bucket lot[30].', 'B went to sleep, and nobody will ever wake it.']);
  });
});
