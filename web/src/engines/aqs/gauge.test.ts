/*
 * The aqs engine: the gauge's geometry (gauge.ts), on real engine output.
 */
import { describe, expect, it } from 'vitest';
import { rd, st } from './fixture';
import { semaphores } from './model';
import { gaugeBar, gaugeCells, gaugeScale, permitHistory, region } from './gauge';

describe('the gauge', () => {
  it('goes below zero into the debt region', () => {
    const s = semaphores(rd.states['16']!)[0]!;
    expect(s.permits).toBe(-1);
    expect(region(s.permits)).toBe('debt');
    expect(region(0)).toBe('zero');
    expect(region(2)).toBe('free');
    const h = permitHistory(rd.trace, 'pool');
    expect(Math.max(...h)).toBe(3);
    expect(Math.min(...h)).toBe(-1);
    const scale = gaugeScale(s, h);
    expect(scale).toEqual({ top: 3, bottom: -2, units: true });
    const cells = gaugeCells(s.permits, scale);
    expect(cells.map((c) => c.value)).toEqual([3, 2, 1, -1, -2]);
    expect(cells.filter((c) => c.filled).map((c) => c.value)).toEqual([-1]);
    expect(cells.filter((c) => c.debt).map((c) => c.value)).toEqual([-1, -2]);
  });

  it('reaches up to the capacity and to what would come back', () => {
    const s = semaphores(st(73))[0]!;
    expect(gaugeScale(s).top).toBe(1); // 0 free + 1 held
    expect(gaugeScale({ ...s, capacity: 5 }).top).toBe(5);
    expect(gaugeScale({ ...s, permits: -7 }).bottom).toBe(-7);
  });

  it('becomes a bar for large counts', () => {
    const s = { ...semaphores(st(73))[0]!, permits: 2147483646, held: 0 };
    const scale = gaugeScale(s);
    expect(scale.units).toBe(false);
    const bar = gaugeBar(s.permits, scale);
    expect(bar.to).toBe(1);
    expect(bar.from).toBeCloseTo(bar.zero);
    // the debt region stays in sight however large the count
    expect(bar.zero).toBe(0.22);
    expect(gaugeBar(-2147483648, { top: 1, bottom: -2147483648, units: false })).toEqual({
      zero: 0.78,
      from: 0,
      to: 0.78,
    });
    const debt = gaugeBar(-1, { top: 10, bottom: -10, units: false });
    expect(debt).toEqual({ zero: 0.5, from: 0.45, to: 0.5 });
  });
});
