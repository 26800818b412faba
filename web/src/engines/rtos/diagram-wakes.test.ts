/*
 * The rtos engine in the sequence diagram: who woke whom.  A post's or an
 * interrupt's wake (an unpark of the woken task's parker) is an arrow from
 * the waker to the woken task, and the woken task's return from its switch
 * says who woke it (a trace of isr-post.yaml, steps 12 to 20).
 */
import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../bridge/types';
import { sequenceDiagram } from '../../model/mermaid';

const trace: TraceEvent[] = [
  { step: 2, time: 0, kind: 'raised', actor: 'Uart' },
  {
    step: 14,
    time: 0,
    kind: 'unpark',
    actor: 'Uart',
    object: 'Reader.parker',
    target: 'Reader',
    site: 'engines/rtos/task.c:93',
    label: 'task_wakeup: it may run at the next scheduling point',
  },
  {
    step: 20,
    time: 0,
    kind: 'block',
    actor: 'Reader',
    object: 'Reader.parker',
    woken: true,
    by: 'Uart',
    site: 'engines/rtos/task.c:80',
    label: 'schedule(): switch away until woken',
  },
];

describe('rtos: who woke whom in the sequence diagram', () => {
  it('draws the interrupt’s wake as an arrow to the woken task, and the woken task says by whom', () => {
    const d = sequenceDiagram({
      engine: 'rtos',
      trace,
      actors: ['Reader', 'Device', 'Uart'],
      objects: [{ name: 'rx', type: 'rtos_sem' }],
    });
    const lines = d.text.split('\n');
    // Reader is p0, Uart p2
    expect(lines).toContain('  p2->>p0: wake Reader');
    expect(lines).toContain('  p0->>p0: wakes up (woken by Uart)');
  });
});
