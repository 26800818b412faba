// The architecture document's promises about the tree: every engine in
// mk/engines.mk has each file the document says an engine adds, the web app's
// engine registry is generated from that one list (web/plugins/engines.ts)
// with a folder for each engine and none other, and no file of the project
// points outside the clone (at a ../shared folder that a user's copy does
// not have).
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

/** The paths of the table under "What a new engine adds". */
function perEngineFiles() {
  const doc = read('docs/ARCHITECTURE.md');
  const section = doc.slice(doc.indexOf('## What a new engine adds'));
  const body = section.slice(0, section.indexOf('\n## ', 4));
  return [...body.matchAll(/^\| `([^`]+)`/gm)].map((m) => m[1]);
}

test('docs/ARCHITECTURE.md lists what an engine adds', () => {
  const files = perEngineFiles();
  assert.ok(files.length >= 5, `found ${files.length} rows`);
  assert.ok(files.every((f) => f.includes('<engine>') || f === 'lessons/'));
  assert.ok(files.includes('web/src/engines/<engine>/index.ts'), 'the web registry entry is listed');
});

for (const engine of engines()) {
  test(`engine ${engine} has every file docs/ARCHITECTURE.md says an engine adds`, () => {
    for (const pattern of perEngineFiles()) {
      const path = pattern
        .replaceAll('<engine>', engine)
        .split(' ')[0]
        .replace(/\*\.c,$/, '');
      const dir = path.endsWith('/') ? path : null;
      if (dir) {
        assert.ok(existsSync(join(root, dir)), `${dir} exists`);
        assert.ok(readdirSync(join(root, dir)).length > 0, `${dir} is not empty`);
      } else {
        assert.ok(existsSync(join(root, path)), `${path} exists`);
      }
    }
  });
}

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
    assert.match(
      read(`web/src/engines/${e}/index.ts`),
      new RegExp(`^export const ${e}: EngineEntry`, 'm'),
      e,
    );
});

test('no tracked file points at ../shared (a clone has no such folder)', () => {
  const outside = ['\\.\\./shared/', '/work' + '/shared'].join('|');
  const r = spawnSync('git', ['grep', '-n', '-I', '-E', outside], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(r.status, 1, `git grep found:\n${r.stdout}${r.stderr}`);
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
