/*
 * The scenario picker's logic: scenarios grouped by engine, their titles in
 * both languages read from the YAML text (at build time, by
 * web/plugins/scenarios.ts, also for a file that does not compile), and the
 * checks a dropped file passes before it is compiled.  Pure functions, no DOM.
 */
import type { LessonText } from '../bridge/lessonTypes';

export interface EngineGroup {
  engine: string;
  /** scenario ids, e.g. "<engine>/<scenario>" */
  ids: string[];
}

/** The engine of an id: its first path segment. */
export function engineOfId(id: string): string {
  const i = id.indexOf('/');
  return i > 0 ? id.slice(0, i) : '';
}

/** Scenarios by engine, the engines by `rank` (the registry's order; ties alphabetically), each group sorted. */
export function groupByEngine(ids: string[], rank: (engine: string) => number = () => 0): EngineGroup[] {
  const groups = new Map<string, string[]>();
  for (const id of [...ids].sort()) {
    const e = engineOfId(id);
    groups.set(e, [...(groups.get(e) ?? []), id]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([engine, list]) => ({ engine, ids: list }));
}

/** What the picker shows of a scenario. */
export interface ScenarioSummary {
  id: string;
  /** in both languages (one string is said in both), or null when the file has none that reads */
  title: LessonText | null;
  variant: string | null;
  /** it carries a schedule (the picker marks it) */
  schedule: boolean;
}

/**
 * The top-level `title:` of a scenario's YAML text in both languages, read
 * with `parse` (the yaml package's), or null.  A string is the title in both
 * languages; a map gives each its own (a missing Chinese one falls back to
 * the English when shown: inLocale).  A file that does not read has none.
 */
export function titleOf(yaml: string, parse: (yaml: string) => unknown): LessonText | null {
  let data: unknown;
  try {
    data = parse(yaml);
  } catch {
    return null;
  }
  const v = data && typeof data === 'object' ? (data as Record<string, unknown>).title : undefined;
  if (typeof v === 'string') return v.trim() ? { en: v.trim(), 'zh-CN': v.trim() } : null;
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const say = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
  return say(o.en) ? { en: say(o.en), 'zh-CN': say(o['zh-CN']) } : null;
}

/** The top-level `variant:` of a scenario's YAML text, or null. */
export function variantOf(yaml: string): string | null {
  const m = /^variant:[ \t]*([A-Za-z0-9_-]+)[ \t]*(#.*)?$/m.exec(yaml);
  return m ? m[1]! : null;
}

/** Whether the YAML text has a top-level `schedule:`. */
export function hasSchedule(yaml: string): boolean {
  return /^schedule:[ \t]*\S/m.test(yaml);
}

export const MAX_FILE_BYTES = 256 * 1024;

export type FileProblem =
  | { kind: 'notYaml'; name: string }
  | { kind: 'tooBig'; name: string; max: number }
  | { kind: 'empty'; name: string }
  | { kind: 'notText'; name: string }
  | { kind: 'several'; count: number };

/** What is wrong with a file offered as a scenario before reading it, or null. */
export function checkFile(f: { name: string; size: number }): FileProblem | null {
  if (!/\.ya?ml$/i.test(f.name)) return { kind: 'notYaml', name: f.name };
  if (f.size > MAX_FILE_BYTES) return { kind: 'tooBig', name: f.name, max: MAX_FILE_BYTES };
  if (f.size === 0) return { kind: 'empty', name: f.name };
  return null;
}

/** What is wrong with a file's text (it must be text, not binary), or null. */
export function checkText(name: string, text: string): FileProblem | null {
  if (text.trim() === '') return { kind: 'empty', name };
  // NUL or many replacement characters: not a text file
  if (text.includes('\u0000') || (text.match(/\uFFFD/g)?.length ?? 0) > 8) return { kind: 'notText', name };
  return null;
}

/** A file name safe to show and to put in messages: its last path segment, at most 80 characters. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '');
  return clean.length > 80 ? `${clean.slice(0, 77)}…` : clean || 'scenario.yaml';
}

/** Where a problem is, the way compilers say it: "file:line:col: field:" (the same in every language). */
export function problemWhere(p: { file?: string; line?: number; column?: number; field?: string }): string {
  const at = [p.file, p.line, p.line !== undefined ? p.column : undefined].filter(
    (x) => x !== undefined && x !== '',
  );
  const parts = [at.join(':'), p.field ?? ''].filter((x) => x);
  return parts.length ? `${parts.join(': ')}:` : '';
}
