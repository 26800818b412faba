/*
 * The scenarios the app can open: every YAML file under tests/scenarios/,
 * each loaded only when it is opened.  An id is the path without ".yaml",
 * e.g. "basic/racy-counter".
 */
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
