/*
 * The tick button of the rtos engine never vanishes without a word
 * (components/TickBar/why.ts): stepping A through the-signed-count, whenever
 * the model does not offer the tick, why.ts says why, and the reason matches
 * the machine's rule (rtos_extra).
 */
import { catalog, Session } from '@lockstep/lockstep.js';
import { parseLesson } from '@lockstep/lesson.js';
import { loadModule } from '@lockstep/node.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MachineState, TraceEvent } from '../../bridge/types';
import { setLocale } from '../../i18n';
import { tickUnavailable } from '../../components/TickBar/why';

const lessons = import.meta.glob<string>('../../../../lessons/rtos/05-the-signed-count.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

let M: Awaited<ReturnType<typeof loadModule>>;
beforeAll(async () => {
  M = await loadModule();
});

describe('why the tick cannot fall', () => {
  it('lesson 29: masked while A is in its critical section, then just fallen, in both languages', () => {
    const text = Object.values(lessons)[0]!;
    const l = parseLesson(text, { file: 'rtos/05-the-signed-count.md', catalog: catalog(M) });
    const s = new Session(M, l.bytecode, { variant: 'correct' });
    try {
      const offered = () => (s.choices() as { kind: string }[]).some((c) => c.kind === 'tick');
      const why = () => tickUnavailable(s.state() as MachineState, s.trace() as TraceEvent[]);
      setLocale('en');
      const seen: string[] = [];
      for (let k = 0; k < 6; k++) {
        if (!offered()) seen.push(why());
        s.step(0);
      }
      expect(seen).toContain('No tick now: interrupts are masked (A is in a critical section).');
      while (!offered()) s.step(0);
      s.take('tick');
      expect(offered()).toBe(false);
      const next = (s.state() as MachineState).actors.find((a) => a.status === 'enabled')!.name;
      expect(why()).toBe(`No tick now: one has just fallen; the next can fall once ${next} has run.`);
      setLocale('zh-CN');
      expect(why()).toBe(`现在没有 tick：刚刚来过一次；等 ${next} 运行过，下一次才能到来。`);
    } finally {
      setLocale('en');
      s.free();
    }
  });
});
