/*
 * The one store: the scenario, the session's snapshot (state, summary, trace)
 * and what the page says about it (notices, the announcement of the last
 * step).  Components read it through useStore() and change it only through
 * the actions below, which go to the engine one at a time, in order.
 */
import {
  EngineError,
  type BuiltSource,
  type EngineBridge,
  type EngineSource,
  type OpenOptions,
  type ScenarioSource,
} from '../engine/bridge';
import type { ScenarioInfo, ScenarioProblem, Snapshot } from '../engine/types';
import { getLocale, onLocale, t, tn } from '../i18n';
import { stepLine } from '../model/format';
import { changedObjects, objectsOfType } from '../model/program';
import type { Place } from '../model/params';
import { engineWords, guessOpStart } from '../model/describe';
import { OpHistory } from '../model/opHistory';
import { actorOrder, firstDifference, followsOrder, type Difference } from '../model/variants';
import type { ExploreJob, ExploreOptions, ExploreProgress, ExploreResult } from '../engine/explorer';
import { DEFAULT_EXPLORE, formatCount, formatDuration, resultLine } from '../model/explore';
import type { StepRange } from '../model/mermaid';
import { DEFAULT_SPEED, SPEEDS, delayOf, playMove, type PlayPolicy } from '../model/play';
import { checkSchedule } from '../model/schedule';
import type { LessonInfo } from '../engine/lessonTypes';
import { MAX_SPIN_STEPS, atStart, foldsNext, inLocale, isGoalReached, keepsSpinning } from '../model/lesson';

export interface Notice {
  id: number;
  tone: 'error' | 'info';
  title: string;
  detail?: string;
  problems?: ScenarioProblem[];
}

export interface AppState {
  phase: 'loading' | 'ready' | 'failed';
  scenarioId: string;
  scenario: ScenarioInfo | null;
  snap: Snapshot | null;
  /** objects whose fields changed in the last move (they pulse) */
  changed: ReadonlySet<string>;
  /** how the last move went through time: the views' motion plays forward, reverses, or (a jump) stays still */
  moved: 'forward' | 'back' | 'jump';
  /** read out by the aria-live region */
  announcement: string;
  /** counts announcements, so a repeated one is read again */
  announced: number;
  /** the announced step went wrong (an update was lost) */
  alarm: boolean;
  notices: Notice[];
  busy: boolean;
  /** per actor: the step after which its current operation began ("step into") */
  opSince: number[];
  /** after a variant switch: where the two variants' runs first differ */
  variantDiff: VariantDiff | null;
  /** the engine's C sources, once asked for (loadSources) */
  sources: { engine: string; listed: string[]; files: EngineSource[] } | null;
  /** the scenario came from a file the learner dropped or chose (its name), not from tests/scenarios/ */
  fromFile: string | null;
  /** the auto-player steps on its own (play/pause) */
  playing: boolean;
  /** index into SPEEDS (steps per second) */
  speed: number;
  /** who the player steps when the run has no recorded future */
  policy: PlayPolicy;
  /** the steps a hovered diagram message stands for (the timeline marks them) */
  marked: StepRange | null;
  /** the explorer: its options, progress and last result */
  explorer: ExplorerState;
  /** the open lesson (null in the sandbox) */
  lesson: LessonInfo | null;
  /** from which step on the run is not the learner's own (the auto-player's, the explorer's, a replay's) */
  assist: Assist | null;
  /** the learner has made an attempt of their own (a run of theirs ended, or they reset one) */
  tried: boolean;
  /** the learner has opened a hint */
  hinted: boolean;
  /** the latest run the learner can bring back (Ctrl+Z, "Restore my run"), and what replaced it */
  undo: { what: Discard; step: number; steps: number } | null;
}

/** What threw a run away (it can be restored). */
export type Discard = 'reset' | 'variant' | 'explore' | 'open' | 'schedule';

/** A run kept for "Restore my run": how to open it again, and where it was. */
interface SavedRun {
  what: Discard;
  scenarioId: string;
  load: () => Promise<ScenarioSource | BuiltSource>;
  fromFile: string | null;
  variant: string;
  /** the whole recorded run (compact), empty when it had no steps */
  schedule: string;
  step: number;
  steps: number;
  assist: Assist | null;
  variantDiff: VariantDiff | null;
}

/** How many thrown-away runs are kept. */
const MAX_SAVED_RUNS = 10;

/**
 * Who took the steps after `from`: the auto-player, the explorer (its run
 * replaces the learner's from step 0) or the page's replay under another
 * variant.  A goal reached after `from` is theirs, never the learner's.
 */
export interface Assist {
  by: 'player' | 'explorer' | 'replay';
  from: number;
}

/** Whether the goal at this step is the learner's own (no help took any step up to it). */
export function ownRun(s: Pick<AppState, 'assist' | 'snap'>): boolean {
  return !s.assist || (s.snap?.state.step ?? 0) <= s.assist.from;
}

/**
 * Whether Play and the explorer wait for the learner: a lesson may say they
 * unlock after the learner's own attempt (`unlock: attempt`) or first hint
 * (`unlock: hint`, an attempt also counts).
 */
