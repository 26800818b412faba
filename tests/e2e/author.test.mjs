// The author page (author.html) and links that carry a document (#src=): a
// cut, damaged or oversized link says so and loses nothing, and a good one
// sets the open draft aside; Download gives the file; Share notes a long link
// and refuses one over the limit; the lesson menu's "Edit" opens the lesson's
// source.  The templates are those of the engine of the tests' own small
// scenarios (COUNTERS).  (A lesson written from an engine's template, a
// scenario edited, a hostile lesson built on a template, hover and completion
// from the catalog are their engine's e2e tests, tests/e2e/<engine>.test.mjs.)
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  COUNTERS,
  browser,
  lane,
  open,
  screenshot,
  until,
  useApp,
  waitForText,
  allowClipboard,
} from './harness.mjs';
import { addressHas, author, documentOf, download, payloadFor } from './author.mjs';
import { payloadOf } from '../../wasm/js/link.js';

const app = useApp();

const expectText = (locator, want, timeout = 15000) => waitForText(locator, want, timeout);

describe('links from elsewhere are untrusted', () => {
  test('a cut link says so in the page, and nothing is lost', async () => {
    const { page: a } = await author(app, app.chrome.context, `?template=${COUNTERS}`);
    await addressHas(a, new RegExp(`engine: ${COUNTERS}`));
    const whole = a.url();
    await a.close();
    const cut = whole.slice(0, whole.length - Math.floor(payloadOf(whole).length / 2));

    const { page, errors } = await open(app.chrome.context, cut.replace('author.html', 'index.html'));
    await expectText(
      page.getByTestId('notice'),
      /This link is cut short: its data ends before the document does\. Copy the whole link again\./,
    );
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await page.close();

    // the author page: the problem, and the draft this browser kept (the template)
    const { page: ed } = await author(app, app.chrome.context, cut.slice(cut.indexOf('#')));
    await expectText(ed.getByTestId('author-link-problem'), /This link is cut short/);
    await expectText(
      ed.getByTestId('author-link-problem'),
      /Your last draft in this browser is open instead\./,
    );
    await addressHas(ed, new RegExp(`engine: ${COUNTERS}`));
    await screenshot(ed, 'author-cut-link');
    assert.deepEqual(errors, []);
    await ed.close();
  });
});

