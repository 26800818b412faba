/*
 * What the embassy view draws of a PubSubChannel and its two
 * MultiWakerRegistrations, on real runs of tests/scenarios/embassy/pubsub-*:
 * the queue with each message's readers to go, each subscriber's next id and
 * lag, the waker lists with their room, and each waker drawn in the one list
 * that holds it.
 */
import { catalog, Session } from '@lockstep/lockstep.js';
import { loadModule } from '@lockstep/node.js';
import { compileScenario } from '@lockstep/scenario.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MachineState, TraceEvent } from '../../bridge/types';
import { wakerProvenance } from './wakers';
import { embassyOf, pubsubOf, wakerListsOf, wakerPlaces } from './model';

const scenarios = import.meta.glob<string>('../../../../tests/scenarios/embassy/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const text = (name: string) => scenarios[`../../../../tests/scenarios/embassy/${name}.yaml`]!;

let M: Awaited<ReturnType<typeof loadModule>>;
beforeAll(async () => {
  M = await loadModule();
});

/** Runs `name` to the end; `at(trace)` picks the step whose state is returned (default: the end). */
function runTo(name: string, at?: (trace: TraceEvent[]) => number) {
  const compiled = compileScenario(text(name), { file: name, catalog: catalog(M) });
  const s = new Session(M, compiled.bytecode);
  try {
    s.run({});
    const trace = s.trace() as TraceEvent[];
    if (at) s.goto(at(trace));
    return { state: s.state() as MachineState, trace };
  } finally {
    s.free();
  }
}

const ch = (st: MachineState) => st.objects.find((o) => o.name === 'ch')!;

describe('a PubSubChannel in the embassy view', () => {
  it('pubsub-lagged, just before slow looks: 3 and 4 queued with 1 reader each; slow 2 behind', () => {
    const { state } = runTo('pubsub-lagged', (tr) => tr.find((e) => e.kind === 'note')!.step - 1);
    expect(pubsubOf(ch(state))).toEqual({
      cap: 2,
      messages: [
        { id: 2, value: 3, remaining: 1 },
        { id: 3, value: 4, remaining: 1 },
      ],
      readers: [
        { task: 'fast', next_id: 4, lag: 0 },
        { task: 'slow', next_id: 0, lag: 2 },
      ],
    });
  });

  it('pubsub-lagged-drop, stuck: main’s waker in the publishers’ list of 1, the subscribers’ list of 2 empty', () => {
    const { state } = runTo('pubsub-lagged-drop');
    expect(wakerListsOf(state)).toEqual([
      { object: 'ch', list: 'subscriber_wakers', tasks: [], cap: 2 },
      { object: 'ch', list: 'publisher_wakers', tasks: ['main'], cap: 1 },
    ]);
    expect(wakerPlaces(state).get('main')).toBe('list:ch:publisher_wakers');
    // slow left: only fast is a subscriber, and it read everything
    expect(pubsubOf(ch(state))!.readers).toEqual([{ task: 'fast', next_id: 3, lag: 0 }]);
  });

  it('pubsub-full, in the herd: the list of 1 holds one publisher; the other two wakers are at home', () => {
    // the 100th wake of the herd: p0, p1 and p2 wait to publish
    const { state, trace } = runTo(
      'pubsub-full',
      (tr) => tr.filter((e) => e.label === 'multi waker full: wake every registered task')[99]!.step,
    );
    const [subs, pubs] = wakerListsOf(state);
    expect(subs).toMatchObject({ list: 'subscriber_wakers', cap: 2 });
    expect(pubs).toMatchObject({ list: 'publisher_wakers', cap: 1 });
    expect(pubs!.tasks).toHaveLength(1);
    const places = wakerPlaces(state);
    const inList = ['p0', 'p1', 'p2'].filter((p) => places.get(p) === 'list:ch:publisher_wakers');
    expect(inList).toEqual(pubs!.tasks);
    expect(['p0', 'p1', 'p2'].filter((p) => places.get(p) === 'home')).toHaveLength(2);
    // the herd's wakes are told apart from the news a publish brings
    const kinds = wakerProvenance(
      trace,
      state.actors.map((a) => a.name),
    ).wakes.map((w) => w.kind);
    expect(kinds.filter((k) => k === 'herd')).toHaveLength(1968);
    expect(kinds.filter((k) => k === 'multi').length).toBeGreaterThan(0);
    expect(kinds).not.toContain('other');
  });

  it('on every step of pubsub-lagged and pubsub-lagged-drop each waker is drawn in the list that holds it, or at home', () => {
    const wrong: string[] = [];
    let seen = 0;
    for (const name of ['pubsub-lagged', 'pubsub-lagged-drop']) {
      const compiled = compileScenario(text(name), { file: name, catalog: catalog(M) });
      const s = new Session(M, compiled.bytecode);
      try {
        s.run({});
        const end = (s.state() as MachineState).step;
        for (let n = 0; n <= end; n++) {
          s.goto(n);
          const st = s.state() as MachineState;
          const places = wakerPlaces(st);
          const lists = wakerListsOf(st);
          for (const row of embassyOf(st)?.tasks ?? []) {
            const holder = lists.find((wl) => wl.tasks.includes(row.task));
            if (holder) seen++;
            const want = holder
              ? `list:${holder.object}:${holder.list}`
              : row.state === 'done'
                ? undefined
                : 'home';
            if (places.get(row.task) !== want)
              wrong.push(`${name} step ${n}: ${row.task} at ${places.get(row.task)}, want ${want}`);
          }
          // a list never holds more than its room
          for (const wl of lists)
            if (wl.tasks.length > wl.cap) wrong.push(`${name} step ${n}: ${wl.list} over`);
        }
      } finally {
        s.free();
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(seen).toBeGreaterThan(50);
  });

  it('a Watch draws its one list with its room n: in the herd it holds one or two of the three receivers', () => {
    const { state } = runTo(
      'watch-herd',
      (tr) => tr.find((e) => e.actor === 'sender' && e.time === 100)!.step - 1,
    );
    const lists = wakerListsOf(state);
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatchObject({ object: 'w', list: 'wakers', cap: 2 });
    expect(lists[0]!.tasks.length).toBeGreaterThanOrEqual(1);
    expect(lists[0]!.tasks.every((t) => ['r0', 'r1', 'r2'].includes(t))).toBe(true);
    expect(pubsubOf(state.objects.find((o) => o.name === 'w')!)).toBeNull();
  });
});
