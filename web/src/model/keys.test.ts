import { describe, expect, it } from 'vitest';
import { commandForKey, keyReader } from './keys';

describe('keys', () => {
  it('steps actor N with digit N', () => {
    expect(commandForKey({ key: '1', code: 'Digit1' })).toEqual({ kind: 'step', actor: 0 });
    expect(commandForKey({ key: '2', code: 'Numpad2' })).toEqual({ kind: 'step', actor: 1 });
    expect(commandForKey({ key: '9' })).toEqual({ kind: 'step', actor: 8 });
    expect(commandForKey({ key: '0', code: 'Digit0' })).toBeNull();
  });
  it('steps until shared state with Shift, whatever character the layout gives', () => {
    expect(commandForKey({ key: '!', code: 'Digit1', shiftKey: true })).toEqual({
      kind: 'untilShared',
      actor: 0,
    });
  });
  it('keeps the time keys for the timeline on a tab or a button, not in a text field', () => {
    expect(commandForKey({ key: 'ArrowLeft' }, { tagName: 'BUTTON' })).toEqual({ kind: 'back' });
    expect(commandForKey({ key: 'ArrowRight' }, { tagName: 'BUTTON' })).toEqual({ kind: 'forward' });
    expect(commandForKey({ key: 'Home' }, { tagName: 'BUTTON' })).toEqual({ kind: 'reset' });
    expect(commandForKey({ key: 'ArrowLeft' }, { tagName: 'TEXTAREA' })).toBeNull();
    expect(commandForKey({ key: 'ArrowLeft' }, { tagName: 'INPUT', type: 'text' })).toBeNull();
    // the step bar is a slider: it moves through time with its own arrows; the other keys are the app's
    expect(commandForKey({ key: 'ArrowLeft' }, { tagName: 'INPUT', type: 'range' })).toBeNull();
    expect(commandForKey({ key: 'z', ctrlKey: true }, { tagName: 'INPUT', type: 'range' })).toEqual({
      kind: 'undo',
    });
    expect(commandForKey({ key: '1' }, { tagName: 'INPUT', type: 'range' })).toEqual({
      kind: 'step',
      actor: 0,
    });
  });
  it('undoes with Ctrl+Z or ⌘Z, but not inside a text field', () => {
    expect(commandForKey({ key: 'z', ctrlKey: true })).toEqual({ kind: 'undo' });
    expect(commandForKey({ key: 'z', metaKey: true })).toEqual({ kind: 'undo' });
    expect(commandForKey({ key: 'Z', ctrlKey: true, shiftKey: true })).toBeNull();
    expect(commandForKey({ key: 'z', ctrlKey: true }, { tagName: 'INPUT' })).toBeNull();
  });
  it('moves in time', () => {
    expect(commandForKey({ key: 'ArrowLeft' })).toEqual({ kind: 'back' });
    expect(commandForKey({ key: 'ArrowRight' })).toEqual({ kind: 'forward' });
    expect(commandForKey({ key: 'Home' })).toEqual({ kind: 'reset' });
    expect(commandForKey({ key: '?', shiftKey: true })).toEqual({ kind: 'help' });
  });
  it('leaves browser shortcuts and typing alone', () => {
    expect(commandForKey({ key: '1', ctrlKey: true })).toBeNull();
    expect(commandForKey({ key: 'ArrowLeft', altKey: true })).toBeNull();
    expect(commandForKey({ key: '1' }, { tagName: 'input' })).toBeNull();
    expect(commandForKey({ key: '1' }, { tagName: 'DIV', isContentEditable: true })).toBeNull();
    expect(commandForKey({ key: 'x' })).toBeNull();
  });
  it('drops task N’s future with d, then N; anything else in between forgets the d', () => {
    const read = keyReader();
    expect(read({ key: 'd', code: 'KeyD' })).toEqual({ kind: 'dropWhich' });
    expect(read({ key: '2', code: 'Digit2' })).toEqual({ kind: 'drop', actor: 1 });
    // the d is used up: the next digit steps again
    expect(read({ key: '2', code: 'Digit2' })).toEqual({ kind: 'step', actor: 1 });
    read({ key: 'D', code: 'KeyD' });
    expect(read({ key: 'x' })).toBeNull();
    expect(read({ key: '1', code: 'Digit1' })).toEqual({ kind: 'step', actor: 0 });
    read({ key: 'd' });
    expect(read({ key: 'ArrowLeft' })).toEqual({ kind: 'back' });
    expect(read({ key: '1' })).toEqual({ kind: 'step', actor: 0 });
    // Shift on its own is no key of its own: d, Shift+1 runs task 1 to the shared state
    read({ key: 'd' });
    expect(read({ key: 'Shift', shiftKey: true })).toBeNull();
    expect(read({ key: '!', code: 'Digit1', shiftKey: true })).toEqual({ kind: 'untilShared', actor: 0 });
    // typing a d in a text field names nothing
    expect(read({ key: 'd' }, { tagName: 'INPUT', type: 'text' })).toBeNull();
    expect(read({ key: '1' })).toEqual({ kind: 'step', actor: 0 });
    expect(commandForKey({ key: '3' }, null, { kind: 'dropWhich' })).toEqual({ kind: 'drop', actor: 2 });
  });
});
