// The indexed run trace (wasm/js/lesson/run-trace.js): at every step of
// real lessons' runs, what the player's functions say about trace.upTo(k)
// is what they say about the array of events with step <= k.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOG, M, courseLessons, root } from './helpers.js';
import { Session } from '../../wasm/js/lockstep.js';
import { beatsAt, goalReached, hintStage, parseLesson, questionDue } from '../../wasm/js/lesson.js';
import { RunTrace } from '../../wasm/js/lesson/run-trace.js';

/** A lesson of the course, every beat said at every matching event when `every` is set. */
function lesson(file, every = false) {
  let text = readFileSync(join(root, 'lessons', file), 'utf8');
  // (a beat that says every: already says it once; the rest get it)
  if (every)
    text = text
      .replace(/\n {4}every: (?:true|false)(?=\n)/g, '')
      .replace(/(\n {2}- when: [^\n]*\n)/g, '$1    every: true\n');
  return parseLesson(text, { file, catalog: CATALOG });
}

/** Everything the player shows at each step of a round-robin run, read both ways. */
function bothWays(l) {
  const s = new Session(M, l.bytecode, { variant: l.variant, seed: 0 });
  try {
    s.run({
      policy: 'round-robin',
      schedule: l.solution?.schedule ?? '',
      maxSteps: 400,
    });
    const events = s.trace();
    const steps = s.summary().steps;
    const run = new RunTrace(events, l.variant);
    const byArray = [];
    const byIndex = [];
    for (let k = 0; k <= steps; k++) {
      s.goto(k);
      const state = s.state();
      const say = (soFar) => ({
        beats: beatsAt(l.beats, soFar, k, l.variant, state).map((b) => [b.index, b.event]),
        hint: hintStage(l.hints, soFar, l.variant, state),
        questions: l.questions.map((q) => questionDue(q, state, soFar, l.variant)),
        goal: goalReached(l.goal, { events: soFar, state, variant: l.variant }),
      });
      byArray.push(say(events.filter((e) => Number(e.step) <= k)));
      byIndex.push(say(run.upTo(k)));
    }
    return { byArray, byIndex, steps };
  } finally {
    s.free();
  }
}

for (const file of courseLessons.map((f) => f.replace(/^lessons\//, '')))
  for (const every of [false, true])
    test(`${file}${every ? ' (every beat at every match)' : ''}: upTo(k) says what the events up to k say`, () => {
      const { byArray, byIndex, steps } = bothWays(lesson(file, every));
      assert.ok(steps > 5, `${steps} steps`);
      // the comparison means something: some beat is said, some stage shown
      assert.ok(byArray.some((x) => x.beats.length > 0));
      assert.ok(byArray.some((x) => x.hint >= 0));
      assert.deepEqual(byIndex, byArray);
    });

test('a trace out of step order is refused', () => {
  assert.throws(
    () => new RunTrace([{ step: 2 }, { step: 1 }], 'correct'),
    /a trace out of step order at event 1 \(step 1\)/,
  );
});

test('matches() finds every matching event once, and a matcher read again is the same list', () => {
  const events = [
    { step: 1, actor: 'A', kind: 'note' },
    { step: 1, actor: 'B', kind: 'note' },
    { step: 2, actor: 'A', kind: 'unpark' },
    { step: 3, actor: 'A', kind: 'note' },
  ];
  const run = new RunTrace(events, 'correct');
  const m = { actor: ['A'], kind: ['note'] };
  assert.deepEqual(run.matches(m), [0, 3]);
  assert.equal(run.matches({ actor: ['A'], kind: ['note'] }), run.matches(m));
  assert.equal(run.upTo(2).find(m), 0);
  assert.equal(run.upTo(2).find(m, 1), -1);
  assert.equal(run.upTo(3).find(m, 1), 3);
  assert.equal(run.upTo(0).find(m), -1);
  assert.equal(run.upTo(3).findAtStep({ actor: ['B'] }, 1), events[1]);
  assert.equal(run.upTo(3).findAtStep({ actor: ['B'] }, 2), undefined);
  assert.deepEqual(run.matches({ variant: ['other'] }), []);
});
