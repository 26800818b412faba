/*
 * The store's core, which every part of it shares: the state and its
 * listeners, the one queue that sends engine requests in order, the notices,
 * what is open (its source, how to load it again, where each actor's
 * operation began), the auto-player's timer (every move of the learner stops
 * it), and showing a snapshot with its announcement.  The parts (opening,
 * the timeline, the player, the variant comparison, the explorer, run history)
 * change the state only through set() and show().
 */
import type { BuiltSource, EngineBridge, ScenarioSource } from '../bridge/bridge';
import type { ScenarioProblem, Snapshot } from '../bridge/types';
import { onLocale, t } from '../i18n';
import { guessOpStart, engineWords } from '../model/describe';
import { stepLine } from '../model/format';
import { OpHistory } from '../model/opHistory';
import type { Place } from '../model/params';
import { changedObjects } from '../model/program';
import { racyObjects } from '../engines';
import { placeOf } from './share';
import { initialState, type AppState, type Notice } from './state';

export interface ScenarioLoader {
  /** whether the sandbox has scenario `id` (the app's answer waits for the scenarios' index) */
  has(id: string): boolean | Promise<boolean>;
  load(id: string): Promise<ScenarioSource | BuiltSource>;
  /** the scenario an address naming none opens (the app's waits for the engines' cards) */
  fallback: string | (() => Promise<string>);
}

/** The course's lessons (src/lessons/). */
export interface LessonLoader {
  has(id: string): boolean | Promise<boolean>;
  load(id: string): Promise<ScenarioSource | BuiltSource>;
  first: string;
}

type Listener = (s: AppState) => void;

/** A move that has not answered by then shows the page as busy. */
const BUSY_AFTER_MS = 80;

export class StoreCore {
  state: AppState;
  readonly #listeners = new Set<Listener>();
  #queue: Promise<unknown> = Promise.resolve();
  #nextNotice = 1;
  readonly engine: () => Promise<EngineBridge>;
  readonly scenarios: ScenarioLoader;
  readonly lessons: LessonLoader | null;
  /** called after every change of place (scenario, schedule, step), e.g. to update the URL */
  onPlace: ((p: Place) => void) | null = null;
  /**
   * called just before a run is thrown away (reset, variant switch, explorer,
   * another lesson, a typed schedule), while place() still names it: the
   * address keeps it as a history entry of its own (browser Back)
   */
  onDiscard: ((p: Place) => void) | null = null;
  /** the text of the open scenario, to open it again under another variant */
  source: ScenarioSource | BuiltSource | null = null;
  /** how to open the current scenario again (for a saved run) */
  loader: (() => Promise<ScenarioSource | BuiltSource>) | null = null;
  /** Where each actor's operation began, as the page watched the run (step into). */
  readonly ops = new OpHistory();
  /** the auto-player's next tick */
  timer: ReturnType<typeof setTimeout> | undefined;
  /** the announcement of the last move, said again (in the new language) when the language changes */
  #lastSay: (() => string) | null = null;

  /** the scenario an address naming none opens, once asked for (until then the address names every scenario) */
  defaultScenario: string | null = null;

  /** The sandbox's default scenario (see ScenarioLoader.fallback), kept once known. */
  async fallbackScenario(): Promise<string> {
    const f = this.scenarios.fallback;
    return (this.defaultScenario ??= typeof f === 'string' ? f : await f());
  }

  constructor(engine: () => Promise<EngineBridge>, scenarios: ScenarioLoader, lessons: LessonLoader | null) {
    this.engine = engine;
    this.scenarios = scenarios;
    this.lessons = lessons;
    if (typeof scenarios.fallback === 'string') this.defaultScenario = scenarios.fallback;
    this.state = initialState(this.defaultScenario ?? '');
    // a new language: the narration line says the last step again, in it
    onLocale(() => {
      const again = this.#lastSay;
      if (again && this.state.snap) this.set({ announcement: again() });
    });
  }

  subscribe(f: Listener): () => void {
    this.#listeners.add(f);
    return () => this.#listeners.delete(f);
  }

