import { describe, expect, it } from 'vitest';
import { LinkError, MAX_DOCUMENT_BYTES, payloadOf, toBase64url } from '@lockstep/link.js';
import { decodeDocument, encodeDocument } from './codec';
import { appFolder, downloadName, lengthVerdict, shareCode } from './links';

const problemOf = async (payload: string) => {
  try {
    await decodeDocument(payload);
  } catch (e) {
    if (e instanceof LinkError) return e.problem;
    throw e;
  }
  return 'none';
};

describe('a document in a link', () => {
  it('round-trips any text, Chinese and emoji included, in the link alphabet', async () => {
    const texts = ['', 'a', '---\nid: x\n---\n## zh-CN\n两个线程都读到 0。🙂\n', 'title: x\n'.repeat(500)];
    for (const text of texts) {
      const payload = await encodeDocument(text);
      expect(payload).toMatch(/^[A-Za-z0-9_-]*$/);
      if (text) expect(await decodeDocument(payload)).toBe(text);
    }
  });

  it('compresses: a real lesson travels in far fewer characters than it has', async () => {
    const text =
      'beats:\n  - when: {actor: A, kind: park}\n    say: {en: A parks., zh-CN: A 停下。}\n'.repeat(40);
    const payload = await encodeDocument(text);
    expect(payload.length).toBeLessThan(text.length / 5);
  });

  it('a cut link is truncated, foreign characters are not base64, junk is corrupt', async () => {
    const payload = await encodeDocument('title: a scenario\nengine: an_engine\n'.repeat(30));
    expect(await problemOf(payload.slice(0, Math.floor(payload.length / 2)))).toBe('truncated');
    expect(await problemOf(`${payload.slice(0, 10)}%2B${payload.slice(10)}`)).toBe('not-base64');
    expect(await problemOf('')).toBe('truncated');
    expect(await problemOf(toBase64url(Uint8Array.from([0xff, 0xff, 0xff, 1, 2, 3, 4])))).toBe('corrupt');
  });

  it('refuses a small link that would expand past the limit, and bytes that are not UTF-8', async () => {
    const bomb = await encodeDocument('#'.repeat(MAX_DOCUMENT_BYTES + 1));
    expect(bomb.length).toBeLessThan(2000);
    expect(await problemOf(bomb)).toBe('too-big');
    const packed = await new Response(
      new Blob([Uint8Array.from([0xc3, 0x28])]).stream().pipeThrough(new CompressionStream('deflate-raw')),
    ).arrayBuffer();
    expect(await problemOf(toBase64url(new Uint8Array(packed)))).toBe('not-text');
  });
});

describe('the Share panel', () => {
  it('links each page, and the snippets carry the same payload', () => {
    const dir = appFolder('https://x.org/lockstep/author.html?lang=zh-CN#src=old');
    expect(dir).toBe('https://x.org/lockstep/');
    const code = shareCode(dir, 'AbC-_', 'My "lesson"');
    expect(code.play).toBe('https://x.org/lockstep/index.html#src=AbC-_');
    expect(code.edit).toBe('https://x.org/lockstep/author.html#src=AbC-_');
    expect(payloadOf(code.play)).toBe('AbC-_');
    expect(code.iframe).toContain('src="https://x.org/lockstep/embed.html#src=AbC-_"');
    expect(code.iframe).toContain('title="My &quot;lesson&quot;"');
    expect(code.element).toContain('<lockstep-lesson doc="AbC-_"></lockstep-lesson>');
  });

  it('notes a link above 2,000 characters and refuses one above 65,536', () => {
    expect(lengthVerdict(2000)).toBe('short');
    expect(lengthVerdict(2001)).toBe('long');
    expect(lengthVerdict(65536)).toBe('long');
    expect(lengthVerdict(65537)).toBe('too-long');
  });

  it('names the download after the lesson or scenario, as a safe file name', () => {
    expect(downloadName('lesson', 'lost-wakeup')).toBe('lost-wakeup.md');
    expect(downloadName('scenario', 'Racy counter: B first!')).toBe('racy-counter-b-first.yaml');
    expect(downloadName('scenario', '两个线程')).toBe('scenario.yaml');
  });
});

describe("a hostile lesson's HTML", () => {
  it('has its event handlers renamed before any parser sees them, text and code left alone', async () => {
    const { defuseHandlers } = await import('../model/sanitize');
    expect(defuseHandlers('<img src="x" onerror="a()" onload=b()>')).toBe(
      '<img src="x" data-defused-error="a()" data-defused-load=b()>',
    );
    expect(defuseHandlers('<svg/onload=alert(1)>')).toBe('<svg/data-defused-load=alert(1)>');
    expect(defuseHandlers('<p>set onclick = f in <code>&lt;b onclick=f&gt;</code></p>')).toBe(
      '<p>set onclick = f in <code>&lt;b onclick=f&gt;</code></p>',
    );
  });
});
