/*
 * Every step label of the embassy engine (the catalog's, from its C source)
 * has Chinese words for the narration, or is code alone and quoted as it is;
 * the cancelled head's key step reads in Chinese, the label itself in English.
 */
import { catalog } from '@lockstep/lockstep.js';
import { loadModule } from '@lockstep/node.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { MachineState, TraceEvent } from '../../bridge/types';
import { setLocale } from '../../i18n';
import { engineWords } from '../../model/describe';
import { narrateSteps } from '../../model/format';
import { ZH_LABELS } from './labels';

/** The one label that is code alone. */
const CODE = ['Instant::now()'];

afterEach(() => setLocale('en'));

describe('the embassy labels in Chinese', () => {
  it('cover every label of the engine', async () => {
    const M = await loadModule();
    const labels: string[] = (catalog(M) as { engines: Record<string, { labels: string[] }> }).engines
      .embassy!.labels;
    expect(labels.filter((l) => !(l in ZH_LABELS) && !CODE.includes(l))).toEqual([]);
  });
  it('are said first in the Chinese narration', () => {
    const trace: TraceEvent[] = [
      {
        step: 1,
        time: 0,
        kind: 'store',
        actor: 'A',
        object: 's',
        arg: 0,
        old: 1,
        new: 0,
        label: 'cancel: my slot = None',
      },
    ];
    const said = () =>
      narrateSteps(trace, new Set(), engineWords('embassy', { actors: [] } as unknown as MachineState)).map(
        (l) => l.text,
      );
    expect(said()).toEqual(['A, cancel: my slot = None — wrote 0 to s (it was 1).']);
    setLocale('zh-CN');
    expect(said()).toEqual(['A：cancel：把我的位置设为 None——把 0 写入 s（原来是 1）。']);
  });
});
