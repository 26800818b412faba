/*
 * Completion and hover help for the author page, from the module's catalog:
 * engines and their variants, the object types of the document's engine
 * with their parameters, operations and arguments, actor kinds, and the
 * statements every scenario has.  Pure functions over the text and a
 * position, so the editor only turns their answers into its own types.
 */
import { getLocale } from '../i18n';

export interface CatalogType {
  engine: string;
  summary: string;
  params: { name: string; default: number }[];
  ops: Record<string, { args: string[] }>;
  fields: string[];
}

export interface Catalog {
  engines: Record<string, { summary: string; variants: string[] }>;
  types: Record<string, CatalogType>;
}

export interface HelpOption {
  label: string;
  /** what it is, in a few words */
  detail: string;
  /** longer help, shown beside the list */
  info?: string;
}

/** The statements every actor program may use besides its objects' operations (scenario/compile.js). */
const COMMON = ['work', 'sleep', 'cs_enter', 'cs_exit', 'print', 'assert', 'repeat'];

/** The kinds an actor can be (scenario.schema.json). */
const ACTOR_KINDS = ['thread', 'task', 'isr'];

const words = {
  en: {
    engine: 'engine',
    variant: 'variant of {engine}',
    type: 'object type ({engine})',
    op: 'operation of {types}',
    statement: 'statement',
    kind: 'actor kind',
    object: 'object ({type})',
    params: 'parameters: {list}',
    ops: 'operations: {list}',
    fields: 'fields: {list}',
    none: 'none',
    args: 'arguments: {list}',
  },
  'zh-CN': {
    engine: '引擎',
    variant: '{engine} 的变体',
    type: '对象类型（{engine}）',
    op: '{types} 的操作',
    statement: '语句',
    kind: '执行者类型',
    object: '对象（{type}）',
    params: '参数：{list}',
    ops: '操作：{list}',
    fields: '字段：{list}',
    none: '无',
    args: '参数：{list}',
  },
} as const;

function say(key: keyof (typeof words)['en'], params: Record<string, string> = {}): string {
  const table = getLocale() === 'zh-CN' ? words['zh-CN'] : words.en;
  return table[key].replace(/\{(\w+)\}/g, (m, k: string) => params[k] ?? m);
}

const list = (xs: string[]) => (xs.length ? xs.join(', ') : say('none'));

