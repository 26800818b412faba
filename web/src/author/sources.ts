/*
 * What the author page can start from: a lesson template per engine (each
 * engine's lessons/<engine>/template.md, each passing `lockstep check`:
 * tests/node/author-templates.test.js), and the text of every shipped lesson
 * and scenario to remix.  Each text is a chunk of its own, loaded when chosen.
 */
const templates = import.meta.glob<string>('../../../lessons/*/template.md', {
  query: '?raw',
  import: 'default',
});
const lessons = import.meta.glob<string>('../../../lessons/*/[0-9]*.md', {
  query: '?raw',
  import: 'default',
});
const scenarios = import.meta.glob<string>('../../../tests/scenarios/**/*.yaml', {
  query: '?raw',
  import: 'default',
});

export interface SourceChoice {
  /** "template:parking_lot", "lesson:lost-wakeup", "scenario:parking_lot/condvar-notify-all" */
  key: string;
  /** what the list shows: the engine, the lesson's file name, the scenario's id */
  name: string;
  group: 'templates' | 'lessons' | 'scenarios';
}

/** "…/lessons/<engine>/<NN>-<lesson>.md" -> "<engine>/<NN>-<lesson>"; a scenario's likewise. */
const nameOf = (path: string) => path.replace(/^.*\/(lessons|scenarios)\//, '').replace(/\.(md|yaml)$/, '');
/** A template's engine: the folder it sits in. */
const engineOf = (path: string) => nameOf(path).replace(/\/template$/, '');
/** A lesson's id: its file's name without the engine's folder and the number. */
const idOf = (path: string) => nameOf(path).replace(/^.*\/\d+-/, '');

/** Every choice, templates first, each group in file order. */
export function sourceChoices(): SourceChoice[] {
  return [
    ...Object.keys(templates).map((p) => ({
      key: `template:${engineOf(p)}`,
      name: engineOf(p),
      group: 'templates' as const,
    })),
    ...Object.keys(lessons).map((p) => ({
      key: `lesson:${idOf(p)}`,
      name: nameOf(p),
      group: 'lessons' as const,
    })),
    ...Object.keys(scenarios).map((p) => ({
      key: `scenario:${nameOf(p)}`,
      name: nameOf(p),
      group: 'scenarios' as const,
    })),
  ];
}

/** The text of a choice (its key), or null when there is no such one. */
export async function loadSource(key: string): Promise<string | null> {
  const [group, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  const table =
    group === 'template' ? templates : group === 'lesson' ? lessons : group === 'scenario' ? scenarios : {};
  const nameIn = group === 'lesson' ? idOf : group === 'template' ? engineOf : nameOf;
  const path = Object.keys(table).find((p) => nameIn(p) === id);
  return path ? table[path]!() : null;
}
