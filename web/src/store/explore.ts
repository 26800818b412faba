/*
 * The explorer in the page: a search of this scenario's schedules in the
 * explorer's worker, its progress and result line in the panel, a cancel; a
 * counterexample is loaded into the run at step 0 (the run it replaces can be
 * restored), for the learner to step through.
 */
import type { EngineBridge } from '../bridge/bridge';
import type { ExploreJob, ExploreOptions, ExploreProgress, ExploreResult } from '../bridge/explorer';
import { t } from '../i18n';
import { formatCount, formatDuration, provenLine, resultLine } from '../model/explore';
import type { StoreCore } from './core';
import type { RunHistory } from './history';
import { helpLocked, type ExplorerState } from './state';

function patchExplorer(c: StoreCore, patch: Partial<ExplorerState>): void {
  c.set({ explorer: { ...c.state.explorer, ...patch } });
}

export function setExploreOptions(c: StoreCore, o: Partial<ExploreOptions>): void {
  patchExplorer(c, { options: { ...c.state.explorer.options, ...o } });
}

export class Explorer {
  readonly #c: StoreCore;
  readonly #history: RunHistory;
  #job: { job: ExploreJob | null; cancelled: boolean } | null = null;

  constructor(core: StoreCore, history: RunHistory) {
    this.#c = core;
    this.#history = history;
  }

  /**
   * Searches this scenario's schedules in the explorer's worker.  A
   * counterexample is loaded into the run at step 0, to be stepped through;
   * otherwise the result line says what was proven.
   */
  explore(options?: Partial<ExploreOptions>, mode: 'find' | 'prove' = 'find'): Promise<void> {
    const c = this.#c;
    const snap = c.state.snap;
    if (c.state.phase !== 'ready' || !snap || c.state.explorer.status === 'running') return Promise.resolve();
    c.halt();
    if (helpLocked(c.state)) {
      c.say(t('help.locked'));
      return Promise.resolve();
    }
    const opts = { ...c.state.explorer.options, ...options };
    const scenarioId = c.state.scenarioId;
    const variant = snap.state.variant;
    const token: { job: ExploreJob | null; cancelled: boolean } = { job: null, cancelled: false };
    this.#job = token;
    patchExplorer(c, {
      status: 'running',
      options: opts,
      progress: { executions: 0, bound: 0, pruned: 0, elapsedMs: 0 },
      result: null,
      line: '',
      scenarioId,
      variant,
      mode,
    });
    return (async () => {
      let engine: EngineBridge;
      let result: ExploreResult | null;
      try {
        engine = await c.engine();
        const onProgress = (p: ExploreProgress) => {
          if (this.#job === token) patchExplorer(c, { progress: p });
        };
        token.job = await (mode === 'prove'
          ? engine.prove(opts, onProgress)
          : engine.explore(opts, onProgress));
        if (token.cancelled) token.job.cancel();
        result = await token.job.result;
      } catch (e) {
        if (this.#job === token) {
          this.#job = null;
          const line = t('explore.failed', { message: e instanceof Error ? e.message : String(e) });
          patchExplorer(c, { status: 'failed', line });
          c.say(line);
        }
        return;
      }
      if (this.#job !== token) return;
      this.#job = null;
      if (!result) {
        const p = c.state.explorer.progress;
        const line = t('explore.cancelled', {
          executions: formatCount(p?.executions ?? 0),
          time: formatDuration(p?.elapsedMs ?? 0),
        });
        patchExplorer(c, { status: 'cancelled', line });
        c.say(line);
        return;
      }
      const scenario = c.state.scenario;
      const line =
        mode === 'prove'
          ? provenLine(
              result,
              {
                actors: scenario?.actors.map((a) => a.name) ?? [],
                overlap: !!scenario?.actors.some((a) => a.ops.some((op) => op.kind === 'cs_enter')),
                asserts: !!scenario?.asserts?.length,
              },
              opts.bound,
            )
          : resultLine(result, opts.strategy);
      const found = result.found && !!result.schedule;
      patchExplorer(c, { status: found ? 'found' : 'none', result, line, progress: null });
      if (!found) {
        c.say(line);
        return;
      }
      // the counterexample, at step 0, for the learner to step through
      await c.enqueue(async () => {
        const now = c.state.snap;
        if (c.state.scenarioId !== scenarioId || now?.state.variant !== variant) return;
        this.#history.keep('explore');
        c.set({ busy: true });
        try {
          const r = await engine.replay(result.schedule!, 0);
          c.restartOps(r.snapshot);
          c.set({ assist: { by: 'explorer', from: 0 } });
          c.show(
            r.snapshot,
            `${line} ${t('explore.loadedAnnounce', { steps: r.snapshot.state.steps_recorded })}`,
          );
        } catch (e) {
          c.failed(e);
        }
      });
    })();
  }

  cancel(): void {
    const token = this.#job;
    if (!token) return;
    token.cancelled = true;
    token.job?.cancel();
  }

  /** Forgets the explorer's result (the panel folds back to its button). */
  close(): void {
    if (this.#c.state.explorer.status === 'running') return;
    patchExplorer(this.#c, { status: 'idle', result: null, progress: null, line: '' });
  }
}
