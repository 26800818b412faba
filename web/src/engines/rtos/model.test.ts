import { describe, expect, it } from 'vitest';
import type { ActorState, MachineState, ObjectState, TraceEvent } from '../../bridge/types';
import { countMeaning, rtosView } from './model';

const actor = (name: string, kind: ActorState['kind'], priority: number): ActorState => ({
  name,
  kind,
  priority,
  op: 0,
  status: 'enabled',
  parker: 0,
});

const obj = (
  name: string,
  type: string,
  fields: Record<string, number>,
  more: Record<string, unknown> = {},
): ObjectState => ({
  name,
  type,
  engine: 'rtos',
  address: 0,
  fields,
  ...more,
});

// Low holds the lock High waits for, and runs at High's priority; two tasks
// wait on `sem` (count -2); LED2 is on.
const state: MachineState = {
  step: 6,
  steps_recorded: 6,
  time: 0,
  variant: 'correct',
  outcome: 'running',
  actors: [
    actor('Uart', 'isr', -1),
    actor('High', 'task', -1),
    actor('Mid', 'task', -2),
    actor('Low', 'task', -3),
  ],
  objects: [
    obj('os', 'kernel', { leds: 2, cost: 0 }),
    obj('sem', 'sem', { count: -2, wait_mask: 0b110, held: 0 }, { waiting: ['Mid', 'Low'] }),
    obj('lock', 'mutex', { owner: 2, wait_mask: 1, inherit: 1 }, { holder: 'Low', waiting: ['High'] }),
  ],
  stuck: [],
  violation: null,
  prints: [],
  engines: {
    rtos: {
      tasks: [
        { actor: 'High', id: 0, priority: 1, effective: 1, state: 'blocked', wake_tick: null },
        { actor: 'Mid', id: 1, priority: 2, effective: 2, state: 'delayed', wake_tick: 3 },
        { actor: 'Low', id: 2, priority: 3, effective: 1, state: 'ready', wake_tick: null },
      ],
    },
  },
};

const trace: TraceEvent[] = [
  { step: 1, time: 0, kind: 'irq_save', actor: 'Low', old: 0, new: 1 },
  { step: 2, time: 0, kind: 'load', actor: 'Low' },
  { step: 3, time: 1000, kind: 'tick' },
  { step: 4, time: 1000, kind: 'store', actor: 'Uart' },
  { step: 5, time: 1000, kind: 'irq_restore', actor: 'Low', old: 1, new: 0 },
  { step: 6, time: 1000, kind: 'irq_save', actor: 'High', old: 0, new: 1 },
];

describe('rtosView', () => {
  const v = rtosView(state, trace);
  it('lists tasks by effective priority, with the inherited one and from whom', () => {
    expect(v.tasks.map((t) => [t.actor, t.effective, t.inheritedFrom])).toEqual([
      ['High', 1, null],
      ['Low', 1, 'High'],
      ['Mid', 2, null],
    ]);
    expect(v.ready).toEqual(['Low']);
    expect(v.delayed).toEqual([{ actor: 'Mid', tick: 3 }]);
  });
  it('explains the count by its sign and shows the wait mask as 16 lamps', () => {
    expect(v.sems[0]?.meaning).toBe('waiting');
    expect(v.sems[0]?.lamps.slice(0, 4)).toEqual([false, true, true, false]);
    expect(v.sems[0]?.lamps).toHaveLength(16);
    expect([countMeaning(3), countMeaning(0), countMeaning(-1)]).toEqual(['free', 'none', 'waiting']);
    expect(v.mutexes[0]).toMatchObject({ holder: 'Low', waiting: ['High'] });
  });
  it('keeps each context’s interrupt-mask depth and the LEDs', () => {
    expect(v.masks).toEqual([
      { actor: 'Low', depth: 0 },
      { actor: 'High', depth: 1 },
    ]);
    expect(v.leds?.slice(0, 3)).toEqual([false, true, false]);
    // a run that never switched an LED draws none
    const dark = {
      ...state,
      objects: state.objects.map((o) => (o.type === 'kernel' ? { ...o, fields: { leds: 0, cost: 0 } } : o)),
    };
    expect(rtosView(dark, trace).leds).toBeNull();
    expect(
      rtosView(dark, [...trace, { step: 7, time: 0, kind: 'fetch_and', actor: 'Low', label: 'led_on' }]).leds,
    ).toHaveLength(8);
  });
  it('draws a timeline: handlers on top, then tasks by priority; ticks marked', () => {
    expect(v.timeline.map((r) => r.actor)).toEqual(['Uart', 'High', 'Low', 'Mid']);
    expect(v.ticks).toEqual([false, false, true, false, false, false]);
    // Uart (never raised in this made-up trace) runs step 4; Low runs 1, 2 and 5 and waits otherwise
    expect(v.timeline[0]?.cells).toEqual(['idle', 'idle', 'idle', 'running', 'ready', 'ready']);
    expect(v.timeline[2]?.cells).toEqual(['running', 'running', 'ready', 'ready', 'running', 'ready']);
  });
});