export function helpLocked(s: Pick<AppState, 'lesson' | 'tried' | 'hinted'>): boolean {
  const unlock = s.lesson?.unlock;
  if (unlock === 'attempt') return !s.tried;
  if (unlock === 'hint') return !s.tried && !s.hinted;
  return false;
}

export interface ExplorerState {
  status: 'idle' | 'running' | 'found' | 'none' | 'cancelled' | 'failed';
  options: ExploreOptions;
  progress: ExploreProgress | null;
  result: ExploreResult | null;
  /** the result line (found / proven / cancelled / failed), in words */
  line: string;
  /** what was searched: a result belongs to this scenario and variant */
  scenarioId: string | null;
  variant: string | null;
}

export interface VariantDiff extends Difference {
  from: string;
  to: string;
  /**
   * from this step on the replay followed the old run's order of actors (the
   * schedule no longer applied), then the default policy finished the run
   */
  followed?: number;
  /** the schedule stopped applying at this step (the steps before it were kept) */
  stoppedAt?: number;
  /** the old and new runs agree on every step they share */
  same: boolean;
  /** how many steps were compared */
  compared: number;
}

export interface ScenarioLoader {
  has(id: string): boolean;
  load(id: string): Promise<ScenarioSource | BuiltSource>;
  fallback: string;
}

/** The course's lessons (src/lessons/). */
export interface LessonLoader {
  has(id: string): boolean;
  load(id: string): Promise<ScenarioSource | BuiltSource>;
  first: string;
}

type Listener = (s: AppState) => void;

/** A replay under another variant finishes its run in at most this many steps of the default policy. */
const MAX_FINISH_STEPS = 2000;
/** A move that has not answered by then shows the page as busy. */
const BUSY_AFTER_MS = 80;

export class Store {
  #state: AppState;
  #listeners = new Set<Listener>();
  #queue: Promise<unknown> = Promise.resolve();
  #nextNotice = 1;
  #engine: () => Promise<EngineBridge>;
  #scenarios: ScenarioLoader;
  #lessons: LessonLoader | null;
  /** called after every change of place (scenario, schedule, step), e.g. to update the URL */
  onPlace: ((p: Place) => void) | null = null;
  /**
   * called just before a run is thrown away (reset, variant switch, explorer,
   * another lesson, a typed schedule), while place() still names it: the
   * address keeps it as a history entry of its own (browser Back)
   */
  onDiscard: ((p: Place) => void) | null = null;
  /** the runs thrown away, newest last */
  #saved: SavedRun[] = [];
  /** how to open the current scenario again (for a saved run) */
  #loader: (() => Promise<ScenarioSource | BuiltSource>) | null = null;

  /** Keeps the current run before something replaces it (only a run with steps of the learner's). */
  #keep(what: Discard): void {
    const snap = this.#state.snap;
    const load = this.#loader;
    if (this.#state.phase !== 'ready' || !snap || !load) return;
    const whole = snap.full ?? snap.summary;
    const lesson = this.#state.lesson;
    if (lesson ? atStart(lesson, snap) : whole.steps === 0) return;
    this.onDiscard?.(this.#place());
    this.#saved.push({
      what,
      scenarioId: this.#state.scenarioId,
      load,
      fromFile: this.#state.fromFile,
      variant: snap.state.variant,
      schedule: whole.steps > 0 ? whole.compact : '',
      step: snap.state.step,
      steps: whole.steps,
      assist: this.#state.assist,
      variantDiff: this.#state.variantDiff,
    });
    if (this.#saved.length > MAX_SAVED_RUNS) this.#saved.shift();
    this.#set({ undo: { what, step: snap.state.step, steps: whole.steps } });
  }

