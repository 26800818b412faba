// The architecture document's promises about the tree: every engine in
// mk/engines.mk has each file the document says every engine adds (its
// native suites' folders read from its engine.mk), its folder in the web
// app's engine registry, the include rules (an engine's own files see plat.h
// only; its binding, in core/script/engines/<engine>/, sees that engine and
// core/script), and no file of the project points outside the clone (at a
// ../shared folder that a user's copy does not have).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const read = (path) => readFileSync(join(root, path), 'utf8');

/** The words of `ENGINES := ...` in mk/engines.mk. */
function engines() {
  const line = read('mk/engines.mk')
    .split('\n')
    .find((l) => l.startsWith('ENGINES :='));
  assert.ok(line, 'mk/engines.mk has an ENGINES := line');
  return line.slice('ENGINES :='.length).trim().split(/\s+/);
}

/** The rows of the table under "What a new engine adds": {path, every}. */
function perEngineRows() {
  const doc = read('docs/ARCHITECTURE.md');
  const section = doc.slice(doc.indexOf('## What a new engine adds'));
  const body = section.slice(0, section.indexOf('\n## ', 4));
  return [...body.matchAll(/^\| `([^`]+)` \| (yes|no) \|/gm)].map((m) => ({
    path: m[1],
    every: m[2] === 'yes',
  }));
}

/** `NAME := value` assignments of an engine's engine.mk (continuation lines joined). */
function engineMk(engine) {
  const text = read(`core/engines/${engine}/engine.mk`).replace(/\\\n/g, ' ');
  const vars = new Map();
  for (const m of text.matchAll(/^([\w-]+) := ?(.*)$/gm)) vars.set(m[1], m[2].trim());
  return vars;
}

/** The test folders of an engine's native suites. */
function nativeSuiteDirs(engine) {
  const mk = engineMk(engine);
  const suites = (mk.get(`${engine}_NATIVE_SUITES`) ?? '').split(/\s+/).filter(Boolean);
  return suites.map((s) => ({
    suite: s,
    dir: mk.get(`${s}_DIR`),
    builds: mk.get(`${s}_BUILDS`),
  }));
}

test('docs/ARCHITECTURE.md lists what an engine adds', () => {
  const rows = perEngineRows();
  assert.ok(rows.length >= 12, `found ${rows.length} rows`);
  const files = rows.map((r) => r.path);
  assert.ok(
    files.every((f) => f.includes('<engine>') || f === 'tests/c/<folder>/' || f === 'bench/<file>.c'),
  );
  for (const f of [
    'web/src/engines/<engine>/index.ts',
    'core/script/engines/<engine>/engine.c',
    'tests/c/<folder>/',
    'tests/node/<engine>.test.js',
    'tests/e2e/<engine>.test.mjs',
    'tests/e2e/<engine>/*.test.mjs',
    'bench/<file>.c',
  ])
    assert.ok(files.includes(f), `${f} is listed`);
});

for (const engine of engines()) {
  test(`engine ${engine} has every file docs/ARCHITECTURE.md says every engine adds`, () => {
    for (const { path: pattern, every } of perEngineRows()) {
      if (!every) continue;
      if (pattern === 'tests/c/<folder>/') {
        const suites = nativeSuiteDirs(engine);
        assert.ok(suites.length > 0, `core/engines/${engine}/engine.mk names a native suite`);
        for (const { suite, dir, builds } of suites) {
          assert.ok(dir?.startsWith('tests/c/'), `${suite}_DIR is a folder under tests/c/`);
          assert.ok(
            readdirSync(join(root, dir)).some((f) => f.endsWith('.c')),
            `${dir} has test files`,
          );
          assert.ok(builds, `${suite}_BUILDS is set`);
        }
        continue;
      }
      if (pattern === 'bench/<file>.c') {
        const mk = engineMk(engine);
        const native = (mk.get(`${engine}_NATIVE_BENCH`) ?? '').split(/\s+/).filter(Boolean);
        const wasm = (mk.get(`${engine}_WASM_BENCH`) ?? '').split(/\s+/).filter(Boolean);
        assert.ok(
          native.length > 0,
          `core/engines/${engine}/engine.mk names its benchmarks (${engine}_NATIVE_BENCH)`,
        );
        for (const f of native) assert.match(f, /^bench\/\w+\.c$/, `${f}: a C file under bench/`);
        for (const f of wasm) assert.match(f, /^bench\/\w+\.mjs$/, `${f}: a script under bench/`);
        for (const f of [...native, ...wasm]) assert.ok(existsSync(join(root, f)), `${f} exists`);
        for (const [key] of mk)
          if (key.startsWith(`${engine}_NATIVE_BENCH_ARGS_`))
            assert.ok(
              native.includes(`bench/${key.slice(`${engine}_NATIVE_BENCH_ARGS_`.length)}.c`),
              `${key} names a program of ${engine}_NATIVE_BENCH`,
            );
        continue;
      }
      if (pattern.endsWith('/<type>.c')) {
        const dir = pattern.replaceAll('<engine>', engine).replace('<type>.c', '');
        const types = readdirSync(join(root, dir)).filter((f) => f.endsWith('.c') && f !== 'engine.c');
        assert.ok(types.length > 0, `${dir} has a file per object type`);
        continue;
      }
      const path = pattern
        .replaceAll('<engine>', engine)
        .split(' ')[0]
        .replace(/\*\.c,$/, '');
      if (path.endsWith('/')) {
        assert.ok(existsSync(join(root, path)), `${path} exists`);
        assert.ok(readdirSync(join(root, path)).length > 0, `${path} is not empty`);
      } else {
        assert.ok(existsSync(join(root, path)), `${path} exists`);
      }
    }
  });

  test(`engine ${engine}: its own files include only plat.h and each other and read variants one way; its binding sees nothing of the machine's insides`, () => {
    const dir = `core/engines/${engine}`;
    const quoted = (file) => [...read(file).matchAll(/^#include "([^"]+)"/gm)].map((m) => m[1]);
    for (const f of readdirSync(join(root, dir)).filter((f) => /\.[ch]$/.test(f)))
      assert.ok(
        !/plat_variant\(\)|strcmp\(/.test(read(join(dir, f))),
        `${dir}/${f} reads a variant by name: the one way is plat_variant_is("name") into a field`,
      );
    for (const f of readdirSync(join(root, dir)).filter((f) => /\.[ch]$/.test(f)))
      for (const inc of quoted(join(dir, f)))
        assert.ok(
          inc === '../../plat/plat.h' || inc === '../../plat/plat_tasks.h' || /^[\w]+\.h$/.test(inc),
          `${dir}/${f} includes "${inc}": an engine's own files include plat.h (or plat_tasks.h) and their own headers only`,
        );
    const binding = `core/script/engines/${engine}`;
    for (const f of readdirSync(join(root, binding)).filter((f) => /\.[ch]$/.test(f)))
      for (const inc of quoted(join(binding, f)))
        assert.ok(
          inc === 'binding.h' ||
            new RegExp(`^\\.\\./\\.\\./\\.\\./engines/${engine}/[\\w]+\\.h$`).test(inc) ||
            /^\.\.\/\.\.\/[\w]+\.h$/.test(inc) ||
            /^\.\.\/\.\.\/\.\.\/sim\/[\w]+\.h$/.test(inc),
          `${binding}/${f} includes "${inc}": a binding includes binding.h, its own engine's headers and core/script or core/sim headers`,
        );
  });
}

test('a binding computes its counts: no operation, field, argument or parameter count is written as a number', () => {
  for (const engine of engines()) {
    const binding = `core/script/engines/${engine}`;
    for (const f of readdirSync(join(root, binding)).filter((f) => f.endsWith('.c')))
      for (const [i, line] of read(join(binding, f)).split('\n').entries())
        assert.ok(
          !/\.n_(?:ops|fields|args|params)\s*=\s*\d/.test(line),
          `${binding}/${f}:${i + 1}: a literal count; use SCRIPT_OPS, SCRIPT_FIELDS, SCRIPT_ARGS or SCRIPT_PARAMS (core/script/catalog.h)`,
        );
  }
});

test('nothing of an engine includes its binding, and core/script (but its engines/), core/sim and core/plat name no engine folder', () => {
  const r = spawnSync(
    'git',
    [
      'grep',
      '-n',
      '-E',
      '#include ".*(engines/|binding)',
      '--',
      'core/script',
      ':!core/script/engines/',
      'core/sim',
      'core/plat',
      'core/engines',
    ],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  assert.equal(r.status, 1, `git grep found:\n${r.stdout}${r.stderr}`);
});

// (web/plugins/engines.test.ts checks the generated module itself)
test('the web registry is generated from mk/engines.mk: a folder per listed engine, each exporting its entry', () => {
  assert.ok(
    !existsSync(join(root, 'web/src/engines/list.ts')),
    'no second list of engines in web/src/engines/list.ts',
  );
  const listed = engines();
  const folders = readdirSync(join(root, 'web/src/engines'), {
    withFileTypes: true,
  })
    .filter((d) => d.isDirectory() && existsSync(join(root, 'web/src/engines', d.name, 'index.ts')))
    .map((d) => d.name);
  assert.deepEqual(folders.sort(), [...listed].sort(), 'one folder with an index.ts per listed engine');
  for (const e of listed)
    assert.match(read(`web/src/engines/${e}/index.ts`), new RegExp(`^export const ${e}: EngineCard`, 'm'), e);
});

test('no tracked file points at ../shared (a clone has no such folder)', () => {
  const outside = ['\\.\\./shared/', '/work' + '/shared'].join('|');
  const r = spawnSync('git', ['grep', '-n', '-I', '-E', outside], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(r.status, 1, `git grep found:\n${r.stdout}${r.stderr}`);
});

test('every top folder of the repository has a README', () => {
  const r = spawnSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' });
  const folders = new Set(
    r.stdout
      .split('\n')
      .filter((f) => f.includes('/') && !f.startsWith('.'))
      .map((f) => f.split('/')[0]),
  );
  for (const folder of folders)
    assert.ok(existsSync(join(root, folder, 'README.md')), `${folder}/README.md exists`);
});

test('every object type has a footprint, so addresses do not depend on the word size', async () => {
  const { CATALOG } = await import('./helpers.js');
  for (const [name, type] of Object.entries(CATALOG.types))
    assert.ok(type.footprint >= 8 && type.footprint % 8 === 0, `${name}: footprint ${type.footprint}`);
});

test('core/sim/machine_internal.h names the files that share it, and only files that exist', () => {
  const header = read('core/sim/machine_internal.h');
  const opening = header.slice(0, header.indexOf('*/'));
  const named = new Set([...opening.matchAll(/\b([a-z_]+\.[ch])\b/g)].map((m) => m[1]));
  assert.ok(named.size >= 8, `it names ${named.size} files`);
  for (const file of named) assert.ok(existsSync(join(root, 'core/sim', file)), `core/sim/${file} exists`);
  const sharers = readdirSync(join(root, 'core/sim')).filter(
    (f) => f.endsWith('.c') && read(join('core/sim', f)).includes('#include "machine_internal.h"'),
  );
  assert.deepEqual(
    sharers.filter((f) => !named.has(f)),
    [],
    'every file under core/sim that includes it is named',
  );
  assert.ok(opening.includes('sched/'), 'the scheduling models are named');
});