/** The engine the document names (`engine: x`), if the catalog has it. */
export function engineOf(text: string, catalog: Catalog): string | null {
  const m = /^engine:\s*["']?([A-Za-z_]+)/m.exec(text);
  return m && m[1] && catalog.engines[m[1]] ? m[1] : null;
}

/** The document's objects and their types (`name: type` or `name: {type: t, …}` under objects:). */
export function objectsOf(text: string, catalog: Catalog): Map<string, string> {
  const out = new Map<string, string>();
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^\s*objects:\s*$/.test(l));
  if (start < 0) return out;
  const indent = (lines[start] ?? '').search(/\S/);
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (line.search(/\S/) <= indent) break;
    const m = /^\s*([A-Za-z_][\w]*):\s*(?:\{\s*type:\s*)?["']?([A-Za-z_]\w*)/.exec(line);
    if (m && m[1] && m[2] && catalog.types[m[2]]) out.set(m[1], m[2]);
  }
  return out;
}

function typeInfo(name: string, t: CatalogType): string {
  const ops = Object.entries(t.ops).map(([op, o]) => (o.args.length ? `${op} ${o.args.join(' ')}` : op));
  return [
    t.summary,
    say('params', { list: list(t.params.map((p) => `${p.name} = ${p.default}`)) }),
    say('ops', { list: list(ops) }),
    say('fields', { list: list(t.fields) }),
  ].join('\n');
}

function typeOptions(catalog: Catalog, engine: string | null): HelpOption[] {
  return Object.entries(catalog.types)
    .filter(([, t]) => !engine || t.engine === engine)
    .map(([name, t]) => ({
      label: name,
      detail: say('type', { engine: t.engine }),
      info: typeInfo(name, t),
    }));
}

function opOptions(text: string, catalog: Catalog): HelpOption[] {
  const byOp = new Map<string, { types: string[]; args: string[] }>();
  for (const type of new Set(objectsOf(text, catalog).values())) {
    for (const [op, o] of Object.entries(catalog.types[type]?.ops ?? {})) {
      const known = byOp.get(op) ?? { types: [], args: o.args };
      known.types.push(type);
      byOp.set(op, known);
    }
  }
  return [
    ...[...byOp].map(([op, o]) => ({
      label: op,
      detail: say('op', { types: o.types.join(', ') }),
      info: say('args', { list: list(o.args) }),
    })),
    ...COMMON.map((s) => ({ label: s, detail: say('statement') })),
  ];
}

/**
 * What may be typed at `pos`: the options and where the word being typed
 * starts; null where the catalog has nothing to offer.
 */
export function completionsAt(
  text: string,
  pos: number,
  catalog: Catalog,
): { from: number; options: HelpOption[] } | null {
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  const before = text.slice(lineStart, pos);
  const word = /[\w]*$/.exec(before)?.[0] ?? '';
  const from = pos - word.length;
  const head = before.slice(0, before.length - word.length);
  const engine = engineOf(text, catalog);
  const objects = objectsOf(text, catalog);
  if (/^engine:\s*["']?$/.test(head))
    return {
      from,
      options: Object.entries(catalog.engines).map(([name, e]) => ({
        label: name,
        detail: say('engine'),
        info: e.summary,
      })),
    };
  if (
    /\bvariants?:\s*(\[[^\]]*)?["']?$/.test(head) ||
    (/^\s*-\s*$/.test(head) && /variants:/.test(text.slice(0, lineStart).split('\n').slice(-3).join('\n')))
  ) {
    const e = engine ? catalog.engines[engine] : undefined;
    return e
      ? {
          from,
          options: e.variants.map((v) => ({ label: v, detail: say('variant', { engine: engine ?? '' }) })),
        }
      : null;
  }
  if (/\bkind:\s*$/.test(head))
    return { from, options: ACTOR_KINDS.map((k) => ({ label: k, detail: say('kind') })) };
  // an object's type: `name: ` or `type: ` inside objects:
  if (/(^\s+[A-Za-z_]\w*:\s*|\btype:\s*)$/.test(head) && inBlock(text, lineStart, 'objects'))
    return { from, options: typeOptions(catalog, engine) };
  // in a program: after an operation, the object; otherwise an operation or a statement
  if (inBlock(text, lineStart, 'actors') && /(\[|,|^\s*-)\s*(["']?)([\w]+\s+)?$/.test(head)) {
    if (/[\w]+\s+$/.test(head))
      return {
        from,
        options: [...objects].map(([name, type]) => ({ label: name, detail: say('object', { type }) })),
      };
    return { from, options: opOptions(text, catalog) };
  }
  return null;
}

/** Whether the line starting at `lineStart` lies inside the block `key:` (a key at a lower indent). */
function inBlock(text: string, lineStart: number, key: string): boolean {
  const lines = text.slice(0, lineStart).split('\n');
  const indent = (text.slice(lineStart).match(/^\s*/)?.[0] ?? '').length;
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i] ?? '';
    if (!l.trim() || l.trim().startsWith('#')) continue;
    const at = l.search(/\S/);
    if (at < indent || (at === 0 && indent === 0)) return new RegExp(`^\\s*${key}:`).test(l);
  }
  return false;
}

/** Help for the word at `pos`: an engine, a variant, an object type or object, an operation. */
export function hoverAt(
  text: string,
  pos: number,
  catalog: Catalog,
): { from: number; to: number; text: string } | null {
  let from = pos;
  let to = pos;
  while (from > 0 && /\w/.test(text[from - 1] ?? '')) from--;
  while (to < text.length && /\w/.test(text[to] ?? '')) to++;
  const word = text.slice(from, to);
  if (!word) return null;
  const engine = engineOf(text, catalog);
  const say1 = (t: string) => ({ from, to, text: t });
  const e = catalog.engines[word];
  if (e) return say1(`${word}: ${say('engine')}\n${e.summary}\n${e.variants.join(', ')}`);
  const t = catalog.types[word];
  if (t) return say1(`${word}: ${say('type', { engine: t.engine })}\n${typeInfo(word, t)}`);
  const objects = objectsOf(text, catalog);
  const objType = objects.get(word);
  if (objType && catalog.types[objType])
    return say1(`${word}: ${say('object', { type: objType })}\n${typeInfo(objType, catalog.types[objType])}`);
  const owners = [...new Set(objects.values())].filter((type) => catalog.types[type]?.ops[word]);
  if (owners.length) {
    const args = catalog.types[owners[0] ?? '']?.ops[word]?.args ?? [];
    return say1(`${word}: ${say('op', { types: owners.join(', ') })}\n${say('args', { list: list(args) })}`);
  }
  if (engine && catalog.engines[engine]?.variants.includes(word))
    return say1(`${word}: ${say('variant', { engine })}`);
  return null;
}
