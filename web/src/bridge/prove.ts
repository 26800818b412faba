/*
 * "Prove it": the complete search (bound none), as `--bound none` runs it:
 * the stateful search where it remembers states (sc memory, not the
 * executor's model: core/sim/visited.c), whole on one worker, since it
 * cannot be split; elsewhere DPOR split over several Web Workers, each with
 * its own wasm instance (explorer.worker.ts).  One worker first decides which
 * and cuts a DPOR search into units (core/sim/split.h; a unit's path costs
 * one run, no probes); then every worker takes one unit at a time.  The
 * results merge in unit order, so the verdict and the executions are the
 * one search's however many workers ran.  Progress: executions, executions
 * per second, the estimate in all (each unit's executions over the share of
 * its tree done, core/sim/estimate.c, weighed by its share of the search's
 * tree) and the seconds left; a search the estimate puts beyond the step
 * limit is stopped early and the result says so.  The stateful search has
 * no such estimate (Knuth's counts the tree that its remembered states cut
 * short: on the 3 x 3 mutex it foresaw six billion executions of a search
 * that makes 1,629), so it shows its states instead and only the step limit
 * stops it.  Cancelling terminates the
 * busy workers at once.
 *
 * The workers stay: a pool kept warm (warmProve, at the page's idle time
 * when a scenario opens) has the engine's wasm, compiled once on the main
 * thread and handed to each worker, instantiated and rehearsed (a moment of
 * the open scenario's proof, explorer.worker.ts) before "Prove it" is
 * pressed, and a second proof starts on the same workers.
 */
import type {
  ExploreJob,
  ExploreOptions,
  ExploreProgress,
  ExploreResult,
  PlanUnit,
  Rehearsal,
  WorkerAnswer,
  WorkerRequest,
} from './explorer';
import { compileModule } from './load';

/** The engine's limit on steps in all when none is given (core/sim/explore.h). */
export const DEFAULT_MAX_TOTAL_STEPS = 20_000_000;
/** Units to cut the search into (no probes: the units' `done` estimates): the units a single search
 * goes on as past its steps alone (EXPLORE_UNITS, core/sim/explore.h), so the count is the same. */
const WANT_UNITS = 32;
const MAX_WORKERS = 4;
/** The estimate counts once the search ran this long, or used this share of the step limit. */
const JUDGE_AFTER_MS = 250;
const JUDGE_AFTER_SHARE = 0.1;

/** How many workers: one per core the browser reports, 1 to 4. */
export function workerCount(): number {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 0;
  return Math.min(MAX_WORKERS, Math.max(1, cores || 2));
}

/** The engine's step limit of a run when none is given (core/sim/explore.h). */
export const DEFAULT_MAX_STEPS = 10_000;

