// @ts-check
/**
 * Loading the wasm module in node.  Emscripten 3.1.6's ES-module loader cannot
 * run under node, so node gets its own CommonJS loader (build/wasm/
 * lockstep-node.cjs) and is handed the .wasm bytes directly.
 */
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const loader = join(root, 'build', 'wasm', 'lockstep-node.cjs');
const binary = join(root, 'build', 'wasm', 'lockstep-node.wasm');

/** @returns {Promise<import('./lockstep.js').EmscriptenModule>} */
export async function loadModule() {
  if (!existsSync(loader))
    throw new Error(`the wasm module is not built (${loader} is missing): run 'make build' first`);
  const create = createRequire(import.meta.url)(loader);
  return create({ wasmBinary: readFileSync(binary) });
}
