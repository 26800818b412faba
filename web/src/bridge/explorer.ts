/*
 * The explorer, from the main thread's side: one Web Worker with its own wasm
 * instance (explorer.worker.ts) searches the schedules of the scenario that is
 * open, in slices, posting its progress between them.  Cancelling asks the
 * worker to stop after its slice; a worker that does not answer in time is
 * terminated (and a fresh one starts for the next search).
 *
 * Plain data crosses: the compiled scenario's engine and bytecode, the options, progress
 * figures and the result.
 */
import type { ExploreFound } from '@lockstep/lockstep.js';

export type Strategy = 'dfs' | 'random' | 'pct';

export interface ExploreOptions {
  strategy: Strategy;
  /** preemption bound (dfs), depth (pct) */
  bound: number;
  /** 0: no limit (dfs), the number of runs (random, pct) */
  maxExecutions: number;
  /** step limit of each run (0: the engine's default) */
  maxSteps?: number;
  /** step limit of the whole search (0 or absent: the engine's default, 20,000,000) */
  maxTotalSteps?: number;
  seed?: number;
  /** partial-order pruning (default on) */
  prune?: boolean;
  /** executions in the first slice (the worker adapts it to about 40 ms a slice) */
  slice?: number;
  /** the variant to search (absent: the open run's) */
  variant?: string;
  /** the memory model searched under (the open run's; default: the scenario's) */
  memory?: string;
  /** bound none: 'fits' runs the stateful search where it remembers states (core/sim/visited.c), DPOR elsewhere */
  stateful?: boolean | 'fits';
}

export interface ExploreProgress {
  executions: number;
  /** the preemption bound being searched now */
  bound: number;
  pruned: number;
  elapsedMs: number;
  /** the stateful search (prove.ts): the states it remembers so far; it has no estimate, since
   * Knuth's counts a tree its remembered states cut short (core/sim/visited.c) */
  states?: number;
  /** which search runs: 'stateful', 'dpor' (the stateful one may give way to DPOR), ... */
  search?: string;
  /** a complete search in workers (prove.ts): Knuth's estimate of its executions in all */
  estimate?: number;
  /** and of the seconds left, from the executions per second so far */
  secondsLeft?: number;
  /** executions per second so far */
  rate?: number;
  /** a complete search: the share of its tree (its unit's) searched, 0 to 1 (core/sim/estimate.c) */
  done?: number;
  /** steps of every run so far */
  totalSteps?: number;
}

/** One part of a complete search split over workers (core/sim/split.h), with its estimate. */
export interface PlanUnit {
  unit: number[];
  /** Knuth's estimate of its executions (0 without probes) */
  estimate: number;
  /** the probes' mean steps per run */
  steps: number;
  /** its share of the search's tree (core/sim/split.h) */
  mass: number;
}

/** What the search found (the engine's explore_result_json) and how long it took. */
export interface ExploreResult extends ExploreFound {
  /** the engine's one-line summary */
  summary: string;
  elapsedMs: number;
  /** steps of every run, cut runs included */
  total_steps?: number;
  /** a complete search in workers (prove.ts): how many */
  workers?: number;
  /**
   * A complete search not started because Knuth's estimate says it cannot
   * finish within the step limit: the estimate, and the limit.
   */
  outOfReach?: { executions: number; steps: number; limit: number };
}

export type WorkerRequest =
  | {
      type: 'start';
      id: number;
      /** the engine whose module runs the scenario */
      engine: string;
      bytecode: Uint8Array;
      variant: string;
      options: ExploreOptions;
      /** a complete search's part (prove.ts): search only this unit */
      unit?: number[];
    }
  | {
      type: 'plan';
      id: number;
      /** the engine whose module runs the scenario */
      engine: string;
      bytecode: Uint8Array;
      variant: string;
      options: ExploreOptions;
      want: number;
      probes: number;
    }
  | { type: 'cancel'; id: number }
  /** load the engine's explorer module now, from `module` when given (compiled by the page), then
   * rehearse the proof of `rehearse` for a moment, if given (explorer.worker.ts says why) */
  | { type: 'warm'; engine: string; module?: WebAssembly.Module; rehearse?: Rehearsal };

