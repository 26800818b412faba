/*
 * Where every engine's wasm modules are: each engine has its own module
 * (mk/wasm.mk: build/wasm/web/lockstep-<engine>.mjs and its .wasm), and its
 * explorer module (build/wasm/web/explorer/, the same with the explorer's
 * exports, which a page that only steps does not download).  The list is
 * read off the build's folder, so an engine added to ENGINES is found with
 * no edit here.  A page imports this list only for an engine no compiled
 * lesson or scenario has placed (load.ts, knowModule), so its first load
 * does not grow with the engines; the workers import it at once.
 */
import type { EmscriptenModule } from '@lockstep/lockstep.js';

type Create = (overrides?: Record<string, unknown>) => Promise<EmscriptenModule>;

/** Which of an engine's modules: the page's, or the explorer's (with the search). */
export type ModuleKind = 'page' | 'explorer';

/** Where one engine's module is: its glue, imported when first asked for, and the address of its .wasm. */
export interface ModulePlace {
  engine: string;
  glue: () => Promise<{ default: Create }>;
  wasm: () => Promise<string>;
}

const engineOf = (path: string) => /lockstep-([^/]+)\.(?:mjs|wasm)$/.exec(path)?.[1] ?? path;

const byEngine = <T>(found: Record<string, T>) =>
  new Map(Object.entries(found).map(([p, v]) => [engineOf(p), v]));
/** kind -> engine -> its module's glue, imported when first asked for */
const glue: Record<ModuleKind, Map<string, () => Promise<{ default: Create }>>> = {
  page: byEngine(import.meta.glob<{ default: Create }>('@wasm/web/lockstep-*.mjs')),
  explorer: byEngine(import.meta.glob<{ default: Create }>('@wasm/web/explorer/lockstep-*.mjs')),
};
/**
 * kind -> engine -> the address of its .wasm, asked for when its module
 * loads (each address is a tiny module of its own, which the compiled
 * lessons import too: imported here on demand, a page that imports this list
 * does not fetch every engine's beforehand)
 */
const wasmUrls: Record<ModuleKind, Map<string, () => Promise<string>>> = {
  page: byEngine(import.meta.glob<string>('@wasm/web/lockstep-*.wasm', { query: '?url', import: 'default' })),
  explorer: byEngine(
    import.meta.glob<string>('@wasm/web/explorer/lockstep-*.wasm', { query: '?url', import: 'default' }),
  ),
};

/** The engines that have a module, in no particular order. */
export function moduleEngines(kind: ModuleKind = 'page'): string[] {
  return [...glue[kind].keys()];
}

/** Where engine `engine`'s module of `kind` is, if the build has one. */
export function placeOf(engine: string, kind: ModuleKind): ModulePlace | undefined {
  const glueOf = glue[kind].get(engine);
  const wasm = wasmUrls[kind].get(engine);
  return glueOf && wasm ? { engine, glue: glueOf, wasm } : undefined;
}
