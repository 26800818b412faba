import { describe, expect, it } from 'vitest';
import type { LessonInfo } from '../bridge/lessonTypes';
import fx from './fixtures/lessons.json';
import { snapAt, type RecordedRun } from './recordedRun.fixture';
import {
  atStart,
  choose,
  hintNow,
  inLocale,
  isGoalReached,
  keepsSpinning,
  learnerSteps,
  questionNow,
  remember,
  saidBeats,
  spinningActors,
  type AskedMap,
} from './lesson';

const six = fx.lostWakeup.lesson as unknown as LessonInfo;
const sixRun = fx.lostWakeup.run as unknown as RecordedRun;
const sixCorrect = fx.lostWakeupCorrect.run as unknown as RecordedRun;
const five = fx.validateUnderLock.lesson as unknown as LessonInfo;
const fiveRun = fx.validateUnderLock.run as unknown as RecordedRun;

describe('the goal', () => {
  it('is reached when B sleeps forever, not before, and not under correct', () => {
    expect(isGoalReached(six, snapAt(sixRun, 28))).toBe(false);
    const end = snapAt(sixRun, sixRun.end);
    expect(end.state.outcome).toBe('stuck');
    expect(isGoalReached(six, end)).toBe(true);
    expect(isGoalReached(six, snapAt(sixCorrect, sixCorrect.end))).toBe(false);
  });
  it('reads in either language', () => {
    expect(inLocale(six.goal.text, 'en')).toBe('Make B sleep forever while the lock is free.');
    expect(inLocale(six.goal.text, 'zh-CN')).toMatch(/永远睡下去/);
    expect(inLocale(null, 'en')).toBe('');
  });
});

