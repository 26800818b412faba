/*
 * The explorer's Web Worker: its own instance of the scenario's engine's
 * explorer module (the page's module plus the search), loaded like the main
 * thread's (load.ts), searching in slices.  Between two slices it
 * posts its progress and lets messages in, so a cancel (or a newer search)
 * stops it within one slice.  Slices adapt to take about 40 ms each.
 * A worker of prove.ts's pool is warmed first: handed the engine's wasm,
 * compiled once by the page, it instantiates it before any search asks, and
 * then rehearses: it runs the open scenario's proof for a moment and drops
 * it.  A first search in a fresh worker is slow while the browser is still
 * compiling the hot code for speed (the glue of every fiber switch, the
 * search's loop): in wasm under node, a 3 x 3 mutex proof takes a fifth
 * longer the first time than the second, and a rehearsal of a tenth of a
 * second takes most of that away.
 */
import { Session } from '@lockstep/lockstep.js';
import { loadModule } from './load';
import type { ExploreProgress, Rehearsal, WorkerAnswer, WorkerRequest } from './explorer';

const TARGET_SLICE_MS = 40;
/** How long a pooled worker rehearses (its CPU at the page's idle time), in slices of this many steps. */
const REHEARSE_MS = 200;
const REHEARSE_SLICE = 20;
const MIN_SLICE = 10;
const MAX_SLICE = 20000;

/** The search that may run; anything else stops at its next slice. */
let active = 0;
const cancelled = new Set<number>();
/** Requests other than 'warm' so far: a rehearsal gives way once one comes. */
let asked = 0;
/** The engine's compiled wasm, when the page handed it over ('warm'): instantiated, never compiled here. */
const compiled = new Map<string, WebAssembly.Module>();

const explorerModule = (engine: string) => loadModule(engine, 'explorer', compiled.get(engine));

function post(m: WorkerAnswer): void {
  (self as unknown as { postMessage(m: WorkerAnswer): void }).postMessage(m);
}

/** Lets queued messages (a cancel) in before the next slice: a message to
 * itself, not setTimeout(0), which browsers hold back 4 ms once timeouts nest
 * five deep (a proof of a second and a half breathes about forty times). */
