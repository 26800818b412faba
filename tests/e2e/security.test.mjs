// The app under its own Content-Security-Policy (web/vite.config.ts): no code
// compiled from strings anywhere, yet every part works: a lesson, the engine's
// WebAssembly, a scenario file compiled in the page (valid and not), the
// Mermaid diagram and the explorer's worker.  harness.mjs turns anything the
// policy refuses into an error the tests see.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { COUNTERS, courseLesson, lane, open, useApp, waitForText } from './harness.mjs';

const app = useApp();

const expectText = (locator, want, timeout = 10000) => waitForText(locator, want, timeout);

describe('content security policy', () => {
  test('every page is served with a policy that allows no eval', async () => {
    for (const path of ['', `embed.html?lesson=${courseLesson().id}`]) {
      const r = await fetch(app.server.url + path);
      const csp = r.headers.get('content-security-policy') ?? '';
      assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/, path);
      assert.doesNotMatch(csp, /unsafe-eval'(?<!wasm-unsafe-eval')/, path);
      assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/, path);
    }
  });

  test('a lesson, a dropped scenario, a bad one, the diagram and the explorer all work under it', async () => {
    const { page, errors } = await open(app.chrome.context, app.server.url);
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await expectText(page.getByTestId('lesson-goal'), /.+/);
    await lane(page, 'A').getByTestId('step').click();
    await expectText(page.getByTestId('step-count'), /^step 1/);

    // compiled in the page: YAML reader, schema validator (generated at build time), compiler;
    // the picker's file field is there once the picker has opened (and stays after it closes)
    await page.getByTestId('open-picker').click();
    const file = (name, text) =>
      page.getByTestId('picker-file').setInputFiles({
        name,
        mimeType: 'text/yaml',
        buffer: Buffer.from(text),
      });
    await file(
      'mine.yaml',
      `title: My own counter\nengine: ${COUNTERS}\nobjects: {c: counter}\nactors:\n  A: [increment c]\n  B: [increment c]\nassert: c == 2\n`,
    );
    await expectText(page.locator('header nav'), /My own counter/);
    await file('typo.yaml', `title: 5\nengine: ${COUNTERS}\nobjekts: {}\nactors:\n  A: [increment c]\n`);
    await expectText(
      page.getByTestId('notice'),
      /typo\.yaml:1:8: title: must be a string \(the same in both languages\) or \{en: \.\.\., zh-CN: \.\.\.\}, not the number 5/,
    );
    await expectText(page.getByTestId('notice'), /typo\.yaml:3:1: objekts: is not a known field/);

    await page.getByTestId('tab-diagram').click();
    await page.locator('[data-testid=sequence-diagram][data-status=ready]').waitFor({ timeout: 15000 });
    assert.equal(await page.locator('[data-testid=diagram-svg] svg').count(), 1);

    await page.locator('#lanes').focus();
    await page.keyboard.press('e');
    await expectText(
      page.getByTestId('explore-result'),
      /^Found: a failed check after \d+ steps with 1 preemption/,
      20000,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});
