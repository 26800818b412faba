/*
 * The app's list of engines comes from mk/engines.mk: the words of ENGINES in
 * order, each imported from its folder's index.ts; a bad or missing word is a
 * clear error naming the file; a compiled lesson or scenario finds its
 * engine's card from the same list.
 */
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cardFiles, engineListModule, listedEngines } from './engines';

const repo = fileURLToPath(new URL('../../', import.meta.url));

function makefile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'engines-mk-'));
  writeFileSync(join(dir, 'engines.mk'), text);
  return join(dir, 'engines.mk');
}

describe('the list of engines', () => {
  it('reads the repository’s ENGINES in order', () => {
    const list = listedEngines(join(repo, 'mk', 'engines.mk'));
    expect(list.length).toBeGreaterThanOrEqual(5);
    // every engine folder of the app, and the line's own order
    const folders = readdirSync(join(repo, 'web', 'src', 'engines'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect([...list].sort()).toEqual(folders.sort());
    const line = /^ENGINES := (.*)$/m.exec(readFileSync(join(repo, 'mk', 'engines.mk'), 'utf8'))![1]!;
    expect(list).toEqual(line.trim().split(/\s+/));
  });

  it('reads a list continued over lines, and stops at a comment', () => {
    const mk = makefile('# engines\nENGINES := a b \\\n  c_d # more later\nOTHER := x\n');
    expect(listedEngines(mk)).toEqual(['a', 'b', 'c_d']);
  });

  it('refuses a file without the list, or a word that is no engine name, naming the file', () => {
    const none = makefile('OTHER := x\n');
    expect(() => listedEngines(none)).toThrow(`${none}: no ENGINES := line`);
    const bad = makefile('ENGINES := basic Bad-One\n');
    expect(() => listedEngines(bad)).toThrow(/"Bad-One" is not an engine name/);
  });

  it('imports each engine’s entry from its folder, in the list’s order', () => {
    const folder = mkdtempSync(join(tmpdir(), 'engines-web-'));
    for (const e of ['b', 'a']) {
      mkdirSync(join(folder, e));
      writeFileSync(join(folder, e, 'index.ts'), '');
    }
    const text = engineListModule(['b', 'a'], folder);
    expect(text).toBe(
      'export const entries = () =>\n  Promise.all([\n' +
        `  import(${JSON.stringify(join(folder, 'b', 'index.ts'))}).then((m) => m.b),\n` +
        `  import(${JSON.stringify(join(folder, 'a', 'index.ts'))}).then((m) => m.a),\n` +
        '  ]);\n',
    );
    expect(() => engineListModule(['b', 'c'], folder)).toThrow(/lists c, but .*c\/index\.ts is missing/);
  });

  it('finds a listed engine’s card for the compiled lessons and scenarios, and none for another name', () => {
    const card = cardFiles(repo);
    const [first] = listedEngines(join(repo, 'mk', 'engines.mk'));
    expect(card(first!)).toBe(join(repo, 'web', 'src', 'engines', first!, 'index.ts'));
    expect(card('no_such_engine')).toBeNull();
    expect(card('types')).toBeNull();
  });
});
