/*
 * The live checks, from the page's side: two workers (check.worker.ts), one
 * that only parses and one that also runs the lesson, so the quick problems
 * (a mistyped operation, a missing translation) show while a long run is
 * still going.  Each worker has at most one check running and one waiting:
 * a newer text replaces the waiting one, so the answer shown is always for
 * the latest text each worker could take.
 */
import type { ScenarioProblem } from '../bridge/types';

export type CheckMode = 'parse' | 'full';

export interface CheckRequest {
  id: number;
  mode: CheckMode;
  text: string;
}

export interface CheckAnswer {
  id: number;
  mode: CheckMode;
  kind: 'lesson' | 'scenario';
  problems: ScenarioProblem[];
  /** the text parsed and its scenario compiled: the preview can play it */
  playable: boolean;
  /** how long the check took in the worker */
  ms: number;
  /** the module's catalog, with a worker's first answer */
  catalog?: unknown;
}

class Lane {
  readonly #worker: Worker;
  #busy = false;
  #waiting: CheckRequest | null = null;

  constructor(onAnswer: (a: CheckAnswer) => void) {
    this.#worker = new Worker(new URL('./check.worker.ts', import.meta.url), {
      type: 'module',
      name: 'lockstep-checks',
    });
    this.#worker.onmessage = (e: MessageEvent<CheckAnswer>) => {
      this.#busy = false;
      onAnswer(e.data);
      this.#next();
    };
  }

  ask(req: CheckRequest): void {
    this.#waiting = req;
    this.#next();
  }

  #next(): void {
    if (this.#busy || !this.#waiting) return;
    this.#busy = true;
    this.#worker.postMessage(this.#waiting);
    this.#waiting = null;
  }

  stop(): void {
    this.#worker.terminate();
  }
}

/** Both lanes; `check` asks both about a text, answers come as they are ready. */
export class LiveChecks {
  readonly #parse: Lane;
  readonly #full: Lane;
  #id = 0;

  constructor(onAnswer: (a: CheckAnswer) => void) {
    this.#parse = new Lane(onAnswer);
    this.#full = new Lane(onAnswer);
  }

  /** Checks `text`; returns the id its answers will carry. */
  check(text: string): number {
    const id = ++this.#id;
    this.#parse.ask({ id, mode: 'parse', text });
    this.#full.ask({ id, mode: 'full', text });
    return id;
  }

  stop(): void {
    this.#parse.stop();
    this.#full.stop();
  }
}
