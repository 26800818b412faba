import { describe, expect, it } from 'vitest';
import { commandForKey } from './keys';

describe('keys for the player and the explorer', () => {
  it('Space plays or pauses, e runs the explorer', () => {
    expect(commandForKey({ key: ' ', code: 'Space' })).toEqual({ kind: 'play' });
    expect(commandForKey({ key: ' ' }, { tagName: 'DIV' })).toEqual({ kind: 'play' });
    expect(commandForKey({ key: 'e', code: 'KeyE' })).toEqual({ kind: 'explore' });
  });
  it('Space on a button presses the button instead; typing is left alone', () => {
    expect(commandForKey({ key: ' ' }, { tagName: 'button' })).toBeNull();
    expect(commandForKey({ key: ' ' }, { tagName: 'A' })).toBeNull();
    expect(commandForKey({ key: ' ' }, { tagName: 'INPUT' })).toBeNull();
    expect(commandForKey({ key: 'e' }, { tagName: 'TEXTAREA' })).toBeNull();
    expect(commandForKey({ key: 'e', ctrlKey: true })).toBeNull();
    expect(commandForKey({ key: 'E', shiftKey: true })).toBeNull();
  });
});
