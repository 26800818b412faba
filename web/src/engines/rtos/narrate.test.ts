/*
 * A priority change is narrated in the kernel's numbers (smaller is more
 * urgent), after its label, in both languages; the machine's negated values
 * (-3 → -1 in the trace) never reach the sentence.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MachineState, TraceEvent } from '../../bridge/types';
import { setLocale } from '../../i18n';
import { engineWords } from '../../model/describe';
import { narrateSteps } from '../../model/format';

// as the priority-inversion scenario's trace has them: High lends Low its priority, Low gives it back
const lend: TraceEvent = {
  step: 108,
  time: 1060,
  kind: 'set_priority',
  actor: 'High',
  target: 'Low',
  old: -3,
  new: -1,
  label: 'set the effective priority',
};
const back: TraceEvent = { ...lend, step: 140, actor: 'Low', old: -1, new: -3 };
const said = () =>
  narrateSteps([lend, back], new Set(), engineWords('rtos', { actors: [] } as unknown as MachineState)).map(
    (l) => l.text,
  );

describe('rtos priority changes in words', () => {
  afterEach(() => setLocale('en'));
  it('say the label, then the priorities the task list shows', () => {
    expect(said()).toEqual([
      'High, set the effective priority — Low now runs at priority 1, more urgent than its 3.',
      'Low, set the effective priority — Low goes back from priority 1 to 3.',
    ]);
    setLocale('zh-CN');
    expect(said()).toEqual([
      'High：设置有效优先级——Low 现在以优先级 1 运行，比它原来的 3 更紧急。',
      'Low：设置有效优先级——Low 的优先级从 1 回到 3。',
    ]);
  });
});
