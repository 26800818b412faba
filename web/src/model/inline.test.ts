import { describe, expect, it } from 'vitest';
import { inlinePieces } from './inline';

describe('inline Markdown of one-line lesson texts', () => {
  it('turns backticks into code, not literal backticks', () => {
    expect(inlinePieces('the final check `counter == 4` fails.')).toEqual([
      { kind: 'text', text: 'the final check ' },
      { kind: 'code', text: 'counter == 4' },
      { kind: 'text', text: ' fails.' },
    ]);
  });
  it('knows strong and emphasis, and leaves a lone star or HTML as text', () => {
    expect(inlinePieces('**not** *yet* 2 * 3 <b>x</b>')).toEqual([
      { kind: 'strong', text: 'not' },
      { kind: 'text', text: ' ' },
      { kind: 'em', text: 'yet' },
      { kind: 'text', text: ' 2 * 3 <b>x</b>' },
    ]);
  });
  it('gives plain text back whole', () => {
    expect(inlinePieces('Make B sleep forever.')).toEqual([{ kind: 'text', text: 'Make B sleep forever.' }]);
    expect(inlinePieces('')).toEqual([]);
  });
});
