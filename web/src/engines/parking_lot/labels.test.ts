/*
 * The condition variable's steps read in Chinese in the narration, and every
 * label the table words is one the engine has (its catalog's).
 */
import { catalog } from '@lockstep/lockstep.js';
import { loadModule } from '@lockstep/node.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { MachineState, TraceEvent } from '../../bridge/types';
import { setLocale } from '../../i18n';
import { engineWords } from '../../model/describe';
import { narrateSteps } from '../../model/format';
import { ZH_LABELS } from './labels';

afterEach(() => setLocale('en'));

describe('the parking lot’s condition variable labels in Chinese', () => {
  it('are labels of the engine', async () => {
    const M = await loadModule();
    const labels = new Set(
      (catalog(M) as { engines: Record<string, { labels: string[] }> }).engines.parking_lot!.labels,
    );
    expect(Object.keys(ZH_LABELS).filter((l) => !labels.has(l))).toEqual([]);
  });
  it('are said first in the Chinese narration', () => {
    const trace: TraceEvent[] = [
      {
        step: 1,
        time: 0,
        kind: 'store',
        actor: 'W1',
        object: 'cv',
        arg: 1,
        old: 0,
        new: 1,
        label: 'wait: mark waiters',
      },
    ];
    const state = { actors: [], objects: [] } as unknown as MachineState;
    const said = () => narrateSteps(trace, new Set(), engineWords('parking_lot', state)).map((l) => l.text);
    expect(said()).toEqual(['W1, wait: mark waiters — wrote 1 to cv (it was 0).']);
    setLocale('zh-CN');
    expect(said()).toEqual(['W1：wait：标记有等待者——把 1 写入 cv（原来是 0）。']);
  });
});
