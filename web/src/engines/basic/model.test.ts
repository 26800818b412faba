/*
 * The private copy a thread holds of the racy counter (model.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ActorState, TraceEvent } from '../../bridge/types';
import { privateCopy } from './model';

const st = (op: number, status: ActorState['status'] = 'enabled', next?: ActorState['next']): ActorState => ({
  name: 'A',
  kind: 'thread',
  priority: 0,
  op,
  status,
  parker: 0,
  next,
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