const breath = new MessageChannel();
/** (a rehearsal and a search may both be breathing: one message each, answered in order) */
const breathing: (() => void)[] = [];
breath.port1.onmessage = () => breathing.shift()?.();
function breathe(): Promise<void> {
  return new Promise((resolve) => {
    breathing.push(resolve);
    breath.port2.postMessage(null);
  });
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

async function run(req: Extract<WorkerRequest, { type: 'start' }>): Promise<void> {
  const { id, options } = req;
  active = id;
  let session: Session | null = null;
  let progress: ExploreProgress;
  try {
    const M = await explorerModule(req.engine);
    if (active !== id) return;
    session = new Session(M, req.bytecode, { variant: req.variant, memory: options.memory, trace: false });
    const t0 = performance.now();
    session.exploreStart({
      strategy: options.strategy,
      bound: options.bound,
      maxExecutions: options.maxExecutions,
      maxSteps: options.maxSteps ?? 0,
      maxTotalSteps: options.maxTotalSteps ?? 0,
      seed: options.seed ?? 1,
      prune: options.prune ?? true,
      stateful: options.stateful,
    });
    if (req.unit) session.exploreUnit(req.unit);
    let budget = Math.max(1, options.slice ?? 200);
    for (;;) {
      const t1 = performance.now();
      const st = session.exploreStep(budget);
      const now = performance.now();
      const r = st.result;
      progress = {
        executions: r.executions,
        bound: r.bound,
        pruned: r.pruned,
        elapsedMs: now - t0,
        done: r.done,
        totalSteps: r.total_steps,
        states: r.states,
        search: r.search,
      };
      if (st.finished) {
        post({ type: 'done', id, result: { ...r, summary: st.summary, elapsedMs: now - t0 } });
        return;
      }
      post({ type: 'progress', id, ...progress });
      const took = now - t1;
      if (took < TARGET_SLICE_MS / 2) budget = Math.min(MAX_SLICE, budget * 2);
      else if (took > TARGET_SLICE_MS * 2) budget = Math.max(MIN_SLICE, Math.floor(budget / 2));
      await breathe();
      if (cancelled.has(id)) {
        post({ type: 'cancelled', id, ...progress, elapsedMs: performance.now() - t0 });
        return;
      }
      if (active !== id) return;
    }
  } catch (e) {
    post({ type: 'error', id, message: message(e) });
  } finally {
    cancelled.delete(id);
    if (session) {
      try {
        session.exploreFinish();
      } catch {
        // the session goes anyway
      }
      session.free();
    }
  }
}

/** Cuts a complete search into units with their estimates (prove.ts hands them out). */
async function plan(req: Extract<WorkerRequest, { type: 'plan' }>): Promise<void> {
  let session: Session | null = null;
  try {
    const M = await explorerModule(req.engine);
    session = new Session(M, req.bytecode, {
      variant: req.variant,
      memory: req.options.memory,
      trace: false,
    });
    const maxSteps = req.options.maxSteps ?? 0;
    // Where the stateful search fits it runs whole, on one worker (it cannot be split); else DPOR is cut into units.
    session.exploreStart({ strategy: 'dfs', bound: -1, maxSteps, prune: true, stateful: 'fits' });
    if (session.exploreStatus().result.search === 'stateful') {
      post({ type: 'plan', id: req.id, units: [], stateful: true });
      return;
    }
    // DPOR searches alone first, as every complete search does (core/sim/complete.c): one that ends
    // within its steps alone is the answer; a longer one goes on as the units every worker shares.
    const t0 = performance.now();
    session.exploreStart({
      strategy: 'dfs',
      bound: -1,
      maxSteps,
      maxTotalSteps: req.options.maxTotalSteps ?? 0,
      prune: true,
      aloneOnly: true,
    });
    let st;
    do st = session.exploreStep(5000);
    while (!st.finished);
    if (!st.needs_units) {
      const whole = { ...st.result, summary: st.summary, elapsedMs: performance.now() - t0 };
      post({ type: 'plan', id: req.id, units: [], whole });
      return;
    }
    post({ type: 'plan', id: req.id, units: session.explorePlan(req.want, req.probes) });
  } catch (e) {
    post({ type: 'error', id: req.id, message: message(e) });
  } finally {
    session?.free();
  }
}

/** Gets the engine's module ready before any search asks for it (prove.ts's warm pool), then rehearses. */
async function warm(req: Extract<WorkerRequest, { type: 'warm' }>): Promise<void> {
  if (req.module && !compiled.has(req.engine)) compiled.set(req.engine, req.module);
  const before = asked;
  try {
    const M = await explorerModule(req.engine);
    if (req.rehearse && asked === before) await rehearse(M, req.rehearse, before);
  } catch {
    // a search that needs the module reports the error; a rehearsal that fails cost nothing
  }
}

/** The open scenario's proof, as "Prove it" starts it, for REHEARSE_MS at most, then dropped; it gives
 * way at its next slice to anything asked meanwhile. */
async function rehearse(M: Awaited<ReturnType<typeof explorerModule>>, r: Rehearsal, before: number) {
  const session = new Session(M, r.bytecode, { variant: r.variant, memory: r.memory, trace: false });
  try {
    session.exploreStart({ strategy: 'dfs', bound: -1, maxSteps: 0, prune: true, stateful: 'fits' });
    const t0 = performance.now();
    while (!session.exploreStep(REHEARSE_SLICE).finished && performance.now() - t0 < REHEARSE_MS) {
      await breathe();
      if (asked !== before) break;
    }
    session.exploreFinish();
  } finally {
    session.free();
  }
}

self.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const m = e.data;
  if (m.type !== 'warm') asked++;
  if (m.type === 'cancel') cancelled.add(m.id);
  else if (m.type === 'warm') void warm(m);
  else if (m.type === 'start') void run(m);
  else if (m.type === 'plan') void plan(m);
};
