/*
 * Loading an engine's wasm module in a browser (main thread or module
 * worker).  Each engine has its own module (mk/wasm.mk: build/wasm/web/
 * lockstep-<engine>.mjs and its .wasm), loaded the first time a scenario of
 * that engine opens, at most once per page; the explorer's workers load the
 * engine's explorer module instead (build/wasm/web/explorer/, the same with
 * the explorer's exports, which a page that only steps does not download).
 * The list of modules is read off
 * the build's folder, so an engine added to ENGINES is found with no edit
 * here, and no page loads the code of an engine it does not show.  The .wasm
 * is a separate asset (Vite copies it into the build with a hashed name); it
 * is compiled while it streams in, while the module's glue loads beside it.
 */
import type { EmscriptenModule } from '@lockstep/lockstep.js';

type Create = (overrides?: Record<string, unknown>) => Promise<EmscriptenModule>;
type Receive = (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void;

const engineOf = (path: string) => /lockstep-([^/]+)\.(?:mjs|wasm)$/.exec(path)?.[1] ?? path;

/** Which of an engine's modules: the page's, or the explorer's (with the search). */
export type ModuleKind = 'page' | 'explorer';

const byEngine = <T>(found: Record<string, T>) =>
  new Map(Object.entries(found).map(([p, v]) => [engineOf(p), v]));
/** kind -> engine -> its module's glue, imported when first asked for */
const glue: Record<ModuleKind, Map<string, () => Promise<{ default: Create }>>> = {
  page: byEngine(import.meta.glob<{ default: Create }>('@wasm/web/lockstep-*.mjs')),
  explorer: byEngine(import.meta.glob<{ default: Create }>('@wasm/web/explorer/lockstep-*.mjs')),
};
/** kind -> engine -> the address of its .wasm */
const wasmUrls: Record<ModuleKind, Map<string, string>> = {
  page: byEngine(
    import.meta.glob<string>('@wasm/web/lockstep-*.wasm', { query: '?url', import: 'default', eager: true }),
  ),
  explorer: byEngine(
    import.meta.glob<string>('@wasm/web/explorer/lockstep-*.wasm', {
      query: '?url',
      import: 'default',
      eager: true,
    }),
  ),
};

/** The engines that have a module, in no particular order. */
export function moduleEngines(kind: ModuleKind = 'page'): string[] {
  return [...glue[kind].keys()];
}

async function instantiate(
  wasmUrl: string,
  fetched: Promise<Response>,
  imports: WebAssembly.Imports,
): Promise<WebAssembly.WebAssemblyInstantiatedSource> {
  const response = await fetched;
  if (!response.ok) throw new Error(`could not fetch ${wasmUrl}: HTTP ${response.status}`);
  if (typeof WebAssembly.instantiateStreaming === 'function') {
    try {
      return await WebAssembly.instantiateStreaming(response.clone(), imports);
    } catch {
      // a server that sends the wrong MIME type: fall back to the bytes
    }
  }
  return WebAssembly.instantiate(await response.arrayBuffer(), imports);
}

const loading = new Map<string, Promise<EmscriptenModule>>();
const compiling = new Map<string, Promise<WebAssembly.Module>>();

function missing(engine: string, kind: ModuleKind): Error {
  return new Error(
    `no wasm module for engine '${engine}' (the build has: ${moduleEngines(kind).join(', ')})`,
  );
}

/**
 * The compiled wasm of `engine` (of `kind`), compiled once per page while it
 * streams in: the explorer's workers are handed it (a WebAssembly.Module
 * crosses postMessage), so each instantiates it without compiling again.
 */
export function compileModule(engine: string, kind: ModuleKind = 'explorer'): Promise<WebAssembly.Module> {
  const key = `${kind}:${engine}`;
  let p = compiling.get(key);
  if (p) return p;
  const wasmUrl = wasmUrls[kind].get(engine);
  if (!wasmUrl) return Promise.reject(missing(engine, kind));
  p = fetch(wasmUrl, { credentials: 'same-origin' }).then(async (response) => {
    if (!response.ok) throw new Error(`could not fetch ${wasmUrl}: HTTP ${response.status}`);
    if (typeof WebAssembly.compileStreaming === 'function') {
      try {
        return await WebAssembly.compileStreaming(response.clone());
      } catch {
        // a server that sends the wrong MIME type: fall back to the bytes
      }
    }
    return WebAssembly.compile(await response.arrayBuffer());
  });
  compiling.set(key, p);
  p.catch(() => compiling.delete(key));
  return p;
}

/**
 * The module of `engine` (of `kind`), loaded on first use; a failed load is
 * tried again next time.  With `compiled` (compileModule's, from another
 * thread) it is instantiated from that, with nothing fetched or compiled.
 */
export function loadModule(
  engine: string,
  kind: ModuleKind = 'page',
  compiled?: WebAssembly.Module,
): Promise<EmscriptenModule> {
  const key = `${kind}:${engine}`;
  let p = loading.get(key);
  if (p) return p;
  const importGlue = glue[kind].get(engine);
  const wasmUrl = wasmUrls[kind].get(engine);
  if (!importGlue || !wasmUrl) return Promise.reject(missing(engine, kind));
  // the .wasm streams in while the glue's chunk loads
  const fetched = compiled ? null : fetch(wasmUrl, { credentials: 'same-origin' });
  fetched?.catch(() => {}); // reported by instantiate, if the glue loads
  p = importGlue().then(
    ({ default: createLockstep }) =>
      new Promise<EmscriptenModule>((resolve, reject) => {
        createLockstep({
          locateFile: () => wasmUrl,
          instantiateWasm(imports: WebAssembly.Imports, receive: Receive) {
            if (compiled)
              WebAssembly.instantiate(compiled, imports).then(
                (instance) => receive(instance, compiled),
                reject,
              );
            else if (fetched)
              instantiate(wasmUrl, fetched, imports).then((r) => receive(r.instance, r.module), reject);
            return {}; // emscripten waits for receive()
          },
          printErr: (text: string) => console.warn('[lockstep]', text),
        }).then(resolve, reject);
      }),
  );
  loading.set(key, p);
  p.catch(() => loading.delete(key));
  return p;
}
