import { describe, expect, it } from 'vitest';
import { commandForKey } from './keys';

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
});
