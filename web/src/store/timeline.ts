/*
 * Moving through the run: the learner's steps (one step, a whole operation,
 * a spin finished, on until shared state), back and forward, reset, a jump to
 * any recorded step (the step bar's drag merges its targets), the steps a
 * diagram message marks, and a schedule the learner typed.  A step taken
 * before the end of the recorded run forks a new future, and says so.
 */
import type { EngineBridge } from '../bridge/bridge';
import type { Snapshot } from '../bridge/types';
import { t, tn } from '../i18n';
import { MAX_SPIN_STEPS, foldsNext } from '../model/lesson';
import type { StepRange } from '../model/mermaid';
import { checkSchedule } from '../model/schedule';
import type { StoreCore } from './core';
import type { RunHistory } from './history';
import { ownMove } from './learner';
import { ownRun } from './state';

export class Timeline {
  readonly #c: StoreCore;
  readonly #history: RunHistory;
  /** the step the bar was dragged to last, not yet replayed */
  #gotoTarget: number | null = null;
  /** the queued replay that will take #gotoTarget */
  #gotoJob: Promise<void> | null = null;

  constructor(core: StoreCore, history: RunHistory) {
    this.#c = core;
    this.#history = history;
  }

  #canStep(actor: number): boolean {
    const snap = this.#c.state.snap;
    const s = snap?.state;
    if (!s || s.outcome !== 'running') return false;
    // an interrupt handler not raised yet: stepping it raises it, when the model allows
    return s.actors[actor]?.status === 'enabled' || raisable(snap, actor);
  }

  /** Before a step: a function that says "a new future" when the step forgot the recorded one. */
  #forkNote(): (after: Snapshot) => string {
    const before = this.#c.state.snap?.state;
    return (after) =>
      before && before.step < before.steps_recorded && after.state.steps_recorded < before.steps_recorded
        ? t('time.fork', { step: before.step })
        : '';
  }

  /**
   * One move the learner makes (a step, a tick, a drop...): stop the player,
   * do nothing unless `allowed()` then, else run `take` on the engine, count
   * it as the learner's own, and tell whether it forked a new future.
   */
  #learnerMove(
    allowed: () => boolean,
    take: (e: EngineBridge) => Promise<Snapshot>,
    kind: 'step' | 'over',
  ): Promise<void> {
    const c = this.#c;
    c.halt();
    if (!allowed()) return Promise.resolve();
    const fork = this.#forkNote();
    const own = ownMove(c);
    return c.move(
      (e) => take(e).then(own),
      (s) => c.tell(s, fork(s)),
      kind,
    );
  }

  step(actor: number): Promise<void> {
    return this.#learnerMove(
      () => this.#canStep(actor),
      (e) => e.step(actor),
      'step',
    );
  }

  /**
   * Takes a choice other than a step, when the machine offers it now: the
   * tick (key T: the rtos model offers it when tasks of one priority share
   * the processor), a drop of task `actor`'s pending future (the executor, at
   * an await point), a read_from (which older `store` of its cell actor
   * `actor`'s next load reads), a place (which earlier place `store` of its
   * cell's order actor `actor`'s next store takes), or any kind the
   * catalog's table adds.
   */
  take(kind: string, actor?: number, store?: number): Promise<void> {
    return this.#learnerMove(
      () => offers(this.#c.state.snap, kind, actor, store),
      (e) => e.take(kind, actor, store),
      'step',
    );
  }

  stepOver(actor: number): Promise<void> {
    return this.#learnerMove(
      () => this.#canStep(actor),
      (e) => e.stepOver(actor),
      'over',
    );
  }

  /**
   * Shift+N: steps the actor once, then on while its next step touches
   * nothing shared (spin rounds, yields, local work, what the lesson folds);
   * it stops before the step that touches shared state, which is the
   * learner's.  Each step taken stays one atomic step on the timeline.
   */
  untilShared(actor: number): Promise<void> {
    const c = this.#c;
    c.halt();
    if (!this.#canStep(actor)) return Promise.resolve();
    const fork = this.#forkNote();
    const own = ownMove(c);
    const fold = c.state.lesson?.fold ?? null;
    const from = c.state.snap?.state.step ?? 0;
    return c.move(
      async (e) => {
        let snap = await e.step(actor);
        for (let n = 1; n < MAX_SPIN_STEPS && foldsNext(snap.state, snap.trace, actor, fold); n++)
          snap = await e.step(actor);
        return own(snap);
      },
      (s) => {
        const [text, lost] = c.tell(s, fork(s));
        const taken = s.state.step - from;
        if (taken <= 1) return [text, lost];
        const name = s.state.actors[actor]?.name ?? '';
        return [tn('announce.folded', taken, { actor: name, text }), lost];
      },
      'over',
    );
  }

  back(): Promise<void> {
    const c = this.#c;
    c.halt();
    const step = c.state.snap?.state.step ?? 0;
    if (step <= 0) return Promise.resolve();
    return c.move(
      (e) => e.goto(step - 1),
      (s) => [t('announce.back', { step: s.state.step }), false],
      'goto',
      'back',
    );
  }

  forward(): Promise<void> {
    const c = this.#c;
    c.halt();
    const s = c.state.snap?.state;
    if (!s || s.step >= s.steps_recorded) return Promise.resolve();
    return c.move(
      (e) => e.goto(s.step + 1),
      (n) => c.tell(n, t('announce.forward', { step: n.state.step })),
      'goto',
      'forward',
    );
  }

  reset(): Promise<void> {
    const c = this.#c;
    c.halt();
    const snap = c.state.snap;
    const lesson = c.state.lesson;
    if (snap && ownRun(c.state) && snap.state.step > (lesson?.startSteps ?? 0) && !c.state.tried)
      c.set({ tried: true });
    this.#history.keep('reset');
    c.set({ assist: null });
    // a lesson starts again where its starting schedule ends
    const start = c.state.lesson?.start;
    if (start)
      return c.move(
        (e) => e.replay(start).then((r) => r.snapshot),
        () => [t('announce.reset'), false],
        'reset',
      );
    return c.move(
      (e) => e.reset(),
      () => [t('announce.reset'), false],
      'reset',
    );
  }

  /**
   * Goes to any recorded step (the step bar, the variant comparison, a click
   * on the diagram).  While the step bar is dragged, the targets that arrive
   * before the queued replay starts merge into it: only the latest is replayed.
   */
  goto(step: number): Promise<void> {
    const c = this.#c;
    c.halt();
    const s = c.state.snap?.state;
    if (!s || !Number.isFinite(step)) return Promise.resolve();
    const target = Math.min(s.steps_recorded, Math.max(0, Math.round(step)));
    if (!this.#gotoJob && target === s.step) return Promise.resolve();
    this.#gotoTarget = target;
    if (this.#gotoJob) return this.#gotoJob;
    const job: Promise<void> = c
      .move(
        (e) => {
          const to = this.#gotoTarget ?? target;
          this.#gotoTarget = null;
          this.#gotoJob = null; // targets from now on need a replay of their own
          return e.goto(to);
        },
        (n) => c.tell(n, t('time.jumped', { step: n.state.step })),
      )
      .finally(() => {
        if (this.#gotoJob === job) {
          this.#gotoJob = null;
          this.#gotoTarget = null;
        }
      });
    this.#gotoJob = job;
    return job;
  }

  /** Marks the steps a diagram message stands for on the timeline (null: none). */
  mark(range: StepRange | null): void {
    const c = this.#c;
    const m = c.state.marked;
    if (m === range || (m && range && m.from === range.from && m.to === range.to)) return;
    c.set({ marked: range });
  }

  /**
   * Replays a schedule the learner typed.  Returns null when it replayed, or
   * what is wrong with it (the engine's words when it does not fit the
   * scenario); the run then stays as it was.
   */
  async loadSchedule(text: string): Promise<string | null> {
    const c = this.#c;
    c.halt();
    const checked = checkSchedule(text);
    if (!checked.ok) return checked.message;
    let error: string | null = null;
    await c.enqueue(async () => {
      if (c.state.phase !== 'ready') return;
      this.#history.keep('schedule');
      c.set({ busy: true });
      try {
        const r = await (await c.engine()).replay(checked.schedule);
        c.set({ assist: null });
        c.restartOps(r.snapshot);
        if (r.note) c.notify('info', t('notice.scheduleNote', { message: r.note }));
        c.show(r.snapshot, t('schedule.applied', { steps: r.snapshot.state.step }));
      } catch (e) {
        c.set({ busy: false });
        error = t('schedule.bad', { message: e instanceof Error ? e.message : String(e) });
      }
    });
    return error;
  }
}

/**
 * Whether the running machine offers a choice of `kind` now (for a kind that
 * names an actor, of `actor`; for read_from, of reading `store`; for place, of
 * taking place `store`).
 */
export function offers(
  snap: Snapshot | null | undefined,
  kind: string,
  actor?: number,
  store?: number,
): boolean {
  return (
    snap?.state.outcome === 'running' &&
    !!snap.choices?.some(
      (c) =>
        c.kind === kind &&
        (actor === undefined || c.actor === actor) &&
        (store === undefined || (c.kind === 'place' ? c.place : c.store) === store),
    )
  );
}

/** Whether stepping `actor` now raises it: an interrupt handler not raised, whose raising is a choice. */
export function raisable(snap: Snapshot | null | undefined, actor: number): boolean {
  return (
    snap?.state.actors[actor]?.status === 'dormant' &&
    !!snap.choices?.some((c) => c.kind === 'irq' && c.actor === actor)
  );
}

/** Whether task `actor`'s pending future may be dropped now (a cancellation the learner chooses). */
export function droppable(snap: Snapshot | null | undefined, actor: number): boolean {
  return offers(snap, 'drop', actor);
}
