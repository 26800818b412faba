// The bar's buttons come from the table of choice kinds: a kind the table
// gains (an actor-less flush, say) is offered with no change to the bar.
import { describe, expect, it } from 'vitest';
import type { ChoiceKindInfo } from '../../bridge/types';
import { offeredKinds } from './offered';

const TABLE: ChoiceKindInfo[] = [
  { kind: 'step', text: 'an actor performs its next action', schedule: '', actor: true },
  { kind: 'irq', text: 'the environment raises an interrupt handler', schedule: '!', actor: true },
  { kind: 'tick', text: 'the tick falls', schedule: 'tick', actor: false },
  { kind: 'fence', text: 'every store buffer drains', schedule: 'fence', actor: false },
];

describe('offeredKinds', () => {
  it('offers each actor-less kind the machine offers now, in the table order', () => {
    const got = offeredKinds(
      TABLE,
      [{ kind: 'fence' }, { kind: 'irq', actor: 1 }, { kind: 'tick' }],
      'running',
    );
    expect(got.map((k) => k.kind)).toEqual(['tick', 'fence']);
  });
  it('offers nothing once the run is over, nor a kind the machine does not offer', () => {
    expect(offeredKinds(TABLE, [{ kind: 'tick' }], 'stuck')).toEqual([]);
    expect(offeredKinds(TABLE, [{ kind: 'irq', actor: 0 }], 'running')).toEqual([]);
    expect(offeredKinds(TABLE, undefined, 'running')).toEqual([]);
  });
  it('knows a kind only through the table', () => {
    expect(offeredKinds(TABLE.slice(0, 3), [{ kind: 'fence' }], 'running')).toEqual([]);
  });
});
