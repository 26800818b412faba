/*
 * Every step label of the basic engine (the catalog's, from its C source) has
 * Chinese words for the narration, and the table has no label the engine lacks.
 */
import { catalog } from '@lockstep/lockstep.js';
import { loadModule } from '@lockstep/node.js';
import { describe, expect, it } from 'vitest';
import { ZH_LABELS } from './labels';

describe('the basic labels in Chinese', () => {
  it('cover exactly the labels of the engine', async () => {
    const M = await loadModule();
    const labels: string[] = (catalog(M) as { engines: Record<string, { labels: string[] }> }).engines.basic!
      .labels;
    expect(Object.keys(ZH_LABELS).sort()).toEqual([...labels].sort());
  });
});
