// "Prove it"'s pool of workers (prove.ts): filled at the page's idle time with a worker per core,
// each told to rehearse the open scenario; never filled beside a running proof (its workers would
// share the cores with it), and filled when the proof ends.  The workers here are stand-ins that
// answer as explorer.worker.ts does: a stateful plan, then the search's result.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkerAnswer, WorkerRequest } from './explorer';
import { exploreResult } from './exploreResult.fixture';

vi.mock('./load', () => ({ compileModule: () => Promise.resolve({}) }));

/** A stand-in Worker: what it was sent, and a way to answer. */
class FakeWorker {
  static made: FakeWorker[] = [];
  sent: WorkerRequest[] = [];
  terminated = false;
  onmessage: ((e: MessageEvent<WorkerAnswer>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(m: WorkerRequest) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  answer(m: WorkerAnswer) {
    this.onmessage?.({ data: m } as MessageEvent<WorkerAnswer>);
  }
  last<T extends WorkerRequest['type']>(type: T) {
    return this.sent.filter((m): m is Extract<WorkerRequest, { type: T }> => m.type === type).at(-1);
  }
}

const result = exploreResult({
  executions: 12,
  elapsedMs: 1,
  total_steps: 100,
  states: 40,
  search: 'stateful',
});

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const rehearsal = { bytecode: new Uint8Array([1, 2, 3]), variant: 'correct' };

beforeEach(() => {
  vi.resetModules();
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
});
afterEach(() => vi.unstubAllGlobals());

describe("Prove it's pool", () => {
  it('warms a worker per core, each told to rehearse the open scenario', async () => {
    const { warmProve } = await import('./prove');
    warmProve('an_engine', rehearsal);
    await settled();
    expect(FakeWorker.made).toHaveLength(2);
    for (const w of FakeWorker.made)
      expect(w.sent).toEqual([{ type: 'warm', engine: 'an_engine', module: {}, rehearse: rehearsal }]);
  });

  it('is not filled beside a proof pressed before it warmed, and is once the proof ends', async () => {
    const { prove, warmProve } = await import('./prove');
    const job = prove(
      'an_engine',
      rehearsal.bytecode,
      'correct',
      { strategy: 'dfs', bound: -1, maxExecutions: 0 },
      () => {},
    );
    await settled();
    expect(FakeWorker.made).toHaveLength(1); // the proof's own
    const [proving] = FakeWorker.made as [FakeWorker];
    const plan = proving.last('plan');
    expect(plan).toBeDefined();
    proving.answer({ type: 'plan', id: plan!.id, units: [], stateful: true });
    const start = proving.last('start');
    expect(start).toBeDefined();
    // the page's idle moment comes while the proof runs: no worker starts beside it
    warmProve('an_engine', rehearsal);
    await settled();
    expect(FakeWorker.made).toHaveLength(1);
    proving.answer({ type: 'done', id: start!.id, result });
    const r = await job.result;
    expect(r).toMatchObject({ executions: 12, states: 40, complete: true });
    // the proof's worker went back to the pool, and the pool was filled to a worker per core
    await settled();
    expect(FakeWorker.made).toHaveLength(2);
    expect(proving.terminated).toBe(false);
  });
});
