// bench/web/prove.mjs: "Prove it" in headless Chromium, from the click to
// the proof on screen, on the scenarios the engines name in
// <engine>_WEB_PROVE_BENCH (bench/inputs.mjs): issue 22's 4 x 1 and 3 x 3
// mutex scenarios (target: under 2 s each), and two small sandbox
// scenarios whose search is short, so the figures also show what the proof
// costs beyond its search: starting the workers, compiling and instantiating
// the wasm, cutting the search into units.  Each is opened as a learner opens
// a scenario someone shared: a link that carries it (`index.html#src=...`).
// After `make web`:
//
//   node bench/web/prove.mjs [--only NAME] [BEFORE]
//
// --only NAME: the scenarios whose name holds NAME (e.g. `--only 3x3`).
// BEFORE: another build of the app (a `build/web` folder, e.g. an earlier
// commit's `vite build --outDir`), measured in the same run, alternating with
// this one.  For each scenario and build, the median of ROUNDS of:
//   - first, at once: a fresh page (cold HTTP cache), "Prove it" pressed as
//     soon as thread A can step;
//   - first, after idle: the same, pressed after the page sat idle for 4 s
//     (what a learner reading the scenario gives it);
//   - second: "Prove it" pressed again on the same page.
// Beside them, the search alone: the executions the proof reports, and one
// search's time in wasm under node (the same module's explorer, one worker).
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { resolve } from 'node:path';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';
import { ROOT, benchInputs } from '../inputs.mjs';
import { loadModule } from '../../wasm/js/node.js';
import { catalog, Session } from '../../wasm/js/lockstep.js';
import { compileScenario } from '../../wasm/js/scenario.js';
import { toBase64url } from '../../wasm/js/link.js';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const ONLY = onlyAt >= 0 ? args.splice(onlyAt, 2)[1] : undefined;
if (onlyAt >= 0 && !ONLY) {
  console.error('prove.mjs: --only needs a name (e.g. --only 3x3)');
  process.exit(2);
}
const BEFORE = args[0] ? resolve(args[0]) : null;
const ROUNDS = 3;
const SCENARIOS = benchInputs('WEB_PROVE_BENCH').filter((s) => !ONLY || s.name.includes(ONLY));

const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One search of the scenario in wasm under node: {executions, ms}. */
async function nodeSearch(/** @type {import('../inputs.mjs').Input} */ input) {
  const M = await loadModule();
  const { bytecode } = compileScenario(readFileSync(input.file, 'utf8'), {
    file: input.path,
    catalog: catalog(M),
  });
  const s = new Session(M, bytecode, { trace: false });
  const t0 = performance.now();
  s.exploreStart({ bound: 'none', stateful: 'fits' }); // (as `--bound none` and "Prove it" run it)
  let st;
  do st = s.exploreStep(5000);
  while (!st.finished);
  const ms = performance.now() - t0;
  s.free();
  return { executions: st.result.executions, ms };
}

/** The address that carries the scenario, as the app's Share makes it. */
const linkTo = (/** @type {string} */ url, /** @type {import('../inputs.mjs').Input} */ input) =>
  `${url}index.html?lang=en#src=${toBase64url(deflateRawSync(readFileSync(input.file)))}`;

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--headless', '--disable-gpu'],
});

/**
 * Presses "Prove it" and waits for the proof: ms from the click to the frame
 * that shows it, and the line.  Timed in the page (Playwright's waiting polls
 * at up to half-second intervals, which it would add to the figure).
 */
async function proveOnce(/** @type {import('playwright-core').Page} */ page) {
  await page.getByTestId('explore-prove').waitFor({ timeout: 10000 });
  const ms = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const proven = () =>
          /^Proven: /.test(
            document.querySelector('[data-testid="explore-result"]')?.textContent?.trim() ?? '',
          );
        const t0 = performance.now();
        let cleared = !proven(); // (a second proof: the first's line goes before the new one comes)
        const seen = new MutationObserver(() => {
          if (!proven()) cleared = true;
          if (!cleared || !proven()) return;
          seen.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - t0));
        });
        seen.observe(document.body, { subtree: true, childList: true, characterData: true });
        /** @type {HTMLElement} */ (document.querySelector('[data-testid="explore-prove"]')).click();
      }),
  );
  const result = page.getByTestId('explore-result');
  const text = await result.innerText();
  await page.getByTestId('explore-prove').waitFor({ timeout: 10000 });
  return { ms: Math.round(/** @type {number} */ (ms)), text };
}

/** One round on a fresh page: first at once or after idle, then a second. */
async function round(
  /** @type {string} */ url,
  /** @type {import('../inputs.mjs').Input} */ input,
  /** @type {boolean} */ idle,
) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(linkTo(url, input));
  await page.locator('section[data-actor="A"]').waitFor({ timeout: 30000 });
  await page.getByTestId('explore-prove').waitFor({ timeout: 30000 });
  if (idle) await page.waitForTimeout(4000);
  const first = await proveOnce(page);
  const second = await proveOnce(page);
  await context.close();
  return { first: first.ms, second: second.ms, text: first.text };
}

const builds = [{ name: 'this build', dir: null }];
if (BEFORE) builds.push({ name: 'before', dir: BEFORE });
const servers = await Promise.all(builds.map((b) => serve(ROOT, b.dir)));
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${ROUNDS} rounds, medians`,
);
console.log(
  'scenario                    build        first, at once  first, after idle  second   search in node',
);
try {
  for (const input of SCENARIOS) {
    const alone = await nodeSearch(input);
    /** @type {Record<string, {now: number[], idle: number[], second: number[]}>} */
    const t = {};
    for (const b of builds) t[b.name] = { now: [], idle: [], second: [] };
    for (let k = 0; k < ROUNDS; k++)
      for (const b of k % 2 ? [...builds].reverse() : builds) {
        const server = servers[builds.indexOf(b)];
        if (!server) continue;
        const now = await round(server.url, input, false);
        const idle = await round(server.url, input, true);
        const m = t[b.name];
        if (!m) continue;
        m.now.push(now.first);
        m.idle.push(idle.first);
        m.second.push(now.second, idle.second);
      }
    for (const b of builds) {
      const m = t[b.name];
      if (!m) continue;
      console.log(
        [
          input.name.padEnd(27),
          b.name.padEnd(12),
          `${median(m.now)} ms`.padEnd(15),
          `${median(m.idle)} ms`.padEnd(18),
          `${median(m.second)} ms`.padEnd(8),
          `${alone.executions} executions, ${alone.ms.toFixed(0)} ms`,
        ].join(' '),
      );
    }
  }
} finally {
  for (const s of servers) s.stop();
  await browser.close();
}
