/*
 * The one store: the scenario, the session's snapshot (state, summary, trace)
 * and what the page says about it (notices, the announcement of the last
 * step).  Components read it through useStore() and change it only through
 * the actions below, which go to the engine one at a time, in order.
 */
import { EngineError, type EngineBridge, type OpenOptions } from '../engine/bridge';
import type { ScenarioInfo, ScenarioProblem, Snapshot } from '../engine/types';
import { t } from '../i18n';
import { stepLine } from '../model/format';
import { changedObjects, objectsOfType } from '../model/program';
import type { Place } from '../model/params';

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
  /** read out by the aria-live region */
  announcement: string;
  /** counts announcements, so a repeated one is read again */
  announced: number;
  /** the announced step went wrong (an update was lost) */
  alarm: boolean;
  notices: Notice[];
  busy: boolean;
}

export interface ScenarioLoader {
  has(id: string): boolean;
  load(id: string): Promise<{ text: string; file: string }>;
  fallback: string;
}

type Listener = (s: AppState) => void;

export class Store {
  #state: AppState;
  #listeners = new Set<Listener>();
  #queue: Promise<unknown> = Promise.resolve();
  #nextNotice = 1;
  #engine: () => Promise<EngineBridge>;
  #scenarios: ScenarioLoader;
  /** called after every change of place (scenario, schedule, step), e.g. to update the URL */
  onPlace: ((p: Place) => void) | null = null;

  constructor(engine: () => Promise<EngineBridge>, scenarios: ScenarioLoader) {
    this.#engine = engine;
    this.#scenarios = scenarios;
    this.#state = {
      phase: 'loading',
      scenarioId: scenarios.fallback,
      scenario: null,
      snap: null,
      changed: new Set(),
      announcement: '',
      announced: 0,
      alarm: false,
      notices: [],
      busy: false,
    };
  }

  get(): AppState {
    return this.#state;
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
    return {
      scenario: this.#state.scenarioId === this.#scenarios.fallback ? undefined : this.#state.scenarioId,
      schedule: snap && snap.summary.steps > 0 ? snap.summary.compact : undefined,
      step: snap && snap.summary.steps > 0 ? steps : undefined,
    };
  }

  #counters(snap: Snapshot): Set<string> {
    return objectsOfType(snap.state, 'counter');
  }

  #show(snap: Snapshot, announcement: string, alarm = false): void {
    const changed = changedObjects(this.#state.snap?.state, snap.state);
    this.#set({ snap, changed, announcement, alarm, announced: this.#state.announced + 1, busy: false });
    this.onPlace?.(this.#place());
  }

  #failed(e: unknown): void {
    const msg = e instanceof Error ? e.message : String(e);
    this.#set({ busy: false });
    this.notify('error', t('notice.engine', { message: msg }));
  }

  /** Opens a scenario, replaying `options.schedule` if given. */
  open(id: string, options: OpenOptions = {}): Promise<void> {
    return this.#enqueue(async () => {
      if (!this.#scenarios.has(id)) {
        this.notify('error', t('notice.unknownScenario', { name: id, fallback: this.#scenarios.fallback }));
        id = this.#scenarios.fallback;
        options = {};
      }
      this.#set({ phase: 'loading', scenarioId: id, busy: true });
      try {
        const [engine, source] = await Promise.all([this.#engine(), this.#scenarios.load(id)]);
        const opened = await engine.open(source, options);
        if (opened.scheduleError)
          this.notify('error', t('notice.badSchedule', { message: opened.scheduleError }));
        if (opened.scheduleNote)
          this.notify('info', t('notice.scheduleNote', { message: opened.scheduleNote }));
        this.#set({ phase: 'ready', scenario: opened.scenario, snap: null });
        const s = opened.snapshot;
        if (s.state.step > 0) this.#show(s, ...this.#tell(s));
        else
          this.#show(
            s,
            t('announce.ready', { title: opened.scenario.title, count: opened.scenario.actors.length }),
          );
      } catch (e) {
        if (e instanceof EngineError && e.kind === 'scenario') {
          this.#set({ phase: 'failed', busy: false });
          this.notify('error', t('notice.badScenario'), e.message, e.problems);
        } else if (e instanceof EngineError && e.kind === 'engine') {
          this.#set({ phase: 'failed', busy: false });
          this.notify('error', t('notice.engine', { message: e.message }));
        } else {
          const msg = e instanceof Error ? e.message : String(e);
          this.#set({ phase: 'failed', busy: false });
          this.notify('error', t('app.loadFailed'), t('app.loadFailedHint', { message: msg }));
        }
      }
    });
  }

  /** The announcement of the step a snapshot is at, and whether it lost an update. */
  #tell(s: Snapshot, prefix = ''): [string, boolean] {
    const line = stepLine(s.trace, s.state.step, this.#counters(s));
    const text = line ? t('event.step', { step: line.step, text: line.text }) : '';
    return [prefix ? `${prefix} ${text}`.trim() : text, line?.lost ?? false];
  }

  #move(
    request: (e: EngineBridge) => Promise<Snapshot>,
    say: (s: Snapshot) => [string, boolean],
  ): Promise<void> {
    return this.#enqueue(async () => {
      if (this.#state.phase !== 'ready') return;
      this.#set({ busy: true });
      try {
        const snap = await request(await this.#engine());
        this.#show(snap, ...say(snap));
      } catch (e) {
        this.#failed(e);
      }
    });
  }

  #canStep(actor: number): boolean {
    const s = this.#state.snap?.state;
    return !!s && s.outcome === 'running' && s.actors[actor]?.status === 'enabled';
  }

  step(actor: number): Promise<void> {
    if (!this.#canStep(actor)) return Promise.resolve();
    return this.#move(
      (e) => e.step(actor),
      (s) => this.#tell(s),
    );
  }

  stepOver(actor: number): Promise<void> {
    if (!this.#canStep(actor)) return Promise.resolve();
    return this.#move(
      (e) => e.stepOver(actor),
      (s) => this.#tell(s),
    );
  }

  back(): Promise<void> {
    const step = this.#state.snap?.state.step ?? 0;
    if (step <= 0) return Promise.resolve();
    return this.#move(
      (e) => e.goto(step - 1),
      (s) => [t('announce.back', { step: s.state.step }), false],
    );
  }

  forward(): Promise<void> {
    const s = this.#state.snap?.state;
    if (!s || s.step >= s.steps_recorded) return Promise.resolve();
    return this.#move(
      (e) => e.goto(s.step + 1),
      (n) => this.#tell(n, t('announce.forward', { step: n.state.step })),
    );
  }

  reset(): Promise<void> {
    return this.#move(
      (e) => e.reset(),
      () => [t('announce.reset'), false],
    );
  }
}