/** 20000000 -> "20,000,000", as the engine writes its limits. */
function grouped(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Why a search whose every run was made is incomplete: some runs reached the step limit (explore.c's words). */
function stepLimitReason(hits: number, executions: number, maxSteps: number): string {
  return hits === executions
    ? `every run reached the ${grouped(maxSteps)}-step limit: the program may not terminate; see --max-steps`
    : `${hits} runs reached the step limit of ${maxSteps} steps (a loop that never ends?)`;
}

/** A unit stopped while running, counted as far as it got (never a complete part). */
function asFarAs(p: ExploreProgress | undefined): ExploreResult {
  return {
    found: false,
    kind: null,
    schedule: null,
    steps: 0,
    preemptions: 0,
    executions: p?.executions ?? 0,
    pruned: p?.pruned ?? 0,
    total_steps: p?.totalSteps ?? 0,
    bound: -1,
    complete: false,
    searched_all: false,
    reason: '',
    message: '',
    summary: '',
    elapsedMs: p?.elapsedMs ?? 0,
  };
}

/**
 * The merged result of the units, in unit order, by the native rule
 * (core/runner/workers.c): the first unit that found something gives the
 * counterexample (the parts end with it: the units after it count for
 * nothing), and the search is then complete as that unit is; else it is complete when every unit finished having made every run
 * (searched_all) and no run reached the step limit, and otherwise says why
 * not: the whole search's limit (`stopped`), the first unit that stopped
 * short, or the runs that reached the step limit, counted over every unit.
 * A null part is a unit that never finished.
 */
export function mergeUnits(
  parts: readonly (ExploreResult | null)[],
  elapsedMs: number,
  workers: number,
  limits: { maxSteps?: number; stopped?: string } = {},
): ExploreResult {
  const first = parts.findIndex((r) => r?.found);
  const counted = first < 0 ? parts : parts.slice(0, first + 1); // (the units after it count for nothing)
  const done = counted.filter((r): r is ExploreResult => !!r);
  const found = done.find((r) => r.found);
  const sum = (f: (r: ExploreResult) => number) => done.reduce((a, r) => a + f(r), 0);
  const executions = sum((r) => r.executions);
  const hits = sum((r) => r.step_limit_hits ?? 0);
  const short = done.find((r) => !r.searched_all && !r.found);
  const searchedAll = !found && !limits.stopped && !short && done.length === counted.length;
  let reason = found ? (found.complete ? '' : found.reason) : 'every interleaving was explored';
  if (!found) {
    if (limits.stopped) reason = limits.stopped;
    else if (short) reason = short.reason;
    else if (!searchedAll) reason = 'a part of the search did not finish';
    else if (hits > 0) reason = stepLimitReason(hits, executions, limits.maxSteps || DEFAULT_MAX_STEPS);
  }
  const complete = found ? found.complete : searchedAll && hits === 0;
  return {
    found: !!found,
    kind: found?.kind ?? null,
    schedule: found?.schedule ?? null,
    steps: found?.steps ?? 0,
    preemptions: found?.preemptions ?? 0,
    message: found?.message ?? '',
    executions,
    pruned: sum((r) => r.pruned),
    total_steps: sum((r) => r.total_steps ?? 0),
    step_limit_hits: hits,
    searched_all: searchedAll,
    states: sum((r) => r.states ?? 0),
    search: done[0]?.search,
    bound: -1,
    complete,
    reason,
    summary: '',
    elapsedMs,
    workers,
  };
}

/**
 * The estimate of the executions in all: those so far over the share of the
 * tree done, each unit's share done weighed by its share of the tree (the
 * share no unit covers has no run: done); undefined before anything is done.
 */
export function unitsEstimate(
  units: readonly PlanUnit[],
  executions: number,
  done: (i: number) => number,
): number | undefined {
  let share = 1 - units.reduce((a, u) => a + u.mass, 0);
  units.forEach((u, i) => (share += u.mass * done(i)));
  return share > 0 && executions > 0 ? Math.max(executions, executions / share) : undefined;
}

/** The stateful search's one "unit": the whole tree. */
const WHOLE: PlanUnit = { unit: [], estimate: 0, steps: 0, mass: 1 };

/** Workers kept between proofs, each with the engine's module loaded or loading. */
const pool: { worker: Worker; engine: string }[] = [];
/** Workers a proof has taken from the pool (or started) and not given back: while a proof runs the
 * pool is not filled (its workers would share the cores with the proof); it is when the proof ends. */
let lent = 0;

function spawnWorker(engine: string, rehearse?: Rehearsal): Worker {
  const w = new Worker(new URL('./explorer.worker.ts', import.meta.url), { type: 'module', name: 'prove' });
  compileModule(engine).then(
    (module) => w.postMessage({ type: 'warm', engine, module, rehearse } satisfies WorkerRequest),
    () => w.postMessage({ type: 'warm', engine, rehearse } satisfies WorkerRequest),
  );
  return w;
}

/** Fills the pool with warm workers for `engine` (their wasm compiled once, then instantiated in
 * each, and each rehearsing the proof of `rehearse`, the scenario open on the page). */
export function warmProve(engine: string, rehearse?: Rehearsal): void {
  if (lent > 0) return;
  for (let i = pool.length - 1; i >= 0; i--)
    if (pool[i]?.engine !== engine) pool.splice(i, 1)[0]?.worker.terminate();
  while (pool.length < workerCount()) pool.push({ worker: spawnWorker(engine, rehearse), engine });
}

/** A worker for `engine`: a warm one from the pool, else a new one. */
function takeWorker(engine: string): Worker {
  const i = pool.findIndex((p) => p.engine === engine);
  return i >= 0 ? (pool.splice(i, 1)[0] as { worker: Worker }).worker : spawnWorker(engine);
}

let nextId = 1;

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
  const busy = new Set<Worker>();
  const t0 = performance.now();
  let settle: (r: ExploreResult | null, e?: Error) => void = () => {};
  let over = false;
  /** The end: idle workers go back to the pool, busy ones are stopped. */
  const release = () => {
    over = true;
    lent -= workers.length;
    for (const w of workers) {
      w.onmessage = null;
      w.onerror = null;
      if (busy.has(w)) w.terminate();
      else pool.push({ worker: w, engine });
    }
    warmProve(engine); // (the pool a proof pressed early did not let fill)
  };
  const result = new Promise<ExploreResult | null>((resolve, reject) => {
    settle = (r, e) => {
      if (over) return;
      release();
      if (e) reject(e);
      else resolve(r);
    };
  });
  const take = (): Worker => {
    const w = takeWorker(engine);
    lent++;
    w.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      settle(null, new Error(e.message || 'a worker stopped'));
    };
    workers.push(w);
    return w;
  };
  const opts: ExploreOptions = { ...options, strategy: 'dfs', bound: -1, maxExecutions: 0, prune: true };
  const first = take();
  const planId = nextId++;
  busy.add(first);
  first.onmessage = (e: MessageEvent<WorkerAnswer>) => {
    const m = e.data;
    if (m.id !== planId) return;
    busy.delete(first);
    if (m.type === 'error') settle(null, new Error(m.message));
    else if (m.type === 'plan' && m.whole)
      settle({ ...m.whole, elapsedMs: performance.now() - t0, workers: n });
    else if (m.type === 'plan') run(m.stateful ? [WHOLE] : m.units, !!m.stateful);
  };
  first.postMessage({
    type: 'plan',
    id: planId,
    engine,
    bytecode: bytecode.slice(),
    variant,
    options: opts,
    want: WANT_UNITS,
    probes: 0,
  } satisfies WorkerRequest);

  /** stateful: the one unit is the whole stateful search (no split: core/sim/visited.c) */
  function run(units: PlanUnit[], stateful: boolean): void {
    while (workers.length < Math.min(n, units.length)) take();
    const parts: (ExploreResult | null)[] = units.map(() => null);
    const running = new Map<number, ExploreProgress>(); // unit -> its progress
    let next = 0;
    let judged = false;
    /** the first unit in unit order that found a violation: the units before it still count, those after it not */
    let foundAt = Infinity;
    const steps = (i: number) => parts[i]?.total_steps ?? running.get(i)?.totalSteps ?? 0;
    const report = () => {
      const elapsedMs = performance.now() - t0;
      let executions = 0;
      let stepsSoFar = 0;
      units.forEach((_, i) => {
        executions += parts[i]?.executions ?? running.get(i)?.executions ?? 0;
        stepsSoFar += steps(i);
      });
      // (the stateful search's one unit, until it gives way to DPOR: no estimate)
      const states = stateful ? running.get(0) : undefined;
      const remembering = states !== undefined && states.search === 'stateful';
      const estimate = remembering
        ? undefined
        : unitsEstimate(units, executions, (i) => (parts[i] ? 1 : (running.get(i)?.done ?? 0)));
      if (stepsSoFar >= limit) {
        // the limit holds for the whole search (as natively): the units still running count as far as they got
        const sofar = units.map((_, i) => parts[i] ?? asFarAs(running.get(i)));
        const stopped = `stopped at the limit of ${grouped(limit)} steps in all`;
        settle(mergeUnits(sofar, elapsedMs, n, { maxSteps: opts.maxSteps, stopped }));
        return;
      }
      if (
        !judged &&
        estimate !== undefined &&
        (elapsedMs >= JUDGE_AFTER_MS || stepsSoFar >= limit * JUDGE_AFTER_SHARE)
      ) {
        judged = true;
        const need = (estimate * stepsSoFar) / executions;
        if (need > limit) {
          const r = mergeUnits([], elapsedMs, n);
          settle({ ...r, complete: false, outOfReach: { executions: estimate, steps: need, limit } });
          return;
        }
      }
      const rate = elapsedMs > 0 ? (executions * 1000) / elapsedMs : 0;
      const left = estimate === undefined ? undefined : estimate - executions;
      progress({
        executions,
        bound: -1,
        pruned: 0,
        elapsedMs,
        estimate,
        secondsLeft: left !== undefined && rate > 0 ? left / rate : undefined,
        rate,
        states: remembering ? states.states : undefined,
      });
    };
    const give = (w: Worker) => {
      if (next >= units.length || next > foundAt) return false;
      const i = next++;
      const id = nextId++;
      running.set(i, { executions: 0, bound: -1, pruned: 0, elapsedMs: 0 });
      busy.add(w);
      w.onmessage = (e: MessageEvent<WorkerAnswer>) => {
        if (e.data.id === id) answer(w, i, e.data);
      };
      w.postMessage({
        type: 'start',
        id,
        engine,
        bytecode: bytecode.slice(),
        variant,
        options: { ...opts, maxTotalSteps: limit, slice: 50, stateful: stateful ? 'fits' : false },
        unit: stateful ? undefined : (units[i] as PlanUnit).unit,
      } satisfies WorkerRequest);
      return true;
    };
    const answer = (w: Worker, i: number, m: WorkerAnswer) => {
      if (m.type === 'progress') {
        running.set(i, m);
        report();
      } else if (m.type === 'error') {
        settle(null, new Error(m.message));
      } else if (m.type === 'done') {
        parts[i] = m.result;
        running.delete(i);
        busy.delete(w);
        report();
        if (m.result.found) foundAt = Math.min(foundAt, i);
        if (foundAt < Infinity) {
          // as one search makes it (core/sim/complete.c): it ends once every unit before the first that
          // found something is done; the units after it count for nothing
          if (![...running.keys()].some((k) => k < foundAt))
            settle(mergeUnits(parts, performance.now() - t0, n, { maxSteps: opts.maxSteps }));
          return;
        }
        // (a unit that stopped short of its runs ends the handing out too)
        const stop = !m.result.searched_all;
        if ((stop || !give(w)) && running.size === 0) {
          settle(mergeUnits(parts, performance.now() - t0, n, { maxSteps: opts.maxSteps }));
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
