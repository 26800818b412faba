/*
 * A pending embassy task's lane says where its waker is, from the snapshot
 * the view draws the waker from: never "nobody will wake it" while a slot, a
 * queue or a waker list holds the waker (watch-herd, cancel-head).
 */
import { catalog, Session } from '@lockstep/lockstep.js';
import { loadModule } from '@lockstep/node.js';
import { compileScenario } from '@lockstep/scenario.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MachineState } from '../../bridge/types';
import { setLocale } from '../../i18n';
import { blockedText } from '../../model/describe';
import { wakerPlaces } from './model';

const scenarios = import.meta.glob<string>('../../../../tests/scenarios/embassy/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});

let M: Awaited<ReturnType<typeof loadModule>>;
beforeAll(async () => {
  M = await loadModule();
});

/** Every (step, task, place, lane words) of a run, a pending task at a time. */
function pendingLanes(name: string, variant: string, locale: 'en' | 'zh-CN') {
  const text = scenarios[`../../../../tests/scenarios/embassy/${name}.yaml`]!;
  const compiled = compileScenario(text, { file: name, catalog: catalog(M) });
  const s = new Session(M, compiled.bytecode, { variant });
  setLocale(locale);
  const out: { step: number; task: string; place: string | undefined; said: string }[] = [];
  try {
    const end = s.run({}).steps;
    for (let step = 1; step <= Math.min(end, 300); step++) {
      s.goto(step);
      const state = s.state() as MachineState;
      const places = wakerPlaces(state);
      for (const a of state.actors)
        if (a.blocked?.why === 'blocked')
          out.push({ step, task: a.name, place: places.get(a.name), said: blockedText(a, state)! });
    }
  } finally {
    s.free();
    setLocale('en');
  }
  return out;
}

describe('an embassy lane says where the waker of a pending task is', () => {
  it('watch-herd: a receiver whose waker is in w’s list is not "nobody will wake it"', () => {
    const lanes = pendingLanes('watch-herd', 'correct', 'en');
    const listed = lanes.filter((l) => l.place === 'list:w:wakers');
    expect(listed.length).toBeGreaterThan(5);
    for (const l of listed)
      expect(l.said, `step ${l.step}, ${l.task}`).toBe(
        'returned Pending; its waker is in w’s waker list, and a wake from there queues it again',
      );
  });

  it('every scenario: "nobody will wake it" only when no slot, queue or list holds the waker', () => {
    let held = 0;
    for (const path of Object.keys(scenarios)) {
      const name = path.replace(/^.*\/(.*)\.yaml$/, '$1');
      for (const l of pendingLanes(name, 'correct', 'en')) {
        if (l.place === 'home' || l.place === undefined) continue;
        held++;
        expect(l.said, `${name} step ${l.step}, ${l.task} (${l.place})`).not.toMatch(/nobody/);
        expect(l.said).toMatch(/^returned Pending; its waker is (still )?in /);
      }
    }
    expect(held).toBeGreaterThan(20);
  }, 120_000); // every step of every embassy scenario: seconds, more on a busy machine

  it('two-waiters-loop in Chinese: the waker in m’s slot', () => {
    const zh = pendingLanes('two-waiters-loop', 'correct', 'zh-CN').filter((l) =>
      l.place?.startsWith('slot:'),
    );
    expect(zh.length).toBeGreaterThan(0);
    expect(zh[0]!.said).toMatch(/^返回了 Pending；它的 waker 在 \S+ 的唤醒槽里，/);
  });
});
