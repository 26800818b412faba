// @ts-check
/**
 * catalog-json.mjs OUT.json: the catalog of every engine (catalog(M) of the
 * node module, which links them all), for the browser's scenario compiler.
 * The browser's modules carry one engine each (mk/wasm.mk), but a scenario's
 * text must be checked against its engine's types before the page knows
 * which module to load; this file answers that without loading any.
 */
import { writeFileSync } from 'node:fs';
import { loadModule } from './js/node.js';
import { catalog } from './js/lockstep.js';

const out = process.argv[2];
if (!out) {
  console.error('usage: node wasm/catalog-json.mjs OUT.json');
  process.exit(2);
}
writeFileSync(out, JSON.stringify(catalog(await loadModule())) + '\n');
