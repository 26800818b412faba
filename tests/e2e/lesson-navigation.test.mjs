// A lesson's place in the course as the app shows it ("Lesson n of N", its
// number before the title, Previous and Next with the neighbours' titles) for
// a lesson opened from its text (a link carrying the document, as the author
// page's Share makes: index.html#src=…): one whose id is a course lesson's
// gets that lesson's place, which the page reads off the lesson index on
// demand (lessons are compiled and loaded lazily, so nothing else brings it),
// in English and Chinese, at a desktop and a phone size; one whose id no
// course lesson has gets no place and no Previous or Next.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { parse as parseYaml } from 'yaml';
import { courseFiles } from '../../wasm/js/cli/course-files.js';
import { toBase64url } from '../../wasm/js/link.js';
import { ROOT, clean, lane, open, screenshot, until, useApp, waitForText } from './harness.mjs';

const app = useApp();

/** The course in the index's order (engine by engine, as lessons/course.yaml sets it). */
const COURSE = courseFiles(join(ROOT, 'lessons'));
const textOf = (id) => readFileSync(join(ROOT, 'lessons', COURSE.find((f) => f.id === id).rel), 'utf8');
const titleOf = (id, lang) => parseYaml(/^---\n([\s\S]*?)\n---/.exec(textOf(id))[1]).title[lang];
const numberOf = (id) => COURSE.findIndex((f) => f.id === id) + 1;

/** index.html carrying `text` in its fragment, as a shared link does. */
const sharedLink = (text, lang) =>
  `${app.server.url}index.html?lang=${lang}#src=${toBase64url(deflateRawSync(Buffer.from(text, 'utf8')))}`;

const WORDS = {
  en: {
    of: (n, count) => `Lesson ${n} of ${count}`,
    prev: 'Previous',
    next: 'Next',
  },
  'zh-CN': {
    of: (n, count) => `第 ${n} 课，共 ${count} 课`,
    prev: '上一课',
    next: '下一课',
  },
};

/** The lesson a shared link opens here: a course lesson with neighbours on both sides, and those neighbours. */
const ID = 'lost-wakeup';
const at = COURSE.findIndex((f) => f.id === ID);
const PREV = COURSE[at - 1].id;
const NEXT = COURSE[at + 1].id;

/** The header's title, without the caret that says it opens the index. */
const title = (page) => page.getByTestId('crumb-title').locator('span').first();
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "Lesson n of N" as the panel shows it (its style sets it in capitals). */
const position = (words) => new RegExp(`^${escape(words)}$`, 'i');

describe('a lesson opened from its text', () => {
  for (const lang of ['en', 'zh-CN'])
    test(`whose id is a course lesson's shows that lesson's place, Previous and Next (${lang})`, async () => {
      const w = WORDS[lang];
      const { page, errors } = await open(app.chrome.context, sharedLink(textOf(ID), lang));
      try {
        const panel = page.getByTestId('lesson-panel');
        await panel.waitFor({ timeout: 20000 });
        await waitForText(
          page.getByTestId('lesson-position'),
          position(w.of(numberOf(ID), COURSE.length)),
          15000,
        );
        // the header's title numbers it too
        await waitForText(title(page), `${numberOf(ID)}. ${titleOf(ID, lang)}`, 5000);
        // Previous and Next name the lessons around it in the index, in the page's language
        await waitForText(page.getByTestId('lesson-prev'), `← ${w.prev} ${titleOf(PREV, lang)}`, 5000);
        await waitForText(
          page.getByTestId('lesson-next'),
          new RegExp(`^${w.next}.*${escape(titleOf(NEXT, lang))}$`),
          5000,
        );
        for (const [width, height] of [
          [1440, 900],
          [390, 844],
        ]) {
          await page.setViewportSize({ width, height });
          await page.getByTestId('lesson-next').scrollIntoViewIfNeeded();
          await screenshot(page, `lesson-navigation-shared-${lang}-${width}x${height}`);
        }
        // Next leaves the shared text for the course's next lesson, with its own place
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.getByTestId('lesson-next').click();
        await until(() => new URL(page.url()).searchParams.get('lesson') === NEXT, `the address of ${NEXT}`);
        await waitForText(
          page.getByTestId('lesson-position'),
          position(w.of(numberOf(NEXT), COURSE.length)),
          15000,
        );
        await waitForText(page.getByTestId('lesson-prev'), `← ${w.prev} ${titleOf(ID, lang)}`, 5000);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });

  for (const lang of ['en', 'zh-CN'])
    test(`whose id no course lesson has shows no place, no Previous and no Next (${lang})`, async () => {
      // the same lesson under an id of its own (as an author's new lesson has)
      const own = textOf(ID).replace(new RegExp(`^id: ${ID}$`, 'm'), 'id: my-own-lost-wakeup');
      assert.notEqual(own, textOf(ID));
      const { page, errors } = await open(app.chrome.context, sharedLink(own, lang));
      try {
        await page.getByTestId('lesson-panel').waitFor({ timeout: 20000 });
        await waitForText(title(page), titleOf(ID, lang), 15000);
        // everything the page asked for (the lesson index among it) has come
        await page.waitForLoadState('networkidle');
        await lane(page, 'A').waitFor();
        assert.equal(await page.getByTestId('lesson-position').count(), 0);
        assert.equal(await page.getByTestId('lesson-prev').count(), 0);
        assert.equal(await page.getByTestId('lesson-next').count(), 0);
        assert.equal(clean(await title(page).innerText()), titleOf(ID, lang));
        await screenshot(page, `lesson-navigation-own-${lang}-1440x900`);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });
});
