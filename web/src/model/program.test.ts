import { describe, expect, it } from 'vitest';
import type { ActorState, MachineState, ScenarioActor, TraceEvent } from '../engine/types';
import { changedObjects, currentOp, objectsOfType, opDepth, privateCopy } from './program';

const actor: ScenarioActor = {
  name: 'A',
  ops: [
    { index: 0, text: 'repeat 3', line: 7 },
    { index: 1, text: 'increment counter', line: 8, depth: 1 },
  ],
};
const st = (op: number, status: ActorState['status'] = 'enabled', next?: ActorState['next']): ActorState => ({
  name: 'A',
  kind: 'thread',
  priority: 0,
  op,
  status,
  parker: 0,
  next,
});

describe('current operation', () => {
  it('maps the machine op index to the program line', () => {
    expect(currentOp(actor, st(1))).toBe(1);
    expect(currentOp(actor, st(0))).toBe(0);
    expect(currentOp(actor, st(2, 'finished'))).toBe(-1);
    expect(currentOp(actor, undefined)).toBe(-1);
  });
  it('indents by depth, bounded', () => {
    expect(opDepth({})).toBe(0);
    expect(opDepth({ depth: 1 })).toBe(1);
    expect(opDepth({ depth: 40 })).toBe(6);
  });
});

describe('private copy', () => {
  const trace: TraceEvent[] = [
    { step: 1, time: 0, kind: 'load', actor: 'A', object: 'counter', old: 0, new: 0 },
    { step: 2, time: 0, kind: 'load', actor: 'B', object: 'counter', old: 0, new: 0 },
    { step: 3, time: 0, kind: 'store', actor: 'B', object: 'counter', arg: 1, old: 0, new: 1 },
  ];
  it('is what the actor read, while it is about to store it back', () => {
    expect(privateCopy(trace, st(1, 'enabled', { kind: 'store', object: 'counter', arg: 1, value: 1 }))).toBe(
      0,
    );
  });
  it('is nothing before a load or after the store', () => {
    expect(privateCopy(trace, st(1, 'enabled', { kind: 'load', object: 'counter', value: 1 }))).toBeNull();
    expect(privateCopy([], st(1, 'enabled', { kind: 'store', object: 'counter', arg: 1 }))).toBeNull();
    expect(privateCopy(trace, st(2, 'finished'))).toBeNull();
  });
});

describe('objects', () => {
  const state = (value: number): MachineState => ({
    step: 0,
    steps_recorded: 0,
    time: 0,
    variant: 'correct',
    outcome: 'running',
    actors: [],
    objects: [
      { name: 'counter', type: 'counter', engine: 'basic', address: 8, fields: { value } },
      { name: 'safe', type: 'atomic_counter', engine: 'basic', address: 16, fields: { value: 0 } },
    ],
    stuck: [],
    violation: null,
    prints: [],
  });
  it('finds objects by type', () => {
    expect([...objectsOfType(state(0), 'counter')]).toEqual(['counter']);
  });
  it('reports which objects changed', () => {
    expect([...changedObjects(state(0), state(1))]).toEqual(['counter']);
    expect([...changedObjects(state(1), state(1))]).toEqual([]);
    expect([...changedObjects(undefined, state(1))]).toEqual([]);
  });
});
