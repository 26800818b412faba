/*
 * The app's list of engines, generated from the one list in the repository:
 * `ENGINES` in mk/engines.mk (the build, the catalog and the tests read the
 * same word list).  Each listed engine's folder web/src/engines/<engine>/
 * exports its entry as `<engine>` from index.ts; the module gathers them in
 * the list's order, so adding an engine to the app is its folder and its
 * word in mk/engines.mk, and nothing else names it.  The app imports it
 * only on demand (the pickers): a lesson or scenario brings its own engine's
 * card (cardFiles).
 *
 *   import('virtual:lockstep/engines').then(({ entries }) => entries())
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:lockstep/engines';
const RESOLVED = `\0${ID}`;

/** The words of `ENGINES := …` in mk/engines.mk (a continued line included); an error names the file when there are none. */
export function listedEngines(makefile: string): string[] {
  const text = readFileSync(makefile, 'utf8').replace(/\\\n/g, ' ');
  const line = /^ENGINES\s*:?=\s*(.*)$/m.exec(text);
  const words = line ? line[1]!.replace(/#.*/, '').trim().split(/\s+/).filter(Boolean) : [];
  if (words.length === 0) throw new Error(`${makefile}: no ENGINES := line with engine names`);
  for (const w of words)
    if (!/^[a-z][a-z0-9_]*$/.test(w)) throw new Error(`${makefile}: ENGINES: "${w}" is not an engine name`);
  return words;
}

/**
 * The module's text: `entries()`, each engine's card imported from its
 * folder's index.ts, in order.  Each card is a chunk of its own (the compiled
 * lessons and scenarios import it too) imported from here, so the page that
 * loads this module on demand does not name every card's chunk beforehand.
 */
export function engineListModule(engines: readonly string[], folder: string): string {
  const imports = engines.map((e) => {
    const index = join(folder, e, 'index.ts');
    if (!existsSync(index)) throw new Error(`mk/engines.mk lists ${e}, but ${index} is missing`);
    return `  import(${JSON.stringify(index)}).then((m) => m.${e}),\n`;
  });
  return `export const entries = () =>\n  Promise.all([\n${imports.join('')}  ]);\n`;
}

/**
 * Engine id -> its card's file (web/src/engines/<engine>/index.ts, exporting
 * `<engine>`), for an engine of the list; null for any other name.  The
 * compiled lessons and scenarios import their engine's card from here
 * (builtIn.ts), so a page that opens one needs no list of engines.
 */
export function cardFiles(repo: string): (engine: string) => string | null {
  const makefile = join(repo, 'mk', 'engines.mk');
  const folder = join(repo, 'web', 'src', 'engines');
  return (engine) => {
    if (!listedEngines(makefile).includes(engine)) return null;
    const index = join(folder, engine, 'index.ts');
    return existsSync(index) ? index : null;
  };
}

/**
 * Engine id -> the lines a compiled lesson's or scenario's module adds for
 * it (web/src/engines/chunk.ts): its card as `engine`, and where its page
 * module is as `module` (when the wasm build has it); '' for an engine the
 * list does not have.
 */
export function engineExports(repo: string): (engine: string) => string {
  const card = cardFiles(repo);
  const web = join(repo, 'build', 'wasm', 'web');
  return (engine) => {
    const file = card(engine);
    if (!file) return '';
    const lines = [`export { ${engine} as engine } from ${JSON.stringify(file)};\n`];
    const glue = join(web, `lockstep-${engine}.mjs`);
    const wasm = join(web, `lockstep-${engine}.wasm`);
    if (existsSync(glue) && existsSync(wasm))
      lines.push(
        `import wasm from ${JSON.stringify(`${wasm}?url`)};\n`,
        `export const module = {\n  engine: ${JSON.stringify(engine)},\n  glue: () => import(${JSON.stringify(glue)}),\n  wasm: async () => wasm,\n};\n`,
      );
    return lines.join('');
  };
}

export function engineList(repo: string): Plugin {
  const makefile = join(repo, 'mk', 'engines.mk');
  const folder = join(repo, 'web', 'src', 'engines');
  return {
    name: 'lockstep-engines',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      this.addWatchFile(makefile);
      return engineListModule(listedEngines(makefile), folder);
    },
  };
}
