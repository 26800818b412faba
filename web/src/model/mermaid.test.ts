import { describe, expect, it } from 'vitest';
import mermaid from 'mermaid';
import type { TraceEvent } from '../bridge/types';
import { diagramPages, mermaidAlias, mermaidText, sequenceDiagram } from './mermaid';
import fixtures from './fixtures/traces.json';

interface Fixture {
  actors: string[];
  objects: { name: string; type: string }[];
  trace: TraceEvent[];
}
const fx = fixtures as unknown as Record<'lostWakeup' | 'handoff' | 'racy' | 'overlap', Fixture>;
const diagramOf = (f: Fixture, maxMessages?: number) =>
  sequenceDiagram({ trace: f.trace, actors: f.actors, objects: f.objects, maxMessages });
const body = (text: string) => text.split('\n').filter((l) => /^ {2}p\d+(->>|-x)p\d+: /.test(l));

mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });

/** What Mermaid itself reads from the text: its participants and messages. */
async function parsed(text: string) {
  const d = await mermaid.mermaidAPI.getDiagramFromText(text);
  const db = d.db as unknown as {
    getActors(): Map<string, { description: string }>;
    getMessages(): { message: string; type: number; from?: string; to?: string }[];
  };
  return {
    actors: [...db.getActors().values()].map((a) => a.description),
    messages: db.getMessages(),
  };
}

