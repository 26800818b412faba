// @ts-check
/**
 * JSON as the C side writes it, for `lockstep explore --json`, which must
 * print what build/native/lockstep-run explore --json prints: written the way
 * the C side's jbuf writes JSON (core/sim/json.c): no spaces, keys in a fixed
 * order, and the same string escapes (which differ from JSON.stringify's for
 * \b and \f).  (`lockstep run` prints the C side's own report,
 * Session.report, so it needs nothing here but outcomeOf.)
 */

/** A JSON string exactly as jb_strn() escapes it. */
export function cString(/** @type {string} */ s) {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return out + '"';
}

/**
 * Any JSON value, written as the C side writes it (keys in insertion order).
 * @param {unknown} v
 * @returns {string}
 */
export function cJson(v) {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return cString(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(cJson).join(',')}]`;
  const entries = Object.entries(/** @type {object} */ (v));
  return `{${entries.map(([k, x]) => `${cString(k)}:${cJson(x)}`).join(',')}}`;
}

/**
 * The outcome the CLI reports: the machine's, or how the run stopped when it
 * stopped early (as lockstep-run does).
 * @param {import('../lockstep.js').Summary} s
 */
export function outcomeOf(s) {
  return s.end === 'limit' ? 'limit' : s.end === 'waiting' ? 'waiting' : s.outcome;
}
