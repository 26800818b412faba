/*
 * Where each context of the rtos engine is drawn, once: on the processor, in
 * the ready list (by effective priority), in the wait set of the semaphore or
 * mutex it blocks on, in the delayed list, or done.  A task is in exactly one
 * place at a time, so the view can key it by its name and the motion layer
 * carries it from place to place (a post moves the woken task from the wait
 * set to the ready list; a switch moves one task onto the processor and the
 * other off it).
 *
 * On the processor: the context the rtos model lets step now (an interrupt
 * handler that runs, else the task it picks); nobody once the run is over.
 */
import type { MachineState } from '../../bridge/types';
import type { RtosView } from './model';

export interface RtosPlaces {
  running: string | null;
  ready: string[];
  /** object name -> the tasks blocked on it, lowest bit (most urgent) first */
  waiting: Map<string, string[]>;
  /** blocked on nothing the view shows */
  blocked: string[];
  delayed: { actor: string; tick: number }[];
  done: string[];
}

export function rtosPlaces(state: MachineState, view: RtosView): RtosPlaces {
  const status = new Map(state.actors.map((a) => [a.name, a.status]));
  const over = state.outcome !== 'running';
  const runner = over ? undefined : state.actors.find((a) => a.status === 'enabled');
  const running = runner?.name ?? null;
  const waiting = new Map<string, string[]>();
  const placed = new Set<string>(running ? [running] : []);
  const done = view.tasks.filter((t) => status.get(t.actor) === 'finished').map((t) => t.actor);
  done.forEach((a) => placed.add(a));
  for (const o of [...view.sems, ...view.mutexes]) {
    const names = o.waiting.filter((a) => !placed.has(a));
    names.forEach((a) => placed.add(a));
    waiting.set(o.name, names);
  }
  const left = view.tasks.filter((t) => !placed.has(t.actor));
  return {
    running,
    ready: left.filter((t) => t.state === 'ready').map((t) => t.actor),
    waiting,
    blocked: left.filter((t) => t.state === 'blocked').map((t) => t.actor),
    delayed: left
      .filter((t) => t.state === 'delayed')
      .map((t) => ({ actor: t.actor, tick: t.wakeTick ?? 0 })),
    done,
  };
}
