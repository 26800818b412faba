/*
 * The aqs engine: reading the semaphore (model.ts), on real engine output.
 */
import { describe, expect, it } from 'vitest';
import { st } from './fixture';
import { int32, interruptFlags, queuedIn, semaphores, statusName } from './model';
import { firstActor, threadOwner } from './words';

describe('reading the semaphore', () => {
  it('turns the engine’s unsigned words into ints and statuses', () => {
    expect(int32(4294967295)).toBe(-1);
    expect(int32(3)).toBe(3);
    expect(int32(undefined)).toBeUndefined();
    expect(statusName(0)).toBe('0');
    expect(statusName(1)).toBe('WAITING');
    expect(statusName(2147483648)).toBe('CANCELLED');
    expect(statusName(undefined)).toBe('?');
  });

  it('reads permits, mode, the queue with statuses and wants, and the holders', () => {
    const [s] = semaphores(st(23));
    expect(s).toMatchObject({ name: 's', permits: 0, fair: false, capacity: null, first: 'A', held: 0 });
    expect(s!.queue).toEqual([
      { actor: 'A', status: 'WAITING', wants: 2 },
      { actor: 'B', status: 'WAITING', wants: 1 },
    ]);
    const [end] = semaphores(st(73));
    expect(end!.queue).toEqual([]);
    expect(end!.holders).toEqual([{ actor: 'B', permits: 1 }]);
    expect(end!.first).toBeNull();
  });

  it('shows a cancelled node, then its leaving', () => {
    expect(semaphores(st(53))[0]!.queue.map((n) => `${n.actor}:${n.status}`)).toEqual([
      'A:CANCELLED',
      'B:WAITING',
    ]);
    expect(semaphores(st(54))[0]!.queue.map((n) => n.actor)).toEqual(['B']);
    // the first word lags behind the unsplice by one step
    expect(semaphores(st(54))[0]!.first).toBe('A');
  });

  it('reads each thread’s interrupt flag', () => {
    expect(interruptFlags(st(45)).get('A')).toBe(false);
    expect(interruptFlags(st(46)).get('A')).toBe(true);
    expect(interruptFlags(st(53)).get('A')).toBe(false);
  });

  it('finds where an actor waits', () => {
    expect(queuedIn(st(23), 'B')).toMatchObject({ object: 's', position: 2, node: { wants: 1 } });
    expect(queuedIn(st(73), 'B')).toBeNull();
  });

  it('names threads and the first word', () => {
    expect(threadOwner(st(23), 'thread[1]')).toBe('B');
    expect(threadOwner(st(23), 's')).toBeNull();
    expect(firstActor(st(23), 1)).toBe('A');
    expect(firstActor(st(23), 0)).toBeNull();
  });
});
