// Shared by the node tests: the wasm module (loaded once per test file), the
// catalog, the scenario files, and the two programs tests run (the native
// runner and the CLI).
import { readFileSync, readdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { loadModule } from '../../wasm/js/node.js';
import { catalog, Session } from '../../wasm/js/lockstep.js';
import { compileScenario } from '../../wasm/js/scenario.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const runner = join(root, 'build', 'native', 'lockstep-run');
export const cli = join(root, 'bin', 'lockstep.js');
export const scenariosDir = join(root, 'tests', 'scenarios');

export const M = await loadModule();
export const CATALOG = catalog(M);

/** Every scenario file under tests/scenarios, as paths relative to the root. */
export function scenarioFiles() {
  /** @type {string[]} */
  const out = [];
  for (const engine of readdirSync(scenariosDir, { withFileTypes: true })) {
    if (!engine.isDirectory()) continue;
    for (const f of readdirSync(join(scenariosDir, engine.name)).sort())
      if (f.endsWith('.yaml')) out.push(join('tests', 'scenarios', engine.name, f));
  }
  return out;
}

/** Compiles YAML text (file name as given, for messages). */
export function compile(text, file = 'test.yaml') {
  return compileScenario(text, { file, catalog: CATALOG });
}

/** Compiles a scenario file by its path relative to the root. */
export function compileFile(rel) {
  return compileScenario(readFileSync(join(root, rel), 'utf8'), { file: rel, catalog: CATALOG });
}

/** A session for a compiled scenario ({bytecode, scenario}); free() it after. */
export function open(compiled, options = {}) {
  return new Session(M, compiled.bytecode, options);
}

/** A fresh temporary directory. */
export function tempDir() {
  return mkdtempSync(join(tmpdir(), 'lockstep-test-'));
}

/** Runs the native runner; returns {status, stdout, stderr}. */
export function native(args) {
  const r = spawnSync(runner, args, { encoding: 'utf8' });
  const why = r.error ? `${r.error.message}\n` : r.signal ? `killed by ${r.signal}\n` : '';
  return { status: r.status, stdout: r.stdout, stderr: why + r.stderr };
}

/** Runs bin/lockstep.js; returns {status, stdout, stderr}. */
export function lockstep(args, options = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', cwd: root, ...options });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