describe('the trace as a sequence diagram', () => {
  it('tells the lost wakeup in the engine’s words, phrased for people', () => {
    const d = diagramOf(fx.lostWakeup);
    const lines = d.text.split('\n');
    expect(lines[0]).toBe('sequenceDiagram');
    expect(lines.slice(1, 5)).toEqual([
      '  participant p0 as A',
      '  participant p1 as B',
      '  participant p2 as m',
      '  participant p3 as bucket 30',
    ]);
    expect(d.text).toContain('  p0->>p2: CAS 00→01 ✓\n');
    expect(d.text).toContain('  p1-xp2: CAS 00→01 ✗ (found 01)\n');
    expect(d.text).toContain('  p1->>p2: spin-wait, 10 rounds: still 01\n');
    expect(d.text).toContain('  p1->>p2: set PARKED 01→11 ✓\n');
    expect(d.text).toContain('  p1->>p2: validate ok (11)\n');
    expect(d.text).toContain('  p0->>p3: lock bucket, no waiter\n');
    expect(d.text).toContain('  p0->>p2: callback: write 00\n');
    expect(d.text).toContain('  p1->>p3: lock bucket, enqueue\n');
    expect(lines.filter((l) => l).at(-1)).toBe('  Note over p1: ⚠ sleeps forever');
    // the two arrows that crossed: B validated before A cleared the state
    const validate = lines.indexOf('  p1->>p2: validate ok (11)');
    const cleared = lines.indexOf('  p0->>p2: callback: write 00');
    const enqueued = lines.indexOf('  p1->>p3: lock bucket, enqueue');
    expect(validate).toBeLessThan(cleared);
    expect(cleared).toBeLessThan(enqueued);
  });

  it('draws the machine’s choices: the tick over everyone, a raise and a drop over their actor', async () => {
    const trace: TraceEvent[] = [
      { step: 1, time: 0, kind: 'store', actor: 'A', object: 's', width: 4, arg: 1, old: 0, new: 1 },
      { step: 2, time: 1000, kind: 'tick', from: 0 },
      { step: 3, time: 1000, kind: 'raised', actor: 'Kick' },
      { step: 4, time: 1000, kind: 'dropped', actor: 'A' },
    ];
    const d = sequenceDiagram({ trace, actors: ['A', 'B', 'Kick'] });
    const lines = d.text.split('\n');
    expect(lines).toContain('  Note over p0,p2: tick (1 ms)');
    expect(lines).toContain('  Note over p2: interrupt raised');
    expect(lines).toContain('  Note over p0: ✂ future dropped');
    await parsed(d.text); // Mermaid reads it
  });

  it('keeps one step range per arrow, in drawing order (spin loops fold many steps)', () => {
    const d = diagramOf(fx.lostWakeup);
    expect(d.messages).toHaveLength(body(d.text).length);
    const spin = body(d.text).findIndex((l) => l.includes('spin-wait'));
    expect(d.messages[spin]).toEqual({ from: 5, to: 24 });
    expect(d.messages[0]).toEqual({ from: 1, to: 1 });
    const steps = d.messages.map((m) => m.from);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    expect(d.notes.length).toBe(d.text.split('\n').filter((l) => l.startsWith('  Note over')).length);
  });

  it('draws who woke whom, and critical sections as activations', () => {
    const d = diagramOf(fx.handoff);
    expect(d.text).toContain('  p0->>p1: wake B\n');
    expect(d.text).toContain('  p1->>p1: wakes up (woken by A)\n');
    expect(d.text).toContain('  p0->>p3: lock bucket, dequeue a waiter\n');
    expect(d.text).toContain('  p1->>p2: validate ok (11), enqueue\n');
    expect(d.text).toMatch(/p0->>p0: work ×\d+\n/);
    const acts = d.text.split('\n').filter((l) => /^ {2}(de)?activate /.test(l));
    expect(acts).toEqual(['  activate p0', '  deactivate p0', '  activate p1', '  deactivate p1']);
  });

  it('names lost updates and the failed check', () => {
    const d = diagramOf(fx.racy);
    expect(d.text).toContain('  p1->>p2: write 1 over 1: an increment is lost\n');
    expect(d.text).toContain('  p0->>p2: write 2 (was 1)\n');
    expect(d.text).toContain(
      "  Note over p0,p1: ⚠ assertion: assertion 'counter == 6' failed: counter.value is 3\n",
    );
    expect(diagramOf(fx.overlap).text).toContain('  Note over p1: ⚠ overlap: entered the critical section');
  });

  it('has every actor as a participant before anything happens', () => {
    const d = sequenceDiagram({
      trace: [],
      actors: ['A', 'B', 'C'],
      objects: [{ name: 'm', type: 'mini_mutex' }],
    });
    expect(d.text).toBe(
      'sequenceDiagram\n  participant p0 as A\n  participant p1 as B\n  participant p2 as C\n  participant p3 as m\n',
    );
    expect(d.messages).toEqual([]);
  });

  it('keeps only the last N messages when asked, and says how many it left out', () => {
    const full = diagramOf(fx.handoff);
    const d = diagramOf(fx.handoff, 10);
    expect(d.total).toBe(full.messages.length);
    expect(d.messages).toEqual(full.messages.slice(-10));
    expect(d.omitted).toBe(full.messages.length - 10);
    expect(d.text).toContain(`Note over p0,p3: … ${d.omitted} earlier messages`);
    // B's critical section began inside the window; A's ended in it, so A is re-activated
    expect(body(d.text)).toHaveLength(10);
  });

  it('re-opens activations that began before the window', () => {
    const trace: TraceEvent[] = [
      { step: 1, time: 0, kind: 'cs_enter', actor: 'A', inside: 1 },
      { step: 2, time: 0, kind: 'work', actor: 'B' },
      { step: 3, time: 0, kind: 'work', actor: 'A' },
      { step: 4, time: 0, kind: 'cs_exit', actor: 'A', inside: 0 },
    ];
    const d = sequenceDiagram({ trace, actors: ['A', 'B'], maxMessages: 2 });
    expect(d.text).toContain(
      '  activate p0\n  p0->>p0: work\n  p0->>p0: leave critical section\n  deactivate p0\n',
    );
  });
});

