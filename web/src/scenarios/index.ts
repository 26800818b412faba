/*
 * The scenarios the sandbox offers: every YAML file under tests/scenarios/,
 * compiled when the app was built (web/plugins/scenarios.ts).  The app holds
 * none of them: their ids and where each one's chunk is (the index) are a
 * chunk loaded when the sandbox first opens one, their titles and variants
 * (what the picker shows) a chunk loaded when the picker first asks, and
 * each scenario's compiled form is a chunk of its own, loaded when it is
 * opened, bringing its engine's card.  So a lesson's page carries nothing of
 * the sandbox, and a page grows with no scenario it does not open.  An id is
 * the path without ".yaml": the engine's folder and the file's name.
 */
import type { BuiltSource, ScenarioSource } from '../bridge/bridge';
import { loadCards } from '../engines';
import { sourceOf } from '../engines/chunk';
import type { ScenarioSummary } from '../model/scenarioList';

let index: Promise<typeof import('virtual:lockstep/scenarios')> | null = null;
const indexModule = () => {
  index ??= import('virtual:lockstep/scenarios');
  index.catch(() => (index = null));
  return index;
};

/** Every scenario's id, in id order. */
export async function scenarioIds(): Promise<string[]> {
  return (await indexModule()).ids;
}

/**
 * The scenario opened when the address names none: the opening scenario of
 * the first engine (in course order) that has one, else the first scenario
 * (it waits for every engine's card).
 */
export async function defaultScenario(): Promise<string> {
  const [cards, ids] = await Promise.all([loadCards(), scenarioIds()]);
  return cards
    .filter((e) => e.opening)
    .map((e) => `${e.id}/${e.opening}`)
    .concat(ids)[0]!;
}

/**
 * The id a scenario has now.  A scenario that moved into an engine's folder
 * (the litmus suite went from litmus/ to basic/litmus/) keeps its old
 * address: an id that names no file is the one id that ends with it.
 */
async function currentId(id: string): Promise<string | undefined> {
  const { loaders } = await indexModule();
  if (Object.hasOwn(loaders, id)) return id;
  const moved = Object.keys(loaders).filter((known) => known.endsWith(`/${id}`));
  return moved.length === 1 ? moved[0] : undefined;
}

export async function hasScenario(id: string): Promise<boolean> {
  return (await currentId(id)) !== undefined;
}

/**
 * The scenario, ready to open: compiled, or for a file that did not compile
 * at build time, its text (the engine then reports its problems in the page).
 * Its engine's card and its module's place are known from then on.
 */
export async function loadScenario(id: string): Promise<BuiltSource | ScenarioSource> {
  const known = await currentId(id);
  if (known === undefined) throw new Error(`no scenario ${id}`);
  return sourceOf(await (await indexModule()).loaders[known]!());
}

/** Every scenario's title, default variant and whether it carries a schedule, in id order. */
export function scenarioSummaries(): Promise<ScenarioSummary[]> {
  return import('virtual:lockstep/scenarios/summaries').then((m) => m.summaries);
}
