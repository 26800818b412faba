/*
 * "Prove it": the complete search (bound none) split over several Web
 * Workers, each with its own wasm instance (explorer.worker.ts).  One worker
 * first cuts the search into units, each with Knuth's estimate of its
 * executions (core/sim/split.h); a search the estimate puts beyond the step
 * limit is not started, and the result says so.  Then every worker takes one
 * unit at a time.  The results merge in unit order, so the verdict and the
 * executions are the one search's however many workers ran.  Progress:
 * executions, executions per second, the estimate in all and the seconds
 * left.  Cancelling terminates every worker at once.
 */
import type {
  ExploreJob,
  ExploreOptions,
  ExploreProgress,
  ExploreResult,
  PlanUnit,
  WorkerAnswer,
  WorkerRequest,
} from './explorer';

/** The engine's limit on steps in all when none is given (core/sim/explore.h). */
export const DEFAULT_MAX_TOTAL_STEPS = 20_000_000;
/** Units to cut the search into, and probes per unit for the estimate. */
const WANT_UNITS = 8;
const PROBES = 8;
const MAX_WORKERS = 4;

/** How many workers: one per core the browser reports, 1 to 4. */
export function workerCount(): number {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 0;
  return Math.min(MAX_WORKERS, Math.max(1, cores || 2));
}

/** The merged result of the units, in unit order (the first unit that found something gives it). */
export function mergeUnits(
  parts: readonly ExploreResult[],
  elapsedMs: number,
  workers: number,
): ExploreResult {
  const found = parts.find((r) => r.found);
  const incomplete = parts.find((r) => !r.complete && !r.found);
  const sum = (f: (r: ExploreResult) => number) => parts.reduce((a, r) => a + f(r), 0);
  return {
    found: !!found,
    kind: found?.kind ?? null,
    schedule: found?.schedule ?? null,
    steps: found?.steps ?? 0,
    preemptions: found?.preemptions ?? 0,
    message: found?.message ?? '',
    executions: sum((r) => r.executions),
    pruned: sum((r) => r.pruned),
    total_steps: sum((r) => r.total_steps ?? 0),
    bound: -1,
    complete: !found && !incomplete,
    reason: found ? '' : (incomplete?.reason ?? 'every interleaving was explored'),
    summary: '',
    elapsedMs,
    workers,
  };
}

/** The estimate of the work: executions in all and the steps they take. */
export function planEstimate(units: readonly PlanUnit[]): { executions: number; steps: number } {
  const executions = units.reduce((a, u) => a + u.estimate, 0);
  const steps = units.reduce((a, u) => a + u.estimate * u.steps, 0);
  return { executions, steps };
}

export function prove(
  engine: string,
  bytecode: Uint8Array,
  variant: string,
  options: ExploreOptions,
  progress: (p: ExploreProgress) => void,
): ExploreJob {
  const n = workerCount();
  const limit = options.maxTotalSteps || DEFAULT_MAX_TOTAL_STEPS;
  const workers: Worker[] = [];
  const t0 = performance.now();
  let settle: (r: ExploreResult | null, e?: Error) => void = () => {};
  let over = false;
  const stopAll = () => {
    over = true;
    for (const w of workers) w.terminate();
  };
  const result = new Promise<ExploreResult | null>((resolve, reject) => {
    settle = (r, e) => {
      if (over) return;
      stopAll();
      if (e) reject(e);
      else resolve(r);
    };
  });
  const spawn = (): Worker => {
    const w = new Worker(new URL('./explorer.worker.ts', import.meta.url), { type: 'module', name: 'prove' });
    w.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      settle(null, new Error(e.message || 'a worker stopped'));
    };
    workers.push(w);
    return w;
  };
  const opts: ExploreOptions = { ...options, strategy: 'dfs', bound: -1, maxExecutions: 0, prune: true };
  const first = spawn();
  first.onmessage = (e: MessageEvent<WorkerAnswer>) => {
    const m = e.data;
    if (m.type === 'error') settle(null, new Error(m.message));
    else if (m.type === 'plan') run(m.units);
  };
  first.postMessage({
    type: 'plan',
    id: 0,
    engine,
    bytecode: bytecode.slice(),
    variant,
    options: opts,
    want: WANT_UNITS,
    probes: PROBES,
  } satisfies WorkerRequest);

  function run(units: PlanUnit[]): void {
    const est = planEstimate(units);
    if (est.steps > limit) {
      const r = mergeUnits([], performance.now() - t0, n);
      settle({ ...r, complete: false, outOfReach: { executions: est.executions, steps: est.steps, limit } });
      return;
    }
    while (workers.length < Math.min(n, units.length)) spawn();
    const parts: (ExploreResult | null)[] = units.map(() => null);
    const running = new Map<number, number>(); // unit -> executions so far
    let next = 0;
    let doneSteps = 0;
    const report = () => {
      const elapsedMs = performance.now() - t0;
      let executions = 0;
      let left = 0;
      units.forEach((u, i) => {
        const done = parts[i]?.executions ?? running.get(i) ?? 0;
        executions += done;
        // a unit past its estimate is taken to be half done (Knuth's estimate runs low on lopsided trees)
        if (!parts[i]) left += u.estimate > 2 * done ? u.estimate - done : done;
      });
      const rate = elapsedMs > 0 ? (executions * 1000) / elapsedMs : 0;
      progress({
        executions,
        bound: -1,
        pruned: 0,
        elapsedMs,
        estimate: executions + left,
        secondsLeft: rate > 0 ? left / rate : undefined,
        rate,
      });
    };
    const give = (w: Worker) => {
      if (next >= units.length || parts.some((r) => r?.found)) return false;
      const i = next++;
      running.set(i, 0);
      w.onmessage = (e: MessageEvent<WorkerAnswer>) => answer(w, i, e.data);
      w.postMessage({
        type: 'start',
        id: i + 1,
        engine,
        bytecode: bytecode.slice(),
        variant,
        options: { ...opts, maxTotalSteps: Math.max(1, limit - doneSteps), slice: 50 },
        unit: (units[i] as PlanUnit).unit,
      } satisfies WorkerRequest);
      return true;
    };
    const answer = (w: Worker, i: number, m: WorkerAnswer) => {
      if (m.type === 'progress') {
        running.set(i, m.executions);
        report();
      } else if (m.type === 'error') {
        settle(null, new Error(m.message));
      } else if (m.type === 'done') {
        parts[i] = m.result;
        running.delete(i);
        doneSteps += m.result.total_steps ?? 0;
        report();
        const stop = m.result.found || !m.result.complete;
        if ((stop || !give(w)) && running.size === 0) {
          settle(
            mergeUnits(
              parts.filter((r): r is ExploreResult => !!r),
              performance.now() - t0,
              n,
            ),
          );
        }
      }
    };
    for (const w of workers) give(w);
  }

  return {
    result,
    cancel() {
      settle(null);
    },
  };
}
