import { describe, expect, it } from 'vitest';
import { checkSchedule, scheduleBody, scheduleVersion } from './schedule';

describe('editing the schedule', () => {
  it('tidies what the learner typed and adds the version', () => {
    expect(checkSchedule('  A  B\tA ')).toEqual({ ok: true, schedule: 'v1: A B A' });
    expect(checkSchedule('v1: A B')).toEqual({ ok: true, schedule: 'v1: A B' });
    expect(checkSchedule('v1.AgQAAQ')).toEqual({ ok: true, schedule: 'v1.AgQAAQ' });
    expect(checkSchedule('v1 seed=7: A')).toEqual({ ok: true, schedule: 'v1 seed=7: A' });
    expect(checkSchedule('v1')).toEqual({ ok: true, schedule: 'v1:' });
    expect(checkSchedule('A B@cas:m [r:3]')).toEqual({ ok: true, schedule: 'v1: A B@cas:m [r:3]' });
    // v2: raising a handler, the tick, a task's turn
    expect(checkSchedule('v2: Reader !Uart tick ~t1')).toEqual({
      ok: true,
      schedule: 'v2: Reader !Uart tick ~t1',
    });
    // repeat counts, as the text report writes them; v3's flush
    expect(checkSchedule('v2: A tick*399 B*3')).toEqual({ ok: true, schedule: 'v2: A tick*399 B*3' });
    expect(checkSchedule('v3: A ^A')).toEqual({ ok: true, schedule: 'v3: A ^A' });
    // v3's read-from (B's next load reads store 0 of its cell); without a version, a v3 sigil makes it v3
    expect(checkSchedule('v3: A A B <B:0')).toEqual({ ok: true, schedule: 'v3: A A B <B:0' });
    expect(checkSchedule('A A B <B:0')).toEqual({ ok: true, schedule: 'v3: A A B <B:0' });
    expect(checkSchedule('A ^A')).toEqual({ ok: true, schedule: 'v3: A ^A' });
  });
  it('shows the version the schedule has', () => {
    expect(scheduleVersion('v3: A A B <B:0')).toBe('v3');
    expect(scheduleVersion('v1: A B')).toBe('v1');
    expect(scheduleVersion('')).toBe('v1');
  });
  it('lets a < stand only in a read-from choice', () => {
    expect(checkSchedule('v3: A <B').ok).toBe(false);
    expect(checkSchedule('v3: A <B:0<script>').ok).toBe(false);
  });
  it('refuses what a schedule never holds, in words', () => {
    const empty = checkSchedule('   ');
    expect(empty.ok).toBe(false);
    expect(!empty.ok && empty.message).toMatch(/empty/);
    const bad = checkSchedule('A; <script>');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/letters, digits/);
    expect(checkSchedule('A '.repeat(20000)).ok).toBe(false);
  });
  it('shows the readable form without its version', () => {
    expect(scheduleBody('v1: A B A')).toBe('A B A');
    expect(scheduleBody('v1:')).toBe('');
  });
});
