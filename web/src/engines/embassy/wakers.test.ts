import { describe, expect, it } from 'vitest';
import mermaid from 'mermaid';
import type { TraceEvent } from '../../bridge/types';
import { sequenceDiagram } from '../../model/mermaid';
import { lastEviction, lastWakes, registrationOf, wakerProvenance } from './wakers';

// Lesson 21's opening in the engine's own words (core/engines/embassy/waker.c, mutex.c,
// fair_semaphore.c): t2 registers in m's one slot, t1 evicts it, t0 evicts t1, t1 (woken by
// t0) polls again; holder's unlock takes t1's waker; a fair semaphore wakes its head; a
// OnceLock get wakes itself.
const ev = (step: number, e: Omit<TraceEvent, 'step' | 'time'>): TraceEvent => ({ step, time: 0, ...e });
const ACTORS = ['t0', 't1', 't2', 'holder'];
const TRACE: TraceEvent[] = [
  ev(12, {
    kind: 'load',
    actor: 't2',
    object: 'm',
    width: 2,
    old: 0,
    new: 0,
    label: 'waker slot: who is registered?',
  }),
  ev(13, {
    kind: 'store',
    actor: 't2',
    object: 'm',
    width: 2,
    old: 0,
    new: 3,
    label: 'waker slot: register me',
  }),
  ev(17, {
    kind: 'load',
    actor: 't1',
    object: 'm',
    width: 2,
    old: 3,
    new: 3,
    label: 'waker slot: who is registered?',
  }),
  ev(18, {
    kind: 'store',
    actor: 't1',
    object: 'm',
    width: 2,
    old: 3,
    new: 2,
    label: 'waker slot: register me',
  }),
  ev(19, {
    kind: 'unpark',
    actor: 't1',
    object: 't2.parker',
    target: 't2',
    label: 'waker slot: wake the evicted waker',
  }),
  ev(24, {
    kind: 'store',
    actor: 't0',
    object: 'm',
    width: 2,
    old: 2,
    new: 1,
    label: 'waker slot: register me',
  }),
  ev(25, {
    kind: 'unpark',
    actor: 't0',
    object: 't1.parker',
    target: 't1',
    label: 'waker slot: wake the evicted waker',
  }),
  ev(27, { kind: 'block', actor: 't1', object: 't1.parker', woken: true, by: 't0', label: 'return Pending' }),
  ev(30, {
    kind: 'swap',
    actor: 'holder',
    object: 'm',
    width: 2,
    old: 1,
    new: 0,
    label: 'waker slot: take the waker',
  }),
  ev(31, {
    kind: 'unpark',
    actor: 'holder',
    object: 't0.parker',
    target: 't0',
    label: 'wake the registered task',
  }),
  ev(40, {
    kind: 'store',
    actor: 't2',
    object: 's',
    width: 2,
    old: 0,
    new: 3,
    label: 'acquire: queue my waker',
  }),
  ev(45, {
    kind: 'load',
    actor: 'holder',
    object: 's',
    width: 2,
    old: 3,
    new: 3,
    label: 'wake head: its waker',
  }),
  ev(46, {
    kind: 'unpark',
    actor: 'holder',
    object: 't2.parker',
    target: 't2',
    label: 'wake the head of the queue',
  }),
  ev(50, {
    kind: 'unpark',
    actor: 't0',
    object: 't0.parker',
    target: 't0',
    label: 'get: wake myself (busy loop)',
  }),
];

describe('waker provenance', () => {
  it('says for every wake who woke whom, how, in which slot and since when', () => {
    const p = wakerProvenance(TRACE, ACTORS);
    expect(p.wakes).toEqual([
      { step: 19, by: 't1', target: 't2', kind: 'evict', object: 'm', registeredAt: 13 },
      { step: 25, by: 't0', target: 't1', kind: 'evict', object: 'm', registeredAt: 18 },
      { step: 31, by: 'holder', target: 't0', kind: 'slot', object: 'm', registeredAt: 24 },
      { step: 46, by: 'holder', target: 't2', kind: 'head', object: 's', registeredAt: 40 },
      { step: 50, by: 't0', target: 't0', kind: 'self' },
    ]);
    expect(p.registrations.map((r) => `${r.task}@${r.object}:${r.step}`)).toEqual([
      't2@m:13',
      't1@m:18',
      't0@m:24',
      't2@s:40',
    ]);
    expect(lastEviction(p, 'm')).toMatchObject({ step: 25, by: 't0', target: 't1' });
    expect(lastEviction(p, 's')).toBeUndefined();
    expect(registrationOf(p, 'm', 't1')?.step).toBe(18);
    expect(lastWakes(p).get('t2')).toMatchObject({ by: 'holder', kind: 'head' });
  });

  it('draws the wakes as arrows from the waker to the woken task, evictions dotted', () => {
    const d = sequenceDiagram({
      engine: 'embassy',
      trace: TRACE,
      actors: ACTORS,
      objects: [{ name: 'm', type: 'async_mutex' }],
    });
    const arrows = d.text.split('\n').filter((l) => /^ {2}p\d+(-->>|->>|-x)p\d+: /.test(l));
    expect(arrows).toEqual([
      '  p2->>p4: waker slot: who is registered?: 0',
      '  p2->>p4: write 3 (was 0)',
      '  p1->>p4: waker slot: who is registered?: 3',
      '  p1->>p4: write 2 (was 3)',
      '  p1-->>p2: evict t2’s waker from m (registered at step 13): wake t2',
      '  p0->>p4: write 1 (was 2)',
      '  p0-->>p1: evict t1’s waker from m (registered at step 18): wake t1',
      '  p1->>p1: polled again (woken by t0)',
      '  p3->>p4: swap 1→0',
      '  p3->>p0: wake t0: its waker in m (registered at step 24)',
      '  p2->>p5: write 3 (was 0)',
      '  p3->>p5: wake head: its waker: 3',
      '  p3->>p2: wake t2, the head of s’s queue (registered at step 40)',
      '  p0->>p0: wake itself',
    ]);
  });

  it('is Mermaid that Mermaid reads: the eviction dotted, the other wakes solid', async () => {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
    const d = sequenceDiagram({
      engine: 'embassy',
      trace: TRACE,
      actors: ACTORS,
      objects: [{ name: 'm', type: 'async_mutex' }],
    });
    const diagram = await mermaid.mermaidAPI.getDiagramFromText(d.text);
    const db = diagram.db as unknown as { getMessages(): { message: string; type: number; from?: string }[] };
    const messages = db.getMessages().filter((m) => m.from !== undefined);
    const evict = messages.find((m) => m.message.startsWith('evict t2’s waker'))!;
    const slot = messages.find((m) => m.message.startsWith('wake t0: its waker in m'))!;
    expect(evict).toBeDefined();
    expect(slot).toBeDefined();
    expect(evict.type).not.toBe(slot.type);
    expect(messages.filter((m) => m.type === evict.type)).toHaveLength(2);
  });
});
