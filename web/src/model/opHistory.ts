/*
 * Where each actor's current operation began, for "step into".  The trace has
 * no event for "operation N starts", but every snapshot says which operation
 * (and repeat round) each actor is in; remembering that per step, as the page
 * watches the run, tells when the current one began.  Steps the page did not
 * see (a replayed schedule) are unknown: since() then says null and the
 * caller guesses from the trace (describe.ts, guessOpStart).
 */
import type { ActorState } from '../bridge/types';

/** An actor's place in its program: operation and repeat round. */
export function opSig(a: ActorState): string {
  return a.status === 'finished' ? 'done' : `${a.op}:${a.round ?? 0}`;
}

export class OpHistory {
  #at = new Map<number, string[]>();

  clear(): void {
    this.#at.clear();
  }

  /**
   * Records the actors' places after `step`.  `fork`: the run took a new
   * step here, so what was recorded after it belongs to a forgotten future.
   * `from`: the step the move started at, when it took several steps of one
   * actor whose operation did not change until the last (step over): the
   * steps in between are filled with the places at `from`.
   */
  record(step: number, actors: ActorState[], fork = false, from?: number): void {
    if (fork) for (const k of [...this.#at.keys()]) if (k > step) this.#at.delete(k);
    if (from !== undefined && from < step - 1) {
      const start = this.#at.get(from);
      if (start) for (let k = from + 1; k < step; k++) this.#at.set(k, start);
    }
    this.#at.set(step, actors.map(opSig));
  }

  /**
   * The step after which actor `i`'s current operation began (its events of
   * later steps are inside it); null when the page did not see enough steps.
   * The step that moves an actor into a new operation performs the old one's
   * last action, so it belongs to the old one.
   */
  since(step: number, i: number): number | null {
    const now = this.#at.get(step)?.[i];
    if (now === undefined) return null;
    for (let j = step - 1; j >= 0; j--) {
      const then = this.#at.get(j);
      if (!then) return null;
      // after step j it was elsewhere; step j + 1 finished that operation (its
      // last action) and went on into this one, up to this one's first action
      if (then[i] !== now) return j + 1;
    }
    return 0;
  }
}