  set(patch: Partial<AppState>): void {
    this.state = { ...this.state, ...patch };
    for (const f of this.#listeners) f(this.state);
  }

  /** A new announcement that is not a step (the aria-live region reads it). */
  say(announcement: string): void {
    this.set({ announcement, announced: this.state.announced + 1, alarm: false });
  }

  notify(tone: Notice['tone'], title: string, detail?: string, problems?: ScenarioProblem[]): void {
    const n: Notice = { id: this.#nextNotice++, tone, title, detail, problems };
    this.set({ notices: [...this.state.notices, n] });
  }

  dismiss(id: number): void {
    this.set({ notices: this.state.notices.filter((n) => n.id !== id) });
  }

  /** Runs engine requests one after another, so fast key presses apply in order. */
  enqueue(job: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(job, job);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Stops the auto-player (every move the learner makes does). */
  halt(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.state.playing) this.set({ playing: false });
  }

  failed(e: unknown): void {
    const msg = e instanceof Error ? e.message : String(e);
    this.set({ busy: false });
    this.notify('error', t('notice.engine', { message: msg }));
  }

  /** Shows a snapshot and announces it; `again` says it anew when the language changes. */
  show(
    snap: Snapshot,
    announcement: string,
    alarm = false,
    moved: AppState['moved'] = 'jump',
    again?: () => string,
  ): void {
    this.#lastSay = again ?? null;
    const changed = changedObjects(this.state.snap?.state, snap.state);
    const opSince = snap.state.actors.map(
      (a, i) => this.ops.since(snap.state.step, i) ?? guessOpStart(snap.trace, a.name, a.next?.kind),
    );
    this.set({
      snap,
      changed,
      moved,
      opSince,
      announcement,
      alarm,
      announced: this.state.announced + 1,
      busy: false,
    });
    this.onPlace?.(placeOf(this));
  }

  /** The announcement of the step a snapshot is at, and whether it lost an update. */
  tell(s: Snapshot, prefix = ''): [string, boolean] {
    const special = engineWords(this.state.scenario?.engine, s.state);
    const line = stepLine(s.trace, s.state.step, racyObjects(s.state.objects), special);
    const text = line ? t('event.step', { step: line.step, text: line.text }) : '';
    return [prefix ? `${prefix} ${text}`.trim() : text, line?.lost ?? false];
  }

  /**
   * One move through the engine, queued: the request, then the snapshot shown
   * with what `say` makes of it.  `moved` says how the operation history
   * (step into) and the motion take it.
   */
  move(
    request: (e: EngineBridge) => Promise<Snapshot>,
    say: (s: Snapshot) => [string, boolean],
    moved: 'step' | 'over' | 'goto' | 'reset' = 'goto',
    motion: AppState['moved'] = moved === 'step' || moved === 'over' ? 'forward' : 'jump',
  ): Promise<void> {
    return this.enqueue(async () => {
      if (this.state.phase !== 'ready') return;
      // busy (buttons off) only for a move that takes long: a quick step renders once, not twice
      const slow = setTimeout(() => this.set({ busy: true }), BUSY_AFTER_MS);
      const from = this.state.snap?.state.step ?? 0;
      try {
        const snap = await request(await this.engine());
        clearTimeout(slow);
        if (moved === 'reset') this.ops.clear();
        // "the same N steps so far" stops being true once the learner moves on
        if (moved !== 'goto' && this.state.variantDiff?.same) this.set({ variantDiff: null });
        this.ops.record(
          snap.state.step,
          snap.state.actors,
          moved !== 'goto',
          moved === 'over' ? from : undefined,
        );
        const [text, lost] = say(snap);
        this.show(snap, text, lost, motion, () => say(snap)[0]);
      } catch (e) {
        clearTimeout(slow);
        this.failed(e);
      }
    });
  }

  /** A fresh start of the operation history at a snapshot (a new run was opened or loaded). */
  restartOps(snap: Snapshot): void {
    this.ops.clear();
    this.ops.record(snap.state.step, snap.state.actors);
  }
}
