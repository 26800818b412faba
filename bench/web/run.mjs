// bench/web: the web app's performance, measured in headless Chromium (Debian's
// /usr/bin/chromium driven by playwright-core) against the production build
// (build/web, served by `vite preview` on localhost).  Figures, not a test.
//
// 1. First-load bytes: every JS, CSS and wasm response of a cold load of the
//    default address (until the first step is possible and the network is
//    quiet), each compressed with gzip level 9 here, summed.  The Mermaid
//    chunks load only when the diagram tab opens; any that a first load
//    fetched would be listed and left out.  Target: <= 250 KB.  The same
//    total for a shared address into the sandbox (a scenario, not a lesson),
//    for each scenario the engines name in <engine>_WEB_BENCH (bench/inputs.mjs),
//    the target on the largest.
// 2. First scenario interactive: navigation start to the moment thread A's
//    step button is enabled (the wasm engine loaded, the scenario compiled and
//    opened), each run in a fresh browser context (cold HTTP cache); median of
//    7.  Target: <= 1.5 s.
// 3. Step to next paint, four actors (the first <engine>_WEB_BENCH scenario with
//    four actors; issue 12's and today's: the basic engine's four-counters):
//    in the page, a keydown for the next thread (round-robin 1 2 3 4) is
//    dispatched; the time is taken when the frame after the DOM shows the new
//    step has been painted (requestAnimationFrame, then a message posted from
//    it, which runs after that frame's paint).  Between steps the page is left
//    idle for 60 ms.
//    a) diagram closed: steps 0 -> 100, median.  Target: <= 16 ms.
//    b) diagram open with 100+ arrows: the run is opened at step 100 of the
//       128-step round-robin schedule, the diagram tab opened, then steps
//       100 -> 128: the same figure, and step to the diagram painted with the
//       new arrow (Mermaid redrawn).  Target: <= 150 ms.
//    Every step here animates (the motion layer's start is inside the figure);
//    the page's motion is on (no reduced motion), and the script prints how
//    many animations the steps started.
// 4. Auto-play with motion: the same scenario played by the auto-player at
//    4 steps/s (Space) for 60 steps; every frame's start time is recorded with
//    requestAnimationFrame, and a frame counts as dropped when the gap to the
//    previous one exceeds 1.5 frame intervals (each gap of k intervals drops
//    k - 1 frames).  Long animation frames (> 50 ms, PerformanceObserver) are
//    counted too.  Target: <= 5% of frames dropped.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { serve } from '../../tests/e2e/harness.mjs';
import { benchInputs } from '../inputs.mjs';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const COLD_RUNS = 7;
/** A scenario's address in the sandbox: `<engine>/<path under its tests/scenarios folder>`. */
const scenarioId = (/** @type {{path: string}} */ input) =>
  input.path.replace(/^tests\/scenarios\//, '').replace(/\.yaml$/, '');
const WEB_INPUTS = benchInputs('WEB_BENCH');
const FOUR = WEB_INPUTS.find((i) => Object.keys(i.scenario.actors).length === 4);
if (!FOUR) throw new Error('no engine names a scenario of four actors in its <engine>_WEB_BENCH');
const STEPPED = scenarioId(FOUR);
/** Its engine's view (each view's test id is its engine's name, hyphenated, and `-view`). */
const VIEW = `[data-testid="${FOUR.engine.replaceAll('_', '-')}-view"]`;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n ? (n % 2 ? s[n >> 1] : (s[n / 2 - 1] + s[n / 2]) / 2) : NaN;
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => `${n.toFixed(1)} ms`;
const verdict = (ok) => (ok ? 'met' : 'MISSED');

const server = await serve();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
const viewport = { width: 1360, height: 900 };

async function interactive(page) {
  return page.waitForFunction(
    () => {
      const b = document.querySelector('section[data-actor="A"] [data-testid="step"]');
      return b && !b.disabled ? performance.now() : null;
    },
    null,
    { polling: 'raf', timeout: 20000 },
  );
}

/** In the page: window.__step(key, withDiagram), one step timed to its next paint (section 3). */
function stepProbe() {
  // one step: dispatch the key, wait for the step count to change, then for
  // the frame that shows it to be painted; optionally for the diagram too
  window.__step = (key, withDiagram) =>
    new Promise((resolve) => {
      const count = document.querySelector('[data-testid="step-count"]');
      const before = count.textContent;
      const arrowsBefore = document.querySelectorAll(
        '[data-testid="diagram-svg"] .messageLine0, [data-testid="diagram-svg"] .messageLine1',
      ).length;
      const latestBefore = document.querySelector(
        '[data-testid="diagram-svg"] text.messageText[data-latest]',
      );
      const out = {};
      const afterPaint = (f) =>
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => f(performance.now());
          ch.port2.postMessage(0);
        });
      const t0 = performance.now();
      let stepDone = false;
      let diagramDone = !withDiagram;
      const finish = () => stepDone && diagramDone && resolve(out);
      const mo = new MutationObserver(() => {
        if (!stepDone && count.textContent !== before) {
          stepDone = true;
          out.dom = performance.now() - t0;
          afterPaint((t) => {
            out.paint = t - t0;
            finish();
          });
        }
        if (!diagramDone) {
          const latest = document.querySelector('[data-testid="diagram-svg"] text.messageText[data-latest]');
          const arrows = document.querySelectorAll(
            '[data-testid="diagram-svg"] .messageLine0, [data-testid="diagram-svg"] .messageLine1',
          ).length;
          if (latest && (latest !== latestBefore || arrows !== arrowsBefore)) {
            diagramDone = true;
            out.arrows = arrows;
            afterPaint((t) => {
              out.diagram = t - t0;
              finish();
            });
          }
        }
      });
      mo.observe(document.body, { subtree: true, childList: true, characterData: true });
      setTimeout(() => resolve({ ...out, timeout: true }), 5000);
      document.dispatchEvent(new KeyboardEvent('keydown', { key, code: `Digit${key}`, bubbles: true }));
    });
}

