// The lost wakeup's run drawn in the sequence diagram, listed in the trace and exported, found by
// the explorer, proven absent under correct, and shared by an address that reopens exactly that
// state (was in tests/e2e/diagram-explorer.test.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  clean,
  open,
  screenshot,
  until,
  useApp,
  waitForText,
  OUT,
  ready,
  useOwnBrowser,
} from '../harness.mjs';
import { stepCount } from '../motion.mjs';
import { drawn, openDiagram } from '../diagram.mjs';

const app = useApp();

describe('the lost wakeup in the diagram, the trace, the explorer and a shared address', () => {
  // a browser of their own, as when they were a file of their own (a test here chooses Chinese)
  const own = useOwnBrowser(app);

  /** Waits until the locator's text is `want` (these tests wait up to 8000 ms). */
  const expectText = (locator, want, timeout = 8000) => waitForText(locator, want, timeout);
  const LOST_WAKEUP = 'v1: A A A B B B B B B B B B B B B B B B B B B B B B B B B B A A';

  test('draws the lost wakeup from the trace, with Mermaid loaded only when the tab opens', async () => {
    const url = `${app.server.url}?scenario=parking_lot/lost-wakeup&variant=validate_outside&schedule=${encodeURIComponent(LOST_WAKEUP)}`;
    const { page, errors } = await open(own.chrome.context, url);
    await ready(page);
    await expectText(page.getByTestId('outcome'), /Stuck/);
    const loaded = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => /\/(draw|sequenceDiagram|mermaid)[^/]*\.js$/.test(n)),
      );
    assert.deepEqual(await loaded(), [], 'Mermaid is not part of the first load');
    await openDiagram(page);
    assert.ok((await loaded()).length > 0, 'Mermaid came with the diagram tab');
    const d = await drawn(page, 10);
    assert.deepEqual(d.arrows.slice(0, 2), ['CAS 00→01 ✓', 'enter critical section']);
    for (const a of [
      'CAS 00→01 ✗ (found 01)',
      'set PARKED 01→11 ✓',
      'validate ok (11)',
      'lock bucket, no waiter',
      'callback: write 00',
      'lock bucket, enqueue',
    ])
      assert.ok(d.arrows.includes(a), `arrow "${a}" in ${JSON.stringify(d.arrows)}`);
    // the two arrows that crossed: B validated, then A wrote 00, then B queued
    const at = (a) => d.arrows.indexOf(a);
    assert.ok(at('validate ok (11)') < at('callback: write 00'));
    assert.ok(at('callback: write 00') < at('lock bucket, enqueue'));
    assert.equal(d.notes.at(-1), '⚠ sleeps forever');
    assert.equal(d.lines, d.arrows.length);
    await expectText(page.getByTestId('diagram-summary'), `arrows: ${d.arrows.length} · steps: 34`);
    // strict Mermaid: nothing executable in the drawing
    const unsafe = await page.evaluate(() => {
      const svg = document.querySelector('[data-testid=diagram-svg] svg');
      const bad = [...svg.querySelectorAll('*')].filter(
        (el) =>
          ['script', 'foreignobject', 'iframe'].includes(el.localName.toLowerCase()) ||
          [...el.attributes].some((a) => /^on/i.test(a.name)),
      );
      return bad.length;
    });
    assert.equal(unsafe, 0);
    await screenshot(page, 'diagram-lost-wakeup');
    // the exported drawing of the whole run, opened on its own
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()]);
    const copy = join(OUT, 'diagram-lost-wakeup.svg');
    await svg.saveAs(copy);
    const text = await readFile(copy, 'utf8');
    assert.match(text, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg /);
    const file = await own.chrome.context.newPage();
    await file.setViewportSize({ width: 860, height: 1000 });
    await file.setContent(
      `<!doctype html><body style="margin:0;background:#fff">${text.replace(/^<\?xml[^>]*>\n/, '')}</body>`,
    );
    await file.screenshot({ path: join(OUT, 'diagram-lost-wakeup-export.png'), fullPage: true });
    await file.close();
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('lists the events and exports them as JSON Lines', async () => {
    const url = `${app.server.url}?scenario=parking_lot/lost-wakeup&variant=validate_outside&schedule=${encodeURIComponent(LOST_WAKEUP)}`;
    const { page, errors } = await open(own.chrome.context, url);
    await ready(page);
    await page.getByTestId('tab-trace').click();
    const rows = page.getByTestId('trace-row');
    await until(async () => (await rows.count()) > 30, 'trace rows');
    const n = await rows.count();
    await expectText(page.getByTestId('trace-list').locator('span').first(), `${n} events`);
    await expectText(rows.last(), /stuck .*parked on mutex m/);
    await screenshot(page, 'trace');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-jsonl-file').click(),
    ]);
    assert.equal(file.suggestedFilename(), 'lost-wakeup-step-34.jsonl');
    const lines = (await readFile(await file.path(), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(lines.length, n);
    // one event a line, as the list shows them (how each reads is web/src/model/format.test.ts's):
    // the run opens with A's fast path, its CAS taking m, where the engine's source says
    const { kind, actor, object, ok, site } = lines[0];
    assert.deepEqual(
      { kind, actor, object, ok, site },
      { kind: 'cas', actor: 'A', object: 'm', ok: true, site: 'engines/parking_lot/mini_mutex.c:34' },
    );
    assert.equal(lines.at(-1).kind, 'stuck');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('finds the lost wakeup (key e), loads it at step 0, and the learner steps through it', async () => {
    const { page, errors } = await open(
      own.chrome.context,
      `${app.server.url}?scenario=parking_lot/lost-wakeup&variant=validate_outside`,
    );
    await ready(page);
    await expectText(page.getByTestId('explorer'), /Could a computer have found this\?/);
    await page.keyboard.press('e');
    await expectText(
      page.getByTestId('explore-result'),
      /^Found: stuck after 34 steps with 2 preemptions, in \d+ executions \([\d.]+ m?s\)\.$/,
      20000,
    );
    await expectText(stepCount(page), 'step 0 of 34');
    await expectText(
      page.getByTestId('explore-schedule'),
      'A A A B B B B B B B B B B B B B B B B B B B B B B B B B A A',
    );
    await expectText(page.getByTestId('narration'), /Its 34 steps are loaded at step 0/);
    await expectText(page.getByTestId('schedule-future'), /A A A B B/);
    await screenshot(page, 'explorer-found');
    // step through it: forward, forward, … (34 times), as the learner would
    await page.locator('#lanes').focus();
    for (let i = 0; i < 34; i++) await page.keyboard.press('ArrowRight');
    await expectText(stepCount(page), 'step 34');
    await expectText(page.getByTestId('outcome'), /Stuck/);
    await openDiagram(page);
    const d = await drawn(page, 10);
    assert.equal(d.notes.at(-1), '⚠ sleeps forever');
    await screenshot(page, 'explorer-stepped');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('for the correct variant it says what was proven', async () => {
    const { page, errors } = await open(
      own.chrome.context,
      `${app.server.url}?scenario=parking_lot/lost-wakeup-correct`,
    );
    await ready(page);
    await page.getByTestId('explore-run').click();
    await expectText(
      page.getByTestId('explore-result'),
      /^No stuck run or failed check within 3 preemptions: [\d,]+ executions, complete \([\d.]+ m?s\)\.$/,
      20000,
    );
    await expectText(stepCount(page), 'step 0');
    await screenshot(page, 'explorer-proven');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('Share copies an address that reopens exactly this state', async () => {
    const { page, errors } = await open(
      own.chrome.context,
      `${app.server.url}?scenario=parking_lot/lost-wakeup&variant=validate_outside`,
    );
    await ready(page);
    await page.keyboard.press('e');
    await expectText(page.getByTestId('explore-result'), /^Found: stuck/, 20000);
    await page.locator('#lanes').focus();
    for (let i = 0; i < 29; i++) await page.keyboard.press('ArrowRight');
    await expectText(stepCount(page), 'step 29 of 34');
    await page.locator('[data-lang="zh-CN"]').click();
    await until(
      async () => (await page.evaluate(() => document.documentElement.lang)) === 'zh-CN',
      'Chinese',
    );
    await page.getByTestId('share').click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const url = new URL(link);
    assert.equal(url.searchParams.get('scenario'), 'parking_lot/lost-wakeup');
    assert.equal(url.searchParams.get('variant'), null, 'the scenario’s own variant is not repeated');
    assert.equal(url.searchParams.get('step'), '29');
    assert.equal(url.searchParams.get('lang'), 'zh-CN');
    assert.match(url.searchParams.get('schedule'), /^v1\./);

    const state = async (p) => ({
      lang: await p.evaluate(() => document.documentElement.lang),
      step: clean(await stepCount(p).innerText()),
      schedule: clean(await p.getByTestId('schedule').innerText()),
      variant: clean(
        await p
          .locator('[aria-pressed="true"], [aria-checked="true"]')
          .allInnerTexts()
          .then((a) => a.join('|')),
      ),
      lanes: clean((await p.locator('section[data-actor]').allInnerTexts()).join(' | ')),
      inside: clean(await p.locator('aside').last().innerText()),
    });
    const before = await state(page);
    const again = await own.chrome.context.newPage();
    const errors2 = [];
    again.on('pageerror', (e) => errors2.push(e.message));
    await again.goto(link);
    await ready(again);
    await expectText(stepCount(again), before.step);
    assert.deepEqual(await state(again), before);
    await screenshot(again, 'shared-link');
    assert.deepEqual(errors, []);
    assert.deepEqual(errors2, []);
    await again.close();
    await page.close();
  });
});
