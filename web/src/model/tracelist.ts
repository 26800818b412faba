/*
 * The trace as a readable list (the bottom pane's Trace tab) and as JSON
 * Lines for export: the engine's own events, one per line, unchanged.  Pure.
 */
import type { TraceEvent } from '../bridge/types';
import { shortSite } from './format';
import { valueFormatter } from './mermaid';
import { placedNote, readFromWords } from './readWords';

type Fmt = (object: string | undefined, v: number | undefined) => string;
const plain: Fmt = (_o, v) => (v === undefined ? '?' : String(v));

export interface TraceRow {
  /** index in the trace (a stable key) */
  index: number;
  step: number;
  actor: string;
  kind: string;
  object: string;
  /** the engine's words and the values: "fast path: CAS 00 -> 01 · 0 → 1 ✓" */
  what: string;
  site: string;
  tone: 'plain' | 'good' | 'bad' | 'quiet';
}

const QUIET = new Set(['note', 'clock', 'spin', 'yield', 'work']);

function values(e: TraceEvent, f: Fmt): string {
  const o = e.object;
  const parts: string[] = [];
  if (e.kind === 'cas') parts.push(`${f(o, e.expected)} → ${f(o, e.desired)}`, `(${f(o, e.old)})`);
  else if (e.old !== undefined && e.new !== undefined && e.old !== e.new)
    parts.push(`${f(o, e.old)} → ${f(o, e.new)}`);
  else if (e.new !== undefined) parts.push(f(o, e.new));
  if (e.value !== undefined) parts.push(String(e.value));
  if (e.target) parts.push(`→ ${e.target}`);
  if (e.by) parts.push(`← ${e.by}`);
  if (e.text !== undefined) parts.push(`“${e.text}”`);
  if (e.message) parts.push(e.message);
  if (e.ok !== undefined) parts.push(e.ok ? '✓' : '✗');
  return parts.join(' ');
}

export function traceRow(e: TraceEvent, index: number, f: Fmt = plain): TraceRow {
  const label = e.label ?? e.check ?? '';
  const v = values(e, f);
  const bad = e.kind === 'violation' || e.kind === 'stuck' || e.kind === 'error' || e.ok === false;
  return {
    index,
    step: e.step,
    actor: e.actor ?? '',
    kind: e.kind,
    object: e.object ?? '',
    what: label && v ? `${label} · ${v}` : label || v,
    site: shortSite(e.site),
    tone: bad ? 'bad' : e.ok === true ? 'good' : QUIET.has(e.kind) ? 'quiet' : 'plain',
  };
}

/** The last `max` rows of the trace (the list stays quick on long runs); mutex states in bits. */
export function traceRows(
  trace: readonly TraceEvent[],
  max = 400,
  objects?: readonly { name: string; type: string }[],
): { rows: TraceRow[]; hidden: number } {
  const start = Math.max(0, trace.length - max);
  const f = objects ? valueFormatter(objects) : plain;
  const rows = trace.slice(start).map((e, i) => {
    const row = traceRow(e, start + i, f);
    // under ra: which store of its cell a load read (the row alone cannot tell a newer one was
    // passed over), and which store a store was placed before
    const read = readFromWords(trace, start + i) ?? placedNote(trace, start + i, 'trace');
    return read ? { ...row, what: row.what ? `${row.what} · ${read}` : read } : row;
  });
  return { rows, hidden: start };
}

/** JSON Lines: one event per line, as the engine wrote them. */
export function jsonLines(trace: readonly TraceEvent[]): string {
  return trace.map((e) => JSON.stringify(e)).join('\n') + (trace.length ? '\n' : '');
}