/** The scenario open on the page, for a pooled worker's rehearsal (prove.ts's warmProve). */
export interface Rehearsal {
  bytecode: Uint8Array;
  variant: string;
  memory?: string;
}

export type WorkerAnswer =
  | ({ type: 'progress'; id: number } & ExploreProgress)
  | { type: 'done'; id: number; result: ExploreResult }
  /** stateful: the stateful search fits the scenario and runs whole on one worker (no units) */
  /** whole: a DPOR search that ended within its steps alone (core/sim/complete.c): the answer, no units */
  | { type: 'plan'; id: number; units: PlanUnit[]; stateful?: boolean; whole?: ExploreResult }
  | ({ type: 'cancelled'; id: number } & ExploreProgress)
  | { type: 'error'; id: number; message: string };

export interface ExploreJob {
  /** the result, or null when cancelled */
  result: Promise<ExploreResult | null>;
  cancel(): void;
}

/** How long a cancelled worker may take to finish its slice before it is terminated. */
const CANCEL_GRACE_MS = 1500;

let worker: Worker | null = null;
let nextId = 1;
let current: { id: number; settle: (r: ExploreResult | null, e?: Error) => void } | null = null;

function spawn(): Worker {
  const w = new Worker(new URL('./explorer.worker.ts', import.meta.url), {
    type: 'module',
    name: 'explorer',
  });
  w.onmessage = (e: MessageEvent<WorkerAnswer>) => answer(e.data);
  w.onerror = (e: ErrorEvent) => {
    e.preventDefault();
    kill();
    current?.settle(null, new Error(e.message || 'the explorer stopped'));
  };
  return w;
}

function kill(): void {
  worker?.terminate();
  worker = null;
}

let onProgress: ((p: ExploreProgress) => void) | null = null;

function answer(m: WorkerAnswer): void {
  if (!current || m.id !== current.id) return;
  switch (m.type) {
    case 'progress':
      onProgress?.({ executions: m.executions, bound: m.bound, pruned: m.pruned, elapsedMs: m.elapsedMs });
      break;
    case 'done':
      current.settle(m.result);
      break;
    case 'plan':
      break; // prove.ts asks for plans, on its own workers
    case 'cancelled':
      current.settle(null);
      break;
    case 'error':
      current.settle(null, new Error(m.message));
      break;
  }
}

/** Starts a search (cancelling any search still running). */
export function explore(
  engine: string,
  bytecode: Uint8Array,
  variant: string,
  options: ExploreOptions,
  progress: (p: ExploreProgress) => void,
): ExploreJob {
  current?.settle(null);
  const id = nextId++;
  let cancelTimer: ReturnType<typeof setTimeout> | undefined;
  const result = new Promise<ExploreResult | null>((resolve, reject) => {
    current = {
      id,
      settle: (r, e) => {
        if (current?.id !== id) return;
        clearTimeout(cancelTimer);
        current = null;
        onProgress = null;
        if (e) reject(e);
        else resolve(r);
      },
    };
  });
  onProgress = progress;
  try {
    worker ??= spawn();
    // a copy: the caller's bytecode stays usable
    const request: WorkerRequest = {
      type: 'start',
      id,
      engine,
      bytecode: bytecode.slice(),
      variant,
      options,
    };
    worker.postMessage(request);
  } catch (e) {
    current?.settle(null, e instanceof Error ? e : new Error(String(e)));
  }
  return {
    result,
    cancel() {
      if (current?.id !== id || !worker) return;
      worker.postMessage({ type: 'cancel', id } satisfies WorkerRequest);
      cancelTimer = setTimeout(() => {
        if (current?.id !== id) return;
        kill();
        current.settle(null);
      }, CANCEL_GRACE_MS);
    },
  };
}
