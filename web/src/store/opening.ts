/*
 * Opening what the learner studies: a scenario of the sandbox, a lesson of
 * the course, a lesson's text from elsewhere, a dropped file; replaying the
 * address's schedule; saying what was wrong with a bad one (its problems, the
 * scenario that stays open); and the engine's C sources for the source view.
 * A scenario is shown only once its engine's parts (view, words) have loaded.
 */
import { EngineError, type BuiltSource, type ScenarioSource } from '../bridge/bridge';
import { storeBuffersFor } from '../components/StoreBuffers/lazy';
import { storeHistoryFor } from '../components/StoreHistory/lazy';
import { loadEngine } from '../engines';
import { getLocale, t, tn } from '../i18n';
import { actorNoun } from '../model/keys';
import { inLocale } from '../model/lesson';
import { scenarioTitle } from '../model/scenarioText';
import type { StoreCore } from './core';
import type { OpenRun } from './state';
import { setExploreOptions } from './explore';
import type { RunHistory } from './history';

export class Opening {
  readonly #c: StoreCore;
  readonly #history: RunHistory;

  constructor(core: StoreCore, history: RunHistory) {
    this.#c = core;
    this.#history = history;
  }

  /**
   * Opens a scenario (the sandbox's default when `id` is undefined),
   * replaying `options.schedule` if given.  The run it replaces can be
   * restored when it is another scenario's, or with `again` (Back/Forward
   * reopening the same one elsewhere).
   */
  open(name: string | undefined, options: OpenRun = {}, again = false): Promise<void> {
    const c = this.#c;
    return c.enqueue(async () => {
      // the default only when the address names none, or one the sandbox does not have
      let id = name ?? (await c.fallbackScenario());
      if (name !== undefined && !(await c.scenarios.has(name))) {
        id = await c.fallbackScenario();
        c.notify('error', t('notice.unknownScenario', { name, fallback: id }));
        options = {};
      }
      if (id !== c.state.scenarioId || again) this.#history.keep('open');
      await this.run(id, () => c.scenarios.load(id), options, null);
    });
  }

  /**
   * Opens a lesson of the course (its starting schedule replayed unless
   * `options.schedule` says where to be); `again` as for open().
   */
  openLesson(id: string, options: OpenRun = {}, again = false): Promise<void> {
    const c = this.#c;
    return c.enqueue(async () => {
      const lessons = c.lessons;
      if (!lessons) return;
      if (!(await lessons.has(id))) {
        c.notify('error', t('notice.unknownLesson', { name: id, fallback: lessons.first }));
        id = lessons.first;
        options = {};
      }
      if (`lesson:${id}` !== c.state.scenarioId || again) this.#history.keep('open');
      await this.run(`lesson:${id}`, () => lessons.load(id), options, null);
    });
  }

