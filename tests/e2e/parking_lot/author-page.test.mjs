// The author page on the parking_lot engine's template and scenario (was in
// tests/e2e/author.test.mjs): a teacher's lesson from the template, checked, shared and played to
// its goal; a student's variation of the lost wakeup; a hostile lesson; the editor's help.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from '../../../wasm/js/node.js';
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
  allowClipboard,
} from '../harness.mjs';
import { addressHas, author, documentOf, download, payloadFor, replaceOnLine } from '../author.mjs';
import { checkLesson } from '../../../wasm/js/check/lesson.js';
import { checkScenario } from '../../../wasm/js/check/scenario.js';
import { formatProblem } from '../../../wasm/js/lesson.js';

const app = useApp();
const M = await loadModule();

describe('the author page', () => {
  const expectText = (locator, want, timeout = 15000) => waitForText(locator, want, timeout);

  describe('the teacher: a lesson from the parking_lot template', () => {
    test('a mistyped operation shows at its line with the CLI words; fixed, it passes, is shared and is played to its goal', async () => {
      const { page, errors } = await author(app, app.chrome.context);
      await allowClipboard(app.chrome.context, app.server.url);
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

  describe('a hostile lesson on its template', () => {
    const hostile = (template) =>
      template
        .replace('en: Two threads, one mutex', 'en: "Two threads <img src=x onerror=window.__pwned=1>"')
        .replace(
          /## en\n\n/,
          '## en\n\n<script>window.__pwned = 2</script>\n<img src="x" onerror="window.__pwned = 3">\n[click](javascript:window.__pwned=4)\n<iframe src="javascript:window.__pwned=5"></iframe>\n\n',
        );

    test('a hostile lesson runs no script and breaks no CSP rule, in the app, the embed and the author page', async () => {
      const { page: a } = await author(app, app.chrome.context, '?template=parking_lot');
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
  });

  describe("the editor's help on its template", () => {
    test('hover and completion come from the catalog; a missing translation is drafted and reported; Download gives the file', async () => {
      const fresh = await browser();
      try {
        const { page, errors } = await author(app, fresh.context, '?template=parking_lot');
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
  });
});
