/*
 * One engine, one place: nothing outside web/src/engines/<engine>/ imports
 * from that folder or names what is its own.  An engine's own names are
 * gathered, not listed by hand: its object types and labels from the wasm
 * module's catalog, its reason codes and memory regions from its C source
 * (core/), its reason codes again from its reasons table, the types its
 * folder exports, and its id.  Every other source file of the app (web/src,
 * web/plugins; tests excepted, which may feed real engine data to generic
 * code) is read without its comments and must not use any of them.  The
 * registry's list of engines is generated (plugins/engines.ts), so it is no
 * file here.
 */
import { catalog } from '@lockstep/lockstep.js';
import { loadModule } from '@lockstep/node.js';
import { ACTION_KINDS, EVENT_KINDS } from '@lockstep/trace.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCards, loadedEngines } from './index';

const ENGINES = await loadCards();

/** A glob's keys as paths from web/src/ ("model/describe.ts", "engines/<engine>/model.ts", "../plugins/x.ts"). */
function fromSrc(files: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(files)) out[resolve('engines/x.ts', k)!] = v;
  return out;
}

/** Every source file of the app, by its path from web/src/. */
const SOURCES = fromSrc(
  import.meta.glob<string>(
    [
      '../**/*.ts',
      '../**/*.tsx',
      '../../plugins/**/*.ts',
      '!../**/*.test.ts',
      '!../../plugins/**/*.test.ts',
      '!../**/*.d.ts',
    ],
    { query: '?raw', import: 'default', eager: true },
  ),
);

/** The C source, where reason codes and memory regions are defined. */
const C_SOURCES = import.meta.glob<string>('../../../core/**/*.c', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The engine folder a path lies in ("engines/<engine>/model.ts" → "<engine>"), or null outside engines/<engine>/. */
function engineFolderOf(path: string): string | null {
  return /^engines\/([a-z_0-9]+)\//.exec(path)?.[1] ?? null;
}

/** A file without its comments (string contents kept): what the code says, not what it explains. */
function withoutComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The text of every literal in code: strings, template parts and regular expressions (their source). */
function literals(code: string): string[] {
  const out: string[] = [];
  const re =
    /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`|(?<=[=(,:!&|?{};\s])\/((?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+)\/[dgimsuy]*/g;
  for (const m of code.matchAll(re)) {
    const s = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (s !== undefined) out.push(m[4] !== undefined ? s.replace(/\\(.)/g, '$1') : s);
  }
  return out;
}

/** The module specifiers a file imports (static, dynamic, type-only, re-exports, globs). */
function specifiers(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(
    /(?:\bfrom|\bimport|\bimport\.meta\.glob(?:<[^>]*>)?)\s*\(?\s*\[?\s*['"`]([^'"`]+)['"`]/g,
  ))
    out.push(m[1]!);
  return out;
}

