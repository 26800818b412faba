/*
 * A document in and out of a link's payload, in the browser: UTF-8, raw
 * DEFLATE by the platform's CompressionStream, base64url without padding
 * (the format and its limits are @lockstep/link.js, shared with the
 * command line, which inflates with node's zlib).  Inflating stops at
 * MAX_DOCUMENT_BYTES, so a small link cannot expand into a huge document;
 * every way a payload can be bad ends in a LinkError naming the problem.
 */
import { LinkError, MAX_DOCUMENT_BYTES, decodeText, fromBase64url, toBase64url } from '@lockstep/link.js';

/** Every chunk a stream gives, refusing more than `limit` bytes in all. */
async function drain(readable: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const reader = readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      void reader.cancel().catch(() => undefined);
      throw new LinkError('too-big');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Pushes `bytes` through a (de)compression stream; the writer's failure surfaces on the reader. */
async function through(
  stream: CompressionStream | DecompressionStream,
  bytes: Uint8Array,
  limit: number,
): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  void writer
    .write(bytes as Uint8Array<ArrayBuffer>)
    .then(() => writer.close())
    .catch(() => undefined);
  return drain(stream.readable as ReadableStream<Uint8Array>, limit);
}

/** The payload for a document: what follows `#src=` in its links. */
export async function encodeDocument(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const packed = await through(new CompressionStream('deflate-raw'), bytes, Number.MAX_SAFE_INTEGER);
  return toBase64url(packed);
}

/**
 * The document a payload holds.
 * @throws LinkError not-base64, truncated, corrupt, too-big, not-text
 */
export async function decodeDocument(payload: string): Promise<string> {
  const packed = fromBase64url(payload);
  if (!packed.length) throw new LinkError('truncated');
  let bytes: Uint8Array;
  try {
    bytes = await through(new DecompressionStream('deflate-raw'), packed, MAX_DOCUMENT_BYTES);
  } catch (e) {
    if (e instanceof LinkError) throw e;
    // a stream cut short fails only when it is closed (Chromium: "Compressed input was
    // truncated", node: "unexpected end of file"); anything else is data that was never DEFLATE
    const message = e instanceof Error ? e.message : String(e);
    throw new LinkError(
      /truncated|terminated|unexpected end|incomplete/i.test(message) ? 'truncated' : 'corrupt',
    );
  }
  return decodeText(bytes);
}
