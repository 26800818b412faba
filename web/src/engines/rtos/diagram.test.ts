/*
 * Who woke whom in the rtos sequence diagram, and why, from real runs: a
 * handler's post on a semaphore wakes its most urgent waiter (the lowest set
 * bit of the wait mask), and a give hands a mutex to the waiter it wakes;
 * in both languages.
 */
import { catalog, Session } from '@lockstep/lockstep.js';
import { loadModule } from '@lockstep/node.js';
import { compileScenario } from '@lockstep/scenario.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../bridge/types';
import { setLocale } from '../../i18n';
import { sequenceDiagram } from '../../model/mermaid';

const scenarios = import.meta.glob<string>('../../../../tests/scenarios/rtos/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});

let M: Awaited<ReturnType<typeof loadModule>>;
beforeAll(async () => {
  M = await loadModule();
});
afterEach(() => setLocale('en'));

/** The scenario run to its end, drawn: the diagram's lines, and the participant of each actor. */
function drawn(name: string, schedule?: string): { lines: string[]; p: (actor: string) => string } {
  const text = scenarios[`../../../../tests/scenarios/rtos/${name}.yaml`]!;
  const compiled = compileScenario(text, { file: `${name}.yaml`, catalog: catalog(M) });
  const s = new Session(M, compiled.bytecode);
  try {
    s.run(schedule ? { schedule, policy: 'round-robin' } : { policy: 'round-robin' });
    const actors = compiled.scenario.actors.map((a: { name: string }) => a.name);
    const d = sequenceDiagram({
      engine: 'rtos',
      trace: s.trace() as TraceEvent[],
      actors,
      objects: compiled.scenario.objects,
    });
    return { lines: d.text.split('\n'), p: (actor) => `p${actors.indexOf(actor)}` };
  } finally {
    s.free();
  }
}

describe('rtos: who woke whom, and why, in the sequence diagram', () => {
  it('a handler’s post wakes the most urgent waiter: an arrow from Uart to Reader that says so', () => {
    const { lines, p } = drawn('isr-post', 'v2: Reader !Uart');
    expect(lines).toContain(
      `  ${p('Uart')}->>${p('Reader')}: post data: wake Reader (bit 0, the lowest set: the most urgent waiter)`,
    );
    setLocale('zh-CN');
    const zh = drawn('isr-post', 'v2: Reader !Uart');
    expect(zh.lines).toContain(
      `  ${p('Uart')}->>${p('Reader')}: post data：唤醒 Reader（第 0 位，最低的置位：最紧急的等待者）`,
    );
  });
  it('a give hands the mutex to the waiter it wakes: an arrow from Low to High', () => {
    const { lines, p } = drawn('priority-inversion');
    expect(lines).toContain(`  ${p('Low')}->>${p('High')}: give lock: hand it to High, and wake it`);
  });
});
