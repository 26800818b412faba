/*
 * Loading the emscripten module in a browser (main thread or module worker).
 * The .wasm is a separate asset (Vite copies it into the build with a hashed
 * name); it is compiled while it streams in.
 */
import createLockstep from '@wasm/lockstep-web.mjs';
import wasmUrl from '@wasm/lockstep-web.wasm?url';
import type { EmscriptenModule } from '@lockstep/lockstep.js';

type Receive = (instance: WebAssembly.Instance, module?: WebAssembly.Module) => void;

async function instantiate(imports: WebAssembly.Imports): Promise<WebAssembly.WebAssemblyInstantiatedSource> {
  const response = await fetch(wasmUrl, { credentials: 'same-origin' });
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

let loading: Promise<EmscriptenModule> | null = null;

export function loadModule(): Promise<EmscriptenModule> {
  loading ??= new Promise<EmscriptenModule>((resolve, reject) => {
    createLockstep({
      locateFile: () => wasmUrl,
      instantiateWasm(imports: WebAssembly.Imports, receive: Receive) {
        instantiate(imports).then((r) => receive(r.instance, r.module), reject);
        return {}; // emscripten waits for receive()
      },
      printErr: (text: string) => console.warn('[lockstep]', text),
    }).then(resolve, reject);
  });
  loading.catch(() => (loading = null));
  return loading;
}
