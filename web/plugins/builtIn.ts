/*
 * What the app ships compiled: the course's lessons (lessons.ts) and the
 * sandbox's scenarios (scenarios.ts), each turned at build time into what
 * the engine opens (BuiltSource), by the same compiler the browser and
 * `lockstep check` use (wasm/js/), with the catalog of the node build of the
 * module.  The app then opens them without the YAML reader, the schema
 * validator, the compiler or the Markdown renderer: those load only for text
 * from elsewhere.
 *
 * Each collection is four kinds of virtual module, none of which the app
 * imports but on demand, so that a first load grows with no item it does not
 * open:
 *   virtual:lockstep/<what>s        its index: `ids` (in order), `loaders`
 *                                   (id -> the item's chunk) and, when the
 *                                   plugin says what a page needs of the
 *                                   others (`brief`), `summaries`
 *   virtual:lockstep/<what>s/first  the first item's id (`first`, '' when
 *                                   there is none) and its chunk (`load`), what
 *                                   a bare address opens, without the index
 *   virtual:lockstep/<what>s/summaries  the whole `summaries`, for a list
 *                                   shown later (its own chunk)
 *   virtual:lockstep/<what>/<id>    one item: `export default` its source,
 *                                   `engine`: its engine's card (the
 *                                   registry's, web/src/engines/), `module`:
 *                                   where its engine's wasm module is, and
 *                                   what the plugin's `around` adds
 *
 * A file that does not compile is not a build error: its module carries the
 * text instead, so the page shows its problems where the learner looks, as
 * for any other file.  The build prints them as a warning.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';
import { catalog } from '../../wasm/js/lockstep.js';
import { loadModule } from '../../wasm/js/node.js';
import { formatProblem } from '../../wasm/js/scenario.js';
import type { BuiltSource, ScenarioSource } from '../src/bridge/bridge.ts';

export interface Item<Summary> {
  summary: Summary;
  source: BuiltSource | ScenarioSource;
  /** why it did not compile, one "file:line:col: field: message" each */
  problems: string[];
}

type Catalog = import('../../wasm/js/scenario.js').Catalog;

let catalogLoad: Promise<Catalog> | null = null;

/** The engine catalog (engines, variants, operations), from the node build of the module. */
export function engineCatalog(): Promise<Catalog> {
  return (catalogLoad ??= loadModule().then((M) => catalog(M) as Catalog));
}

/**
 * `compile()` of the text as a BuiltSource, or the text itself (a lesson's or
 * a scenario's, as `kind` says) with the problems that stopped it.
 */
export function buildSource(
  kind: 'lesson' | 'scenario',
  file: string,
  text: string,
  compile: () => { bytecode: Uint8Array; scenario: BuiltSource['scenario']; lesson?: BuiltSource['lesson'] },
): Pick<Item<never>, 'source' | 'problems'> {
  try {
    const { bytecode, scenario, lesson } = compile();
    const source: BuiltSource = {
      kind: 'built',
      file,
      scenario,
      bytecode: Buffer.from(bytecode).toString('base64'),
    };
    if (lesson) source.lesson = lesson;
    return { source, problems: [] };
  } catch (e) {
    const problems = (e as { problems?: unknown[] }).problems;
    return {
      source: { kind, file, text },
      problems: Array.isArray(problems)
        ? problems.map((p) => formatProblem(p as Parameters<typeof formatProblem>[0]))
        : [String(e)],
    };
  }
}

/** Every file under `dir` whose name ends in `ending`, as paths relative to it. */
export function filesUnder(dir: string, ending: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ending) && statSync(join(dir, f)).isFile())
    .map((f) => relative(dir, join(dir, f)).split('\\').join('/'))
    .sort();
}

/** What a collection adds to the plain index and items (see builtInPlugin). */
export interface CollectionOptions<Summary> {
  /** what the index keeps of each summary (the whole summary stays in .../summaries); none without it */
  brief?: (s: Summary) => unknown;
  /** engine id -> what an item of that engine's module adds (its card, its wasm module's place: engines.ts) */
  engine: (engine: string) => string;
  /** more exports of item `id`'s module, each name to a value (a lesson's place in the course) */
  around?: (id: string, all: ReadonlyMap<string, Item<Summary>>) => Record<string, unknown>;
}

/**
 * A plugin serving one collection as virtual modules: `what` names it
 * ("lesson": virtual:lockstep/lessons and virtual:lockstep/lesson/<id>),
 * the files under `dir` ending in `ending` are watched, `collect` compiles
 * everything (once, again after a change).
 */
export function builtInPlugin<Summary>(
  what: string,
  dir: string,
  ending: string,
  collect: () => Promise<Map<string, Item<Summary>>>,
  { brief, engine: engineLines, around }: CollectionOptions<Summary>,
): Plugin {
  const index = `virtual:lockstep/${what}s`;
  const list = `${index}/summaries`;
  const first = `${index}/first`;
  const one = `virtual:lockstep/${what}/`;
  let items: Promise<Map<string, Item<Summary>>> | null = null;
  const all = () => (items ??= collect());
  const named = (id: string) => id === index || id === list || id === first || id.startsWith(one);
  const ours = (id: string) => id.startsWith('\0') && named(id.slice(1));
  const chunk = (key: string) => `() => import(${JSON.stringify(one + key)})`;

  return {
    name: `lockstep:built-in-${what}s`,
    resolveId(id) {
      return named(id) ? `\0${id}` : null;
    },
    async load(id) {
      if (!ours(id)) return null;
      const found = await all();
      for (const f of filesUnder(dir, ending)) this.addWatchFile(join(dir, f));
      const summaries = [...found.values()].map((i) => i.summary);
      if (id === `\0${list}`) return `export const summaries = ${JSON.stringify(summaries)};\n`;
      if (id === `\0${first}`) {
        const key = [...found.keys()][0];
        return key === undefined
          ? `export const first = '';\nexport const load = () => Promise.reject(new Error('no ${what}s'));\n`
          : `export const first = ${JSON.stringify(key)};\nexport const load = ${chunk(key)};\n`;
      }
      if (id === `\0${index}`)
        return [
          `export const ids = ${JSON.stringify([...found.keys()])};\n`,
          brief ? `export const summaries = ${JSON.stringify(summaries.map(brief))};\n` : '',
          `export const loaders = {\n${[...found.keys()].map((key) => `  ${JSON.stringify(key)}: ${chunk(key)},\n`).join('')}};\n`,
        ].join('');
      const key = id.slice(`\0${one}`.length);
      const item = found.get(key);
      if (!item) return null;
      if (item.problems.length)
        this.warn(
          `${item.source.file} does not compile; the page will say why:\n  ${item.problems.join('\n  ')}`,
        );
      // a compiled item names its engine; its card and its module's place come with it
      const engine = item.source.kind === 'built' ? item.source.scenario.engine : '';
      const more = Object.entries(around?.(key, found) ?? {});
      return [
        `export default ${JSON.stringify(item.source)};\n`,
        engine ? engineLines(engine) : '',
        ...more.map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};\n`),
      ].join('');
    },
    configureServer(server) {
      server.watcher.add(dir);
    },
    watchChange(id) {
      if (id.startsWith(dir)) items = null;
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(dir)) return;
      items = null;
      for (const m of server.moduleGraph.idToModuleMap.values())
        if (m.id && ours(m.id)) server.moduleGraph.invalidateModule(m);
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
