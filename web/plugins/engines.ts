/*
 * The app's list of engines, generated from the one list in the repository:
 * `ENGINES` in mk/engines.mk (the build, the catalog and the tests read the
 * same word list).  Each listed engine's folder web/src/engines/<engine>/
 * exports its entry as `<engine>` from index.ts; the module gathers them in
 * the list's order, so adding an engine to the app is its folder and its
 * word in mk/engines.mk, and nothing else names it.
 *
 *   import { entries } from 'virtual:lockstep/engines';
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

/** The module's text: each engine's entry imported from its folder's index.ts, then `entries` in order. */
export function engineListModule(engines: readonly string[], folder: string): string {
  const imports = engines.map((e) => {
    const index = join(folder, e, 'index.ts');
    if (!existsSync(index)) throw new Error(`mk/engines.mk lists ${e}, but ${index} is missing`);
    return `import { ${e} } from ${JSON.stringify(index)};\n`;
  });
  return `${imports.join('')}export const entries = [${engines.join(', ')}];\n`;
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
