/*
 * The sandbox's scenarios, compiled at build time (builtIn.ts): every YAML
 * file under tests/scenarios/, by wasm/js/scenario.js.  An id is the path
 * without ".yaml" ("<engine>/<scenario>"); the index carries the ids and
 * where each scenario's chunk is, the summaries what the picker shows: title
 * (in both languages), default variant, whether it carries a schedule.
 *
 *   import('virtual:lockstep/scenarios').then(({ ids, loaders }) => …)
 *   import('virtual:lockstep/scenarios/summaries').then(({ summaries }) => …)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { parse as parseYaml } from 'yaml';
import { compileScenario } from '../../wasm/js/scenario.js';
import { hasSchedule, titleOf, variantOf, type ScenarioSummary } from '../src/model/scenarioList.ts';
import { buildSource, builtInPlugin, engineCatalog, filesUnder, type Item } from './builtIn.ts';
import { engineExports } from './engines.ts';

export type ScenarioItem = Item<ScenarioSummary>;

/** Every .yaml under `dir`, by id, in id order. */
export async function compileScenarios(dir: string): Promise<Map<string, ScenarioItem>> {
  const catalog = await engineCatalog();
  const out = new Map<string, ScenarioItem>();
  for (const path of filesUnder(dir, '.yaml')) {
    const id = path.replace(/\.yaml$/, '');
    const file = path;
    const text = readFileSync(join(dir, path), 'utf8');
    const summary = {
      id,
      title: titleOf(text, (y) => parseYaml(y, { maxAliasCount: 50 })),
      variant: variantOf(text),
      schedule: hasSchedule(text),
    };
    out.set(id, {
      summary,
      ...buildSource('scenario', file, text, () => compileScenario(text, { file, catalog })),
    });
  }
  return out;
}

export function sandboxScenarios(repo: string): Plugin {
  const dir = join(repo, 'tests', 'scenarios');
  return builtInPlugin('scenario', dir, '.yaml', () => compileScenarios(dir), {
    engine: engineExports(repo),
  });
}
