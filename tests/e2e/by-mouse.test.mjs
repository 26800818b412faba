// Issue 24, item 11: every key move has a visible control, so a lesson is won by mouse alone
// in at most 15 actions: for each control, the first lesson of the course that needs it.  The run is the one `lockstep check` wins
// (plans.mjs); each action is a click: N on lane N's Step (or its raise), Shift+N on lane N's
// "until shared", t on the tick button, d N on lane N's drop.  No key is pressed.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadModule } from '../../wasm/js/node.js';
import { catalog } from '../../wasm/js/lockstep.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { courseFiles } from '../../wasm/js/cli/course-files.js';
import { ROOT, clean, lane, open, screenshot, useApp } from './harness.mjs';
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

/** The control a mouse clicks for an action (as buttonFor finds it). */
const controlOf = (keys) =>
  keys[0] === 't'
    ? 'tick'
    : keys[0] === 'd'
      ? 'drop'
      : keys[0].startsWith('Shift+')
        ? 'until shared'
        : 'step';

// For each control (a step, "until shared", the tick, a drop), the first lesson of the course
// with a solution whose winning run needs it: found from the course index, so that no lesson is
// named here.
const M = await loadModule();
const LESSONS = [];
{
  const wanted = new Set(['step', 'until shared', 'tick', 'drop']);
  for (const { rel } of courseFiles(join(ROOT, 'lessons'))) {
    if (wanted.size === 0) break;
    // a lesson with a solution: `lockstep check` holds its win to at most 15 actions
    if (!/^solution: /m.test(readFileSync(join(ROOT, 'lessons', rel), 'utf8'))) continue;
    const p = plan(M, catalog(M), rel);
    const uses = new Set(p.actions.map((a) => controlOf(a.keys)));
    if (![...uses].some((c) => wanted.has(c))) continue;
    LESSONS.push(p);
    for (const c of uses) wanted.delete(c);
  }
  assert.deepEqual([...wanted], [], 'every control is needed by some lesson of the course');
}

describe('lessons by mouse alone', () => {
  for (const p of LESSONS)
    test(`${p.id} (${[...new Set(p.actions.map((a) => controlOf(a.keys)))].join(', ')}): won in at most 15 clicks`, async (t) => {
      const id = p.id;
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
