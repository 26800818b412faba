import { describe, expect, it } from 'vitest';
import fx from './fixtures/lessons.json';
import { snapAt, type RecordedRun } from './recordedRun.fixture';
import { hostEvents, type Moment } from './hostEvents';

const run = fx.lostWakeup.run as unknown as RecordedRun;

function moment(step: number, goal = false, scenario = 'lesson:lost-wakeup'): Moment {
  const snap = snapAt(run, step);
  return { lesson: 'lost-wakeup', scenario, snap, goal, title: 'The challenge' };
}

describe('messages to the host page', () => {
  it('ready when a lesson opens', () => {
    expect(hostEvents(null, moment(0))).toEqual([
      {
        source: 'lockstep',
        type: 'ready',
        lesson: 'lost-wakeup',
        step: 0,
        variant: 'validate_outside',
        title: 'The challenge',
        goal: false,
      },
    ]);
    expect(hostEvents(moment(3, false, 'lesson:other'), moment(0)).map((e) => e.type)).toEqual(['ready']);
  });
  it('a step says who moved, where the run is and its schedule', () => {
    const [e, ...rest] = hostEvents(moment(0), moment(1));
    expect(rest).toEqual([]);
    expect(e).toMatchObject({
      source: 'lockstep',
      type: 'step',
      lesson: 'lost-wakeup',
      step: 1,
      actor: 'A',
      direction: 'forward',
      schedule: 'v1: A',
      outcome: 'running',
    });
  });
  it('going back is a step without an actor; nothing changed is nothing', () => {
    expect(hostEvents(moment(3), moment(2))).toMatchObject([
      { type: 'step', direction: 'back', actor: null },
    ]);
    expect(hostEvents(moment(3), moment(3))).toEqual([]);
  });
  it('the stuck end and the goal, after the step', () => {
    const end = run.end;
    const types = hostEvents(moment(28), moment(end, true)).map((e) => e.type);
    expect(types).toEqual(['step', 'stuck', 'goal-reached']);
    const stuck = hostEvents(moment(28), moment(end, true))[1]!;
    expect(stuck.stuck).toEqual(['B']);
    // reached already: said once
    expect(hostEvents(moment(end, true), moment(end, true))).toEqual([]);
  });
});
