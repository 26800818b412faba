// The author page (author.html) and links that carry a document (#src=):
// a teacher writes a lesson from a template, sees a mistyped operation at its
// line with the CLI's words, fixes it, shares the link and a fresh browser
// plays it to its goal; a student edits the lost-wakeup scenario (B unlocks
// first) and steps it, and an edit keeps the preview's step; a hostile
// lesson runs nothing and breaks no CSP rule; a cut, damaged or oversized
// link says so and loses nothing, and a good one sets the open draft aside; hover and completion come from the
// catalog; a missing translation is drafted from English and reported;
// Download gives the file; Share notes a long link and refuses one over the
// limit; the lesson menu's "Edit" opens the lesson's source.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import {
  browser,
  clean,
  lane,
  open,
  screenshot,
  stepOf,
  take,
  until,
  useApp,
  waitForText,
} from './harness.mjs';
import { decodeText, fromBase64url, payloadOf, toBase64url } from '../../wasm/js/link.js';
import { loadModule } from '../../wasm/js/node.js';
import { checkLesson } from '../../wasm/js/check/lesson.js';
import { checkScenario } from '../../wasm/js/check/scenario.js';
import { formatProblem } from '../../wasm/js/lesson.js';
import { inflateLink } from '../../wasm/js/cli/link-file.js';

const app = useApp();
const M = await loadModule();

const expectText = (locator, want, timeout = 15000) => waitForText(locator, want, timeout);

/** The document an address carries (the author page keeps it in the address). */
const documentOf = (url) => decodeText(inflateLink(fromBase64url(payloadOf(url))));
/** The payload for a document, as the page makes it. */
const payloadFor = (text) => toBase64url(deflateRawSync(Buffer.from(text, 'utf8')));

/** Waits until the page's address carries `want` (a RegExp over the document). */
async function addressHas(page, want) {
  return until(async () => {
    try {
      return want.test(documentOf(page.url()));
    } catch {
      return false;
    }
  }, `the address to carry ${want}`);
}

/** Opens author.html (with `query`) and waits for the editor. */
async function author(context, query = '') {
  const opened = await open(context, `${app.server.url}author.html${query}`);
  await opened.page.locator('body[data-editor-ready]').waitFor({ timeout: 20000 });
  return opened;
}