  /** Opens a lesson from its text (a lesson file hosted elsewhere); a bad one is reported with its problems. */
  openLessonText(text: string, file: string, options: OpenRun = {}): Promise<void> {
    return this.#c.enqueue(() =>
      this.run(`lesson-file:${file}`, async () => ({ text, file, kind: 'lesson' as const }), options, null),
    );
  }

  /** Opens a scenario from a YAML file the learner dropped or chose (or a link carried); a bad one is reported with its problems. */
  openFile(text: string, file: string, options: OpenRun = {}): Promise<void> {
    return this.#c.enqueue(() => this.run(`file:${file}`, async () => ({ text, file }), options, file));
  }

  /** Opens `id` from `load` (not queued: the caller runs it in the queue). */
  async run(
    id: string,
    load: () => Promise<ScenarioSource | BuiltSource>,
    options: OpenRun,
    fromFile: string | null,
  ): Promise<void> {
    const c = this.#c;
    const before = { scenarioId: c.state.scenarioId, fromFile: c.state.fromFile };
    c.set({ phase: 'loading', scenarioId: id, busy: true });
    try {
      const [engine, source] = await Promise.all([c.engine(), load()]);
      // a compiled source names its engine: its parts load while its module does
      if (source.kind === 'built') loadEngine(source.scenario.engine).catch(() => {});
      let opened;
      try {
        const { assist: _helped, ...bridgeOptions } = options;
        opened = await engine.open(source, bridgeOptions);
      } catch (e) {
        // a bad file leaves the scenario that was open (the engine keeps it too)
        if (fromFile && c.state.snap && e instanceof EngineError && e.kind === 'scenario') {
          c.set({ phase: 'ready', busy: false, ...before });
          c.notify(
            'error',
            t('notice.badFile', { file: fromFile }),
            e.problems.length ? undefined : e.message,
            e.problems,
          );
          return;
        }
        throw e;
      }
      await Promise.all([
        loadEngine(opened.scenario.engine),
        storeBuffersFor(opened.snapshot.memory ?? opened.scenario.memory),
        storeHistoryFor(opened.snapshot.memory ?? opened.scenario.memory),
      ]);
      c.source = source;
      c.loader = load;
      c.restartOps(opened.snapshot);
      if (opened.badVariant)
        c.notify(
          'error',
          t('notice.badVariant', {
            variant: opened.badVariant,
            variants: (opened.scenario.variants ?? []).join(', '),
            fallback: opened.scenario.variant ?? '',
          }),
        );
      if (opened.badMemory)
        c.notify(
          'error',
          t('notice.badMemory', {
            memory: opened.badMemory,
            models: opened.memoryModels.join(', '),
            fallback: opened.snapshot.memory ?? opened.scenario.memory ?? 'sc',
          }),
        );
      if (opened.scheduleError) c.notify('error', t('notice.badSchedule', { message: opened.scheduleError }));
      if (opened.scheduleNote) c.notify('info', t('notice.scheduleNote', { message: opened.scheduleNote }));
      const engineChanged = c.state.sources?.engine !== opened.scenario.engine;
      c.set({
        phase: 'ready',
        scenario: opened.scenario,
        choiceKinds: opened.choiceKinds,
        memoryModels: opened.memoryModels,
        snap: null,
        variantDiff: null,
        fromFile,
        sources: engineChanged ? null : c.state.sources,
        lesson: opened.lesson ?? null,
        // a run an address names as the explorer's (or Play's) stays theirs after a reload
        assist: options.assist ?? null,
        ...(id === before.scenarioId && opened.lesson?.id === c.state.lesson?.id
          ? {}
          : { tried: false, hinted: false }),
      });
      // a lesson's explorer settings are the ones `lockstep check` proved its claims with
      if (opened.lesson) {
        // (max_steps too: a lesson whose spin loops run to the default limit of 10,000
        // steps in every run that spins forever says how long a run of its story is)
        const { bound, maxExecutions, maxSteps } = opened.lesson.explore;
        setExploreOptions(c, { bound, maxExecutions, maxSteps });
      }
      const s = opened.snapshot;
      const lesson = opened.lesson;
      if (lesson && lesson.startSteps > 0 && s.state.step === lesson.startSteps) {
        // a lesson opens where its story starts: its opening says what the steps before did
        // (the last of them is engine detail, no place to begin a story); without one, that they set the scene
        const scene = () =>
          lesson.opening
            ? t('announce.lessonOpening', {
                title: inLocale(lesson.title, getLocale()),
                opening: inLocale(lesson.opening, getLocale()),
              })
            : tn('announce.lessonScene', lesson.startSteps, { title: inLocale(lesson.title, getLocale()) });
        c.show(s, scene(), false, 'jump', scene);
      } else if (s.state.step > 0) c.show(s, ...c.tell(s), 'jump', () => c.tell(s)[0]);
      else {
        const ready = () =>
          tn(
            actorNoun(s.state.actors) === 'task' ? 'announce.readyTasks' : 'announce.ready',
            opened.scenario.actors.length,
            {
              title: opened.lesson
                ? inLocale(opened.lesson.title, getLocale())
                : scenarioTitle(opened.scenario, getLocale()),
              count: opened.scenario.actors.length,
            },
          );
        c.show(s, ready(), false, 'jump', ready);
      }
    } catch (e) {
      if (e instanceof EngineError && e.kind === 'scenario') {
        c.set({ phase: 'failed', busy: false });
        const lessonFile = /^lesson(-file)?:/.test(id)
          ? (e.problems[0]?.file ?? id.replace(/^lesson(-file)?:/, ''))
          : null;
        const title = fromFile
          ? t('notice.badFile', { file: fromFile })
          : lessonFile
            ? t('notice.badLesson', { file: lessonFile })
            : t('notice.badScenario');
        c.notify('error', title, e.problems.length ? undefined : e.message, e.problems);
      } else if (e instanceof EngineError && e.kind === 'engine') {
        c.set({ phase: 'failed', busy: false });
        c.notify('error', t('notice.engine', { message: e.message }));
      } else {
        const msg = e instanceof Error ? e.message : String(e);
        c.set({ phase: 'failed', busy: false });
        c.notify('error', t('app.loadFailed'), t('app.loadFailedHint', { message: msg }));
      }
    }
  }

  /** Asks the engine for the open scenario's C sources (for the source view), once per engine. */
  loadSources(): Promise<void> {
    const c = this.#c;
    const engine = c.state.scenario?.engine;
    if (!engine || c.state.sources?.engine === engine) return Promise.resolve();
    return c.enqueue(async () => {
      if (c.state.sources?.engine === engine) return;
      try {
        const got = await (await c.engine()).sources(engine);
        if (c.state.scenario?.engine === engine) c.set({ sources: { engine, ...got } });
      } catch (e) {
        c.failed(e);
      }
    });
  }
}
