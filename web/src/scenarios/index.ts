/*
 * The scenarios the app can open: every YAML file under tests/scenarios/,
 * each loaded only when it is opened.  An id is the path without ".yaml",
 * e.g. "basic/racy-counter".
 */
import { hasSchedule, titleOf, variantOf } from '../model/scenarioList';

const files = import.meta.glob<string>('../../../tests/scenarios/**/*.yaml', {
  query: '?raw',
  import: 'default',
});

const PREFIX = '../../../tests/scenarios/';

const byId = new Map<string, () => Promise<string>>(
  Object.entries(files).map(([path, load]) => [path.slice(PREFIX.length).replace(/\.yaml$/, ''), load]),
);

export const DEFAULT_SCENARIO = 'basic/racy-counter';

export function scenarioIds(): string[] {
  return [...byId.keys()].sort();
}

export function hasScenario(id: string): boolean {
  return byId.has(id);
}

/** The YAML text and the file name to show in messages. */
export async function loadScenario(id: string): Promise<{ text: string; file: string }> {
  const load = byId.get(id);
  if (!load) throw new Error(`no scenario ${id}`);
  return { text: await load(), file: `${id}.yaml` };
}

/** Every scenario's title, default variant and whether it carries a schedule (reads all the files). */
export async function scenarioSummaries(): Promise<
  { id: string; title: string | null; variant: string | null; schedule: boolean }[]
> {
  return Promise.all(
    scenarioIds().map(async (id) => {
      const text = await byId.get(id)!();
      return { id, title: titleOf(text), variant: variantOf(text), schedule: hasSchedule(text) };
    }),
  );
}