describe('beats', () => {
  it('are said at the steps their events happen, in order', () => {
    const said = saidBeats(six, snapAt(sixRun, 28));
    expect(said.map((b) => b.step)).toEqual([1, 2, 24, 26, 28]);
    expect(said[0]!.say.en).toMatch(/fast path: one CAS/);
    expect(said[3]!.say.en).toMatch(/This is the window/);
    expect(said[4]!.say.en).toMatch(/finds nobody/);
  });
  it('follow the variant: under correct the other validate beat is said', () => {
    const said = saidBeats(six, snapAt(sixCorrect, sixCorrect.end));
    expect(said.some((b) => /Under correct/.test(b.say.en))).toBe(true);
    expect(said.some((b) => /This is the window/.test(b.say.en))).toBe(false);
  });
  it('follow the variant and the state: under correct nobody is told that B was forgotten', () => {
    // The same steps under correct: B queues while m is still 11, and A's unlock finds and wakes it.
    const upTo = (n: number) => saidBeats(six, snapAt(sixCorrect, n)).map((b) => b.say.en);
    for (let n = 25; n <= 33; n++) upTo(n); // the learner steps through them: the page sees each state
    const said = upTo(sixCorrect.end);
    expect(said.some((t) => /nobody is left/.test(t))).toBe(false);
    expect(
      said.some((t) => /A's unlock will take the slow path, look in this bucket and find B/.test(t)),
    ).toBe(true);
    expect(said.some((t) => /A wakes B/.test(t))).toBe(true);
    // Under validate_outside, the same beat's words are the lost wakeup's.
    for (let n = 28; n <= 31; n++) saidBeats(six, snapAt(sixRun, n));
    const lost = saidBeats(six, snapAt(sixRun, sixRun.end)).map((b) => b.say.en);
    expect(lost.some((t) => /nobody is left who knows it is there/.test(t))).toBe(true);
  });
  it('going back in time unsays them', () => {
    expect(saidBeats(six, snapAt(sixRun, 1)).length).toBe(1);
    expect(saidBeats(six, snapAt(sixRun, 0))).toEqual([]);
  });
  it('are not said for the starting schedule', () => {
    expect(five.startSteps).toBe(23);
    const said = saidBeats(five, snapAt(fiveRun, 24));
    expect(said.every((b) => b.step > 23)).toBe(true);
    expect(saidBeats(five, snapAt(fiveRun, 23))).toEqual([]);
  });
});

describe('hints', () => {
  it('move from stage to stage as the events happen, with the next actor on the solution', () => {
    const h0 = hintNow(six, snapAt(sixRun, 0));
    expect(h0.stage).toBe(0);
    expect(h0.solutionNext).toBe('A');
    expect(h0.hint?.next.actor).toBe('A');
    const h1 = hintNow(six, snapAt(sixRun, 1));
    expect(h1.stage).toBe(1);
    expect(h1.solutionNext).toBe('B');
    const h2 = hintNow(six, snapAt(sixRun, 26));
    expect(h2.stage).toBe(2);
    expect(h2.solutionNext).toBe('A');
    expect(h2.onPath).toBe(true);
  });
  it('know when the learner has left the solution’s path', () => {
    const off = snapAt(sixRun, 3);
    const snap = { ...off, summary: { ...off.summary, schedule: 'v1: B A B' } };
    const h = hintNow(six, snap);
    expect(h.solutionNext).toBeNull();
    expect(h.onPath).toBe(false);
  });
});

describe('spinning', () => {
  it('starts after the first spin round and ends before setting PARKED', () => {
    expect(keepsSpinning(snapAt(sixRun, 2).state, snapAt(sixRun, 2).trace, 1)).toBe(false);
    for (const n of [3, 4, 21, 22]) {
      const s = snapAt(sixRun, n);
      expect(keepsSpinning(s.state, s.trace, 1), `step ${n}`).toBe(true);
      expect(spinningActors(s)).toEqual([1]);
    }
    const s23 = snapAt(sixRun, 23);
    expect(s23.state.actors[1]!.next?.label).toBe('set PARKED');
    expect(keepsSpinning(s23.state, s23.trace, 1)).toBe(false);
    expect(spinningActors(snapAt(sixRun, 1))).toEqual([]);
  });
  it('never for a thread that cannot move', () => {
    const s = snapAt(sixRun, 3);
    const state = { ...s.state, outcome: 'stuck' as const };
    expect(keepsSpinning(state, s.trace, 1)).toBe(false);
  });
});

describe('the predict prompt', () => {
  it('is asked before A locks the bucket, and revealed after A’s step', () => {
    expect(questionNow(six, snapAt(sixRun, 26), {})).toBeNull(); // A's next is the fast-path CAS
    const at27 = snapAt(sixRun, 27);
    const q = questionNow(six, at27, {});
    expect(q?.phase).toBe('ask');
    expect(q?.actor).toBe('A');
    let asked: AskedMap = remember({}, q, 27);
    expect(asked[0]).toEqual({ at: 27, actor: 'A', choice: null });
    expect(remember(asked, q, 27)).toBe(asked);
    asked = choose(asked, 0, 1, 27, 'A');
    expect(questionNow(six, at27, asked)).toMatchObject({ phase: 'ask', choice: 1 });
    const after = questionNow(six, snapAt(sixRun, 28), asked);
    expect(after).toMatchObject({ phase: 'reveal', index: 0, choice: 1, correct: true });
    expect(inLocale(after!.question.explain, 'en')).toMatch(/empty queue/);
  });
  it('a wrong answer is revealed as wrong; no answer as the answer', () => {
    const wrong = choose(remember({}, questionNow(six, snapAt(sixRun, 27), {}), 27), 0, 0, 27, 'A');
    expect(questionNow(six, snapAt(sixRun, 28), wrong)).toMatchObject({ phase: 'reveal', correct: false });
    const none = remember({}, questionNow(six, snapAt(sixRun, 27), {}), 27);
    expect(questionNow(six, snapAt(sixRun, 28), none)).toMatchObject({ phase: 'reveal', correct: null });
  });
  it('going back before the step asks again, keeping the answer', () => {
    const asked = choose(remember({}, questionNow(six, snapAt(sixRun, 27), {}), 27), 0, 1, 27, 'A');
    expect(questionNow(six, snapAt(sixRun, 27), asked)).toMatchObject({ phase: 'ask', choice: 1 });
    expect(questionNow(six, snapAt(sixRun, 3), asked)).toBeNull();
  });
  it('is not asked under correct (B has not validated outside the lock)', () => {
    expect(questionNow(six, snapAt(sixCorrect, 27), {})).toBeNull();
  });
});

describe('where the learner is', () => {
  it('at the start of a lesson with a starting schedule', () => {
    const s = snapAt(fiveRun, 23);
    const whole = { ...s, summary: { ...s.summary, steps: 23 } };
    expect(atStart(five, whole)).toBe(true);
    expect(atStart(five, snapAt(fiveRun, 24))).toBe(false);
    expect(learnerSteps(five, snapAt(fiveRun, 25))).toBe(2);
    expect(learnerSteps(five, snapAt(fiveRun, 23))).toBe(0);
  });
  it('at the start of a lesson without one', () => {
    const s = snapAt(sixRun, 0);
    expect(atStart(six, { ...s, summary: { ...s.summary, steps: 0 } })).toBe(true);
    expect(atStart(six, snapAt(sixRun, 1))).toBe(false);
  });
});
