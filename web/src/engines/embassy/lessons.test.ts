/*
 * The embassy view draws each identity in exactly one place, so the motion
 * layer can carry it: on every step of every embassy lesson (its solution
 * under each of its variants and a round-robin run, played by the real
 * engine) each unfinished task's token stands in one cell of the run queue,
 * each waker in the one slot that holds it or at home, and a fair
 * semaphore's tickets count on from next_ticket.  And the moves the lessons
 * are about happen where the lessons say: an eviction sends a waker home and
 * brings another into the slot; a release moves the head's task from waiting
 * into the run queue; a cancelled head leaves a hole.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MachineState } from '../../bridge/types';
import { lessonRuns, type LessonRun } from '../lessonRuns';
import { embassyOf, runQueuePicture, slotsOf, wakerListsOf, wakerPlaces } from './model';

/** Where each task's token is drawn: "polling", "batch", "next" or "waiting" (a list: must be one). */
function tokenPlaces(st: MachineState): Map<string, string[]> {
  const rq = runQueuePicture(st);
  const out = new Map<string, string[]>();
  for (const [cell, tasks] of Object.entries(rq) as [string, string[]][])
    for (const task of tasks) out.set(task, [...(out.get(task) ?? []), cell]);
  return out;
}

describe('the embassy view draws each task and each waker in one place', () => {
  let runs: LessonRun[] = [];
  beforeAll(async () => {
    runs = await lessonRuns('embassy', { afterSolution: 'manual' });
  }, 120_000);

  it('plays every embassy lesson', () => {
    const lessons = new Set(runs.map((r) => r.name.split(' ')[0]));
    expect([...lessons].sort()).toEqual([
      '01-one-waker-slot.md',
      '02-tickets-make-it-fair.md',
      '03-starved-writer.md',
      '04-cancelled-head.md',
      '05-greedy-semaphore.md',
      '06-relaxed-publication.md',
    ]);
    // every lesson is played to its end: the shortest (relaxed-publication) records 12 states
    expect(runs.filter((r) => r.states.length < 12).map((r) => `${r.name}: ${r.states.length}`)).toEqual([]);
  });

  it('puts every unfinished task in exactly one cell of the run queue, and no finished one', () => {
    const wrong: string[] = [];
    for (const r of runs)
      for (const st of r.states) {
        const places = tokenPlaces(st);
        for (const row of embassyOf(st)?.tasks ?? []) {
          const at = places.get(row.task) ?? [];
          const want = row.state === 'done' ? 0 : 1;
          if (at.length !== want)
            wrong.push(`${r.name} step ${st.step}: ${row.task} (${row.state}) drawn in [${at}]`);
        }
      }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('draws each waker where the engine holds it: the slot, the ticket, the waker list, or home', () => {
    const wrong: string[] = [];
    for (const r of runs)
      for (const st of r.states) {
        const places = wakerPlaces(st);
        const holders = new Map<string, string[]>();
        for (const sl of slotsOf(st)) {
          sl.tasks.forEach((task, i) => {
            if (!task) return;
            const place =
              sl.kind === 'deque' ? `ticket:${sl.object}:${sl.firstTicket + i}` : `slot:${sl.object}`;
            holders.set(task, [...(holders.get(task) ?? []), place]);
          });
          // a one-slot registration holds the task the object's `waker` field names
          if (sl.kind === 'one') {
            const field = st.objects.find((o) => o.name === sl.object)!.fields.waker!;
            if ((sl.tasks[0] ?? null) !== (field >= 0 ? st.actors[field]!.name : null))
              wrong.push(
                `${r.name} step ${st.step}: slot ${sl.object} drawn with ${sl.tasks[0]}, field ${field}`,
              );
          }
        }
        for (const wl of wakerListsOf(st))
          for (const task of wl.tasks)
            holders.set(task, [...(holders.get(task) ?? []), `list:${wl.object}:${wl.list}`]);
        for (const row of embassyOf(st)?.tasks ?? []) {
          const place = places.get(row.task);
          const held = holders.get(row.task) ?? [];
          const want = held.length ? held[0] : row.state === 'done' ? undefined : 'home';
          if (place !== want)
            wrong.push(`${r.name} step ${st.step}: ${row.task}'s waker at ${place}, want ${want}`);
        }
      }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  const run = (name: string) => {
    const r = runs.find((x) => x.name === name);
    expect(r, name).toBeDefined();
    return r!.states;
  };
  /** the first step after which `pred` holds, after step `from` */
  const firstStep = (states: MachineState[], from: number, pred: (st: MachineState) => boolean) =>
    states.findIndex((st) => st.step > from && pred(st));

  it('lesson 21: an eviction sends the evicted waker home and brings the new one into m’s slot', () => {
    const states = run('01-one-waker-slot.md correct solution');
    // t1 registers over t2 (its store), then wakes it: t1's waker is in the slot, t2's at home
    const k = firstStep(states, 14, (st) => wakerPlaces(st).get('t1') === 'slot:m');
    expect(k).toBeGreaterThan(0);
    expect(wakerPlaces(states[k - 1]!).get('t2')).toBe('slot:m');
    expect(wakerPlaces(states[k - 1]!).get('t1')).toBe('home');
    expect(wakerPlaces(states[k]!).get('t2')).toBe('home');
    // the eviction's wake puts t2 on the run queue's next batch
    const woke = firstStep(states, k, (st) => runQueuePicture(st).next.includes('t2'));
    expect(woke).toBe(k + 1);
    expect(runQueuePicture(states[woke - 1]!).waiting).toContain('t2');
  });

  it('lesson 22: holder’s release moves t2 from waiting into the next batch, then into “now polling”', () => {
    const states = run('02-tickets-make-it-fair.md correct solution');
    // holder's timer fired: it is polled again while the three wait
    const start = firstStep(
      states,
      0,
      (st) => st.time === 1000 && runQueuePicture(st).polling[0] === 'holder',
    );
    expect(runQueuePicture(states[start]!).waiting).toEqual(['t0', 't1', 't2']);
    expect(slotsOf(states[start]!).find((x) => x.object === 's')).toMatchObject({
      kind: 'deque',
      tasks: ['t2', 't1', 't0'],
      firstTicket: 0,
    });
    const queued = firstStep(states, start, (st) => runQueuePicture(st).next.includes('t2'));
    expect(runQueuePicture(states[queued]!).waiting).toEqual(['t0', 't1']);
    const polled = firstStep(states, queued, (st) => runQueuePicture(st).polling[0] === 't2');
    expect(polled).toBeGreaterThan(queued);
    // t2 takes: its ticket leaves the deque, its waker goes home, next_ticket moves on (the
    // ticket numbers are next_ticket + position, right once the take has moved next_ticket)
    const took = firstStep(
      states,
      polled,
      (st) => st.objects.find((o) => o.name === 's')!.fields.next_ticket === 1,
    );
    expect(slotsOf(states[took]!).find((x) => x.object === 's')).toMatchObject({ tasks: ['t1', 't0'] });
    expect(wakerPlaces(states[took]!).get('t1')).toBe('ticket:s:1');
    expect(wakerPlaces(states[took]!).get('t2')).toBe('home');
  });

  it('lesson 24: the cancelled head leaves a hole at the head of the deque', () => {
    const states = run('04-cancelled-head.md fair_cancel_bug solution');
    const last = states[states.length - 1]!;
    expect(last.outcome).toBe('stuck');
    expect(slotsOf(last).find((x) => x.object === 's')).toMatchObject({ tasks: [null, 'B'], firstTicket: 0 });
    expect(wakerPlaces(last).get('B')).toBe('ticket:s:1');
    expect(wakerPlaces(last).has('A')).toBe(false);
  });
});
