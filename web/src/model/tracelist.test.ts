import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../bridge/types';
import { jsonLines, traceRow, traceRows } from './tracelist';

const cas: TraceEvent = {
  step: 2,
  time: 0,
  kind: 'cas',
  actor: 'B',
  object: 'm',
  expected: 0,
  desired: 1,
  old: 1,
  new: 1,
  ok: false,
  site: 'engines/an_engine/its_file.c:34',
  label: 'fast path: CAS 00 -> 01',
};

describe('the trace tab', () => {
  it('reads each event as a row', () => {
    expect(traceRow(cas, 4)).toEqual({
      index: 4,
      step: 2,
      actor: 'B',
      kind: 'cas',
      object: 'm',
      what: 'fast path: CAS 00 -> 01 · 0 → 1 (1) ✗',
      site: 'its_file.c:34',
      tone: 'bad',
    });
    const stuck: TraceEvent = { step: 9, time: 0, kind: 'stuck', actor: 'B', message: 'parked forever' };
    expect(traceRow(stuck, 0).what).toBe('parked forever');
    expect(
      traceRow({ step: 1, time: 0, kind: 'note', actor: 'A', label: 'spin round', value: 3 }, 0),
    ).toMatchObject({
      what: 'spin round · 3',
      tone: 'quiet',
    });
  });
  it('writes a mutex state in bits', () => {
    const { rows } = traceRows([cas], 10, [{ name: 'm', type: 'mini_mutex' }]);
    expect(rows[0]!.what).toBe('fast path: CAS 00 -> 01 · 00 → 01 (01) ✗');
  });
  it('lists only the last events of a long run', () => {
    const trace = Array.from({ length: 10 }, (_, i): TraceEvent => ({
      step: i + 1,
      time: 0,
      kind: 'work',
      actor: 'A',
    }));
    const { rows, hidden } = traceRows(trace, 4);
    expect(hidden).toBe(6);
    expect(rows.map((r) => r.index)).toEqual([6, 7, 8, 9]);
  });
  it('exports the engine’s events as JSON Lines, unchanged', () => {
    const text = jsonLines([cas, { step: 3, time: 0, kind: 'finish', actor: 'B' }]);
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0]!)).toEqual(cas);
    expect(lines[2]).toBe('');
    expect(jsonLines([])).toBe('');
  });
});