try {
  // ---- 1 and 2: cold loads --------------------------------------------------------
  const loads = [];
  let files = null;
  for (let run = 0; run < COLD_RUNS; run++) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const responses = [];
    page.on('response', (r) =>
      responses.push({ url: r.url(), type: r.request().resourceType(), status: r.status() }),
    );
    await page.goto(server.url);
    const t = await (await interactive(page)).jsonValue();
    loads.push(t);
    if (run === 0) {
      await page.waitForLoadState('networkidle');
      files = responses;
    }
    await context.close();
  }

  const isMermaid = (u) =>
    /\/assets\/(draw|mermaid|sequenceDiagram|katex|cytoscape|dagre|chunk-)[^/]*\.js$/.test(u);
  /** The JS, CSS and wasm among `responses`, each gzipped: rows, totals, Mermaid chunks left out. */
  async function bytesOf(responses) {
    const out = { rows: [], total: 0, raw: 0, excluded: [] };
    for (const f of responses) {
      const path = new URL(f.url).pathname;
      if (!/\.(js|mjs|css|wasm)$/.test(path)) continue;
      if (isMermaid(f.url)) {
        out.excluded.push(path);
        continue;
      }
      const body = Buffer.from(await (await fetch(f.url)).arrayBuffer());
      const gz = gzipSync(body, { level: 9 }).length;
      out.total += gz;
      out.raw += body.length;
      out.rows.push([path.replace(/^.*\/assets\//, ''), body.length, gz]);
    }
    return out;
  }
  const { rows, total, raw, excluded } = await bytesOf(files);
  const html = Buffer.from(await (await fetch(server.url)).arrayBuffer());

  // a shared address into the sandbox: its scenario compiled at build time too
  const sharedOf = async (/** @type {string} */ address) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const responses = [];
    page.on('response', (r) => responses.push({ url: r.url() }));
    await page.goto(server.url + address);
    await interactive(page);
    await page.waitForLoadState('networkidle');
    await context.close();
    return { address, ...(await bytesOf(responses)) };
  };
  const sharedAll = [];
  for (const input of WEB_INPUTS) sharedAll.push(await sharedOf(`?scenario=${scenarioId(input)}`));
  const shared = sharedAll.reduce((a, b) => (b.total > a.total ? b : a));

  console.log(
    `bench/web (headless ${await browser.version()}, ${viewport.width}x${viewport.height}, build/web via vite preview)\n`,
  );
  console.log('1. first load of the default address (lesson 1), JS + CSS + wasm, each gzip -9:');
  for (const [name, r, g] of rows.sort((a, b) => b[2] - a[2]))
    console.log(`   ${name.padEnd(40)} ${kb(r).padStart(10)} raw ${kb(g).padStart(10)} gzip`);
  console.log(
    `   ${'total'.padEnd(40)} ${kb(raw).padStart(10)} raw ${kb(total).padStart(10)} gzip   (index.html: ${kb(gzipSync(html, { level: 9 }).length)} gzip, not counted)`,
  );
  console.log(
    `   Mermaid chunks fetched on first load: ${excluded.length ? excluded.join(', ') + ' (left out)' : 'none'}`,
  );
  console.log(`   target <= 250 KB: ${kb(total)}  ${verdict(total <= 250 * 1024)}`);
  console.log(
    `   the largest of ${sharedAll.length} shared sandbox addresses (${shared.address}): ${kb(shared.total)} gzip in ${shared.rows.length} files${shared.excluded.length ? ', Mermaid left out' : ''}  ${verdict(shared.total <= 250 * 1024)}\n`,
  );

  const tti = median(loads);
  console.log(`2. first scenario interactive (navigation -> first step possible), cold, ${COLD_RUNS} runs:`);
  console.log(`   ${loads.map((x) => x.toFixed(0)).join(', ')} ms`);
  console.log(`   median ${ms(tti)}; target <= 1500 ms: ${verdict(tti <= 1500)}\n`);

  // ---- 3: step to next paint --------------------------------------------------------
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.addInitScript(stepProbe);

  const idle = () => page.waitForTimeout(250);
  await page.goto(`${server.url}?scenario=${STEPPED}`);
  await interactive(page);
  await page.waitForLoadState('networkidle');
  const closed = [];
  const closedDom = [];
  const layerCost = [];
  for (let i = 0; i < 100; i++) {
    const r = await page.evaluate(([k]) => window.__step(k, false), [String((i % 4) + 1)]);
    closed.push(r.paint);
    closedDom.push(r.dom);
    layerCost.push(
      await page.evaluate((view) => Number(document.querySelector(view)?.dataset.motionCost ?? NaN), VIEW),
    );
    await idle();
  }
  const animated = await page.evaluate(
    (view) => document.querySelector(view)?.dataset.motionLast ?? '',
    VIEW,
  );
  const schedule = await page.locator('[data-testid="schedule"]').innerText();
  console.log(`3. step to next paint, 4 actors (${STEPPED}), key press dispatched in the page:`);
  console.log(
    `   a) diagram closed, steps 0 -> 100: median ${ms(median(closed))}, p90 ${ms(pct(closed, 90))}, max ${ms(Math.max(...closed))}; target <= 16 ms: ${verdict(median(closed) <= 16)}`,
  );
  console.log(
    `      (of which step to DOM updated: median ${ms(median(closedDom))}; the rest is waiting for the next frame)`,
  );
  console.log(
    `      (motion on: the last step played "${animated}" = direction, ms, animations started; the motion layer's own main-thread time per step: median ${ms(median(layerCost))}, max ${ms(Math.max(...layerCost))})`,
  );
  {
    // the same steps with motion off (reduced motion): what the layer adds, on this machine now
    const still = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const p = await still.newPage();
    await p.addInitScript(stepProbe);
    await p.goto(`${server.url}?scenario=${STEPPED}`);
    await interactive(p);
    await p.waitForLoadState('networkidle');
    const off = [];
    for (let i = 0; i < 40; i++) {
      off.push((await p.evaluate(([k]) => window.__step(k, false), [String((i % 4) + 1)])).paint);
      await p.waitForTimeout(250);
    }
    console.log(
      `      (motion off, steps 0 -> 40, for comparison: median ${ms(median(off))}, p90 ${ms(pct(off, 90))})`,
    );
    await still.close();
  }

  // b) the same run from step 100 of the full round-robin schedule, diagram open
  // the 127 choices of the round-robin run (its 128th step is forced: only D can move)
  const full = 'v1: ' + Array.from({ length: 127 }, (_, i) => 'ABCD'[i % 4]).join(' ');
  await page.goto(`${server.url}?scenario=${STEPPED}&schedule=${encodeURIComponent(full)}&step=100`);
  await interactive(page);
  await page.getByTestId('tab-diagram').click();
  await page.locator('[data-testid="sequence-diagram"][data-status="ready"]').waitFor({ timeout: 20000 });
  await page.waitForLoadState('networkidle');
  const startArrows = await page
    .locator('[data-testid="diagram-svg"] .messageLine0, [data-testid="diagram-svg"] .messageLine1')
    .count();
  const open = [];
  const openDom = [];
  const drawn = [];
  let arrows = startArrows;
  for (let i = 100; i < 128; i++) {
    const r = await page.evaluate(([k]) => window.__step(k, true), [String((i % 4) + 1)]);
    open.push(r.paint);
    openDom.push(r.dom);
    drawn.push(r.diagram);
    arrows = r.arrows;
    await idle();
  }
  console.log(`   b) diagram open, ${startArrows} -> ${arrows} arrows drawn, steps 100 -> 128:`);
  console.log(
    `      step to next paint: median ${ms(median(open))}, p90 ${ms(pct(open, 90))}, max ${ms(Math.max(...open))} (DOM updated: median ${ms(median(openDom))})`,
  );
  console.log(
    `      step to the new arrow painted (Mermaid redraw): median ${ms(median(drawn))}, p90 ${ms(pct(drawn, 90))}, max ${ms(Math.max(...drawn))}; target <= 150 ms: ${verdict(median(drawn) <= 150)}`,
  );
  if (!schedule.startsWith('v1: A B C D A B C D'))
    console.log(`   (note: the stepped schedule was ${schedule.slice(0, 60)}…)`);
  if (errors.length) console.log(`   page errors: ${errors.join('; ')}`);
  await context.close();

  // ---- 4: auto-play with motion, frame timing (and the same with motion off, for comparison) ----
  async function autoplay(reducedMotion) {
    const context = await browser.newContext({ viewport, reducedMotion });
    const page = await context.newPage();
    await page.goto(`${server.url}?scenario=${STEPPED}`);
    await interactive(page);
    await page.waitForLoadState('networkidle');
    const r = await page.evaluate(
      (viewSelector) =>
        new Promise((resolve) => {
          const frames = [];
          const long = [];
          const po = new PerformanceObserver((l) => long.push(...l.getEntries().map((e) => e.duration)));
          try {
            po.observe({ type: 'long-animation-frame', buffered: false });
          } catch {
            // not supported: only the frame gaps
          }
          const count = document.querySelector('[data-testid="step-count"]');
          const stepNow = () => Number(/(\d+)/.exec(count.textContent)?.[1] ?? 0);
          let moved = 0;
          const view = document.querySelector(viewSelector);
          const mo = new MutationObserver(() => moved++);
          mo.observe(view, { attributes: true, attributeFilter: ['data-motion-last'] });
          const tick = (t) => {
            frames.push(t);
            if (stepNow() >= 60) {
              document.dispatchEvent(
                new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true }),
              );
              po.disconnect();
              mo.disconnect();
              resolve({ frames, long, steps: stepNow(), moved, last: view.dataset.motionLast ?? '' });
              return;
            }
            requestAnimationFrame(tick);
          };
          requestAnimationFrame((t) => {
            frames.push(t);
            document.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true }));
            requestAnimationFrame(tick);
          });
        }),
      VIEW,
    );
    await context.close();
    const gaps = r.frames.slice(1).map((t, i) => t - r.frames[i]);
    const interval = median(gaps);
    const dropped = gaps.reduce((n, g) => n + (g > 1.5 * interval ? Math.round(g / interval) - 1 : 0), 0);
    return { ...r, gaps, interval, dropped, expected: gaps.length + dropped };
  }
  console.log(
    `4. auto-play, 4 actors (${STEPPED}), the player's default speed (4 steps/s), 60 steps; frame gaps by requestAnimationFrame:`,
  );
  // on and off alternate, twice: on a busy machine the spread between runs says as much as the figures
  for (const [label, reduced] of [
    ['motion on ', 'no-preference'],
    ['motion off', 'reduce'],
    ['motion on ', 'no-preference'],
    ['motion off', 'reduce'],
  ]) {
    const r = await autoplay(reduced);
    const share = (100 * r.dropped) / r.expected;
    console.log(
      `   ${label}: ${r.steps} steps in ${((r.frames.at(-1) - r.frames[0]) / 1000).toFixed(1)} s, ${r.gaps.length + 1} frames (interval ${ms(r.interval)}, p99 gap ${ms(pct(r.gaps, 99))}, max ${ms(Math.max(...r.gaps))}); dropped ${r.dropped} of ${r.expected} (${share.toFixed(1)}%); long animation frames: ${r.long.length}; steps animated: ${r.moved}${r.last ? ` (last "${r.last}")` : ''}${reduced === 'no-preference' ? `; target <= 5%: ${verdict(share <= 5)}` : ''}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
