/*
 * What the app ships compiled: the course's lessons (lessons.ts) and the
 * sandbox's scenarios (scenarios.ts), each turned at build time into what
 * the engine opens (BuiltSource), by the same compiler the browser and
 * `lockstep check` use (wasm/js/), with the catalog of the node build of the
 * module.  The app then opens them without the YAML reader, the schema
 * validator, the compiler or the Markdown renderer: those load only for text
 * from elsewhere.
 *
 * Each collection is four kinds of virtual module:
 *   virtual:lockstep/<what>s        its index: `ids` (in order), `summaries`
 *                                   (what a list shows, or as little of it as
 *                                   the app needs at once: the plugin's
 *                                   `brief`) and `loaders` (id -> the item's
 *                                   chunk)
 *   virtual:lockstep/<what>s/loaders  the same `loaders` alone, for an app
 *                                   that opens an item only now and then
 *   virtual:lockstep/<what>s/summaries  the same `summaries` alone, for an app
 *                                   that shows the list only later (its own chunk)
 *   virtual:lockstep/<what>/<id>    one item: `export default` its source
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

/**
 * A plugin serving one collection as virtual modules: `what` names it
 * ("lesson": virtual:lockstep/lessons and virtual:lockstep/lesson/<id>),
 * the files under `dir` ending in `ending` are watched, `collect` compiles
 * everything (once, again after a change); `brief` is what the index keeps
 * of each summary (the whole summary stays in .../summaries).
 */
export function builtInPlugin<Summary>(
  what: string,
  dir: string,
  ending: string,
  collect: () => Promise<Map<string, Item<Summary>>>,
  brief: (s: Summary) => unknown = (s) => s,
): Plugin {
  const index = `virtual:lockstep/${what}s`;
  const list = `${index}/summaries`;
  const lazy = `${index}/loaders`;
  const one = `virtual:lockstep/${what}/`;
  let items: Promise<Map<string, Item<Summary>>> | null = null;
  const all = () => (items ??= collect());
  const ours = (id: string) =>
    id === `\0${index}` || id === `\0${list}` || id === `\0${lazy}` || id.startsWith(`\0${one}`);

  return {
    name: `lockstep:built-in-${what}s`,
    resolveId(id) {
      return id === index || id === list || id === lazy || id.startsWith(one) ? `\0${id}` : null;
    },
    async load(id) {
      if (!ours(id)) return null;
      const found = await all();
      for (const f of filesUnder(dir, ending)) this.addWatchFile(join(dir, f));
      const summaries = [...found.values()].map((i) => i.summary);
      if (id === `\0${list}`) return `export const summaries = ${JSON.stringify(summaries)};\n`;
      const loaders = () =>
        `export const loaders = {\n${[...found.keys()]
          .map((key) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(one + key)}),`)
          .join('\n')}\n};\n`;
      if (id === `\0${lazy}`) return loaders();
      if (id === `\0${index}`)
        return `export const ids = ${JSON.stringify([...found.keys()])};\nexport const summaries = ${JSON.stringify(summaries.map(brief))};\n${loaders()}`;
      const item = found.get(id.slice(`\0${one}`.length));
      if (!item) return null;
      if (item.problems.length)
        this.warn(
          `${item.source.file} does not compile; the page will say why:\n  ${item.problems.join('\n  ')}`,
        );
      return `export default ${JSON.stringify(item.source)};\n`;
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
