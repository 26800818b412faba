// "Prove it" on the parking_lot engine's scenarios (was tests/e2e/prove.test.mjs): the complete
// search split over Web Workers says exactly what it proved, with the same executions as one
// search in node; its progress bar fills against the estimate and says the time left; it cancels
// at any moment; a search beyond the limits is not started and the bounded search is offered; in
// English and Chinese, at a desktop and a phone size (screenshots in build/test-output/).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { toBase64url } from '../../../wasm/js/link.js';
import { loadModule } from '../../../wasm/js/node.js';
import { catalog, Session } from '../../../wasm/js/lockstep.js';
import { compileScenario } from '../../../wasm/js/scenario.js';
import { ROOT, clean, lane, open, screenshot, until, useApp, waitForText } from '../harness.mjs';

const app = useApp();
const M = await loadModule();

/** One complete search of a scenario as `--bound none` runs it (the stateful search where it fits), in node. */
function oneSearch(/** @type {string} */ rel, folder = 'tests/scenarios') {
  const text = readFileSync(join(ROOT, folder, rel), 'utf8');
  const { bytecode } = compileScenario(text, { file: rel, catalog: catalog(M) });
  const s = new Session(M, bytecode, { trace: false });
  s.exploreStart({ bound: 'none', stateful: 'fits' });
  let st;
  do st = s.exploreStep(5000);
  while (!st.finished);
  s.free();
  return st.result;
}

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

describe('Prove it', () => {
  test('proves the correct lost-wakeup variant with the executions of one search', async () => {
    const want = oneSearch('parking_lot/lost-wakeup-correct.yaml');
    assert.equal(want.complete, true);
    assert.equal(want.search, 'stateful'); // (sc, threads: its states are remembered)
    const { page, errors } = await open(
      app.chrome.context,
      `${app.server.url}?scenario=parking_lot/lost-wakeup-correct`,
    );
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await page.getByTestId('explore-prove').click();
    await waitForText(
      page.getByTestId('explore-result'),
      new RegExp(
        `^Proven: no stuck run and no overlap in any interleaving of A and B: ${want.executions.toLocaleString('en')} executions, ${want.states.toLocaleString('en')} states remembered, [\\d.]+ m?s\\.$`,
      ),
      30000,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('shows its progress against the estimate, and cancels at any moment', async () => {
    // (under tso the stateful search does not fit: DPOR over the workers, 176,652 executions)
    const { page, errors } = await open(
      app.chrome.context,
      `${app.server.url}?scenario=parking_lot/three-threads&memory=tso`,
    );
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await page.getByTestId('explore-prove').click();
    const figures = page.getByTestId('explore-figures');
    await until(
      async () =>
        /^[\d,]+ of about [\d,]+ executions · [\d,]+ a second · about [\d,—]+ s left$/.test(
          clean(await figures.innerText()),
        ),
      'the progress line with the estimate',
      30000,
    );
    const now = Number(await page.getByTestId('explore-progress').getAttribute('aria-valuenow'));
    assert.ok(now >= 0 && now <= 100, `the bar is filled ${now}%`);
    await page.getByTestId('explore-cancel').click();
    await waitForText(page.getByTestId('explore-result'), /^Search cancelled after [\d,]+ executions/, 5000);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('proves by the states it remembers a search whose tree the estimate puts far beyond the limit', async () => {
    // (3 threads x 3 lock/unlock, the explorer's benchmark, opened from a link: Knuth's estimate of
    // its tree is billions of executions, which stopped the proof as out of reach at once; the
    // states it remembers make it 1,629, with no estimate to show)
    const rel = 'parking-lot-3x3.yaml';
    const want = oneSearch(rel, 'bench/explore');
    assert.equal(want.search, 'stateful');
    assert.equal(want.complete, true);
    const text = readFileSync(join(ROOT, 'bench/explore', rel));
    const { page, errors } = await open(
      app.chrome.context,
      `${app.server.url}index.html?lang=en#src=${toBase64url(deflateRawSync(text))}`,
    );
    await lane(page, 'A').waitFor({ timeout: 15000 });
    await page.getByTestId('explore-prove').click();
    const figures = page.getByTestId('explore-figures');
    /** @type {string[]} */
    const seen = [];
    const result = page.getByTestId('explore-result');
    await until(
      async () => {
        if (await result.isVisible()) return true;
        const line = await figures.innerText().catch(() => '');
        if (line) seen.push(clean(line));
        return false;
      },
      'the proof',
      60000,
    );
    await waitForText(
      result,
      new RegExp(
        `^Proven: no stuck run and no overlap in any interleaving of A, B and C: ${want.executions.toLocaleString('en')} executions, ${want.states.toLocaleString('en')} states remembered, [\\d.]+ m?s\\.$`,
      ),
      5000,
    );
    // every progress line counted states, none foresaw an estimate
    for (const line of seen)
      assert.match(
        line,
        /^[\d,]+ executions · [\d,]+ states remembered · [\d,]+ executions a second$|^Estimating/,
      );
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const lang of ['en', 'zh-CN'])
    for (const size of SIZES)
      test(`in ${lang} at ${size.width}x${size.height}: the button beside the search, and the proof`, async () => {
        const { page, errors } = await open(
          app.chrome.context,
          `${app.server.url}?scenario=parking_lot/lost-wakeup-correct&lang=${lang}`,
        );
        await page.setViewportSize({ width: size.width, height: size.height });
        await lane(page, 'A').waitFor({ timeout: 15000 });
        const prove = page.getByTestId('explore-prove');
        await prove.scrollIntoViewIfNeeded();
        await screenshot(page, `prove-idle-${lang}-${size.name}`);
        await prove.click();
        await waitForText(
          page.getByTestId('explore-result'),
          lang === 'en' ? /^Proven: / : /^已证明：/,
          30000,
        );
        await page.getByTestId('explorer').scrollIntoViewIfNeeded();
        await screenshot(page, `prove-done-${lang}-${size.name}`);
        assert.deepEqual(errors, []);
        await page.close();
      });
});