/** Selects `length` characters at `column` (1-based) of the editor line holding `text`, and types `insert`. */
async function replaceOnLine(page, text, column, length, insert) {
  // a click at the line's left edge puts the cursor at its column 1
  await page
    .locator('.cm-line', { hasText: text })
    .first()
    .click({ position: { x: 1, y: 4 } });
  for (let i = 1; i < column; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < length; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.type(insert);
}

describe('the teacher: a lesson from the parking_lot template', () => {
  test('a mistyped operation shows at its line with the CLI words; fixed, it passes, is shared and is played to its goal', async () => {
    const { page, errors } = await author(app.chrome.context);
    await app.chrome.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: app.server.url,
    });
    page.on('dialog', (d) => void d.accept());
    await page.getByTestId('author-start').selectOption('template:parking_lot');
    await addressHas(page, /engine: parking_lot/);
    await page.locator('[data-testid=author-status][data-state=pass]').waitFor({ timeout: 30000 });

    // lokc for lock, on A's program line
    await replaceOnLine(page, 'A: [lock m', 9, 4, 'lokc');
    await page.locator('[data-testid=author-status][data-state=problems]').waitFor({ timeout: 10000 });
    const typed = await addressHas(page, /A: \[lokc m/).then(() => documentOf(page.url()));
    const cli = checkLesson(M, typed, { file: 'lesson.md' }).problems.map(formatProblem);
    assert.equal(cli.length, 1);
    assert.match(
      cli[0],
      /^lesson\.md:\d+:\d+: scenario\.actors\.A\[0\]: m \(mini_mutex\) has no operation 'lokc'; it has: lock, unlock, try_lock$/,
    );
    const [, line, column, rest] = /^lesson\.md:(\d+):(\d+): (.*)$/.exec(cli[0]);
    // the same words, at the same line and column, in the list and inline
    await expectText(page.getByTestId('author-problems'), `${line}:${column} ${rest}`);
    const marked = page.locator('.cm-line', { hasText: 'A: [lokc m' }).locator('.cm-lintRange-error');
    assert.equal(clean(await marked.innerText()), 'lokc');
    await screenshot(page, 'author-typo-1440');

    await replaceOnLine(page, 'A: [lokc m', 9, 4, 'lock');
    await page.locator('[data-testid=author-status][data-state=pass]').waitFor({ timeout: 30000 });
    await addressHas(page, /A: \[lock m/);
    assert.equal(await page.locator('.cm-lintRange-error').count(), 0);

    await page.getByTestId('author-share').click();
    const dialog = page.getByTestId('author-share-dialog');
    await dialog.waitFor({ state: 'visible' });
    await expectText(dialog.getByTestId('author-share-length'), /^The link is \d+ characters long\.$/);
    await dialog.getByTestId('share-play-copy').click();
    const link = await until(async () => {
      const got = await page.evaluate(() => navigator.clipboard.readText()).catch(() => '');
      return /index\.html#src=/.test(got) ? got : null;
    }, 'the copied link');
    assert.equal(documentOf(link), documentOf(page.url()));
    assert.match(
      await dialog.getByTestId('share-element').inputValue(),
      /<lockstep-lesson doc="[A-Za-z0-9_-]+">/,
    );
    assert.deepEqual(errors, []);
    await page.close();

    // a fresh browser: no storage, only the link
    const fresh = await browser();
    try {
      const played = await open(fresh.context, link.replace(/^https?:\/\/[^/]+\//, app.server.url));
      const p = played.page;
      await expectText(
        p.getByTestId('lesson-goal'),
        /Let A and B each lock and unlock m without one failed CAS\./,
      );
      for (let i = 0; i < 4; i++) await take(p, lane(p, 'A').getByTestId('step'), 'A');
      for (let i = 0; i < 8 && !(await p.getByTestId('goal-banner').isVisible()); i++)
        await take(p, lane(p, 'B').getByTestId('step'), 'B');
      await expectText(p.getByTestId('goal-banner'), /Goal reached/);
      assert.deepEqual(played.errors, []);
    } finally {
      await fresh.close();
    }
  });
});

describe('the student: the lost wakeup, with B unlocking first', () => {
  test('from the scenario picker to the author page; the edit plays, and an edit to the words keeps the step', async () => {
    const { page: appPage } = await open(
      app.chrome.context,
      `${app.server.url}?scenario=parking_lot/lost-wakeup`,
    );
    await lane(appPage, 'A').waitFor({ timeout: 15000 });
    await appPage.getByTestId('open-picker').click();
    const edit = appPage.getByTestId('picker-edit');
    await expectText(edit, 'Edit this scenario');
    assert.equal(await edit.getAttribute('href'), 'author.html?scenario=parking_lot%2Flost-wakeup');
    await edit.click();
    await appPage.locator('body[data-editor-ready]').waitFor({ timeout: 20000 });
    const page = appPage;
    await addressHas(page, /en: The lost wakeup/);

    // B takes the lock first and unlocks it: the schedule is B's four steps
    await page.locator('.cm-line', { hasText: 'schedule: "v1: A B B' }).click({ position: { x: 1, y: 4 } });
    await page.keyboard.press('Shift+End');
    await page.keyboard.type('schedule: "v1: B B B B"');
    await addressHas(page, /^schedule: "v1: B B B B"$/m);
    // its expect: (B stuck) no longer holds: lockstep compile's words, at the key
    const edited = documentOf(page.url());
    const compiled = checkScenario(M, edited, { file: 'scenario.yaml' }).problems;
    assert.equal(compiled.length, 1);
    assert.match(
      formatProblem(compiled[0]),
      /^scenario\.yaml:\d+:\d+: expect\.outcome: is stuck, but the default run \(variant validate_outside, its schedule: then round-robin\) ends done after 8 steps$/,
    );
    await expectText(
      page.getByTestId('author-problems'),
      `${compiled[0].line}:${compiled[0].column} expect.outcome: ${compiled[0].message}`,
      30000,
    );
    const preview = page.frameLocator('[data-testid=author-preview]');
    // B's four steps, then A alone to its end (no choice left): nobody is stuck now
    await until(async () => (await stepOf(preview).catch(() => 0)) === 8, 'the preview to replay B first');
    await expectText(lane(preview, 'A').getByTestId('status'), /finished/);
    await expectText(lane(preview, 'B'), /finished/);
    // back to where B has unlocked: A's lock now takes the free mutex in one CAS
    for (let i = 0; i < 4; i++) await preview.getByTestId('back').click();
    await until(async () => (await stepOf(preview)) === 4, 'the preview to go back to step 4');
    await expectText(lane(preview, 'A'), /will succeed: state 00 → 01/);
    await take(preview, lane(preview, 'A').getByTestId('step'), 'A in the preview');
    assert.equal(await stepOf(preview), 5);

    // an edit to the words: the preview stays at its step
    // the title is in both languages (title: {en, zh-CN}); the English line is "  en: The lost …"
    await replaceOnLine(page, 'en: The lost wakeup', 11, 4, 'Lost');
    await addressHas(page, /en: The Lost wakeup/);
    await expectText(preview.locator('header nav'), /The Lost wakeup/);
    assert.equal(await stepOf(preview), 5);
    await screenshot(page, 'author-student-1440');
    await page.close();
  });
});

describe('links from elsewhere are untrusted', () => {
  const hostile = (template) =>
    template
      .replace('en: Two threads, one mutex', 'en: "Two threads <img src=x onerror=window.__pwned=1>"')
      .replace(
        /## en\n\n/,
        '## en\n\n<script>window.__pwned = 2</script>\n<img src="x" onerror="window.__pwned = 3">\n[click](javascript:window.__pwned=4)\n<iframe src="javascript:window.__pwned=5"></iframe>\n\n',
      );

  test('a hostile lesson runs no script and breaks no CSP rule, in the app, the embed and the author page', async () => {
    const { page: a } = await author(app.chrome.context, '?template=parking_lot');
    const template = await addressHas(a, /engine: parking_lot/).then(() => documentOf(a.url()));
    await a.close();
    const payload = payloadFor(hostile(template));
    for (const path of ['index.html', 'embed.html', 'author.html']) {
      const { page, errors } = await open(app.chrome.context, `${app.server.url}${path}#src=${payload}`);
      if (path === 'author.html') {
        await page.locator('body[data-editor-ready]').waitFor({ timeout: 20000 });
        await page
          .frameLocator('[data-testid=author-preview]')
          .getByTestId('lesson-goal')
          .waitFor({ timeout: 20000 });
      } else await expectText(page.getByTestId('lesson-goal'), /Let A and B each lock/);
      await page.waitForTimeout(500);
      const frames = page.frames();
      for (const f of frames) {
        assert.equal(await f.evaluate(() => window.__pwned), undefined, `${path}: ${f.url().slice(0, 60)}`);
        assert.equal(
          await f.locator('[data-testid=lesson-panel] script, [data-testid=lesson-panel] iframe').count(),
          0,
        );
        assert.equal(await f.locator('[onerror]').count(), 0);
      }
      assert.deepEqual(errors, [], path);
      await page.close();
    }
  });

  test('a cut link says so in the page, and nothing is lost', async () => {
    const { page: a } = await author(app.chrome.context, '?template=basic');
    await addressHas(a, /engine: basic/);
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

    // the author page: the problem, and the draft this browser kept (the basic template)
    const { page: ed } = await author(app.chrome.context, cut.slice(cut.indexOf('#')));
    await expectText(ed.getByTestId('author-link-problem'), /This link is cut short/);
    await expectText(
      ed.getByTestId('author-link-problem'),
      /Your last draft in this browser is open instead\./,
    );
    await addressHas(ed, /engine: basic/);
    await screenshot(ed, 'author-cut-link');
    assert.deepEqual(errors, []);
    await ed.close();
  });
});

describe("the editor's help, drafts, Download and Share's limits", () => {
  /** The file a click on `button` downloads: its name and its text. */
  const download = async (page, button) => {
    const [d] = await Promise.all([page.waitForEvent('download'), button.click()]);
    return { name: d.suggestedFilename(), text: await readFile(await d.path(), 'utf8') };
  };
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

  test('hover and completion come from the catalog; a missing translation is drafted and reported; Download gives the file', async () => {
    const fresh = await browser();
    try {
      const { page, errors } = await author(fresh.context, '?template=parking_lot');
      await addressHas(page, /engine: parking_lot/);
      await page.locator('[data-testid=author-status][data-state=pass]').waitFor({ timeout: 30000 });

      // hover over the operation `lock` in A's program: what the catalog says of it
      const box = await page.evaluate(() => {
        const line = [...document.querySelectorAll('.cm-line')].find((l) =>
          l.textContent.includes('A: [lock m'),
        );
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const i = n.textContent.indexOf('lock m');
          if (i < 0) continue;
          const r = document.createRange();
          r.setStart(n, i + 1);
          r.setEnd(n, i + 3);
          const b = r.getBoundingClientRect();
          return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
        }
        return null;
      });
      assert.ok(box, 'the word lock on the page');
      await page.mouse.move(box.x, box.y);
      await expectText(page.locator('.cm-tooltip-hover'), /^lock: .*mini_mutex.*$/);

      // completion: the operations of the document's objects, at the start of an item
      await replaceOnLine(page, 'A: [lock m', 9, 0, 'try_');
      await expectText(page.locator('.cm-tooltip-autocomplete'), /try_lock/);
      await page.keyboard.press('Escape');
      await replaceOnLine(page, 'A: [try_lock m', 9, 4, '');
      await page.keyboard.press('Backspace');
      await addressHas(page, /A: \[lock m/);

      // the title's Chinese removed: a problem; drafted from English: marked, and still a problem
      await page
        .locator('.cm-line', { hasText: 'zh-CN: 两个线程，一把互斥锁' })
        .click({ position: { x: 1, y: 4 } });
      await page.keyboard.press('Control+Shift+K'); // the editor's "delete line"
      await addressHas(page, /title:\n {2}en: Two threads, one mutex\n\n/);
      await expectText(page.getByTestId('author-problems'), "9:3 title: needs 'zh-CN'");
      await page.getByTestId('author-draft').click();
      await addressHas(
        page,
        /title:\n {2}en: Two threads, one mutex\n {2}zh-CN: "【待译】 Two threads, one mutex"\n/,
      );
      await expectText(
        page.getByTestId('author-problems'),
        /title\.zh-CN: is a draft copied from English \(it starts with 【待译】\); translate it/,
      );

      // Download: the document as it is, named after the lesson's id
      const file = await download(page, page.getByTestId('author-download'));
      assert.deepEqual(file, { name: 'my-mutex-lesson.md', text: documentOf(page.url()) });
      assert.deepEqual(errors, []);
      await page.close();
    } finally {
      await fresh.close();
    }
  });

  test('Share says when a link is long, refuses one over the limit, and always offers Download', async () => {
    const fresh = await browser();
    try {
      await fresh.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: app.server.url,
      });
      const { page, errors } = await author(fresh.context, '?template=basic');
      await addressHas(page, /engine: basic/);
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
      assert.equal(saved.name, 'my-counter-lesson.md');
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
      const { page: a } = await author(fresh.context, '?template=basic');
      await addressHas(a, /engine: basic/);
      await a.close();
      for (const [hash, words] of [
        ['#src=ab$cd!', /This link is damaged: its data has characters a link's data never has\./],
        [
          `#src=${'A'.repeat(70000)}`,
          /This link is longer than 65536 characters, the most a Lockstep link may have\./,
        ],
        ['#src=____', /This link is damaged: its data is not a compressed document\./],
      ]) {
        const { page, errors } = await author(fresh.context, hash);
        await expectText(page.getByTestId('author-link-problem'), words);
        await expectText(
          page.getByTestId('author-link-problem'),
          /Your last draft in this browser is open instead\./,
        );
        await addressHas(page, /engine: basic/);
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
      const { page: a } = await author(fresh.context, '?template=basic');
      await addressHas(a, /engine: basic/);
      const draft = documentOf(a.url());
      await a.close();
      // someone else's lesson: the same template under another id
      const linked = draft.replace(/^id: .*$/m, 'id: a-linked-lesson');
      assert.notEqual(linked, draft);
      const { page, errors } = await author(fresh.context, `#src=${payloadFor(linked)}`);
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
