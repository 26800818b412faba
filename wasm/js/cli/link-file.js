// @ts-check
/**
 * Reading a Lockstep link on the command line (`lockstep check LINK`,
 * `lockstep run LINK`): the document it carries, inflated with node's zlib
 * and never past MAX_DOCUMENT_BYTES, or a CliError (exit 2) saying what is
 * wrong with the link.  The format is ../link.js.
 */
import { inflateRawSync } from 'node:zlib';
import {
  LinkError,
  MAX_DOCUMENT_BYTES,
  decodeText,
  documentKind,
  fromBase64url,
  payloadOf,
} from '../link.js';
import { CliError } from './errors.js';

/**
 * @param {Uint8Array} bytes  raw DEFLATE
 * @returns {Uint8Array}
 * @throws {LinkError}
 */
export function inflateLink(bytes) {
  try {
    return inflateRawSync(bytes, { maxOutputLength: MAX_DOCUMENT_BYTES });
  } catch (e) {
    const code = /** @type {NodeJS.ErrnoException} */ (e).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') throw new LinkError('too-big');
    if (code === 'Z_BUF_ERROR') throw new LinkError('truncated');
    throw new LinkError('corrupt');
  }
}

/**
 * The document a link carries, with the name its problems are reported
 * under (link.md for a lesson, link.yaml for a scenario).
 * @param {string} command  for messages
 * @param {string} link
 * @returns {{text: string, file: string, kind: 'lesson'|'scenario'}}
 */
export function readLink(command, link) {
  try {
    const text = decodeText(inflateLink(fromBase64url(payloadOf(link))));
    const kind = documentKind(text);
    return { text, file: kind === 'lesson' ? 'link.md' : 'link.yaml', kind };
  } catch (e) {
    if (e instanceof LinkError) throw new CliError(`${command}: ${e.message}`);
    throw e;
  }
}
