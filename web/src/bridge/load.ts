/*
 * Loading an engine's wasm module in a browser (main thread or module
 * worker).  Each engine has its own module (mk/wasm.mk: build/wasm/web/
 * lockstep-<engine>.mjs and its .wasm), loaded the first time a scenario of
 * that engine opens, at most once per page.  The list of modules is read off
 * the build's folder, so an engine added to ENGINES is found with no edit
 * here, and no page loads the code of an engine it does not show.  The .wasm
 * is a separate asset (Vite copies it into the build with a hashed name); it
 * is compiled while it streams in, while the module's glue loads beside it.
 */
import type { EmscriptenModule } from '@lockstep/lockstep.js';

type Create = (overrides?: Record<string, unknown>) => Promise<EmscriptenModule>;
type Receive = (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void;

const engineOf = (path: string) => /lockstep-([^/]+)\.(?:mjs|wasm)$/.exec(path)?.[1] ?? path;

/** engine -> its module's glue, imported when first asked for */
const glue = new Map(
  Object.entries(import.meta.glob<{ default: Create }>('@wasm/web/lockstep-*.mjs')).map(([p, f]) => [
    engineOf(p),
    f,
  ]),
);
/** engine -> the address of its .wasm */
const wasmUrls = new Map(
  Object.entries(
    import.meta.glob<string>('@wasm/web/lockstep-*.wasm', { query: '?url', import: 'default', eager: true }),
  ).map(([p, url]) => [engineOf(p), url]),
);

/** The engines that have a module, in no particular order. */
export function moduleEngines(): string[] {
  return [...glue.keys()];
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

/** The module of `engine`, loaded on first use; a failed load is tried again next time. */
export function loadModule(engine: string): Promise<EmscriptenModule> {
  let p = loading.get(engine);
  if (p) return p;
  const importGlue = glue.get(engine);
  const wasmUrl = wasmUrls.get(engine);
  if (!importGlue || !wasmUrl)
    return Promise.reject(
      new Error(`no wasm module for engine '${engine}' (the build has: ${moduleEngines().join(', ')})`),
    );
  // the .wasm streams in while the glue's chunk loads
  const fetched = fetch(wasmUrl, { credentials: 'same-origin' });
  fetched.catch(() => {}); // reported by instantiate, if the glue loads
  p = importGlue().then(
    ({ default: createLockstep }) =>
      new Promise<EmscriptenModule>((resolve, reject) => {
        createLockstep({
          locateFile: () => wasmUrl,
          instantiateWasm(imports: WebAssembly.Imports, receive: Receive) {
            instantiate(wasmUrl, fetched, imports).then((r) => receive(r.instance, r.module), reject);
            return {}; // emscripten waits for receive()
          },
          printErr: (text: string) => console.warn('[lockstep]', text),
        }).then(resolve, reject);
      }),
  );
  loading.set(engine, p);
  p.catch(() => loading.delete(engine));
  return p;
}
