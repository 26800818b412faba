// Every lesson is won in the browser, by the keys a learner presses.  `lockstep check` proves
// each lesson winnable on the engine (its solution:, or for a lesson without one the starting
// run, reaches the goal); here the same run is played in the app: one page walks the whole
// course by its Next link, and in each lesson presses, for every action the check counts, the
// key the keys list names (N steps task N or raises handler N, Shift+N runs N through what the
// lesson folds, d then N drops task N's future, t lets the tick fall), waits for the step count
// to land exactly where the engine's run does, and then sees "Goal reached".  Next walks the
// lessons in the course index's order (lessons/course.yaml), from its first to its last.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { courseFiles } from '../../wasm/js/cli/course-files.js';
import { loadModule } from '../../wasm/js/node.js';
import { catalog } from '../../wasm/js/lockstep.js';
import { open, ROOT, screenshot, useApp } from './harness.mjs';
import { plan, playByKeys } from './plans.mjs';

const app = useApp();

describe('every lesson in the browser', () => {
  test('is won by the learner’s keys, walking the course by Next', async () => {
    const M = await loadModule();
    const cat = catalog(M);
    const course = courseFiles(join(ROOT, 'lessons'));
    const plans = new Map(course.map((l) => plan(M, cat, l.rel)).map((p) => [p.id, p]));

    const { page, errors } = await open(app.chrome.context, `${app.server.url}?lesson=${course[0].id}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    const won = [];
    for (;;) {
      const id = new URL(page.url()).searchParams.get('lesson');
      const p = plans.get(id);
      assert.ok(p, `the app opened ${id}, which is no lesson file`);
      assert.ok(!won.includes(id), `Next came back to ${id}`);
      assert.equal(p.variant, p.opening, `${id} is won under the variant it opens with`);
      await playByKeys(page, p);
      won.push(id);
      const next = page.getByTestId('lesson-next');
      if ((await next.count()) === 0) {
        await screenshot(page, 'solutions-last-lesson-won');
        break;
      }
      await next.click();
      await page.waitForURL((u) => u.searchParams.get('lesson') !== id);
    }
    assert.deepEqual(won, [...plans.keys()], 'Next walks every lesson once, in the course’s order');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
