// @ts-check
/**
 * What `lockstep run` prints.  The --json form must equal, byte for byte,
 * what build/native/lockstep-run --json prints for the same run, so it is
 * written the way the C side's jbuf writes JSON (core/sim/json.c): no spaces,
 * keys in a fixed order, and the same string escapes (which differ from
 * JSON.stringify's for \b and \f).
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

/** The one JSON object of `run --json`, in lockstep-run's key order. */
export function runJson(/** @type {import('../lockstep.js').Summary} */ s) {
  return cJson({
    outcome: outcomeOf(s),
    steps: s.steps,
    schedule: s.schedule,
    virtual_time: s.virtual_time,
    stuck: s.stuck,
    violation: s.violation,
    prints: s.prints,
  });
}

/**
 * The readable report: the outcome line (as lockstep-run prints it), then
 * what explains it, then the schedule that reproduces it.
 * @param {import('../lockstep.js').Summary} s
 * @returns {string}  ends with a newline
 */
export function runText(s) {
  const lines = [`outcome: ${outcomeOf(s)} after ${s.steps} steps (virtual time ${s.virtual_time} us)`];
  for (const b of s.stuck) lines.push(`stuck: ${b.actor} ${b.reason} (at ${b.location})`);
  const v = s.violation;
  if (v && v.kind === 'error') {
    lines.push(`error: ${v.message}`); // the message says at which step
  } else if (v) {
    const who = v.actor ? `, ${v.actor}` : '';
    const where = v.location ? ` at ${v.location}` : '';
    lines.push(`violation (${v.kind}): ${v.message} (step ${v.step}${who}${where})`);
    // what the engine's reference implementation throws here, word for word
    if (v.java) lines.push(`java: ${v.java}`);
  }
  if (outcomeOf(s) === 'limit') lines.push('note: the step limit was reached; raise it with --max-steps N');
  for (const p of s.prints) lines.push(`print: ${p}`);
  lines.push(`schedule: ${s.schedule}`);
  lines.push(`compact: ${s.compact}`);
  if (s.message && !(v && v.message === s.message)) lines.push(`note: ${s.message}`);
  return lines.join('\n') + '\n';
}
