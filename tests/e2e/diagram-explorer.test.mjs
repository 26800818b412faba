// The sequence diagram, the trace, the explorer, the player and the shared
// address in headless Chromium: the lost wakeup drawn and found, a correct
// variant proven, a search cancelled, the timeline played, scrubbed and
// edited, a shared link reopened to the same state.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { browser, clean, lane, open, OUT, screenshot, serve, until, waitForText } from './harness.mjs';

let server;
let chrome;

before(async () => {
  server = await serve();
  chrome = await browser();
  await chrome.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
});

after(async () => {
  await chrome?.close();
  await server?.stop();
});

/** Waits until the locator's text is `want` (this file waits up to 8000 ms). */
const expectText = (locator, want, timeout = 8000) => waitForText(locator, want, timeout);

const stepCount = (page) => page.getByTestId('step-count');

async function ready(page, first = 'A') {
  await lane(page, first).waitFor({ timeout: 15000 });
}

/** Opens the diagram tab and waits for Mermaid's drawing. */
async function openDiagram(page) {
  await page.getByTestId('tab-diagram').click();
  await page.locator('[data-testid=sequence-diagram][data-status=ready]').waitFor({ timeout: 15000 });
  // give focus back to the page, so arrow keys move in time (not between tabs)
  await page.locator('#lanes').focus();
}

/** The texts of the drawn arrows and notes, once the drawing shows `n` arrows. */
async function drawn(page, minArrows = 0) {
  return until(async () => {
    const d = await page.evaluate(() => {
      const box = document.querySelector('[data-testid=diagram-svg]');
      if (!box?.querySelector('svg')) return null;
      // a wrapped label is several <text>s: an arrow's words are on its band, a note's in its group
      const notes = new Map();
      for (const t of box.querySelectorAll('text.noteText'))
        notes.set(t.parentNode, [...(notes.get(t.parentNode) ?? []), t.textContent]);
      return {
        arrows: [...box.querySelectorAll('[data-hit]')].map((b) => b.getAttribute('data-text')),
        notes: [...notes.values()].map((lines) => lines.join(' ')),
        lines: box.querySelectorAll('.messageLine0, .messageLine1').length,
      };
    });
    return d && d.arrows.length >= minArrows ? d : null;
  }, `${minArrows} arrows in the diagram`);
}

const LOST_WAKEUP = 'v1: A A A B B B B B B B B B B B B B B B B B B B B B B B B B A A';

