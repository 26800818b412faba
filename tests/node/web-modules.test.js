// The browser's modules (one per engine, build/wasm/web/lockstep-<engine>.*,
// mk/wasm.mk) run every scenario exactly as the node module with every
// engine does: the same trace byte for byte, the same summary, the same state
// at the end (parity.test.js holds the node module to the native runner, so
// this holds the browser to it too).  And each one's catalog lists its own
// engine alone, with the types, operations and variants the all-engines
// catalog (build/wasm/catalog.json, what the browser's compiler reads) gives
// that engine, so a scenario compiled against one runs on the other.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATALOG, M, compileFile, root, scenarioFiles } from './helpers.js';
import { Session, catalog } from '../../wasm/js/lockstep.js';

const ENGINES = Object.keys(CATALOG.engines);
const webDir = join(root, 'build', 'wasm', 'web');

/** The browser's module of `engine`, instantiated in node from its bytes (its glue targets web and worker). */
async function webModule(engine) {
  const glue = join(webDir, `lockstep-${engine}.mjs`);
  const bytes = readFileSync(join(webDir, `lockstep-${engine}.wasm`));
  const { default: create } = await import(pathToFileURL(glue).href);
  return create({
    instantiateWasm(/** @type {WebAssembly.Imports} */ imports, /** @type {Function} */ receive) {
      WebAssembly.instantiate(bytes, imports).then((r) => receive(r.instance, r.module));
      return {};
    },
  });
}

/**
 * Runs one scenario of `engine` on module `mod`: trace text, summary and final
 * state, as strings.  The state's `engines` member describes every engine the
 * module links (the node module: all of them), so only the scenario's own
 * engine's part of it is kept.
 */
function play(mod, engine, bytecode, variant, run) {
  const s = new Session(mod, bytecode, { variant });
  try {
    const summary = s.run({ maxSteps: 2000, ...run });
    const state = /** @type {any} */ (s.state());
    state.engines = { [engine]: state.engines?.[engine] };
    return {
      trace: s.traceText(0),
      summary: JSON.stringify(summary),
      state: JSON.stringify(state),
    };
  } finally {
    s.free();
  }
}

test('every engine in the catalog has a browser module, and no other module is there', () => {
  const found = readdirSync(webDir)
    .map((f) => /^lockstep-(.+)\.mjs$/.exec(f)?.[1])
    .filter(Boolean)
    .sort();
  assert.deepEqual(found, [...ENGINES].sort());
  for (const e of ENGINES) assert.ok(existsSync(join(webDir, `lockstep-${e}.wasm`)), `lockstep-${e}.wasm`);
  const all = JSON.parse(readFileSync(join(root, 'build', 'wasm', 'catalog.json'), 'utf8'));
  assert.deepEqual(all, CATALOG, 'build/wasm/catalog.json is the node module catalog');
});

for (const engine of ENGINES) {
  test(`the ${engine} module: its catalog is its engine's part of the whole catalog`, async () => {
    const own = /** @type {any} */ (catalog(await webModule(engine)));
    assert.deepEqual(Object.keys(own.engines), [engine]);
    assert.deepEqual(own.engines[engine], CATALOG.engines[engine]);
    const types = Object.fromEntries(
      Object.entries(CATALOG.types).filter(([, t]) => /** @type {any} */ (t).engine === engine),
    );
    assert.deepEqual(own.types, types);
  });

  const files = scenarioFiles().filter((f) => compileFile(f).scenario.engine === engine);
  test(`the ${engine} module runs its ${files.length} scenarios as the node module does`, async () => {
    assert.ok(files.length > 0, `no scenario of engine ${engine}`);
    const mod = await webModule(engine);
    for (const f of files) {
      const { bytecode, scenario } = compileFile(f);
      const variants = scenario.variants?.length ? scenario.variants : [scenario.variant ?? 'correct'];
      for (const variant of variants)
        for (const run of [{ policy: 'round-robin' }, { policy: 'random', seed: 7 }]) {
          const want = play(M, engine, bytecode, variant, run);
          const got = play(mod, engine, bytecode, variant, run);
          const what = `${f} ${variant} ${run.policy}`;
          assert.equal(got.trace, want.trace, `${what}: trace`);
          assert.equal(got.summary, want.summary, `${what}: summary`);
          assert.equal(got.state, want.state, `${what}: state`);
        }
    }
  });
}