/** Where a relative specifier points from `file`, both as paths from web/src/ ("engines/<engine>/model"). */
function resolve(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const parts = file.split('/').slice(0, -1);
  for (const seg of spec.split('/')) {
    if (seg === '.' || seg === '') continue;
    if (seg === '..') {
      if (parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
      else parts.push('..');
    } else parts.push(seg);
  }
  return parts.join('/');
}

/** What is an engine's own, as the checks below look for it. */
interface OwnNames {
  id: string;
  /** object types: a literal that is exactly one */
  types: Set<string>;
  /** labels (AT("…")) long or odd enough not to be a common word: a literal that contains one */
  labels: Set<string>;
  /** reason codes ("<engine>.queued"): a literal that contains one */
  codes: Set<string>;
  /** memory regions ("lot"): a literal naming an element ("lot[3]", /^lot\[/) */
  regions: Set<string>;
  /** type names its folder exports: an identifier in code */
  typeNames: Set<string>;
  /** the machine's and the models' reason codes ("rtos.turn" is the rtos model's, not the engine's) */
  machine: Set<string>;
}

const MACHINE_WORDS = new Set<string>([...ACTION_KINDS, ...EVENT_KINDS]);
/** A label a generic literal cannot contain by chance ("no waiter", "requeued"; not "park" or "count"). */
const distinctive = (label: string) =>
  !MACHINE_WORDS.has(label) && (label.length >= 8 || /[^a-z]/.test(label));

/** Reason codes the machine and the scheduling models define (core/sim/): nobody's own. */
function machineCodes(): Set<string> {
  const out = new Set<string>();
  for (const [path, text] of Object.entries(C_SOURCES))
    if (!path.includes('/engines/'))
      for (const m of text.matchAll(/sim_blocked_code\s+\w+\s*=\s*\{\s*"([^"]+)"/g)) out.add(m[1]!);
  return out;
}

/** Names that more than one engine has (a label two bindings share, a type two folders declare): nobody's own. */
function sharedBy<T>(all: T[], of: (x: T) => Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const x of all) for (const n of new Set(of(x))) (seen.has(n) ? twice : seen).add(n);
  return twice;
}

function ownNames(cat: Catalog): OwnNames[] {
  const machine = machineCodes();
  const typeNamesOf = (id: string) => {
    const names = new Set<string>();
    for (const [path, text] of Object.entries(SOURCES))
      if (engineFolderOf(path) === id)
        for (const m of text.matchAll(/export\s+(?:interface|type|class|enum)\s+([A-Za-z_]\w*)/g))
          names.add(m[1]!);
    return names;
  };
  const ids = ENGINES.map((e) => e.id);
  const sharedLabels = sharedBy(ids, (id) => cat.engines[id]?.labels ?? []);
  const sharedTypes = sharedBy(ids, typeNamesOf);
  return loadedEngines().map(({ id, reasons }) => {
    const codes = new Set(Object.keys(reasons ?? {}));
    const regions = new Set<string>();
    for (const [path, text] of Object.entries(C_SOURCES)) {
      if (!path.includes(`/engines/${id}/`)) continue;
      for (const m of text.matchAll(/sim_blocked_code\s+\w+\s*=\s*\{\s*"([^"]+)"/g)) codes.add(m[1]!);
      for (const m of text.matchAll(/\.name\s*=\s*"([a-z_0-9]+)"/g)) regions.add(m[1]!);
    }
    return {
      id,
      types: new Set(Object.keys(cat.types).filter((t) => cat.types[t]!.engine === id)),
      labels: new Set((cat.engines[id]?.labels ?? []).filter((l) => distinctive(l) && !sharedLabels.has(l))),
      codes,
      machine,
      regions,
      typeNames: new Set([...typeNamesOf(id)].filter((n) => !sharedTypes.has(n))),
    };
  });
}

interface Catalog {
  engines: Record<string, { labels?: string[] }>;
  types: Record<string, { engine: string }>;
}

/** Every way `file` (not in `own.id`'s folder) names engine `own`; empty when it names none. */
function namings(file: string, text: string, own: OwnNames): string[] {
  const found: string[] = [];
  for (const spec of specifiers(text)) {
    const to = resolve(file, spec);
    if (to && (to === `engines/${own.id}` || to.startsWith(`engines/${own.id}/`)))
      found.push(`imports ${spec}`);
  }
  const code = withoutComments(text);
  // the UI's sentences may use a label's words ("spin round {round}") without meaning the label
  const prose = /^i18n\/(en|zh-CN)\.ts$/.test(file);
  for (const lit of literals(code)) {
    if (
      !own.machine.has(lit) &&
      (lit === own.id || lit.startsWith(`${own.id}.`) || lit.startsWith(`${own.id}/`))
    )
      found.push(`names the engine: '${lit}'`);
    if (own.types.has(lit)) found.push(`names its object type '${lit}'`);
    for (const c of own.codes) if (lit.includes(c)) found.push(`names its reason code '${c}'`);
    if (!prose) for (const l of own.labels) if (lit.includes(l)) found.push(`names its label '${l}'`);
    for (const r of own.regions)
      if (new RegExp(`(?:^|[^\\w])${r}(?:\\\\?\\[)`).test(lit)) found.push(`names its region '${r}[…]'`);
  }
  const bare = code.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
  for (const n of own.typeNames) if (new RegExp(`\\b${n}\\b`).test(bare)) found.push(`names its type ${n}`);
  return found;
}

describe('an engine’s own names stay in its folder', () => {
  let owns: OwnNames[] = [];
  beforeAll(async () => {
    owns = ownNames(catalog(await loadModule()) as Catalog);
  }, 60_000);

  it('gathers each engine’s names from the catalog, its C source and its folder', () => {
    expect(owns.length).toBe(ENGINES.length);
    for (const o of owns) expect(o.types.size, `${o.id} object types`).toBeGreaterThan(0);
    // each kind of name is found for some engine, so the check below looks for it
    for (const kind of ['codes', 'regions', 'typeNames', 'labels'] as const)
      expect(
        owns.some((o) => o[kind].size > 0),
        `some engine has ${kind}`,
      ).toBe(true);
    expect(Object.keys(SOURCES).length).toBeGreaterThan(80);
    expect(Object.keys(C_SOURCES).length).toBeGreaterThan(20);
  });

  it('catches each way of naming each engine (the check can fail)', () => {
    const first = (names: Set<string>, ok = (_: string) => true) => [...names].find(ok);
    for (const o of owns) {
      const named = (text: string) => namings('model/x.ts', text, o);
      expect(named(`import { parkedOn } from '../engines/${o.id}/model';`), o.id).toHaveLength(1);
      expect(named(`const m = await import('../engines/${o.id}');`), o.id).toHaveLength(1);
      expect(named(`if (e === '${o.id}') {}`), o.id).not.toEqual([]);
      const type = first(o.types)!;
      expect(named(`objects.filter((o) => o.type === '${type}')`), `${o.id}: ${type}`).not.toEqual([]);
      const code = first(o.codes);
      if (code) expect(named(`if (b.why === '${code}') {}`), `${o.id}: ${code}`).not.toEqual([]);
      const region = first(o.regions);
      if (region) expect(named(`const B = /^${region}\\[(\\d+)\\]$/;`), `${o.id}: ${region}`).not.toEqual([]);
      const typeName = first(o.typeNames);
      if (typeName) expect(named(`let s: ${typeName};`), `${o.id}: ${typeName}`).not.toEqual([]);
      const label = first(o.labels, (l) => !/['\\]/.test(l));
      if (label) expect(named(`if (e.label === '${label}') {}`), `${o.id}: ${label}`).not.toEqual([]);
      // what is not naming: a comment, another folder's import, a word in prose, a key
      expect(named(`// the ${o.id} engine\nimport { t } from "../i18n";`), o.id).toEqual([]);
      expect(named(`t('seq.park', { ${type}: 1 })`), o.id).toEqual([]);
    }
  });

  it('finds no file outside engines/<engine>/ that imports from it or names its own', () => {
    expect(owns.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const [file, text] of Object.entries(SOURCES))
      for (const own of owns) {
        if (engineFolderOf(file) === own.id) continue;
        for (const n of namings(file, text, own)) found.push(`${file} (${own.id}): ${n}`);
      }
    expect(found).toEqual([]);
  });
});