  /** Brings back the latest run that was thrown away (Ctrl+Z, "Restore my run"). */
  restore(): Promise<void> {
    this.#halt();
    const run = this.#saved.pop();
    if (!run) {
      this.#set({ announcement: t('undo.nothing'), announced: this.#state.announced + 1, alarm: false });
      return Promise.resolve();
    }
    const top = this.#saved[this.#saved.length - 1];
    this.#set({ undo: top ? { what: top.what, step: top.step, steps: top.steps } : null });
    return this.#enqueue(async () => {
      await this.#open(
        run.scenarioId,
        run.load,
        { variant: run.variant, schedule: run.schedule || undefined, step: run.step },
        run.fromFile,
      );
      const snap = this.#state.snap;
      if (this.#state.scenarioId !== run.scenarioId || !snap) return;
      this.#set({
        assist: run.assist,
        variantDiff: run.variantDiff,
        announcement: t('undo.restored', { step: snap.state.step, total: snap.state.steps_recorded }),
        announced: this.#state.announced + 1,
      });
    });
  }

  constructor(
    engine: () => Promise<EngineBridge>,
    scenarios: ScenarioLoader,
    lessons: LessonLoader | null = null,
  ) {
    this.#engine = engine;
    this.#scenarios = scenarios;
    this.#lessons = lessons;
    // a new language: the narration line says the last step again, in it
    onLocale(() => {
      const again = this.#lastSay;
      if (again && this.#state.snap) this.#set({ announcement: again() });
    });
    this.#state = {
      phase: 'loading',
      scenarioId: scenarios.fallback,
      scenario: null,
      snap: null,
      changed: new Set(),
      moved: 'jump',
      announcement: '',
      announced: 0,
      alarm: false,
      notices: [],
      busy: false,
      opSince: [],
      variantDiff: null,
      sources: null,
      fromFile: null,
      playing: false,
      speed: DEFAULT_SPEED,
      policy: 'round-robin',
      marked: null,
      explorer: {
        status: 'idle',
        options: DEFAULT_EXPLORE,
        progress: null,
        result: null,
        line: '',
        scenarioId: null,
        variant: null,
      },
      lesson: null,
      assist: null,
      tried: false,
      hinted: false,
      undo: null,
    };
  }

  get(): AppState {
    return this.#state;
  }

  /** Where the run is (scenario, variant, schedule, step): what a shared address holds. */
  place(): Place {
    return this.#place();
  }

  subscribe(f: Listener): () => void {
    this.#listeners.add(f);
    return () => this.#listeners.delete(f);
  }

  #set(patch: Partial<AppState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const f of this.#listeners) f(this.#state);
  }

  notify(tone: Notice['tone'], title: string, detail?: string, problems?: ScenarioProblem[]): void {
    const n: Notice = { id: this.#nextNotice++, tone, title, detail, problems };
    this.#set({ notices: [...this.#state.notices, n] });
  }

  dismiss(id: number): void {
    this.#set({ notices: this.#state.notices.filter((n) => n.id !== id) });
  }

  /** Runs engine requests one after another, so fast key presses apply in order. */
  #enqueue(job: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(job, job);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #place(): Place {
    const snap = this.#state.snap;
    const steps = snap?.state.step ?? 0;
    // a dropped file has no address: the address names nothing rather than the wrong scenario
    if (this.#state.fromFile) return {};
    const variant = snap?.state.variant;
    const lesson = this.#state.lesson;
    if (lesson) {
      // a lesson's address names the lesson; the run only once it is more than the lesson's start
      const start = !snap || atStart(lesson, snap);
      const whole = snap ? (snap.full ?? snap.summary) : null;
      return {
        lesson: lesson.id,
        variant: variant && variant !== lesson.variant ? variant : undefined,
        schedule: start || !whole || whole.steps === 0 ? undefined : whole.compact,
        step: start || !whole || whole.steps === 0 ? undefined : steps,
      };
    }
    return {
      scenario: this.#state.scenarioId === this.#scenarios.fallback ? undefined : this.#state.scenarioId,
      variant: variant && variant !== (this.#state.scenario?.variant ?? 'correct') ? variant : undefined,
      // the whole recorded run (also when back before its end), and where in it
      schedule:
        snap && (snap.full ?? snap.summary).steps > 0 ? (snap.full ?? snap.summary).compact : undefined,
      step: snap && (snap.full ?? snap.summary).steps > 0 ? steps : undefined,
    };
  }

  #counters(snap: Snapshot): Set<string> {
    return objectsOfType(snap.state, 'counter');
  }

  /** the announcement of the last move, said again (in the new language) when the language changes */
  #lastSay: (() => string) | null = null;

  #show(
    snap: Snapshot,
    announcement: string,
    alarm = false,
    moved: AppState['moved'] = 'jump',
    again?: () => string,
  ): void {
    this.#lastSay = again ?? null;
    const changed = changedObjects(this.#state.snap?.state, snap.state);
    const opSince = snap.state.actors.map(
      (a, i) => this.#ops.since(snap.state.step, i) ?? guessOpStart(snap.trace, a.name, a.next?.kind),
    );
    this.#set({
      snap,
      changed,
      moved,
      opSince,
      announcement,
      alarm,
      announced: this.#state.announced + 1,
      busy: false,
    });
    this.onPlace?.(this.#place());
  }

  /** Where each actor's operation began, as the page watched the run (step into). */
  #ops = new OpHistory();
  /** the text of the open scenario, to open it again under another variant */
  #source: ScenarioSource | BuiltSource | null = null;

  #failed(e: unknown): void {
    const msg = e instanceof Error ? e.message : String(e);
    this.#set({ busy: false });
    this.notify('error', t('notice.engine', { message: msg }));
  }

  /**
   * Opens a scenario, replaying `options.schedule` if given.  The run it
   * replaces can be restored when it is another scenario's, or with `again`
   * (Back/Forward reopening the same one elsewhere).
   */
  open(id: string, options: OpenOptions = {}, again = false): Promise<void> {
    return this.#enqueue(async () => {
      if (!this.#scenarios.has(id)) {
        this.notify('error', t('notice.unknownScenario', { name: id, fallback: this.#scenarios.fallback }));
        id = this.#scenarios.fallback;
        options = {};
      }
      if (id !== this.#state.scenarioId || again) this.#keep('open');
      await this.#open(id, () => this.#scenarios.load(id), options, null);
    });
  }

  /**
   * Opens a lesson of the course (its starting schedule replayed unless
   * `options.schedule` says where to be); `again` as for open().
   */
  openLesson(id: string, options: OpenOptions = {}, again = false): Promise<void> {
    return this.#enqueue(async () => {
      const lessons = this.#lessons;
      if (!lessons) return;
      if (!lessons.has(id)) {
        this.notify('error', t('notice.unknownLesson', { name: id, fallback: lessons.first }));
        id = lessons.first;
        options = {};
      }
      if (`lesson:${id}` !== this.#state.scenarioId || again) this.#keep('open');
      await this.#open(`lesson:${id}`, () => lessons.load(id), options, null);
    });
  }

  /** Opens a lesson from its text (a lesson file hosted elsewhere); a bad one is reported with its problems. */
  openLessonText(text: string, file: string, options: OpenOptions = {}): Promise<void> {
    return this.#enqueue(() =>
      this.#open(`lesson-file:${file}`, async () => ({ text, file, kind: 'lesson' as const }), options, null),
    );
  }

  /** Opens a scenario from a YAML file the learner dropped or chose; a bad one is reported with its problems. */
  openFile(text: string, file: string): Promise<void> {
    return this.#enqueue(() => this.#open(`file:${file}`, async () => ({ text, file }), {}, file));
  }

  async #open(
    id: string,
    load: () => Promise<ScenarioSource | BuiltSource>,
    options: OpenOptions,
    fromFile: string | null,
  ): Promise<void> {
    const before = { scenarioId: this.#state.scenarioId, fromFile: this.#state.fromFile };
    this.#set({ phase: 'loading', scenarioId: id, busy: true });
    try {
      const [engine, source] = await Promise.all([this.#engine(), load()]);
      let opened;
      try {
        opened = await engine.open(source, options);
      } catch (e) {
        // a bad file leaves the scenario that was open (the engine keeps it too)
        if (fromFile && this.#state.snap && e instanceof EngineError && e.kind === 'scenario') {
          this.#set({ phase: 'ready', busy: false, ...before });
          this.notify(
            'error',
            t('notice.badFile', { file: fromFile }),
            e.problems.length ? undefined : e.message,
            e.problems,
          );
          return;
        }
        throw e;
      }
      this.#source = source;
      this.#loader = load;
      this.#ops.clear();
      this.#ops.record(opened.snapshot.state.step, opened.snapshot.state.actors);
      if (opened.badVariant)
        this.notify(
          'error',
          t('notice.badVariant', {
            variant: opened.badVariant,
            variants: (opened.scenario.variants ?? []).join(', '),
            fallback: opened.scenario.variant ?? '',
          }),
        );
      if (opened.scheduleError)
        this.notify('error', t('notice.badSchedule', { message: opened.scheduleError }));
      if (opened.scheduleNote)
        this.notify('info', t('notice.scheduleNote', { message: opened.scheduleNote }));
      const engineChanged = this.#state.sources?.engine !== opened.scenario.engine;
      this.#set({
        phase: 'ready',
        scenario: opened.scenario,
        snap: null,
        variantDiff: null,
        fromFile,
        sources: engineChanged ? null : this.#state.sources,
        lesson: opened.lesson ?? null,
        assist: null,
        ...(id === before.scenarioId && opened.lesson?.id === this.#state.lesson?.id
          ? {}
          : { tried: false, hinted: false }),
      });
      // a lesson's explorer settings are the ones `lockstep check` proved its claims with
      if (opened.lesson) {
        const { bound, maxExecutions } = opened.lesson.explore;
        this.setExploreOptions({ bound, maxExecutions });
      }
      const s = opened.snapshot;
      if (s.state.step > 0) this.#show(s, ...this.#tell(s), 'jump', () => this.#tell(s)[0]);
      else {
        const ready = () =>
          tn('announce.ready', opened.scenario.actors.length, {
            title: opened.lesson ? inLocale(opened.lesson.title, getLocale()) : opened.scenario.title,
            count: opened.scenario.actors.length,
          });
        this.#show(s, ready(), false, 'jump', ready);
      }
    } catch (e) {
      if (e instanceof EngineError && e.kind === 'scenario') {
        this.#set({ phase: 'failed', busy: false });
        const lessonFile = /^lesson(-file)?:/.test(id)
          ? (e.problems[0]?.file ?? id.replace(/^lesson(-file)?:/, ''))
          : null;
        const title = fromFile
          ? t('notice.badFile', { file: fromFile })
          : lessonFile
            ? t('notice.badLesson', { file: lessonFile })
            : t('notice.badScenario');
        this.notify('error', title, e.problems.length ? undefined : e.message, e.problems);
      } else if (e instanceof EngineError && e.kind === 'engine') {
        this.#set({ phase: 'failed', busy: false });
        this.notify('error', t('notice.engine', { message: e.message }));
      } else {
        const msg = e instanceof Error ? e.message : String(e);
        this.#set({ phase: 'failed', busy: false });
        this.notify('error', t('app.loadFailed'), t('app.loadFailedHint', { message: msg }));
      }
    }
  }

  /** The announcement of the step a snapshot is at, and whether it lost an update. */
  #tell(s: Snapshot, prefix = ''): [string, boolean] {
    const special = engineWords(this.#state.scenario?.engine, s.state);
    const line = stepLine(s.trace, s.state.step, this.#counters(s), special);
    const text = line ? t('event.step', { step: line.step, text: line.text }) : '';
    return [prefix ? `${prefix} ${text}`.trim() : text, line?.lost ?? false];
  }

  #move(
    request: (e: EngineBridge) => Promise<Snapshot>,
    say: (s: Snapshot) => [string, boolean],
    moved: 'step' | 'over' | 'goto' | 'reset' = 'goto',
    motion: AppState['moved'] = moved === 'step' || moved === 'over' ? 'forward' : 'jump',
  ): Promise<void> {
    return this.#enqueue(async () => {
      if (this.#state.phase !== 'ready') return;
      // busy (buttons off) only for a move that takes long: a quick step renders once, not twice
      const slow = setTimeout(() => this.#set({ busy: true }), BUSY_AFTER_MS);
      const from = this.#state.snap?.state.step ?? 0;
      try {
        const snap = await request(await this.#engine());
        clearTimeout(slow);
        if (moved === 'reset') this.#ops.clear();
        // "the same N steps so far" stops being true once the learner moves on
        if (moved !== 'goto' && this.#state.variantDiff?.same) this.#set({ variantDiff: null });
        this.#ops.record(
          snap.state.step,
          snap.state.actors,
          moved !== 'goto',
          moved === 'over' ? from : undefined,
        );
        const [text, lost] = say(snap);
        this.#show(snap, text, lost, motion, () => say(snap)[0]);
      } catch (e) {
        clearTimeout(slow);
        this.#failed(e);
      }
    });
  }

  #canStep(actor: number): boolean {
    const snap = this.#state.snap;
    const s = snap?.state;
    if (!s || s.outcome !== 'running') return false;
    // an interrupt handler not raised yet: stepping it raises it, when the model allows
    return s.actors[actor]?.status === 'enabled' || raisable(snap, actor);
  }

  /**
   * T: lets the tick fall (the rtos model offers it when tasks of one priority
   * share the processor and the running one has run since the last tick).
   */
  tick(): Promise<void> {
    this.#halt();
    const snap = this.#state.snap;
    if (snap?.state.outcome !== 'running' || !snap.choices?.some((c) => c.kind === 'tick'))
      return Promise.resolve();
    const fork = this.#forkNote();
    const own = this.#ownMove();
    return this.#move(
      (e) => e.tick().then(own),
      (s) => this.#tell(s, fork(s)),
      'step',
    );
  }

  step(actor: number): Promise<void> {
    this.#halt();
    if (!this.#canStep(actor)) return Promise.resolve();
    const fork = this.#forkNote();
    const own = this.#ownMove();
    return this.#move(
      (e) => e.step(actor).then(own),
      (s) => this.#tell(s, fork(s)),
      'step',
    );
  }

  /**
   * Before a learner's move: a function that, after it, keeps the record of
   * whose run this is.  A move that forks off before the help began makes
   * the whole run the learner's again; a run of theirs that ends is an attempt.
   */
  #ownMove(): (after: Snapshot) => Snapshot {
    const before = this.#state.snap?.state.step ?? 0;
    return (after) => {
      const assist = this.#state.assist;
      const forked = after.state.steps_recorded === after.state.step;
      const patch: Partial<AppState> = {};
      if (assist && before <= assist.from && forked) patch.assist = null;
      const own = !(patch.assist === undefined ? assist : null);
      const lesson = this.#state.lesson;
      if (own && (after.state.outcome !== 'running' || (lesson && isGoalReached(lesson, after))))
        patch.tried = true;
      if (Object.keys(patch).length) this.#set(patch);
      return after;
    };
  }

  /** The learner opened a hint (a lesson with `unlock: hint` then lets Play and the explorer help). */
  noteHint(): void {
    if (!this.#state.hinted) this.#set({ hinted: true });
  }

  stepOver(actor: number): Promise<void> {
    this.#halt();
    if (!this.#canStep(actor)) return Promise.resolve();
    const fork = this.#forkNote();
    const own = this.#ownMove();
    return this.#move(
      (e) => e.stepOver(actor).then(own),
      (s) => this.#tell(s, fork(s)),
      'over',
    );
  }

  /**
   * Steps the actor until it stops spinning (its spin loop's last step is
   * taken; the step that leaves the loop is the learner's).  At most
   * MAX_SPIN_STEPS steps, for a spin that never ends.
   */
  finishSpin(actor: number): Promise<void> {
    this.#halt();
    if (!this.#canStep(actor)) return Promise.resolve();
    const fork = this.#forkNote();
    const own = this.#ownMove();
    return this.#move(
      async (e) => {
        let snap = await e.step(actor);
        for (let n = 1; n < MAX_SPIN_STEPS && keepsSpinning(snap.state, snap.trace, actor); n++)
          snap = await e.step(actor);
        return own(snap);
      },
      (s) => this.#tell(s, fork(s)),
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
    this.#halt();
    if (!this.#canStep(actor)) return Promise.resolve();
    const fork = this.#forkNote();
    const own = this.#ownMove();
    const fold = this.#state.lesson?.fold ?? null;
    const from = this.#state.snap?.state.step ?? 0;
    return this.#move(
      async (e) => {
        let snap = await e.step(actor);
        for (let n = 1; n < MAX_SPIN_STEPS && foldsNext(snap.state, snap.trace, actor, fold); n++)
          snap = await e.step(actor);
        return own(snap);
      },
      (s) => {
        const [text, lost] = this.#tell(s, fork(s));
        const taken = s.state.step - from;
        if (taken <= 1) return [text, lost];
        const name = s.state.actors[actor]?.name ?? '';
        return [tn('announce.folded', taken, { actor: name, text }), lost];
      },
      'over',
    );
  }

  back(): Promise<void> {
    this.#halt();
    const step = this.#state.snap?.state.step ?? 0;
    if (step <= 0) return Promise.resolve();
    return this.#move(
      (e) => e.goto(step - 1),
      (s) => [t('announce.back', { step: s.state.step }), false],
      'goto',
      'back',
    );
  }

  forward(): Promise<void> {
    this.#halt();
    const s = this.#state.snap?.state;
    if (!s || s.step >= s.steps_recorded) return Promise.resolve();
    return this.#move(
      (e) => e.goto(s.step + 1),
      (n) => this.#tell(n, t('announce.forward', { step: n.state.step })),
      'goto',
      'forward',
    );
  }

  reset(): Promise<void> {
    this.#halt();
    const snap = this.#state.snap;
    const lesson = this.#state.lesson;
    if (snap && ownRun(this.#state) && snap.state.step > (lesson?.startSteps ?? 0) && !this.#state.tried)
      this.#set({ tried: true });
    this.#keep('reset');
    this.#set({ assist: null });
    // a lesson starts again where its starting schedule ends
    const start = this.#state.lesson?.start;
    if (start)
      return this.#move(
        (e) => e.replay(start).then((r) => r.snapshot),
        () => [t('announce.reset'), false],
        'reset',
      );
    return this.#move(
      (e) => e.reset(),
      () => [t('announce.reset'), false],
      'reset',
    );
  }

  /**
   * Opens the scenario again under another variant and replays the schedule
   * so far, as far as it still applies (the steps before the point where it
   * stops applying are kept), then compares the two runs: variantDiff says
   * from which step they differ.
   */
  switchVariant(variant: string): Promise<void> {
    return this.#enqueue(async () => {
      const old = this.#state.snap;
      const scenario = this.#state.scenario;
      const source = this.#source;
      if (this.#state.phase !== 'ready' || !old || !scenario || !source) return;
      const from = old.state.variant;
      if (variant === from || !(scenario.variants ?? []).includes(variant)) return;
      this.#keep('variant');
      this.#set({ busy: true });
      try {
        const engine = await this.#engine();
        const schedule = old.summary.steps > 0 ? old.summary.compact : undefined;
        const opened = await engine.open(source, { variant, schedule, keepPrefix: true });
        if (opened.scheduleError)
          this.notify('error', t('notice.badSchedule', { message: opened.scheduleError }));
        let snap = opened.snapshot;
        const stoppedAt = opened.diverged?.step;
        let followed: number | undefined;
        if (stoppedAt !== undefined) {
          // past the parting the fingerprints no longer match: keep the same order of
          // threads (skipping one that cannot move), then let round-robin finish the run
          followed = snap.state.step + 1;
          for (const step of actorOrder(old.trace, snap.state.step)) {
            if (snap.state.outcome !== 'running') break;
            const i = snap.state.actors.findIndex((a) => a.name === step.actor);
            const a = snap.state.actors[i];
            if (a && followsOrder(step, a.next, a.status === 'enabled')) snap = await engine.step(i);
          }
          for (let n = 0; n < MAX_FINISH_STEPS; n++) {
            const move = playMove(snap.state, snap.trace, 'round-robin');
            if (move.kind !== 'step') break;
            snap = await engine.step(move.actor);
          }
        }
        const diff = firstDifference(old.trace, snap.trace, followed === undefined ? stoppedAt : undefined);
        const compared = Math.min(old.state.step, stoppedAt !== undefined ? stoppedAt - 1 : Infinity);
        // the learner lands where the engine decided differently (else the first step that
        // differs), the rest of the run ahead of them
        const land = diff?.decision?.new?.step ?? diff?.step;
        if (followed !== undefined && land !== undefined && land < snap.state.step)
          snap = await engine.goto(land);
        this.#ops.clear();
        this.#ops.record(snap.state.step, snap.state.actors);
        this.#set({
          scenario: { ...scenario, ...opened.scenario, variant: scenario.variant },
          // the steps past the parting are the page's, not the learner's
          ...(followed !== undefined && !this.#state.assist
            ? { assist: { by: 'replay' as const, from: followed - 1 } }
            : {}),
          variantDiff: diff
            ? { ...diff, from, to: variant, stoppedAt, followed, same: false, compared }
            : {
                step: 0,
                oldEvents: [],
                newEvents: [],
                decision: null,
                from,
                to: variant,
                stoppedAt,
                same: true,
                compared,
              },
        });
        const say = () =>
          diff
            ? t('announce.variantDiffer', { variant, step: diff.step })
            : tn('announce.variantSame', compared, { variant, steps: compared });
        this.#show(snap, say(), false, 'jump', say);
      } catch (e) {
        this.#failed(e);
      }
    });
  }

  /** Forgets the variant comparison (its banner and timeline mark). */
  dismissDiff(): void {
    this.#set({ variantDiff: null });
  }

  /** Asks the engine for the open scenario's C sources (for the source view), once per engine. */
  loadSources(): Promise<void> {
    const engine = this.#state.scenario?.engine;
    if (!engine || this.#state.sources?.engine === engine) return Promise.resolve();
    return this.#enqueue(async () => {
      if (this.#state.sources?.engine === engine) return;
      try {
        const got = await (await this.#engine()).sources(engine);
        if (this.#state.scenario?.engine === engine) this.#set({ sources: { engine, ...got } });
      } catch (e) {
        this.#failed(e);
      }
    });
  }

  // ---- the timeline: fork, jump, play, schedule editing (issue 5) ----------------

  /** Before a step: a function that says "a new future" when the step forgot the recorded one. */
  #forkNote(): (after: Snapshot) => string {
    const before = this.#state.snap?.state;
    return (after) =>
      before && before.step < before.steps_recorded && after.state.steps_recorded < before.steps_recorded
        ? t('time.fork', { step: before.step })
        : '';
  }

  /** the step the bar was dragged to last, not yet replayed */
  #gotoTarget: number | null = null;
  /** the queued replay that will take #gotoTarget */
  #gotoJob: Promise<void> | null = null;

  /**
   * Goes to any recorded step (the step bar, the variant comparison, a click
   * on the diagram).  While the step bar is dragged, the targets that arrive
   * before the queued replay starts merge into it: only the latest is replayed.
   */
  goto(step: number): Promise<void> {
    this.#halt();
    const s = this.#state.snap?.state;
    if (!s || !Number.isFinite(step)) return Promise.resolve();
    const target = Math.min(s.steps_recorded, Math.max(0, Math.round(step)));
    if (!this.#gotoJob && target === s.step) return Promise.resolve();
    this.#gotoTarget = target;
    if (this.#gotoJob) return this.#gotoJob;
    const job: Promise<void> = this.#move(
      (e) => {
        const to = this.#gotoTarget ?? target;
        this.#gotoTarget = null;
        this.#gotoJob = null; // targets from now on need a replay of their own
        return e.goto(to);
      },
      (n) => this.#tell(n, t('time.jumped', { step: n.state.step })),
    ).finally(() => {
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
    const m = this.#state.marked;
    if (m === range || (m && range && m.from === range.from && m.to === range.to)) return;
    this.#set({ marked: range });
  }

  #timer: ReturnType<typeof setTimeout> | undefined;
  /** seeds the random policy; a new one for each play */
  #seed = 1;

  /** Stops the player (every move the learner makes does). */
  #halt(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#state.playing) this.#set({ playing: false });
  }

  pause(): void {
    this.#halt();
  }

  /**
   * Steps on its own, one step per tick: along the recorded future first (a
   * loaded counterexample, or where the learner went back from), then by the
   * policy; stops when no actor can move.
   */
  play(): void {
    const snap = this.#state.snap;
    if (this.#state.playing || this.#state.phase !== 'ready' || !snap) return;
    if (helpLocked(this.#state)) {
      this.#set({ announcement: t('help.locked'), announced: this.#state.announced + 1, alarm: false });
      return;
    }
    if (playMove(snap.state, snap.trace, this.#state.policy, this.#seed).kind === 'stop') {
      this.#set({ announcement: t('play.ended'), announced: this.#state.announced + 1, alarm: false });
      return;
    }
    this.#seed = (this.#seed * 1103515245 + 12345) >>> 0 || 1;
    this.#set({ playing: true });
    this.#tick();
  }

  togglePlay(): void {
    if (this.#state.playing) this.pause();
    else this.play();
  }

  setSpeed(i: number): void {
    const speed = Math.min(SPEEDS.length - 1, Math.max(0, Math.round(i)));
    if (speed !== this.#state.speed) this.#set({ speed });
  }

  setPolicy(policy: PlayPolicy): void {
    if (policy !== this.#state.policy) this.#set({ policy });
  }

  #tick(): void {
    this.#timer = undefined;
    const snap = this.#state.snap;
    if (!this.#state.playing) return;
    if (!snap || this.#state.phase !== 'ready') return this.#halt();
    const move = playMove(snap.state, snap.trace, this.#state.policy, this.#seed);
    if (move.kind === 'stop') return this.#halt();
    const job =
      move.kind === 'forward'
        ? this.#move(
            (e) => e.goto(snap.state.step + 1),
            (n) => this.#tell(n),
            'goto',
            'forward',
          )
        : this.#move(
            (e) =>
              e.step(move.actor).then((n) => {
                // the player's step: the run from here on is not the learner's
                const a = this.#state.assist;
                if (!a || n.state.step - 1 < a.from)
                  this.#set({ assist: { by: 'player', from: n.state.step - 1 } });
                return n;
              }),
            (n) => this.#tell(n),
            'step',
          );
    void job.then(() => {
      if (!this.#state.playing) return;
      const now = this.#state.snap;
      if (!now || playMove(now.state, now.trace, this.#state.policy, this.#seed).kind === 'stop') {
        this.#halt();
        return;
      }
      this.#timer = setTimeout(() => this.#tick(), delayOf(this.#state.speed));
    });
  }

  /**
   * Replays a schedule the learner typed.  Returns null when it replayed, or
   * what is wrong with it (the engine's words when it does not fit the
   * scenario); the run then stays as it was.
   */
  async loadSchedule(text: string): Promise<string | null> {
    this.#halt();
    const checked = checkSchedule(text);
    if (!checked.ok) return checked.message;
    let error: string | null = null;
    await this.#enqueue(async () => {
      if (this.#state.phase !== 'ready') return;
      this.#keep('schedule');
      this.#set({ busy: true });
      try {
        const r = await (await this.#engine()).replay(checked.schedule);
        this.#set({ assist: null });
        this.#ops.clear();
        this.#ops.record(r.snapshot.state.step, r.snapshot.state.actors);
        if (r.note) this.notify('info', t('notice.scheduleNote', { message: r.note }));
        this.#show(r.snapshot, t('schedule.applied', { steps: r.snapshot.state.step }));
      } catch (e) {
        this.#set({ busy: false });
        error = t('schedule.bad', { message: e instanceof Error ? e.message : String(e) });
      }
    });
    return error;
  }

  // ---- the explorer (issue 4 in the page) -----------------------------------------

  #job: { job: ExploreJob | null; cancelled: boolean } | null = null;

  #explorer(patch: Partial<ExplorerState>): void {
    this.#set({ explorer: { ...this.#state.explorer, ...patch } });
  }

  setExploreOptions(o: Partial<ExploreOptions>): void {
    this.#explorer({ options: { ...this.#state.explorer.options, ...o } });
  }

  /**
   * Searches this scenario's schedules in the explorer's worker.  A
   * counterexample is loaded into the run at step 0, to be stepped through;
   * otherwise the result line says what was proven.
   */
  explore(options?: Partial<ExploreOptions>): Promise<void> {
    const snap = this.#state.snap;
    if (this.#state.phase !== 'ready' || !snap || this.#state.explorer.status === 'running')
      return Promise.resolve();
    this.#halt();
    if (helpLocked(this.#state)) {
      this.#set({ announcement: t('help.locked'), announced: this.#state.announced + 1, alarm: false });
      return Promise.resolve();
    }
    const opts = { ...this.#state.explorer.options, ...options };
    const scenarioId = this.#state.scenarioId;
    const variant = snap.state.variant;
    const token: { job: ExploreJob | null; cancelled: boolean } = { job: null, cancelled: false };
    this.#job = token;
    this.#explorer({
      status: 'running',
      options: opts,
      progress: { executions: 0, bound: 0, pruned: 0, elapsedMs: 0 },
      result: null,
      line: '',
      scenarioId,
      variant,
    });
    return (async () => {
      let engine: EngineBridge;
      let result: ExploreResult | null;
      try {
        engine = await this.#engine();
        token.job = await engine.explore(opts, (p) => {
          if (this.#job === token) this.#explorer({ progress: p });
        });
        if (token.cancelled) token.job.cancel();
        result = await token.job.result;
      } catch (e) {
        if (this.#job === token) {
          this.#job = null;
          const line = t('explore.failed', { message: e instanceof Error ? e.message : String(e) });
          this.#explorer({ status: 'failed', line });
          this.#set({ announcement: line, announced: this.#state.announced + 1, alarm: false });
        }
        return;
      }
      if (this.#job !== token) return;
      this.#job = null;
      if (!result) {
        const p = this.#state.explorer.progress;
        const line = t('explore.cancelled', {
          executions: formatCount(p?.executions ?? 0),
          time: formatDuration(p?.elapsedMs ?? 0),
        });
        this.#explorer({ status: 'cancelled', line });
        this.#set({ announcement: line, announced: this.#state.announced + 1, alarm: false });
        return;
      }
      const line = resultLine(result, opts.strategy);
      const found = result.found && !!result.schedule;
      this.#explorer({ status: found ? 'found' : 'none', result, line, progress: null });
      if (!found) {
        this.#set({ announcement: line, announced: this.#state.announced + 1, alarm: false });
        return;
      }
      // the counterexample, at step 0, for the learner to step through
      await this.#enqueue(async () => {
        const now = this.#state.snap;
        if (this.#state.scenarioId !== scenarioId || now?.state.variant !== variant) return;
        this.#keep('explore');
        this.#set({ busy: true });
        try {
          const r = await engine.replay(result.schedule!, 0);
          this.#ops.clear();
          this.#ops.record(r.snapshot.state.step, r.snapshot.state.actors);
          this.#set({ assist: { by: 'explorer', from: 0 } });
          this.#show(
            r.snapshot,
            `${line} ${t('explore.loadedAnnounce', { steps: r.snapshot.state.steps_recorded })}`,
          );
        } catch (e) {
          this.#failed(e);
        }
      });
    })();
  }

  cancelExplore(): void {
    const token = this.#job;
    if (!token) return;
    token.cancelled = true;
    token.job?.cancel();
  }

  /** Forgets the explorer's result (the panel folds back to its button). */
  closeExplorer(): void {
    if (this.#state.explorer.status === 'running') return;
    this.#explorer({ status: 'idle', result: null, progress: null, line: '' });
  }
}

/** Whether stepping `actor` now raises it: an interrupt handler not raised, whose raising is a choice. */
export function raisable(snap: Snapshot | null | undefined, actor: number): boolean {
  return (
    snap?.state.actors[actor]?.status === 'dormant' &&
    !!snap.choices?.some((c) => c.kind === 'irq' && c.actor === actor)
  );
}
