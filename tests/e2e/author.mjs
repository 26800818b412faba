// Shared by the e2e tests of the author page (tests/e2e/author.test.mjs, and an
// engine's own in tests/e2e/<engine>.test.mjs): the document an address
// carries, the editor opened and edited, a download's file.
import { readFile } from 'node:fs/promises';
import { deflateRawSync } from 'node:zlib';
import { decodeText, fromBase64url, payloadOf, toBase64url } from '../../wasm/js/link.js';
import { inflateLink } from '../../wasm/js/cli/link-file.js';
import { open, until } from './harness.mjs';

/** The document an address carries (the author page keeps it in the address). */
export const documentOf = (url) => decodeText(inflateLink(fromBase64url(payloadOf(url))));
/** The payload for a document, as the page makes it. */
export const payloadFor = (text) => toBase64url(deflateRawSync(Buffer.from(text, 'utf8')));

/** Waits until the page's address carries `want` (a RegExp over the document). */
export async function addressHas(page, want) {
  return until(async () => {
    try {
      return want.test(documentOf(page.url()));
    } catch {
      return false;
    }
  }, `the address to carry ${want}`);
}

/** Opens the app's author.html (with `query`) and waits for the editor. */
export async function author(app, context, query = '') {
  const opened = await open(context, `${app.server.url}author.html${query}`);
  await opened.page.locator('body[data-editor-ready]').waitFor({ timeout: 20000 });
  return opened;
}

/** Selects `length` characters at `column` (1-based) of the editor line holding `text`, and types `insert`. */
export async function replaceOnLine(page, text, column, length, insert) {
  // a click at the line's left edge puts the cursor at its column 1
  await page
    .locator('.cm-line', { hasText: text })
    .first()
    .click({ position: { x: 1, y: 4 } });
  for (let i = 1; i < column; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < length; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.type(insert);
}

/** The file a click on `button` downloads: its name and its text. */
export async function download(page, button) {
  const [d] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: d.suggestedFilename(), text: await readFile(await d.path(), 'utf8') };
}
