import { describe, expect, it } from 'vitest';
import type { ActorState, MachineState, ScenarioActor } from '../bridge/types';
import { changedObjects, currentOp, opDepth } from './program';
import { loadCards } from '../engines';

/** The fake scenarios' engine: the first of the list (any would do: the store loads the first for one it does not know). */
const ENGINE = (await loadCards())[0]!.id;

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

describe('objects', () => {
  const state = (value: number): MachineState => ({
    step: 0,
    steps_recorded: 0,
    time: 0,
    variant: 'correct',
    outcome: 'running',
    actors: [],
    objects: [
      { name: 'counter', type: 'counter', engine: ENGINE, address: 8, fields: { value } },
      { name: 'safe', type: 'atomic_counter', engine: ENGINE, address: 16, fields: { value: 0 } },
    ],
    stuck: [],
    violation: null,
    prints: [],
  });
  it('reports which objects changed', () => {
    expect([...changedObjects(state(0), state(1))]).toEqual(['counter']);
    expect([...changedObjects(state(1), state(1))]).toEqual([]);
    expect([...changedObjects(undefined, state(1))]).toEqual([]);
  });
});
