/*
 * The source view's logic: where each actor is in the C source (its next
 * action's site, "engines/<engine>/<file>.c:42"), which files to
 * offer, which to show first.  Pure functions, no DOM.
 */
import type { ActorState } from '../bridge/types';

export interface SourceFile {
  /** "engines/<engine>/<file>.c" */
  path: string;
  text: string;
}

export interface Site {
  path: string;
  line: number;
}

/** "engines/<engine>/<file>.c:42" → {path, line}; null for anything else. */
export function parseSite(site: string | undefined): Site | null {
  const m = /^(.+?):(\d+)$/.exec(site ?? '');
  if (!m) return null;
  const line = Number(m[2]);
  return line > 0 ? { path: m[1]!, line } : null;
}

export interface Mark {
  actor: string;
  /** the actor's index (its colour and key) */
  index: number;
  line: number;
}

/** Each unfinished actor's next line in `path`, in actor order. */
export function marksIn(path: string, actors: ActorState[]): Mark[] {
  const out: Mark[] = [];
  actors.forEach((a, index) => {
    if (a.status === 'finished') return;
    const s = parseSite(a.next?.site);
    if (s && s.path === path) out.push({ actor: a.name, index, line: s.line });
  });
  return out;
}

/** Marks grouped by line: line → marks on it. */
export function marksByLine(marks: Mark[]): Map<number, Mark[]> {
  const m = new Map<number, Mark[]>();
  for (const k of marks) m.set(k.line, [...(m.get(k.line) ?? []), k]);
  return m;
}

/** The file name alone: "engines/<engine>/<file>.c" → "<file>.c". */
export function baseName(path: string): string {
  const i = path.lastIndexOf('/');
  return i >= 0 ? path.slice(i + 1) : path;
}

/**
 * The engine's files, in the catalog's order (headers next to their .c),
 * .c files first since that is where actors are; files an actor's site names
 * are included even when the catalog does not list them.
 */
export function engineFiles(all: SourceFile[], listed: string[], actors: ActorState[]): SourceFile[] {
  const byPath = new Map(all.map((f) => [f.path, f]));
  const paths = [...listed];
  for (const a of actors) {
    const s = parseSite(a.next?.site);
    if (s && !paths.includes(s.path) && byPath.has(s.path)) paths.push(s.path);
  }
  const files = paths.map((p) => byPath.get(p)).filter((f): f is SourceFile => !!f);
  const isC = (f: SourceFile) => (f.path.endsWith('.c') ? 0 : 1);
  return files
    .map((f, i) => ({ f, i }))
    .sort((a, b) => isC(a.f) - isC(b.f) || a.i - b.i)
    .map((x) => x.f);
}

/**
 * The file to show: the one where the first enabled actor's next line is,
 * else any actor's, else the first file.
 */
export function defaultFile(files: SourceFile[], actors: ActorState[]): string | null {
  const has = (p: string) => files.some((f) => f.path === p);
  const order = [
    ...actors.filter((a) => a.status === 'enabled'),
    ...actors.filter((a) => a.status !== 'enabled'),
  ];
  for (const a of order) {
    const s = parseSite(a.next?.site);
    if (s && has(s.path)) return s.path;
  }
  return files[0]?.path ?? null;
}

/** The text as lines (a final newline does not make an empty last line). */
export function sourceLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export type TokenKind = 'plain' | 'comment' | 'string' | 'keyword' | 'type' | 'number' | 'preproc' | 'call';

export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS = new Set(
  'if else for while do return break continue switch case default goto sizeof static const volatile extern inline typedef struct union enum register restrict _Atomic _Bool __attribute__'.split(
    ' ',
  ),
);
const TYPES =
  /^(void|char|short|int|long|unsigned|signed|float|double|bool|size_t|uintptr_t|u?int(8|16|32|64)_t|[a-z_]+_t|[A-Z][a-zA-Z0-9_]*_t)$/;

/**
 * C source as lines of tokens, for colouring (comments, strings, keywords,
 * types, numbers, preprocessor lines, called functions).  Only for display:
 * it need not be a full lexer, but it never loses or reorders a character.
 */
export function tokenizeC(text: string): Token[][] {
  const out: Token[][] = [];
  let inComment = false;
  for (const line of sourceLines(text)) {
    const toks: Token[] = [];
    const push = (kind: TokenKind, s: string) => {
      if (!s) return;
      const last = toks[toks.length - 1];
      if (last && last.kind === kind) last.text += s;
      else toks.push({ kind, text: s });
    };
    let i = 0;
    if (!inComment && /^\s*#/.test(line)) {
      // a preprocessor line; a trailing comment is still a comment
      const c = line.search(/\/[/*]/);
      push('preproc', c >= 0 ? line.slice(0, c) : line);
      i = c >= 0 ? c : line.length;
    }
    while (i < line.length) {
      if (inComment) {
        const end = line.indexOf('*/', i);
        if (end < 0) {
          push('comment', line.slice(i));
          i = line.length;
        } else {
          push('comment', line.slice(i, end + 2));
          i = end + 2;
          inComment = false;
        }
        continue;
      }
      const rest = line.slice(i);
      if (rest.startsWith('//')) {
        push('comment', rest);
        break;
      }
      if (rest.startsWith('/*')) {
        inComment = true;
        push('comment', '/*');
        i += 2;
        continue;
      }
      const ch = line[i]!;
      if (ch === '"' || ch === "'") {
        let j = i + 1;
        while (j < line.length && line[j] !== ch) j += line[j] === '\\' ? 2 : 1;
        push('string', line.slice(i, Math.min(j + 1, line.length)));
        i = Math.min(j + 1, line.length);
        continue;
      }
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
      if (word) {
        const w = word[0];
        const after = rest.slice(w.length);
        const kind: TokenKind = KEYWORDS.has(w)
          ? 'keyword'
          : TYPES.test(w)
            ? 'type'
            : /^\s*\(/.test(after)
              ? 'call'
              : 'plain';
        push(kind, w);
        i += w.length;
        continue;
      }
      const n = /^(0[xXbB][0-9a-fA-F]+|\d+)[uUlL]*/.exec(rest);
      if (n) {
        push('number', n[0]);
        i += n[0].length;
        continue;
      }
      push('plain', ch);
      i++;
    }
    out.push(toks);
  }
  return out;
}
