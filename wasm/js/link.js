// @ts-check
/**
 * Links that carry a whole lesson or scenario in their fragment
 * (`author.html#src=…`, `index.html#src=…`, `embed.html#src=…`), so that no
 * server ever sees or stores the document.  The payload is the file's UTF-8
 * bytes, compressed with raw DEFLATE (RFC 1951, no zlib or gzip header), in
 * base64url without padding (RFC 4648 §5).
 *
 * This file is the part both sides share: the alphabet, reading the payload
 * out of a link, the limits, and every way a link can be bad as a code with
 * its English sentence (the web puts the code into the learner's language).
 * Compressing is the platform's: node's zlib (cli/link-file.js), the
 * browser's CompressionStream (web/src/share/codec.ts); both stop inflating
 * at MAX_DOCUMENT_BYTES, so a small link cannot expand into a huge document.
 */
import { MAX_LESSON_CHARS } from './lesson.js';

/** Above this many characters a link gets a note: chat apps and mail clients often cut there. */
export const LINK_NOTE_CHARS = 2000;

/**
 * The longest link made or read: 65,536 characters of address.  Every
 * current browser keeps an address this long (Chromium 2 MB, Firefox 1 MB,
 * Safari about 80,000), and a document too big for it goes by Download.
 */
export const MAX_LINK_CHARS = 65536;

/** The largest document a link may expand to: a lesson file's own limit, in UTF-8 bytes. */
export const MAX_DOCUMENT_BYTES = 4 * MAX_LESSON_CHARS;

/**
 * Why a link cannot be read.
 * - `no-src`: the address has no `#src=` part
 * - `not-base64`: the payload has a character base64url does not use
 * - `truncated`: the data ends before the document does (the link was cut)
 * - `corrupt`: the data is not a DEFLATE stream
 * - `too-long`: the link is longer than MAX_LINK_CHARS
 * - `too-big`: it expands to more than MAX_DOCUMENT_BYTES
 * - `not-text`: the document is not UTF-8 text
 * @typedef {'no-src'|'not-base64'|'truncated'|'corrupt'|'too-long'|'too-big'|'not-text'} LinkProblem
 */

/** The English sentence for each problem, after "this link ". */
export const LINK_PROBLEMS = /** @type {const} */ ({
  'no-src': "holds no document: a Lockstep link ends in '#src=' and the document's data",
  'not-base64':
    "is damaged: its data has characters a link's data never has (only A-Z, a-z, 0-9, '-' and '_')",
  truncated: 'is cut short: its data ends before the document does (copy the whole link again)',
  corrupt: 'is damaged: its data is not a compressed document',
  'too-long': `is longer than ${MAX_LINK_CHARS} characters, the most a Lockstep link may have`,
  'too-big': `expands to more than ${MAX_DOCUMENT_BYTES} bytes, more than any lesson may have`,
  'not-text': 'is damaged: the document it holds is not UTF-8 text',
});

export class LinkError extends Error {
  /** @param {LinkProblem} problem */
  constructor(problem) {
    super(`this link ${LINK_PROBLEMS[problem]}`);
    this.name = 'LinkError';
    /** @type {LinkProblem} */
    this.problem = problem;
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * @param {Uint8Array} bytes
 * @returns {string}  base64url, no padding
 */
export function toBase64url(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += ALPHABET[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

/**
 * @param {string} text  base64url without padding (a trailing '=' is tolerated)
 * @returns {Uint8Array}
 * @throws {LinkError} not-base64
 */
export function fromBase64url(text) {
  const s = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new LinkError('not-base64');
  // no number of bytes leaves one character over
  if (s.length % 4 === 1) throw new LinkError('truncated');
  const out = new Uint8Array(Math.floor((s.length * 6) / 8));
  let bits = 0;
  let value = 0;
  let j = 0;
  for (const ch of s) {
    const d = ALPHABET.indexOf(ch);
    value = ((value << 6) | d) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (value >> bits) & 255;
    }
  }
  return out;
}

/**
 * Whether a command-line argument or an address is a Lockstep link rather
 * than a file name: it has a `#src=` fragment.
 * @param {string} text
 */
export function isLink(text) {
  return /#(?:[^#]*&)?src=/.test(text);
}

/**
 * The payload of a link: the value of `src=` in its fragment (the fragment
 * is `key=value` pairs joined by '&', like a query).
 * @param {string} link  a whole address, or only its fragment ('#src=…')
 * @returns {string}
 * @throws {LinkError} no-src, too-long
 */
export function payloadOf(link) {
  if (link.length > MAX_LINK_CHARS) throw new LinkError('too-long');
  const hash = link.indexOf('#');
  const fragment = hash < 0 ? '' : link.slice(hash + 1);
  for (const pair of fragment.split('&')) {
    if (pair.startsWith('src=')) {
      const value = pair.slice(4).trim();
      if (!value) throw new LinkError('truncated');
      return value;
    }
  }
  throw new LinkError('no-src');
}

/**
 * Whether a document is a lesson (Markdown with front matter) or a scenario
 * (YAML): it decides the file name offered by Download and the check run.
 * @param {string} text
 * @returns {'lesson'|'scenario'}
 */
export function documentKind(text) {
  return /^\uFEFF?---[ \t]*\r?\n/.test(text) ? 'lesson' : 'scenario';
}

/**
 * The document's UTF-8 bytes as text, refusing what is not UTF-8.
 * @param {Uint8Array} bytes
 * @throws {LinkError} not-text
 */
export function decodeText(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new LinkError('not-text');
  }
}
