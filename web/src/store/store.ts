/*
 * The one store: the scenario, the session's snapshot (state, summary, trace)
 * and what the page says about it (notices, the announcement of the last
 * step).  Components read it through useStore() and change it only through
 * the actions below, which go to the engine one at a time, in order.
 *
 * This class is the store's face; each concern lives in a file of its own:
 * state.ts (what it holds), core.ts (the queue, set, showing a snapshot),
 * opening.ts (scenarios, lessons, files, sources), timeline.ts (steps and
 * time travel), player.ts (Play), variant.ts (replay under another
 * variant), explore.ts (the explorer), history.ts (restorable runs),
 * learner.ts (whose run it is), share.ts (the address of this moment).
 */
import type { EngineBridge } from '../bridge/bridge';
import type { ExploreOptions, ExploreResult } from '../bridge/explorer';
import type { ScenarioProblem } from '../bridge/types';
import type { StepRange } from '../model/mermaid';
import type { Place } from '../model/params';
import { accessOptions, type ReadOption } from '../model/storeHistory';
import type { PlayPolicy } from '../model/play';
import { StoreCore, type LessonLoader, type ScenarioLoader } from './core';
import { Explorer, setExploreOptions } from './explore';
import { RunHistory } from './history';
import { noteHint } from './learner';
import { Opening } from './opening';
import { Player } from './player';
import { placeOf } from './share';
import type { AppState, Notice, OpenRun } from './state';
import { offers, Timeline } from './timeline';
import { switchSetting, switchVariant } from './variant';

export type { LessonLoader, ScenarioLoader } from './core';
export {
  helpLocked,
  ownRun,
  type AppState,
  type Assist,
  type Discard,
  type ExplorerState,
  type Notice,
  type VariantDiff,
} from './state';

export class Store {
  readonly #c: StoreCore;
  readonly #history: RunHistory;
  readonly #opening: Opening;
  readonly #timeline: Timeline;
  readonly #player: Player;
  readonly #explorer: Explorer;

  constructor(
    engine: () => Promise<EngineBridge>,
    scenarios: ScenarioLoader,
    lessons: LessonLoader | null = null,
  ) {
    this.#c = new StoreCore(engine, scenarios, lessons);
    this.#history = new RunHistory(this.#c);
    this.#opening = new Opening(this.#c, this.#history);
    this.#timeline = new Timeline(this.#c, this.#history);
    this.#player = new Player(this.#c);
    this.#explorer = new Explorer(this.#c, this.#history);
  }

  /** called after every change of place (scenario, schedule, step), e.g. to update the URL */
  get onPlace(): ((p: Place) => void) | null {
    return this.#c.onPlace;
  }
  set onPlace(f: ((p: Place) => void) | null) {
    this.#c.onPlace = f;
  }

  /**
   * called just before a run is thrown away (reset, variant switch, explorer,
   * another lesson, a typed schedule), while place() still names it: the
   * address keeps it as a history entry of its own (browser Back)
   */
  get onDiscard(): ((p: Place) => void) | null {
    return this.#c.onDiscard;
  }
  set onDiscard(f: ((p: Place) => void) | null) {
    this.#c.onDiscard = f;
  }

  get(): AppState {
    return this.#c.state;
  }

