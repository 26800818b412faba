/*
 * The runs the learner can bring back: reset, a variant switch, the
 * explorer's run, a typed schedule and opening another lesson each keep the
 * run they replace (up to ten, newest last), and "Restore my run" (Ctrl+Z)
 * opens the latest again where it was, with whose steps they were.
 */
import { t } from '../i18n';
import { atStart } from '../model/lesson';
import type { StoreCore } from './core';
import { placeOf } from './share';
import type { Discard, SavedRun } from './state';

/** How many thrown-away runs are kept. */
const MAX_SAVED_RUNS = 10;

export class RunHistory {
  readonly #c: StoreCore;
  /** the runs thrown away, newest last */
  readonly #saved: SavedRun[] = [];

  constructor(core: StoreCore) {
    this.#c = core;
  }

  /** Keeps the current run before something replaces it (only a run with steps of the learner's). */
  keep(what: Discard): void {
    const c = this.#c;
    const snap = c.state.snap;
    const load = c.loader;
    if (c.state.phase !== 'ready' || !snap || !load) return;
    const whole = snap.full ?? snap.summary;
    const lesson = c.state.lesson;
    if (lesson ? atStart(lesson, snap) : whole.steps === 0) return;
    c.onDiscard?.(placeOf(c));
    this.#saved.push({
      what,
      scenarioId: c.state.scenarioId,
      load,
      fromFile: c.state.fromFile,
      variant: snap.state.variant,
      memory: snap.memory,
      schedule: whole.steps > 0 ? whole.compact : '',
      step: snap.state.step,
      steps: whole.steps,
      assist: c.state.assist,
      variantDiff: c.state.variantDiff,
    });
    if (this.#saved.length > MAX_SAVED_RUNS) this.#saved.shift();
    c.set({ undo: { what, step: snap.state.step, steps: whole.steps } });
  }

  /** Brings back the latest run that was thrown away; `reopen` opens it (queued by the caller's queue). */
  restore(reopen: (run: SavedRun) => Promise<void>): Promise<void> {
    const c = this.#c;
    c.halt();
    const run = this.#saved.pop();
    if (!run) {
      c.say(t('undo.nothing'));
      return Promise.resolve();
    }
    const top = this.#saved[this.#saved.length - 1];
    c.set({ undo: top ? { what: top.what, step: top.step, steps: top.steps } : null });
    return c.enqueue(async () => {
      await reopen(run);
      const snap = c.state.snap;
      if (c.state.scenarioId !== run.scenarioId || !snap) return;
      c.set({
        assist: run.assist,
        variantDiff: run.variantDiff,
        announcement: t('undo.restored', { step: snap.state.step, total: snap.state.steps_recorded }),
        announced: c.state.announced + 1,
      });
    });
  }
}
