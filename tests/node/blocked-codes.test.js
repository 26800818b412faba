// Every reason code the C side can put in `blocked.why` (each is defined once
// as `const sim_blocked_code x = {"name", english}`, core/sim/blocked.h) has
// an entry in the web's table (web/src/model/blocked.ts), which says it in
// English and Chinese; and the table has no entry C never emits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

/** Every .c file under a folder, recursively. */
function cFiles(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cFiles(join(dir, e.name)) : e.name.endsWith('.c') ? [join(dir, e.name)] : [],
  );
}

function codesInC() {
  const codes = new Map();
  for (const file of cFiles('core')) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/sim_blocked_code\s+\w+\s*=\s*\{\s*"([^"]+)"/g)) {
      assert.ok(!codes.has(m[1]), `code ${m[1]} is defined in ${file} and in ${codes.get(m[1])}`);
      codes.set(m[1], file);
    }
  }
  return codes;
}

function codesInWeb() {
  const text = readFileSync(join(root, 'web/src/model/blocked.ts'), 'utf8');
  const table = text.slice(text.indexOf('const REASONS'), text.indexOf('export const BLOCKED_CODES'));
  return new Set([...table.matchAll(/^ {2}'?([a-z_.]+)'?: \{/gm)].map((m) => m[1]));
}

test('every reason code C defines has words in web/src/model/blocked.ts, and no other code does', () => {
  const c = codesInC();
  const web = codesInWeb();
  assert.ok(c.size >= 20, `found ${c.size} codes in C`);
  const missing = [...c.keys()].filter((k) => !web.has(k)).map((k) => `${k} (${c.get(k)})`);
  assert.deepEqual(missing, [], 'codes C can emit that the web cannot say');
  assert.deepEqual(
    [...web].filter((k) => !c.has(k)),
    [],
    'codes the web says that C never emits',
  );
});

test('each code has both languages in the web table', () => {
  const text = readFileSync(join(root, 'web/src/model/blocked.ts'), 'utf8');
  const table = text.slice(text.indexOf('const REASONS'), text.indexOf('export const BLOCKED_CODES'));
  const starts = [...table.matchAll(/^ {2}'?([a-z_.]+)'?: \{/gm)];
  assert.ok(starts.length >= 20);
  starts.forEach((m, k) => {
    const entry = table.slice(m.index, k + 1 < starts.length ? starts[k + 1].index : table.length);
    assert.match(entry, /^ {2}'?[a-z_.]+'?: \{\s*en: /, `${m[1]} has English first`);
    assert.match(entry, /'zh-CN': \(/, `${m[1]} has Chinese`);
  });
});

test('the state JSON gives a held task its reason as data next to the English', async () => {
  const { compileFile, open } = await import('./helpers.js');
  const s = open(compileFile('tests/scenarios/rtos/priority-inversion.yaml'));
  const st = s.state();
  const mid = st.actors.find((a) => a.name === 'Mid');
  assert.equal(mid.status, 'blocked');
  // held: the scheduling model, not a lock or a wake, keeps Mid from moving (the web reads this, not a list)
  assert.deepEqual(mid.blocked, {
    why: 'rtos.priority',
    held: true,
    runner: 'High',
    runner_priority: -1,
    priority: -2,
  });
  assert.equal(mid.reason, 'ready, but High has a higher priority (-1 > -2)');
  assert.equal(
    st.actors.find((a) => a.name === 'High').blocked,
    undefined,
    'an actor that can move has no reason',
  );
  s.free();
});

test('held is the scheduling model’s mark: a task waiting on a mutex or a delay has none', async () => {
  const { compileFile, open } = await import('./helpers.js');
  const s = open(compileFile('tests/scenarios/rtos/priority-inversion.yaml'));
  s.run({ policy: 'round-robin' });
  const seen = new Map();
  const last = s.state().step;
  for (let step = 0; step <= last; step++) {
    s.goto(step);
    for (const a of s.state().actors) if (a.blocked) seen.set(a.blocked.why, a.blocked.held === true);
  }
  s.free();
  // waiting for the processor (a higher priority, its turn at the tick, a
  // give's wake that waits for the next scheduling point) is held; a mutex and
  // a delay are not
  assert.deepEqual(Object.fromEntries(seen), {
    'rtos.priority': true,
    'rtos.turn': true,
    'rtos.woken': true,
    'rtos.mutex.takes': false,
    blocked: false,
  });
});
