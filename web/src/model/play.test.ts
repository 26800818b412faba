import { describe, expect, it } from 'vitest';
import type { ActorState, EventKind, MachineState, TraceEvent } from '../bridge/types';
import { delayOf, lastActor, nextActor, playMove, random01, SPEEDS } from './play';

function state(
  statuses: ActorState['status'][],
  step = 0,
  recorded = step,
  outcome: MachineState['outcome'] = 'running',
): MachineState {
  return {
    step,
    steps_recorded: recorded,
    time: 0,
    variant: 'correct',
    outcome,
    actors: statuses.map((status, i) => ({
      name: 'ABCD'[i]!,
      kind: 'thread',
      priority: 0,
      op: 0,
      status,
      parker: 0,
    })),
    objects: [],
    stuck: [],
    violation: null,
    prints: [],
  };
}
const ev = (step: number, actor: string, kind: EventKind = 'load'): TraceEvent => ({
  step,
  time: 0,
  kind,
  actor,
});

describe('the auto-player', () => {
  it('goes round-robin from the actor that moved last, skipping those that cannot move', () => {
    const s = state(['enabled', 'blocked', 'enabled', 'enabled'], 3);
    expect(nextActor(s, [ev(1, 'A'), ev(2, 'C'), ev(3, 'A')])).toBe(2);
    expect(nextActor(s, [ev(1, 'A'), ev(2, 'C')], 'round-robin')).toBe(3);
    expect(nextActor(s, [ev(1, 'D')])).toBe(0);
    expect(nextActor(state(['enabled', 'enabled']), [])).toBe(0);
  });
  it('reads the last mover from the steps up to the current one, ignoring notes and the end', () => {
    const trace: TraceEvent[] = [
      ev(1, 'A'),
      ev(2, 'B'),
      { ...ev(2, 'B'), kind: 'note' },
      ev(3, 'A'),
      { step: 3, time: 0, kind: 'stuck', actor: 'B' },
    ];
    expect(lastActor(trace, 2)).toBe('B');
    expect(lastActor(trace, 3)).toBe('A');
    expect(lastActor(trace, 0)).toBeUndefined();
  });
  it('chooses at random among the enabled actors, the same way for the same seed and step', () => {
    const s = state(['enabled', 'finished', 'enabled', 'enabled'], 5);
    const picks = new Set<number | null>();
    for (let seed = 1; seed < 60; seed++) picks.add(nextActor({ ...s }, [], 'random', seed));
    expect([...picks].sort()).toEqual([0, 2, 3]);
    expect(nextActor(s, [], 'random', 7)).toBe(nextActor(s, [], 'random', 7));
    for (let i = 0; i < 100; i++) expect(random01(i)).toBeGreaterThanOrEqual(0);
  });
  it('follows the recorded future first, and stops when nobody can move or the run is over', () => {
    expect(playMove(state(['enabled', 'enabled'], 2, 5), [])).toEqual({ kind: 'forward' });
    expect(playMove(state(['enabled', 'enabled'], 5, 5), [ev(5, 'A')])).toEqual({ kind: 'step', actor: 1 });
    expect(playMove(state(['blocked', 'finished'], 5, 5), [])).toEqual({ kind: 'stop' });
    expect(playMove(state(['enabled', 'enabled'], 5, 5, 'stuck'), [])).toEqual({ kind: 'stop' });
  });
  it('has speeds from one to sixteen steps a second', () => {
    expect(SPEEDS[0]).toBe(1);
    expect(delayOf(0)).toBe(1000);
    expect(delayOf(4)).toBe(63);
    expect(delayOf(99)).toBe(63);
    expect(delayOf(-3)).toBe(1000);
  });
});
