import { describe, expect, it } from 'vitest';
import type { ActorState } from '../bridge/types';
import { OpHistory, opSig } from './opHistory';

const at = (...ops: [number, number?][]): ActorState[] =>
  ops.map(([op, round], i) => ({
    name: 'AB'[i]!,
    kind: 'thread',
    priority: 0,
    op,
    round: round ?? 0,
    status: 'enabled',
    parker: 0,
  }));

describe('where an operation began', () => {
  it('is the last step at which the actor was elsewhere in its program', () => {
    const h = new OpHistory();
    h.record(0, at([0], [0]));
    h.record(1, at([0], [0]), true);
    h.record(2, at([1], [0]), true); // A finished op 0 with step 2
    h.record(3, at([1], [0]), true);
    expect(h.since(3, 0)).toBe(2); // step 2 was op 0's last action; op 1's actions come after
    expect(h.since(3, 1)).toBe(0); // B has been in op 0 from the start
  });
  it('tells repeat rounds apart', () => {
    const h = new OpHistory();
    h.record(0, at([1, 0]));
    h.record(1, at([1, 0]), true);
    h.record(2, at([1, 1]), true);
    expect(h.since(2, 0)).toBe(2);
    expect(opSig(at([1, 1])[0]!)).toBe('1:1');
  });
  it('does not know steps it did not see', () => {
    const h = new OpHistory();
    h.record(5, at([2], [0]));
    expect(h.since(5, 0)).toBeNull();
    expect(h.since(9, 0)).toBeNull();
  });
  it('fills a step over with the places it started from', () => {
    const h = new OpHistory();
    h.record(0, at([0], [0]));
    h.record(4, at([1], [0]), true, 0); // A stepped over op 0 in four steps
    expect(h.since(4, 0)).toBe(4); // the new operation has not acted yet
    expect(h.since(4, 1)).toBe(0);
  });
  it('forgets a future that a new step replaced', () => {
    const h = new OpHistory();
    h.record(0, at([0], [0]));
    h.record(1, at([1], [0]), true);
    h.record(2, at([1], [1]), true);
    h.record(1, at([0], [0])); // back (goto): nothing forgotten
    expect(h.since(2, 1)).toBe(2);
    h.record(1, at([0], [1]), true); // a different step 1: step 2 is gone
    expect(h.since(2, 1)).toBeNull();
  });
});
