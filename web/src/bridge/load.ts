/*
 * Loading an engine's wasm module in a browser (main thread or module
 * worker), the first time a scenario of that engine opens, at most once per
 * page; the explorer's workers load the engine's explorer module instead.
 * Where a module is comes with the compiled lesson or scenario that needs it
 * (knowModule), else from the list of every engine's modules (modules.ts,
 * then imported), so no page loads the code of an engine it does not show,
 * nor the list of them to open its first lesson.  The .wasm is a separate
 * asset (Vite copies it into the build with a hashed name); it is compiled
 * while it streams in, while the module's glue loads beside it.
 */
import type { EmscriptenModule } from '@lockstep/lockstep.js';
import type { ModuleKind, ModulePlace } from './modules';

export type { ModuleKind, ModulePlace } from './modules';

type Receive = (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void;

/** the page modules placed by what opened (compiled lessons and scenarios) */
const placed = new Map<string, ModulePlace>();

/** Makes where engine `place.engine`'s page module is known (a compiled lesson's or scenario's chunk says). */
export function knowModule(place: ModulePlace): void {
  placed.set(place.engine, place);
}

/** Where the module is: placed, else from the list of every engine's modules. */
async function find(engine: string, kind: ModuleKind): Promise<ModulePlace> {
  const known = kind === 'page' ? placed.get(engine) : undefined;
  if (known) return known;
  const { moduleEngines, placeOf } = await import('./modules');
  const place = placeOf(engine, kind);
  if (!place)
    throw new Error(
      `no wasm module for engine '${engine}' (the build has: ${moduleEngines(kind).join(', ')})`,
    );
  return place;
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

/** The module of `engine` (of `kind`), loaded on first use; a failed load is tried again next time. */
export function loadModule(engine: string, kind: ModuleKind = 'page'): Promise<EmscriptenModule> {
  const key = `${kind}:${engine}`;
  let p = loading.get(key);
  if (p) return p;
  p = find(engine, kind).then(async (place) => open(place.glue, await place.wasm()));
  loading.set(key, p);
  p.catch(() => loading.delete(key));
  return p;
}

function open(glue: ModulePlace['glue'], wasmUrl: string): Promise<EmscriptenModule> {
  // the .wasm streams in while the glue's chunk loads
  const fetched = fetch(wasmUrl, { credentials: 'same-origin' });
  fetched.catch(() => {}); // reported by instantiate, if the glue loads
  return glue().then(
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
}