describe('sequence diagram', () => {
  test('draws the lost wakeup from the trace, with Mermaid loaded only when the tab opens', async () => {
    const url = `${server.url}?scenario=parking_lot/lost-wakeup&variant=validate_outside&schedule=${encodeURIComponent(LOST_WAKEUP)}`;
    const { page, errors } = await open(chrome.context, url);
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
    const file = await chrome.context.newPage();
    await file.setViewportSize({ width: 860, height: 1000 });
    await file.setContent(
      `<!doctype html><body style="margin:0;background:#fff">${text.replace(/^<\?xml[^>]*>\n/, '')}</body>`,
    );
    await file.screenshot({ path: join(OUT, 'diagram-lost-wakeup-export.png'), fullPage: true });
    await file.close();
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('grows with each step and marks the latest arrow; hovering marks the step, clicking goes there', async () => {
    const { page, errors } = await open(chrome.context, `${server.url}?scenario=basic/racy-counter`);
    await ready(page);
    await openDiagram(page);
    await expectText(page.getByTestId('diagram-summary'), 'arrows: 0 · steps: 0');
    for (const k of ['1', '2', '1', '2']) await page.keyboard.press(k);
    await expectText(stepCount(page), 'step 4');
    const d = await drawn(page, 4);
    assert.deepEqual(d.arrows, [
      'read value: 0',
      'read value: 0',
      'write 1 (was 0)',
      'write 1 over 1: an increment is lost',
    ]);
    const latest = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid=diagram-svg] text.messageText[data-latest]')]
        .map((t) => t.textContent)
        .join(' '),
    );
    assert.equal(latest, 'write 1 over 1: an increment is lost');
    // hover the second arrow: the timeline marks step 2
    await page.locator('[data-testid=diagram-svg] [data-hit="2-2"]').hover();
    const marker = page.getByTestId('step-marker');
    await marker.waitFor();
    assert.equal(await marker.getAttribute('data-to'), '2');
    await expectText(marker, 'step 2');
    await screenshot(page, 'diagram-hover');
    await page.locator('[data-testid=diagram-svg] [data-hit="2-2"]').click();
    await expectText(stepCount(page), 'step 2 of 4');
    await page.mouse.move(5, 5);
    await until(async () => (await page.getByTestId('step-marker').count()) === 0, 'the mark to go');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('exports the Mermaid text and the SVG of the whole run', async () => {
    const { page, errors } = await open(chrome.context, `${server.url}?scenario=basic/racy-counter`);
    await ready(page);
    await openDiagram(page);
    for (const k of ['1', '1', '2', '2']) await page.keyboard.press(k);
    await drawn(page, 4);
    await page.getByTestId('export-mermaid-copy').click();
    await expectText(page.getByTestId('export-mermaid-copy'), 'Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(
      copied,
      /^sequenceDiagram\n {2}participant p0 as A\n {2}participant p1 as B\n {2}participant p2 as counter\n/,
    );
    assert.match(copied, / {2}p0->>p2: read value: 0\n/);
    const [mmd] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-mermaid-file').click(),
    ]);
    assert.equal(mmd.suggestedFilename(), 'racy-counter-step-4.mmd');
    assert.equal(await readFile(await mmd.path(), 'utf8'), copied);
    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()]);
    assert.equal(svg.suggestedFilename(), 'racy-counter-step-4.svg');
    const text = await readFile(await svg.path(), 'utf8');
    assert.match(
      text,
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/,
    );
    assert.ok(text.includes('read value: 0'));
    assert.ok(!text.includes('data-hit'));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('names and labels from a file cannot inject Mermaid syntax or HTML', async () => {
    const { page, errors } = await open(chrome.context, `${server.url}?scenario=basic/racy-counter`);
    await ready(page);
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    const nasty = 'x; y <img src=x onerror=alert(1)> %%{init: {"securityLevel": "loose"}}%% #59; end';
    const yaml = [
      'title: Injection',
      'engine: basic',
      'objects: {c: counter}',
      'actors:',
      `  A: [${JSON.stringify(`print ${JSON.stringify(nasty)}`)}, increment c]`,
      '  B: [increment c]',
    ].join('\n');
    await page.getByTestId('open-picker').click(); // the picker's file field, as a learner opens it
    await page
      .getByTestId('picker-file')
      .setInputFiles({ name: 'injection.yaml', mimeType: 'text/yaml', buffer: Buffer.from(yaml) });
    await expectText(page.locator('header nav'), /Injection/);
    await openDiagram(page);
    await page.keyboard.press('1');
    await expectText(stepCount(page), 'step 1');
    const d = await until(async () => {
      const x = await drawn(page);
      return x.notes.length ? x : null;
    }, 'the print note');
    // shown as written, Mermaid's syntax characters in their full-width forms
    // (Mermaid wraps the note, breaking long words with "-"; compared without both)
    const fullWidth = (t) =>
      t.replace(/[;#%<>&{}"`\\$]/g, (c) => String.fromCodePoint(c.codePointAt(0) - 0x21 + 0xff01));
    const bare = (t) => t.replace(/[\s-]+/g, '');
    assert.equal(bare(d.notes[0]), bare(`prints “${fullWidth(nasty)}”`));
    const imgs = await page.evaluate(
      () =>
        document.querySelectorAll('[data-testid=diagram-svg] img, [data-testid=diagram-svg] image').length,
    );
    assert.equal(imgs, 0);
    assert.equal(dialogs, 0);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('trace', () => {
  test('lists the events and exports them as JSON Lines', async () => {
    const url = `${server.url}?scenario=parking_lot/lost-wakeup&variant=validate_outside&schedule=${encodeURIComponent(LOST_WAKEUP)}`;
    const { page, errors } = await open(chrome.context, url);
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
    const first = lines[0];
    for (const [k, v] of Object.entries({
      step: 1,
      kind: 'cas',
      actor: 'A',
      object: 'm',
      expected: 0,
      desired: 1,
      old: 0,
      new: 1,
      ok: true,
      site: 'engines/parking_lot/mini_mutex.c:34',
      label: 'fast path: CAS 00 -> 01',
    }))
      assert.equal(first[k], v, `first event's ${k}`);
    assert.equal(lines.at(-1).kind, 'stuck');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('explorer', () => {
  test('finds the lost wakeup (key e), loads it at step 0, and the learner steps through it', async () => {
    const { page, errors } = await open(
      chrome.context,
      `${server.url}?scenario=parking_lot/lost-wakeup&variant=validate_outside`,
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
      chrome.context,
      `${server.url}?scenario=parking_lot/lost-wakeup-correct`,
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

  test('shows its progress and can be cancelled; other strategies find the lost update', async () => {
    const { page, errors } = await open(chrome.context, `${server.url}?scenario=basic/many-actors`);
    await ready(page);
    await page.getByTestId('explorer').locator('summary').click();
    await page.getByTestId('explore-bound').fill('2');
    await page.getByTestId('explore-run').click();
    await page.getByTestId('explore-progress').waitFor();
    await until(
      async () =>
        /^[1-9][\d,]* executions/.test(clean(await page.getByTestId('explore-figures').innerText())),
      'progress figures',
    );
    await screenshot(page, 'explorer-running');
    const bar = await page.getByTestId('explore-progress').getAttribute('aria-valuenow');
    assert.ok(Number(bar) >= 0 && Number(bar) <= 100);
    await page.getByTestId('explore-cancel').click();
    await expectText(page.getByTestId('explore-result'), /^Search cancelled after [\d,]+ executions/);
    await expectText(stepCount(page), 'step 0');

    // the racy counter, with random runs
    await page.goto(`${server.url}?scenario=basic/racy-counter`);
    await ready(page);
    await page.getByTestId('explorer').locator('summary').click();
    await page.getByTestId('explore-strategy').selectOption('random');
    await page.getByTestId('explore-run').click();
    await expectText(page.getByTestId('explore-result'), /^Found: a failed check after \d+ steps/, 20000);
    await expectText(stepCount(page), /^step 0 of \d+$/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('timeline', () => {
  test('Space plays round-robin and pauses; play runs to the end and stops', async () => {
    const { page, errors } = await open(chrome.context, `${server.url}?scenario=basic/racy-counter`);
    await ready(page);
    await page.locator('#lanes').focus();
    await page.keyboard.press(' ');
    await expectText(page.getByTestId('play'), 'Pause');
    await until(
      async () => /^step [2-9]/.test(clean(await stepCount(page).innerText())),
      'two steps of play',
    );
    await page.keyboard.press(' ');
    await expectText(page.getByTestId('play'), 'Play');
    const at = clean(await stepCount(page).innerText());
    await page.waitForTimeout(700);
    assert.equal(clean(await stepCount(page).innerText()), at);
    // round-robin so far: A B A B …
    assert.match(clean(await page.getByTestId('schedule').innerText()), /^v1: A B( A)?( B)?/);
    // fastest, to the end
    await page.getByTestId('speed').fill('4');
    await page.getByTestId('play').click();
    await expectText(page.getByTestId('outcome'), /Check failed/, 15000);
    await expectText(page.getByTestId('play'), 'Play');
    assert.equal(await page.getByTestId('play').isDisabled(), true);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the step bar jumps to any step; a step after going back forks a new future', async () => {
    const { page, errors } = await open(chrome.context, `${server.url}?scenario=basic/racy-counter`);
    await ready(page);
    for (const k of ['1', '1', '1', '1', '2', '2']) await page.keyboard.press(k);
    await expectText(stepCount(page), 'step 6');
    const bar = page.getByTestId('step-bar');
    const box = await bar.boundingBox();
    const y = box.y + box.height / 2;
    // drag the knob from the end to the middle, then to the start: the step follows
    await page.mouse.move(box.x + box.width - 8, y);
    await page.mouse.down();
    for (let k = 1; k <= 10; k++)
      await page.mouse.move(box.x + box.width - 8 - (k * (box.width - 16)) / 20, y);
    const mid = Number(
      /step (\d) of 6/.exec(
        await until(async () => {
          const t = clean(await stepCount(page).innerText());
          return /step [1-5] of 6/.test(t) && t;
        }, 'a step in the middle'),
      )[1],
    );
    for (let k = 11; k <= 24; k++)
      await page.mouse.move(box.x + box.width - 8 - (k * (box.width - 16)) / 20, y);
    await page.mouse.up();
    await expectText(stepCount(page), 'step 0 of 6');
    await expectText(page.getByTestId('narration'), /^Jumped to step 0\./);
    assert.ok(mid >= 1 && mid <= 5);
    // a click in the middle
    await page.mouse.click(box.x + box.width / 2, y);
    const at = Number(
      /step (\d) of 6/.exec(
        await until(async () => {
          const t = clean(await stepCount(page).innerText());
          return /step [2-4] of 6/.test(t) && t;
        }, 'a click in the middle'),
      )[1],
    );
    // keyboard on the bar
    await bar.focus();
    await page.keyboard.press('ArrowRight');
    await expectText(stepCount(page), `step ${at + 1} of 6`);
    await page.keyboard.press('End');
    await expectText(stepCount(page), 'step 6');
    await page.keyboard.press('Home');
    await expectText(stepCount(page), 'step 0 of 6');
    for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowRight');
    await expectText(stepCount(page), 'step 4 of 6');
    await page.locator('#lanes').focus();
    // the recorded step (B) keeps the future; another one (A) forks a new one
    await page.keyboard.press('2');
    await expectText(stepCount(page), 'step 5 of 6');
    await page.keyboard.press('ArrowLeft');
    await expectText(stepCount(page), 'step 4 of 6');
    await page.keyboard.press('1');
    await expectText(stepCount(page), 'step 5');
    await expectText(page.getByTestId('narration'), /^A new future from step 4/);
    await expectText(page.getByTestId('schedule'), 'v1: A A A A A');
    assert.equal(await page.getByTestId('forward').isDisabled(), true);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the schedule can be edited; one the engine refuses shows its words and changes nothing', async () => {
    const { page, errors } = await open(chrome.context, `${server.url}?scenario=basic/racy-counter`);
    await ready(page);
    await page.getByTestId('schedule-edit').click();
    await page.getByTestId('schedule-input').fill('A B A');
    await page.keyboard.press('Enter');
    await expectText(stepCount(page), 'step 3');
    await expectText(page.getByTestId('schedule'), 'v1: A B A');
    await expectText(page.getByTestId('narration'), 'Replayed the schedule: 3 steps.');

    await page.getByTestId('schedule-edit').click();
    await page.getByTestId('schedule-input').fill('A B Z');
    await page.getByTestId('schedule-apply').click();
    await expectText(page.getByTestId('schedule-error'), /^That schedule does not fit this scenario: .*Z/);
    await screenshot(page, 'schedule-error');
    await page.getByTestId('schedule-input').fill('A ; B');
    await page.keyboard.press('Enter');
    await expectText(page.getByTestId('schedule-error'), /letters, digits/);
    await page.keyboard.press('Escape');
    await expectText(stepCount(page), 'step 3');
    await expectText(page.getByTestId('schedule'), 'v1: A B A');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('share', () => {
  test('Share copies an address that reopens exactly this state', async () => {
    const { page, errors } = await open(
      chrome.context,
      `${server.url}?scenario=parking_lot/lost-wakeup&variant=validate_outside`,
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
    const again = await chrome.context.newPage();
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
