// The browser's modules (one per engine, build/wasm/web/lockstep-<engine>.*,
// mk/wasm.mk) run every scenario exactly as the node module with every
// engine does: the same trace byte for byte, the same summary, the same state
// at the end (parity.test.js holds the node module to the native runner, so
// this holds the browser to it too).  And each one's catalog lists its own
// engine alone, with the types, operations and variants the all-engines
// catalog (build/wasm/catalog.json, what the browser's compiler reads) gives
// that engine, so a scenario compiled against one runs on the other.  Each
// engine's explorer module (build/wasm/web/explorer/, what the explorer's
// workers load) searches as the node module does, and the page's module has
// no explorer at all (a first load does not carry it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATALOG, M, compileFile, root, scenarioFiles } from './helpers.js';
import { Session, catalog } from '../../wasm/js/lockstep.js';

const ENGINES = Object.keys(CATALOG.engines);
const webDir = join(root, 'build', 'wasm', 'web');

/**
 * The browser's module of `engine` (the page's, or with `explorer` the
 * explorer's), instantiated in node from its bytes (its glue targets web and
 * worker).
 */
async function webModule(engine, explorer = false) {
  const dir = explorer ? join(webDir, 'explorer') : webDir;
  const glue = join(dir, `lockstep-${engine}.mjs`);
  const bytes = readFileSync(join(dir, `lockstep-${engine}.wasm`));
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

/** A bounded search of one scenario: what a worker reports at its end (the result and the summary). */
function search(mod, bytecode, variant) {
  const s = new Session(mod, bytecode, { variant, trace: false });
  try {
    s.exploreStart({ bound: 2, maxExecutions: 60, maxSteps: 2000 });
    let st;
    do st = s.exploreStep(100);
    while (!st.finished);
    return JSON.stringify(st);
  } finally {
    s.free();
  }
}

test('every engine in the catalog has a browser module and an explorer module, and no other module is there', () => {
  for (const dir of [webDir, join(webDir, 'explorer')]) {
    const found = readdirSync(dir)
      .map((f) => /^lockstep-(.+)\.mjs$/.exec(f)?.[1])
      .filter(Boolean)
      .sort();
    assert.deepEqual(found, [...ENGINES].sort(), dir);
    for (const e of ENGINES)
      assert.ok(existsSync(join(dir, `lockstep-${e}.wasm`)), `${dir}/lockstep-${e}.wasm`);
  }
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

  test(`the ${engine} explorer module searches its scenarios as the node module does; the page's module cannot search`, async () => {
    const mod = await webModule(engine, true);
    for (const f of files) {
      const { bytecode, scenario } = compileFile(f);
      const variant = scenario.variants?.[0] ?? scenario.variant ?? 'correct';
      assert.equal(search(mod, bytecode, variant), search(M, bytecode, variant), `${f} ${variant}`);
    }
    const page = /** @type {any} */ (await webModule(engine));
    assert.equal(page._ls_explore_start, undefined, 'the page module has no explorer');
    assert.equal(typeof page._ls_step, 'function');
  });
}
