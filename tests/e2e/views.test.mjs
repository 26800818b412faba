// Issue 5 in headless Chromium: the scenario picker lists every scenario of
// the sandbox and opens one for manual scheduling, and a scenario file dropped
// or chosen opens (a bad one shows its problems in the page).  The scenarios
// are found by what each test needs, and the file is written for the engine of
// the tests' own small scenarios (COUNTERS).  (The engine views, the source
// view, the variant switch and the Chinese UI are their engines' e2e tests,
// tests/e2e/<engine>.test.mjs.)
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  COUNTERS,
  lane,
  open,
  sandboxScenarios,
  screenshot,
  useApp,
  waitForText,
  ready,
} from './harness.mjs';

const app = useApp();

/** Waits until the locator's text is `want` (this file waits up to 8000 ms). */
const expectText = (locator, want, timeout = 8000) => waitForText(locator, want, timeout);

const next = (page, name) => lane(page, name).getByTestId('action');
const stepCount = (page) => page.getByTestId('step-count');

/** A regular expression that matches `text` as written. */
const literally = (text) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
/** A scenario's English title. */
const titleOf = (s) => s.scenario.title.en ?? s.scenario.title;

/** The sandbox's scenarios; the first with a thread A, and the first of another engine that a
 * few threads, A first, run to their end. */
const SCENARIOS = sandboxScenarios();
const FIRST = SCENARIOS.find((s) => s.scenario.actors.A);
const ELSEWHERE = SCENARIOS.find(
  (s) =>
    s.engine !== FIRST.engine &&
    Object.keys(s.scenario.actors)[0] === 'A' &&
    Object.keys(s.scenario.actors).length > 1 &&
    s.scenario.expect?.outcome === 'done',
);

describe('scenarios', () => {
  test('the picker lists every scenario by engine and opens one for manual scheduling', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url + `?scenario=${FIRST.id}`);
    await ready(page);
    await page.getByTestId('open-picker').click();
    const picker = page.getByTestId('picker');
    await picker.waitFor({ state: 'visible' });
    // (the list comes with the scenarios' chunk, a moment after the dialog)
    await picker.getByTestId('picker-item').first().waitFor();
    // every scenario of the sandbox, by its title
    assert.deepEqual(
      (
        await picker.getByTestId('picker-item').evaluateAll((xs) => xs.map((x) => x.getAttribute('data-id')))
      ).sort(),
      SCENARIOS.map((s) => s.id).sort(),
    );
    await expectText(picker.locator(`[data-id="${ELSEWHERE.id}"]`), literally(titleOf(ELSEWHERE)));
    assert.equal(await picker.locator(`[data-id="${FIRST.id}"]`).getAttribute('aria-current'), 'true');
    // the page's keys do not act behind the dialog
    await page.keyboard.press('1');
    await screenshot(page, 'picker');
    await picker.locator(`[data-id="${ELSEWHERE.id}"]`).click();
    await picker.waitFor({ state: 'hidden' });
    await expectText(page.locator('header nav'), new RegExp(`▸\\s*${literally(titleOf(ELSEWHERE)).source}`));
    await expectText(stepCount(page), 'step 0');
    await page.waitForURL((u) => u.searchParams.get('scenario') === ELSEWHERE.id);
    // scheduled by hand: A's key steps A
    await page.keyboard.press('1');
    await expectText(stepCount(page), /^step 1/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  const mine = [
    'title: My own counter',
    `engine: ${COUNTERS}`,
    'objects:',
    '  c: counter',
    'actors:',
    '  A: [increment c, increment c]',
    '  B: [increment c, increment c]',
    '',
  ].join('\n');
  const broken = mine.replace('A: [increment c, increment c]', 'A: [increment q, frob c]');

  async function drop(page, name, text) {
    await page.evaluate(
      ({ name, text }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], name, { type: 'application/yaml' }));
        document.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true }));
        document.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      },
      { name, text },
    );
  }

  test('a dropped scenario file opens; a bad one shows its problems in the page', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url + `?scenario=${FIRST.id}`);
    await ready(page);
    await drop(page, 'mine.yaml', mine);
    await expectText(page.locator('header nav'), /My own counter \(mine\.yaml\)/);
    await expectText(next(page, 'B'), 'load c');

    await drop(page, 'broken.yaml', broken);
    const notice = page.getByTestId('notice');
    await expectText(notice, /The scenario file “broken\.yaml” has a problem/);
    await expectText(notice, /broken\.yaml:6:\d+: actors\.A\[0\]: there is no object 'q'/);
    await expectText(notice, /broken\.yaml:6:\d+: actors\.A\[1\]: c \(counter\) has no operation 'frob'/);
    // the scenario that was open is still there
    await expectText(page.locator('header nav'), /My own counter/);
    await screenshot(page, 'bad-file');

    await drop(page, 'picture.png', 'not yaml');
    await expectText(notice.last(), /“picture\.png” is not a \.yaml file/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a scenario file can be chosen with the file input, even before anything opened', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url + '?scenario=nowhere/nope');
    await ready(page);
    await page.getByTestId('open-picker').click();
    await page.getByTestId('picker-file').setInputFiles({
      name: 'mine.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(mine),
    });
    await expectText(page.locator('header nav'), /My own counter/);
    assert.equal(await page.getByTestId('picker').isVisible(), false);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
