// Issue 24, item 11: every key move has a visible control, so the lessons this pass touched
// are won by mouse alone in at most 15 actions.  The run is the one `lockstep check` wins
// (plans.mjs); each action is a click: N on lane N's Step (or its raise), Shift+N on lane N's
// "until shared", t on the tick button, d N on lane N's drop.  No key is pressed.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from '../../wasm/js/node.js';
import { catalog } from '../../wasm/js/lockstep.js';
import { clean, lane, open, screenshot, useApp } from './harness.mjs';
import { plan, playByKeys } from './plans.mjs';

const app = useApp();

/** The button a mouse clicks for the action the keys name. */
function buttonFor(page, p, keys) {
  const n = /Digit(\d)$/.exec(keys.at(-1))?.[1];
  const actor = n ? p.names[Number(n) - 1] : null;
  if (keys[0] === 't') return page.getByTestId('tick');
  if (keys[0] === 'd') return lane(page, actor).getByTestId('drop');
  if (keys[0].startsWith('Shift+')) return lane(page, actor).getByTestId('until-shared');
  return lane(page, actor).getByTestId('step');
}

const LESSONS = [
  ['parking_lot/05-lost-wakeup.md', 'lost-wakeup'],
  ['rtos/02-priority-inversion.md', 'priority-inversion'],
  ['rtos/05-the-signed-count.md', 'the-signed-count'],
];

describe('lessons by mouse alone', () => {
  for (const [file, id] of LESSONS)
    test(`${id}: won in at most 15 clicks`, async (t) => {
      const M = await loadModule();
      const p = plan(M, catalog(M), file);
      const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=${id}`);
      await page.setViewportSize({ width: 1440, height: 900 });
      let clicks = 0;
      await playByKeys(page, p, async (a) => {
        const b = buttonFor(page, p, a.keys);
        assert.equal(await b.count(), 1, `${id}: a button for ${a.keys.join(' ')} (${a.what})`);
        assert.ok(await b.isEnabled(), `${id}: the button for ${a.what} is enabled`);
        if (a.keys[0].startsWith('Shift+'))
          assert.match(clean(await b.getAttribute('aria-label')), /until it touches shared state/);
        await b.click();
        clicks++;
        return true;
      });
      t.diagnostic(`${id}: won in ${clicks} clicks`);
      assert.ok(clicks <= 15, `${id}: ${clicks} clicks`);
      await screenshot(page, `by-mouse-${id}`);
      assert.deepEqual(errors, []);
      await page.close();
    });
});
