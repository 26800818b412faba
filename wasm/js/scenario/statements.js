// @ts-check
/**
 * The words inside a program string: "increment counter", "sleep 10ms",
 * 'print "hello"', "assert result == 3", "repeat 3 { lock m; unlock m }".
 *
 * A string is split into tokens, then into statements (separated by `;` or a
 * line break); `repeat N { ... }` nests.  This file knows the shapes of
 * statements only, not what the names mean: checking names against the
 * objects and the catalog is compile.js's job.
 */

/**
 * @typedef {object} Token
 * @property {'word'|'number'|'string'|'punct'} kind
 * @property {string} text    as written
 * @property {number} start   offset in the string
 * @property {string} [value] string: the text without quotes and escapes
 */

/** Thrown for a malformed string; `offset` is where in it. */
export class SyntaxProblem extends Error {
  /** @param {string} message @param {number} offset */
  constructor(message, offset) {
    super(message);
    this.offset = offset;
  }
}

const PUNCT = ['==', '!=', '<=', '>=', '<', '>', '{', '}', ';', '='];

/**
 * @param {string} s
 * @returns {Token[]}  line breaks come out as ';'
 */
export function tokenize(s) {
  /** @type {Token[]} */
  const out = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '\n') {
      out.push({ kind: 'punct', text: ';', start: i });
      i++;
    } else if (/\s/.test(c)) {
      i++;
    } else if (c === '#') {
      // a comment to the end of the line, as in YAML
      while (i < s.length && s[i] !== '\n') i++;
    } else if (c === '"' || c === "'") {
      const start = i;
      let value = '';
      i++;
      for (;;) {
        if (i >= s.length || s[i] === '\n')
          throw new SyntaxProblem(`the text starting here has no closing ${c}`, start);
        const d = s[i];
        if (d === c) break;
        if (d === '\\' && c === '"') {
          const e = s[i + 1];
          const escapes = /** @type {Record<string, string>} */ ({ '"': '"', '\\': '\\', n: '\n', t: '\t' });
          if (e === undefined || !(e in escapes))
            throw new SyntaxProblem(`unknown escape \\${e ?? ''} (use \\" \\\\ \\n or \\t)`, i);
          value += escapes[e];
          i += 2;
        } else {
          value += d;
          i++;
        }
      }
      i++;
      out.push({ kind: 'string', text: s.slice(start, i), start, value });
    } else if (/[0-9+-]/.test(c) && /[0-9]/.test(s[i + (c === '-' || c === '+' ? 1 : 0)] ?? '')) {
      const start = i;
      i++;
      while (i < s.length && /[0-9A-Za-z_]/.test(s[i])) i++;
      out.push({ kind: 'number', text: s.slice(start, i), start });
    } else if (/[A-Za-z_]/.test(c)) {
      const start = i;
      while (i < s.length && /[A-Za-z0-9_.]/.test(s[i])) i++;
      out.push({ kind: 'word', text: s.slice(start, i), start });
    } else {
      const p = PUNCT.find((q) => s.startsWith(q, i));
      if (!p) throw new SyntaxProblem(`unexpected character '${c}'`, i);
      out.push({ kind: 'punct', text: p, start: i });
      i += p.length;
    }
  }
  return out;
}

const UNITS = /** @type {Record<string, number>} */ ({ us: 1, ms: 1000, s: 1000000 });

/**
 * The integer a number token stands for: decimal, 0x hex, 0b binary, with
 * optional _ separators; or a duration (10ms, 5us, 2s) in microseconds.
 * Only integers JavaScript holds exactly are accepted.
 * @param {Token} t
 * @returns {{value: number, duration: boolean}}
 */
export function numberValue(t) {
  const m = /^([+-]?)(0x[0-9a-fA-F_]+|0b[01_]+|[0-9_]+)(us|ms|s)?$/.exec(t.text);
  if (!m || m[2].endsWith('_') || m[2].includes('__'))
    throw new SyntaxProblem(
      `'${t.text}' is not a number (write 42, 0x2a, 0b101, or a duration like 10ms)`,
      t.start,
    );
  const digits = m[2].replace(/_/g, '');
  const magnitude = Number(digits); // Number() reads 0x and 0b prefixes too
  const unit = m[3] ? UNITS[m[3]] : 1;
  const value = (m[1] === '-' ? -1 : 1) * magnitude * unit;
  if (!Number.isSafeInteger(value))
    throw new SyntaxProblem(`${t.text} is out of range (the limit is ±${Number.MAX_SAFE_INTEGER})`, t.start);
  return { value: value === 0 ? 0 : value, duration: Boolean(m[3]) };
}

/**
 * A statement, before names are checked.
 * @typedef {object} Statement
 * @property {Token[]} words   the statement's tokens (for repeat: `repeat N`)
 * @property {Statement[]} [body]  repeat only
 */

/**
 * Splits tokens into statements; `repeat N { ... }` takes its body along.
 * @param {Token[]} tokens
 * @returns {Statement[]}
 */
export function statements(tokens) {
  let i = 0;
  /** @returns {Statement[]} */
  function list(/** @type {Token|null} */ open) {
    /** @type {Statement[]} */
    const out = [];
    /** @type {Token[]} */
    let words = [];
    const flush = () => {
      if (words.length) out.push({ words });
      words = [];
    };
    while (i < tokens.length) {
      const t = tokens[i++];
      if (t.kind === 'punct' && t.text === ';') flush();
      else if (t.kind === 'punct' && t.text === '}') {
        if (!open) throw new SyntaxProblem("'}' without a matching '{'", t.start);
        flush();
        return out;
      } else if (t.kind === 'punct' && t.text === '{') {
        if (!(words.length === 2 && words[0].text === 'repeat'))
          throw new SyntaxProblem("'{' can only follow repeat N, as in: repeat 3 { increment c }", t.start);
        const head = words;
        words = [];
        out.push({ words: head, body: list(t) });
      } else words.push(t);
    }
    if (open) throw new SyntaxProblem("this '{' has no matching '}'", open.start);
    flush();
    return out;
  }
  return list(null);
}
