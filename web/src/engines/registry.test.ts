/*
 * The registry and the wasm module agree: every engine the module's catalog
 * lists has an entry here and every entry names an engine of the catalog;
 * every folder under engines/ is listed; a card is small and its parts load
 * on demand; each engine's message table exists
 * in both languages with the same keys and placeholders, and no key is said
 * twice (by two engines, or by an engine and the common table).  That no
 * code outside an engine's folder names it is boundaries.test.ts's check.
 */
import { catalog } from '@lockstep/lockstep.js';
import { loadModule } from '@lockstep/node.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { en as common } from '../i18n/en';
import { engineById, engineRank, engineTitle, loadCards, loadedEngine, loadedEngines } from './index';

const ENGINES = await loadCards();

const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The engine folders: every engines/<engine>/index.ts. */
const folders = Object.keys(import.meta.glob('./*/index.ts')).map((p) => p.split('/')[1]!);

describe('the engine registry', () => {
  let inCatalog: string[] = [];
  beforeAll(async () => {
    const cat = catalog(await loadModule()) as { engines: Record<string, unknown> };
    inCatalog = Object.keys(cat.engines);
  }, 60_000);

  it('has an entry for every engine of the wasm catalog, and none other', () => {
    expect(inCatalog.length).toBeGreaterThanOrEqual(5);
    expect(ENGINES.map((e) => e.id).sort()).toEqual([...inCatalog].sort());
  });

  it('lists every engine folder, under its own name', () => {
    expect(folders.sort()).toEqual(ENGINES.map((e) => e.id).sort());
  });

  it('keeps the order of the one list (mk/engines.mk, as the catalog has it); unknown engines last', () => {
    expect(ENGINES.map((e) => e.id)).toEqual(inCatalog);
    expect(new Set(ENGINES.map((e) => e.order)).size).toBe(ENGINES.length);
    expect(engineRank('zeta')).toBe(ENGINES.length);
    expect(engineById('nope')).toBeUndefined();
    expect(engineTitle('nope', 'en')).toBe('nope');
    for (const e of ENGINES)
      for (const l of ['en', 'zh-CN'] as const) expect(engineTitle(e.id, l)).toBe(e.title[l]);
  });

  it('keeps a card small: its index.ts imports types alone, the rest is its parts, loaded with load()', () => {
    const cards = import.meta.glob<string>('./*/index.ts', { query: '?raw', import: 'default', eager: true });
    for (const [path, text] of Object.entries(cards)) {
      const imports = [...text.matchAll(/^import\b.*$/gm)].map((m) => m[0]);
      expect(imports, path).toEqual(["import type { EngineCard } from '../types';"]);
      expect(text, path).toContain("load: () => import('./parts').then((m) => m.parts)");
    }
    for (const e of ENGINES) expect(Object.keys(e).sort(), e.id).not.toContain('View');
    // the test setup loaded every engine: each with its view and its words, by its own id
    expect(loadedEngines().map((e) => e.id)).toEqual(ENGINES.map((e) => e.id));
    for (const e of loadedEngines()) expect(typeof e.View, e.id).toBe('function');
    for (const e of loadedEngines()) expect(loadedEngine(e.id), e.id).toBe(e);
    expect(loadedEngine('nope')).toBeUndefined();
  });

  it('names each engine and its view in both languages', () => {
    for (const e of ENGINES)
      for (const l of ['en', 'zh-CN'] as const) {
        expect(e.title[l].trim(), `${e.id} title ${l}`).not.toBe('');
        expect(e.inside[l].trim(), `${e.id} inside ${l}`).not.toBe('');
      }
  });

  // which engines offer a tick, and what it does there, each engine's card.test.ts says
  it('says what the tick does, in both languages, for the engines whose model offers one', () => {
    for (const e of ENGINES)
      for (const l of ['en', 'zh-CN'] as const)
        if (e.tick) expect(e.tick[l].trim(), `${e.id} ${l}`).not.toBe('');
  });

  it('gives each engine a Chinese table with the English keys and placeholders, none empty', () => {
    for (const e of loadedEngines()) {
      const { en, 'zh-CN': zh } = e.messages;
      expect(Object.keys(zh).sort(), e.id).toEqual(Object.keys(en).sort());
      for (const [k, v] of Object.entries(en)) {
        const z = (zh as Record<string, string>)[k]!;
        expect(holes(z), `${e.id} ${k}`).toEqual(holes(v));
        expect(z.trim(), `${e.id} ${k}`).not.toBe('');
      }
    }
  });

  it('says each key once: no engine repeats a common key or another engine’s', () => {
    const owner = new Map<string, string>(Object.keys(common).map((k) => [k, 'common']));
    const twice: string[] = [];
    for (const e of loadedEngines())
      for (const k of Object.keys(e.messages.en)) {
        if (owner.has(k)) twice.push(`${k}: ${owner.get(k)} and ${e.id}`);
        owner.set(k, e.id);
      }
    expect(twice).toEqual([]);
  });
});