describe("the editor's help, drafts, Download and Share's limits", () => {
  /** A run of `n` characters that do not compress much (a link grows about 5 characters for 6). */
  const noise = (n) => {
    let x = 12345;
    let out = '';
    for (let i = 0; i < n; i++) {
      // xorshift32: the same characters each run
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      out += 'abcdefghijklmnopqrstuvwxyz0123456789'[(x >>> 0) % 36];
    }
    return out;
  };

  test('Share says when a link is long, refuses one over the limit, and always offers Download', async () => {
    const fresh = await browser();
    try {
      await allowClipboard(fresh.context, app.server.url);
      const { page, errors } = await author(app, fresh.context, `?template=${COUNTERS}`);
      await addressHas(page, new RegExp(`engine: ${COUNTERS}`));
      const share = async () => {
        await page.getByTestId('author-share').click();
        const dialog = page.getByTestId('author-share-dialog');
        await dialog.waitFor({ state: 'visible' });
        return dialog;
      };
      /** Adds `text` at the end of the document and waits for the page to encode it. */
      const append = async (text) => {
        const before = page.url();
        await page.locator('.cm-content').click();
        await page.keyboard.press('Control+End');
        // pasted, as a teacher would add a long text (the editor reads a paste in one piece)
        await page.evaluate((t) => navigator.clipboard.writeText(t), text);
        await page.keyboard.press('Control+V');
        await until(() => page.getByTestId('author-share').isEnabled(), 'Share to be possible');
        return before;
      };

      const template = documentOf(page.url());
      // a few hundred characters of link: the length, nothing more
      let dialog = await share();
      assert.equal(await dialog.getByTestId('author-share-length').getAttribute('data-verdict'), 'short');
      await dialog.getByRole('button', { name: 'Close' }).click();

      // past 2,000 characters: the note, and the links still offered
      await append(`\n\n${noise(3000)}\n`);
      await until(async () => page.url().length > 2200, 'the address to hold the longer document');
      dialog = await share();
      await expectText(
        dialog.getByTestId('author-share-length'),
        /^The link is \d{4} characters long\. Chat apps and mail often cut links after 2,000 characters: check that it arrives whole, or send the file\.$/,
      );
      assert.equal(await dialog.getByTestId('author-share-length').getAttribute('data-verdict'), 'long');
      assert.match(await dialog.getByTestId('share-play').inputValue(), /index\.html#src=/);
      await dialog.getByRole('button', { name: 'Close' }).click();

      // past the limit: refused in words, no link offered, Download still there
      await append(`\n${noise(90000)}\n`);
      dialog = await share();
      await until(
        async () =>
          (await dialog.getByTestId('author-share-length').getAttribute('data-verdict')) === 'too-long',
        'the refusal',
        30000,
      );
      await expectText(
        dialog.getByTestId('author-share-length'),
        /^The link would be \d{5,6} characters long, more than the 65536 a Lockstep link may have\. Download the file and send it instead\.$/,
      );
      assert.equal(await dialog.getByTestId('share-play').count(), 0);
      const saved = await download(page, dialog.getByTestId('share-download'));
      assert.equal(saved.name, `${/^id: (\S+)$/m.exec(template)[1]}.md`);
      // the document as it is: the template, then both pastes
      assert.equal(saved.text, `${template}\n\n${noise(3000)}\n\n${noise(90000)}\n`);
      assert.deepEqual(errors, []);
      await page.close();
    } finally {
      await fresh.close();
    }
  });

  test('a damaged or oversized link says so in the page and opens the last draft', async () => {
    const fresh = await browser();
    try {
      const { page: a } = await author(app, fresh.context, `?template=${COUNTERS}`);
      await addressHas(a, new RegExp(`engine: ${COUNTERS}`));
      await a.close();
      for (const [hash, words] of [
        ['#src=ab$cd!', /This link is damaged: its data has characters a link's data never has\./],
        [
          `#src=${'A'.repeat(70000)}`,
          /This link is longer than 65536 characters, the most a Lockstep link may have\./,
        ],
        ['#src=____', /This link is damaged: its data is not a compressed document\./],
      ]) {
        const { page, errors } = await author(app, fresh.context, hash);
        await expectText(page.getByTestId('author-link-problem'), words);
        await expectText(
          page.getByTestId('author-link-problem'),
          /Your last draft in this browser is open instead\./,
        );
        await addressHas(page, new RegExp(`engine: ${COUNTERS}`));
        assert.deepEqual(errors, [], hash.slice(0, 20));
        await page.close();
      }
    } finally {
      await fresh.close();
    }
  });

  test('a good link opened over a different draft sets the draft aside, one click away', async () => {
    const fresh = await browser();
    try {
      const { page: a } = await author(app, fresh.context, `?template=${COUNTERS}`);
      await addressHas(a, new RegExp(`engine: ${COUNTERS}`));
      const draft = documentOf(a.url());
      await a.close();
      // someone else's lesson: the same template under another id
      const linked = draft.replace(/^id: .*$/m, 'id: a-linked-lesson');
      assert.notEqual(linked, draft);
      const { page, errors } = await author(app, fresh.context, `#src=${payloadFor(linked)}`);
      await expectText(
        page.getByTestId('author-earlier'),
        /The draft you had open before is kept in this browser\./,
      );
      await addressHas(page, /^id: a-linked-lesson$/m);
      await page.getByTestId('author-earlier').getByRole('button').click();
      await addressHas(page, new RegExp(`^${draft.match(/^id: .*$/m)[0]}$`, 'm'));
      // and back: neither document is lost
      await page.getByTestId('author-earlier').getByRole('button').click();
      await addressHas(page, /^id: a-linked-lesson$/m);
      assert.deepEqual(errors, []);
      await page.close();
    } finally {
      await fresh.close();
    }
  });

  test("remix from the lesson menu: the course lesson's source opens in the editor", async () => {
    const { page, errors } = await open(app.chrome.context, `${app.server.url}`);
    const edit = page.getByTestId('lesson-edit');
    await edit.waitFor({ timeout: 15000 });
    const id = await page.getByTestId('lesson-panel').getAttribute('data-lesson');
    assert.equal(await edit.getAttribute('href'), `author.html?lesson=${id}`);
    await edit.click();
    await page.locator('body[data-editor-ready]').waitFor({ timeout: 20000 });
    await addressHas(page, new RegExp(`^id: ${id}$`, 'm'));
    await page.locator('[data-testid=author-status][data-full=done]').waitFor({ timeout: 60000 });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
