import { describe, expect, it } from 'vitest';
import { keyReader, type Command, type KeyLike } from '../model/keys';
import { learnerMove, type LearnerMoves } from './keys';

/** A store that writes down the actions asked of it. */
function recorder(): { store: LearnerMoves; calls: string[] } {
  const calls: string[] = [];
  const note =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args].join(' '));
      return Promise.resolve();
    };
  const store: LearnerMoves = {
    step: note('step'),
    stepOver: note('stepOver'),
    untilShared: note('untilShared'),
    tick: note('tick'),
    drop: note('drop'),
    flush: note('flush'),
    read: note('read'),
    placeStore: note('placeStore'),
    back: note('back'),
    forward: note('forward'),
    reset: note('reset'),
  };
  return { store, calls };
}

/** The store's actions a page's key presses lead to, in order, and the presses that are no move. */
function press(keys: KeyLike[]): { calls: string[]; notMoves: string[] } {
  const { store, calls } = recorder();
  const read = keyReader();
  const notMoves: string[] = [];
  for (const k of keys) {
    const cmd = read(k, { tagName: 'BODY' });
    if (!cmd) continue;
    const run = learnerMove(store, cmd);
    if (run) run();
    else notMoves.push(cmd.kind);
  }
  return { calls, notMoves };
}

describe('the learner’s moves by key (the app and the embed alike)', () => {
  it('a digit steps that actor, Shift+digit runs it until shared state', () => {
    expect(
      press([
        { key: '1', code: 'Digit1' },
        { key: '!', code: 'Digit3', shiftKey: true },
      ]).calls,
    ).toEqual(['step 0', 'untilShared 2']);
  });
  it('t lets the tick fall, d then a digit drops that task’s future', () => {
    const r = press([{ key: 't' }, { key: 'd' }, { key: '2', code: 'Digit2' }, { key: '2', code: 'Digit2' }]);
    expect(r.calls).toEqual(['tick', 'drop 1', 'step 1']);
    expect(r.notMoves).toEqual([]);
  });
  it('f then a digit lets that thread’s oldest buffered store reach memory; another key forgets the f', () => {
    const r = press([
      { key: 'f' },
      { key: '1', code: 'Digit1' },
      { key: 'f' },
      { key: 'ArrowLeft' },
      { key: '2', code: 'Digit2' },
    ]);
    expect(r.calls).toEqual(['flush 0', 'back', 'step 1']);
    expect(r.notMoves).toEqual([]);
  });
  it('r, a digit, then a store’s number (0 too) makes that thread’s next load read that store; another key forgets the r', () => {
    const r = press([
      { key: 'r' },
      { key: '2', code: 'Digit2' },
      { key: '0', code: 'Digit0' },
      { key: 'r' },
      { key: '1', code: 'Digit1' },
      { key: '3', code: 'Digit3' },
      { key: 'r' },
      { key: 'ArrowLeft' },
      { key: '2', code: 'Digit2' },
      { key: '0', code: 'Digit0' },
    ]);
    expect(r.calls).toEqual(['read 1 0', 'read 0 3', 'back', 'step 1']);
    expect(r.notMoves).toEqual([]);
  });
  it('p, a digit, then a place’s number makes that thread’s next store take that place; another key forgets the p', () => {
    const r = press([
      { key: 'p' },
      { key: '2', code: 'Digit2' },
      { key: '1', code: 'Digit1' },
      { key: 'p' },
      { key: 'ArrowLeft' },
      { key: '2', code: 'Digit2' },
    ]);
    expect(r.calls).toEqual(['placeStore 1 1', 'back', 'step 1']);
    expect(r.notMoves).toEqual([]);
  });
  it('the arrows and Home move through time', () => {
    expect(press([{ key: 'ArrowLeft' }, { key: 'ArrowRight' }, { key: 'Home' }]).calls).toEqual([
      'back',
      'forward',
      'reset',
    ]);
  });
  it('help, Play, the explorer and undo are the page’s own, not moves', () => {
    const r = press([{ key: '?' }, { key: ' ', code: 'Space' }, { key: 'e' }, { key: 'z', ctrlKey: true }]);
    expect(r.calls).toEqual([]);
    expect(r.notMoves).toEqual(['help', 'play', 'explore', 'undo']);
  });
  it('every command is either a move or the page’s', () => {
    const { store } = recorder();
    const all: Command[] = [
      { kind: 'step', actor: 0 },
      { kind: 'stepOver', actor: 0 },
      { kind: 'untilShared', actor: 0 },
      { kind: 'tick' },
      { kind: 'dropWhich' },
      { kind: 'drop', actor: 0 },
      { kind: 'back' },
      { kind: 'forward' },
      { kind: 'reset' },
    ];
    for (const c of all) expect(learnerMove(store, c), c.kind).not.toBeNull();
    for (const kind of ['help', 'play', 'explore', 'undo'] as const)
      expect(learnerMove(store, { kind }), kind).toBeNull();
  });
});