describe('escaping what comes from files', () => {
  const nasty = [
    'a; b',
    'x#59;y',
    '%%{init: {"securityLevel": "loose"}}%%',
    '<img src=x onerror=alert(1)>',
    'line\nbreak\r\nand\u2028more',
    'wrap: me',
    'end',
    'A->>B: forged',
    '`**md**`',
    '$$x$$',
    'a\\b & c "quoted" {braces}',
    '中文：自旋；锁',
  ];

  it('leaves nothing Mermaid would read as syntax', () => {
    for (const raw of nasty) {
      const s = mermaidText(raw);
      expect(s).not.toMatch(/[;#\n\r<>%{}"`\\&$]/);
      expect(s).not.toMatch(/^(no)?wrap:/i);
      expect(mermaidAlias(raw)).not.toMatch(/[;#\n\r<>%{}"`\\&$:,@]/);
    }
    expect(mermaidText('CAS 00→01 ✓ (found 01)')).toBe('CAS 00→01 ✓ (found 01)');
    expect(mermaidText('callback: write 00')).toBe('callback: write 00');
    expect(mermaidText('a;b #1 <i> 50% {x} "q" & $$')).toBe('a；b ＃1 ＜i＞ 50％ ｛x｝ ＂q＂ ＆ ＄＄');
    expect(mermaidText('wrap: me')).toBe('wrap： me');
    expect(mermaidText('line\nbreak\u2028x')).toBe('line break x');
    expect(mermaidAlias('a:b,c@d')).toBe('a：b，c＠d');
    expect(mermaidText('x'.repeat(500))).toHaveLength(120);
  });

  it('parses, with every message where it belongs, whatever the labels say', async () => {
    const trace: TraceEvent[] = nasty.map((text, i) => ({
      step: i + 1,
      time: 0,
      kind: 'print',
      actor: 'A',
      text,
    }));
    trace.push(
      ...nasty.map((label, i): TraceEvent => ({
        step: nasty.length + i + 1,
        time: 0,
        kind: 'lock',
        actor: 'B',
        object: `lot[${i}]`,
        label,
      })),
    );
    const d = sequenceDiagram({
      trace,
      actors: ['A', 'B'],
      objects: [{ name: 'o;%%x<y>', type: 'counter' }],
    });
    const p = await parsed(d.text);
    expect(p.actors.length).toBe(3 + nasty.length);
    const arrows = p.messages.filter((m) => m.from !== undefined && m.to !== undefined && m.type !== 2);
    expect(arrows.length).toBe(d.messages.length);
  });

  it('every fixture parses, with as many messages as the ranges say', async () => {
    for (const f of Object.values(fx)) {
      const d = diagramOf(f, 40);
      const p = await parsed(d.text);
      const arrows = p.messages.filter((m) => m.type === 0 || m.type === 3); // SOLID, SOLID_CROSS
      expect(arrows.length).toBe(d.messages.length);
    }
  });
});

describe('the diagram in pages', () => {
  it('cuts the arrows into pages that each parse, with the same participants and the arrows in order', async () => {
    const f = fx.handoff;
    const full = diagramOf(f);
    const paged = diagramPages({ trace: f.trace, actors: f.actors, objects: f.objects }, 8, 100);
    expect(paged.total).toBe(full.messages.length);
    expect(paged.omitted).toBe(0);
    expect(paged.pages.map((p) => p.index)).toEqual(paged.pages.map((_, i) => i));
    expect(paged.pages.flatMap((p) => p.messages)).toEqual(full.messages);
    const head = full.text.split('\n').slice(0, 5).join('\n');
    for (const p of paged.pages) {
      expect(p.messages.length).toBeLessThanOrEqual(8);
      expect(p.text.startsWith(head + '\n')).toBe(true);
      const parsedPage = await parsed(p.text);
      expect(parsedPage.messages.filter((m) => m.type === 0 || m.type === 3)).toHaveLength(p.messages.length);
    }
    // A is inside its critical section across page breaks: each later page opens it again
    const inside = paged.pages.filter((p) =>
      /^ {2}activate p0\n {2}p/m.test(p.text.split('\n').slice(5).join('\n')),
    );
    expect(inside.length).toBeGreaterThan(0);
  });

  it('keeps whole pages from the end, numbered from the start of the run', () => {
    const f = fx.handoff;
    const paged = diagramPages({ trace: f.trace, actors: f.actors, objects: f.objects }, 8, 2);
    const all = diagramPages({ trace: f.trace, actors: f.actors, objects: f.objects }, 8, 100);
    expect(paged.pages).toEqual(all.pages.slice(-2));
    expect(paged.omitted).toBe((all.pages.length - 2) * 8);
  });

  it('gives a mutex’s bucket its column from the start', () => {
    const d = diagramPages({
      trace: [],
      actors: ['A'],
      objects: [{ name: 'm', type: 'mini_mutex', bucket: 30 }],
    });
    expect(d.pages).toHaveLength(1);
    expect(d.pages[0]!.text).toBe(
      'sequenceDiagram\n  participant p0 as A\n  participant p1 as m\n  participant p2 as bucket 30\n',
    );
  });
});
