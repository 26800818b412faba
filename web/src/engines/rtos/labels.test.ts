/*
 * Every step label of the rtos engine (the catalog's, from its C source) has
 * Chinese words for the narration, or is code alone and quoted as it is; the
 * narration of a labelled step reads them in Chinese, the label itself in English.
 */
import { catalog } from '@lockstep/lockstep.js';
import { loadModule } from '@lockstep/node.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { MachineState, TraceEvent } from '../../bridge/types';
import { setLocale } from '../../i18n';
import { engineWords } from '../../model/describe';
import { narrateSteps } from '../../model/format';
import { CODE_LABELS, ZH_LABELS } from './labels';

afterEach(() => setLocale('en'));

describe('the rtos labels in Chinese', () => {
  it('cover every label of the engine, and no label it does not have', async () => {
    const M = await loadModule();
    const labels: string[] = (catalog(M) as { engines: Record<string, { labels: string[] }> }).engines.rtos!
      .labels;
    const said = [...Object.keys(ZH_LABELS), ...CODE_LABELS].sort();
    expect(said).toEqual([...labels].sort());
  });
  it('are said first in the Chinese narration; code alone is quoted', () => {
    const trace: TraceEvent[] = [
      { step: 1, time: 0, kind: 'load', actor: 'High', object: 'lock', old: 3, new: 3, label: 'owner == 0?' },
      {
        step: 2,
        time: 0,
        kind: 'fetch_or',
        actor: 'High',
        object: 'lock',
        arg: 1,
        old: 0,
        new: 1,
        label: 'wait_mask |= 1 << id',
      },
    ];
    const said = () =>
      narrateSteps(trace, new Set(), engineWords('rtos', { actors: [] } as unknown as MachineState)).map(
        (l) => l.text,
      );
    expect(said()).toEqual([
      'High, owner == 0? — read lock: 3.',
      'High, wait_mask |= 1 << id — fetch_or on lock: 0 → 1.',
    ]);
    setLocale('zh-CN');
    expect(said()).toEqual([
      'High：owner == 0 吗？——读取 lock：3。',
      'High：「wait_mask |= 1 << id」——对 lock 做了 fetch_or：0 → 1。',
    ]);
  });
});
