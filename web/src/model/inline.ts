/*
 * The little Markdown a one-line lesson text uses (a goal, a hint, a beat, a
 * question): `code`, **strong** and *emphasis*, split into pieces the page
 * renders as elements.  Everything else stays text, so nothing in a lesson
 * becomes markup (no HTML, no links).
 */

export type InlinePiece = { kind: 'text' | 'code' | 'strong' | 'em'; text: string };

const TOKEN = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*/g;

export function inlinePieces(source: string): InlinePiece[] {
  const out: InlinePiece[] = [];
  let at = 0;
  for (const m of source.matchAll(TOKEN)) {
    if (m.index > at) out.push({ kind: 'text', text: source.slice(at, m.index) });
    if (m[1] !== undefined) out.push({ kind: 'code', text: m[1] });
    else if (m[2] !== undefined) out.push({ kind: 'strong', text: m[2] });
    else out.push({ kind: 'em', text: m[3]! });
    at = m.index + m[0].length;
  }
  if (at < source.length) out.push({ kind: 'text', text: source.slice(at) });
  return out;
}
