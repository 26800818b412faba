/*
 * The aqs engine: what changed between two snapshots (changes.ts), on real engine output.
 */
import { describe, expect, it } from 'vitest';
import { st } from './fixture';
import { semaphores } from './model';
import { aqsChanges, queueWithLeft } from './changes';

describe('what changed', () => {
  it('sees nothing without a previous snapshot', () => {
    expect(aqsChanges(null, st(23)).permits.size).toBe(0);
  });
  it('sees a node’s status change, its leaving, the flag and the permits', () => {
    const c = aqsChanges(st(52), st(53));
    expect([...c.status]).toEqual(['s:A']);
    const gone = aqsChanges(st(53), st(54));
    expect(gone.left.get('s')).toEqual([{ node: { actor: 'A', status: 'CANCELLED', wants: 2 }, index: 0 }]);
    // drawn where it stood: at the head, before B
    expect(
      queueWithLeft(semaphores(st(54))[0]!.queue, gone.left.get('s')).map(
        (x) => `${x.node.actor}${x.gone ? '(gone)' : ''}`,
      ),
    ).toEqual(['A(gone)', 'B']);
    expect(aqsChanges(st(45), st(46)).flags.has('A')).toBe(true);
    const end = aqsChanges(st(54), st(73));
    expect(end.permits.get('s')).toBe(1);
    expect(end.holders.has('s:B')).toBe(true);
    expect(end.first.has('s')).toBe(true);
    expect(aqsChanges(st(23), st(45)).joined.size).toBe(0);
  });
  it('sees a node join', () => {
    const before = { ...st(23), objects: st(23).objects.map((o) => ({ ...o, queue: [] })) };
    expect([...aqsChanges(before, st(23)).joined]).toEqual(['s:A', 's:B']);
  });
});
