/*
 * The scenarios the sandbox offers: every YAML file under tests/scenarios/,
 * compiled when the app was built (web/plugins/scenarios.ts).  Their ids
 * are part of the app; their titles and variants (what the picker shows) are
 * a chunk loaded when the picker first asks, where each scenario's chunk is
 * (the loaders) a chunk loaded when a scenario first opens, so a lesson's
 * page carries neither, and each scenario's compiled form is a chunk of its
 * own, loaded when it is opened.  An id is the path
 * without ".yaml": the engine's folder and the file's name.
 */
import { ids as builtIds } from 'virtual:lockstep/scenarios';
import type { BuiltSource, ScenarioSource } from '../bridge/bridge';
import { ENGINES } from '../engines';
import type { ScenarioSummary } from '../model/scenarioList';

// in id order, as the plugin wrote them
const ids: string[] = builtIds;
const known = new Set(ids);

/** The scenario opened when the address names none: the opening scenario of the first engine (in course order) that has one. */
export const DEFAULT_SCENARIO = ENGINES.filter((e) => e.opening)
  .map((e) => `${e.id}/${e.opening}`)
  .concat(ids)[0]!;

export function scenarioIds(): string[] {
  return ids;
}

export function hasScenario(id: string): boolean {
  return known.has(id);
}

/**
 * The scenario, ready to open: compiled, or for a file that did not compile
 * at build time, its text (the engine then reports its problems in the page).
 */
export async function loadScenario(id: string): Promise<BuiltSource | ScenarioSource> {
  if (!hasScenario(id)) throw new Error(`no scenario ${id}`);
  const { loaders } = await import('virtual:lockstep/scenarios/loaders');
  return (await loaders[id]!()).default;
}

/** Every scenario's title, default variant and whether it carries a schedule. */
export function scenarioSummaries(): Promise<ScenarioSummary[]> {
  return import('virtual:lockstep/scenarios/summaries').then((m) => m.summaries);
}
