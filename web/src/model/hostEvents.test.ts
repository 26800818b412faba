import { describe, expect, it } from 'vitest';
import type { MachineState, Snapshot, TraceEvent } from '../bridge/types';
import fx from './fixtures/lessons.json';
import { hostEvents, type Moment } from './hostEvents';

interface Run {
  end: number;
  trace: TraceEvent[];
  at: Record<string, { state: unknown; schedule: string; compact: string; steps: number }>;
}
const run = fx.lostWakeup.run as unknown as Run;

function moment(step: number, goal = false, scenario = 'lesson:lost-wakeup'): Moment {
  const at = run.at[String(step)]!;
  const state = at.state as MachineState;
  const snap: Snapshot = {
    state,
    trace: run.trace.filter((e) => e.step <= step),
    summary: {
      outcome: state.outcome,
      steps: at.steps,
      schedule: at.schedule,
      compact: at.compact,
      virtual_time: 0,
      stuck: state.stuck,
      violation: state.violation,
      prints: [],
      end: 'waiting',
      message: '',
    },
  };
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