  /** Where the run is (scenario, variant, schedule, step): what a shared address holds. */
  place(): Place {
    return placeOf(this.#c);
  }

  subscribe(f: (s: AppState) => void): () => void {
    return this.#c.subscribe(f);
  }

  notify(tone: Notice['tone'], title: string, detail?: string, problems?: ScenarioProblem[]): void {
    this.#c.notify(tone, title, detail, problems);
  }

  dismiss(id: number): void {
    this.#c.dismiss(id);
  }

  // opening (opening.ts)
  open(id: string | undefined, options: OpenRun = {}, again = false): Promise<void> {
    return this.#opening.open(id, options, again);
  }
  openLesson(id: string, options: OpenRun = {}, again = false): Promise<void> {
    return this.#opening.openLesson(id, options, again);
  }
  openLessonText(text: string, file: string, options: OpenRun = {}): Promise<void> {
    return this.#opening.openLessonText(text, file, options);
  }
  openFile(text: string, file: string, options: OpenRun = {}): Promise<void> {
    return this.#opening.openFile(text, file, options);
  }
  loadSources(): Promise<void> {
    return this.#opening.loadSources();
  }

  // restorable runs (history.ts)
  /** Brings back the latest run that was thrown away (Ctrl+Z, "Restore my run"). */
  restore(): Promise<void> {
    return this.#history.restore((run) =>
      this.#opening.run(
        run.scenarioId,
        run.load,
        { variant: run.variant, memory: run.memory, schedule: run.schedule || undefined, step: run.step },
        run.fromFile,
      ),
    );
  }

  // moving through the run (timeline.ts)
  step(actor: number): Promise<void> {
    return this.#timeline.step(actor);
  }

  /** A choice other than a step (timeline.ts): the tick, a drop, any kind the table adds. */
  take(kind: string, actor?: number, store?: number): Promise<void> {
    if (kind === 'read_from' && actor !== undefined && store !== undefined) return this.read(actor, store);
    if (kind === 'place' && actor !== undefined && store !== undefined) return this.placeStore(actor, store);
    return this.#timeline.take(kind, actor, store);
  }

  tick(): Promise<void> {
    return this.take('tick');
  }

  drop(actor: number): Promise<void> {
    return this.take('drop', actor);
  }

  /** Lets actor `actor`'s oldest buffered store reach memory (a weak memory model's flush). */
  flush(actor: number): Promise<void> {
    return this.take('flush', actor);
  }

  /**
   * Actor `actor`'s next load reads store `store` of its cell (ra): an older
   * one is the read_from choice, the newest is the plain step; a store its
   * load may not read does nothing.
   */
  read(actor: number, store: number): Promise<void> {
    return this.#pick('read', actor, store);
  }

  /**
   * Actor `actor`'s next store takes place `at` of its cell's modification
   * order (ra): an earlier place is the place choice, the end is the plain
   * step; a place it may not take does nothing.
   */
  placeStore(actor: number, at: number): Promise<void> {
    return this.#pick('place', actor, at);
  }

  /** Option `k` of `kind` for actor `actor`'s next access: the machine's choice, or the plain step for the newest (the end). */
  #pick(kind: ReadOption['kind'], actor: number, k: number): Promise<void> {
    const snap = this.#c.state.snap;
    const choice = kind === 'read' ? 'read_from' : 'place';
    if (offers(snap, choice, actor, k)) return this.#timeline.take(choice, actor, k);
    const plain = snap
      ? accessOptions(snap.state, snap.choices, actor, kind).find((o) => o.newest)
      : undefined;
    return plain?.store === k ? this.step(actor) : Promise.resolve();
  }
  stepOver(actor: number): Promise<void> {
    return this.#timeline.stepOver(actor);
  }
  untilShared(actor: number): Promise<void> {
    return this.#timeline.untilShared(actor);
  }
  back(): Promise<void> {
    return this.#timeline.back();
  }
  forward(): Promise<void> {
    return this.#timeline.forward();
  }
  reset(): Promise<void> {
    return this.#timeline.reset();
  }
  goto(step: number): Promise<void> {
    return this.#timeline.goto(step);
  }
  mark(range: StepRange | null): void {
    this.#timeline.mark(range);
  }
  loadSchedule(text: string): Promise<string | null> {
    return this.#timeline.loadSchedule(text);
  }

  // the learner's own run (learner.ts)
  noteHint(): void {
    noteHint(this.#c);
  }

  // the variant comparison (variant.ts)
  switchVariant(variant: string): Promise<void> {
    return switchVariant(this.#c, this.#history, variant);
  }
  /** Replays the run under another memory model (variant.ts), as a variant switch does. */
  switchMemory(memory: string): Promise<void> {
    return switchSetting(this.#c, this.#history, 'memory', memory);
  }
  /** Forgets the variant comparison (its banner and timeline mark). */
  dismissDiff(): void {
    this.#c.set({ variantDiff: null });
  }

  // the auto-player (player.ts)
  pause(): void {
    this.#player.pause();
  }
  play(): void {
    this.#player.play();
  }
  togglePlay(): void {
    this.#player.togglePlay();
  }
  setSpeed(i: number): void {
    this.#player.setSpeed(i);
  }
  setPolicy(policy: PlayPolicy): void {
    this.#player.setPolicy(policy);
  }

  // the explorer (explore.ts)
  setExploreOptions(o: Partial<ExploreOptions>): void {
    setExploreOptions(this.#c, o);
  }
  explore(options?: Partial<ExploreOptions>): Promise<void> {
    return this.#explorer.explore(options);
  }
  /** "Prove it": every interleaving, in workers (explore.ts). */
  prove(): Promise<void> {
    return this.#explorer.explore(undefined, 'prove');
  }
  /**
   * A proven lesson's proof: the complete search under correct in the
   * explorer's worker (lockstep check proved the same before the lesson
   * shipped); null when it did not run every interleaving.
   */
  async proveCorrect(maxSteps?: number): Promise<ExploreResult | null> {
    const engine = await this.#c.engine();
    const opts = {
      strategy: 'dfs',
      bound: -1,
      maxExecutions: 0,
      prune: true,
      maxSteps,
      variant: 'correct',
    } as const;
    const result = await (await engine.explore(opts, () => {})).result;
    return result && result.complete && !result.found ? result : null;
  }
  cancelExplore(): void {
    this.#explorer.cancel();
  }
  closeExplorer(): void {
    this.#explorer.close();
  }
}
