/*
 * The screen: header; the story (left), the actors' lanes (centre), inside
 * the engine (right); the timeline at the bottom.  Wide screens get three
 * columns, narrow ones a single column in the same order.
 */
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { t } from '../../i18n';
import { addressLocale, chooseLocale } from '../../i18n/persist';
import { useLocale } from '../../i18n/useLocale';
import { checkFile, checkText, displayName, type FileProblem } from '../../model/scenarioList';
import { scenarioIntro, scenarioTitle } from '../../model/scenarioText';
import { scenarioSummaries } from '../../scenarios';
import { decisionText, engineWords, eventText, outcomeFor } from '../../model/describe';
import { racyObjects } from '../../engines';
import { isLostUpdate, narrateSteps } from '../../model/format';
import { actorNoun } from '../../model/keys';
import { formatPlace } from '../../model/params';
import { playMove } from '../../model/play';
import { useStore, useStoreActions } from '../../store/useStore';
import { BottomTabs, type Tab } from '../BottomTabs';
import { DropZone } from '../DropZone';
import { ExplorerPanel } from '../ExplorerPanel';
import { memorySwitchShown } from '../../model/memory';
import { Header } from '../Header';
import { KeysDialog } from '../KeysDialog';
import { lazyComponent } from '../Lazy';
import { onDemand } from '../Lazy/onDemand';
import { Actors } from '../Actors';
import { Narration } from '../Narration';
import { Notices } from '../Notices';
import { Outcome } from '../Outcome';
import { Stage, stageTitle } from '../Stage';
import { Story } from '../Story';
import { Timeline } from '../Timeline';
import { VariantDiff } from '../VariantDiff';
import { useGoalBanner, useLessonIndex, useLessonUI } from '../../lessons/ui';
import { lessonSummaries } from '../../lessons';
import { useLessonCourse } from '../../lessons/useCourse';
import type { LessonLink } from '../../model/lessonList';
import { useProgress } from '../../lessons/progress';
import { embedCode } from '../../model/embed';
import { goalMoment } from '../../model/goalMoment';
import { inLocale, isGoalReached, learnerSteps, questionNow, saidBeats } from '../../model/lesson';
import { useKeys } from '../../store/keys';
import { helpLocked, ownRun } from '../../store/store';
import { BadgePeers } from '../ActorBadge';
import s from './style.module.css';

// the sandbox's scenario list: its code comes when it first opens
const picker = onDemand(() => import('../ScenarioPicker'));
const usePicker = (open: boolean) => picker.use(open)?.ScenarioPicker ?? null;
// the bottom pane's diagram, trace and source: their code (and Mermaid, later still) loads when a tab opens
const SequenceDiagram = lazyComponent(() => import('../SequenceDiagram').then((m) => m.SequenceDiagram));
const TraceList = lazyComponent(() => import('../TraceList').then((m) => m.TraceList));
const SourceView = lazyComponent(() => import('../SourceView').then((m) => m.SourceView), {
  loading: 'source.loading',
  failed: 'source.failed',
});

/** A file's problem before it reaches the compiler, in words. */
function fileProblem(p: FileProblem): string {
  switch (p.kind) {
    case 'notYaml':
      return t('file.notYaml', { name: p.name });
    case 'tooBig':
      return t('file.tooBig', { name: p.name, max: Math.round(p.max / 1024) });
    case 'empty':
      return t('file.empty', { name: p.name });
    case 'notText':
      return t('file.notText', { name: p.name });
    case 'several':
      return t('file.several', { n: p.count });
  }
}

export function App() {
  const state = useStore();
  const store = useStoreActions();
  const [keysOpen, setKeysOpen] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const locale = useLocale();
  const { scenario, snap } = state;

  // the lesson: its goal, what it has said, the lessons around it, the learner's progress
  const { lesson } = state;
  const [indexOpen, setIndexOpen] = useState(false);
  const ui = useLessonUI(!!lesson);
  const LessonIndex = useLessonIndex(indexOpen);
  const Picker = usePicker(pickerOpen);
  const progress = useProgress();
  const reached = useMemo(() => !!lesson && !!snap && isGoalReached(lesson, snap), [lesson, snap]);
  // the banner's code comes once the learner has moved (or the run opened already moved)
  const GoalBanner = useGoalBanner(!!lesson && (reached || (snap?.state.step ?? 0) > 0));
  const moment = useMemo(
    () => (lesson && snap && reached ? goalMoment(lesson, snap, state.scenario?.engine) : null),
    [reached, snap, locale],
  );
  // the win is the learner's: who reached the goal, whether Play and the explorer wait, an open prediction
  const by = reached && !ownRun(state) ? (state.assist?.by ?? null) : null;
  const locked = helpLocked(state)
    ? t(lesson?.unlock === 'hint' ? 'help.lockedHint' : 'help.locked')
    : undefined;
  // the lesson's words for the step the run is at (the narration line says them after the step)
  const lessonWords = useMemo(() => {
    if (!lesson || !snap) return null;
    const here = saidBeats(lesson, snap).filter((b) => b.step === snap.state.step);
    return here.length ? here.map((b) => inLocale(b.say, locale)).join(' ') : null;
  }, [lesson, snap, locale]);
  const asking = useMemo(() => {
    if (!lesson || !snap) return null;
    const q = questionNow(lesson, snap, {});
    return q?.phase === 'ask' ? q.actor : null;
  }, [lesson, snap]);
  // the lesson's number as the learner meets it (its place in the index, not its file's number),
  // and the lessons around it: what its chunk brought, or for a lesson opened from its text
  // whose id is a course lesson's, what the index says of that id
  const course = useLessonCourse(lesson?.id ?? null);
  const place = course && { n: course.n, count: course.count };
  const link = (l: LessonLink | null | undefined) =>
    l ? { id: l.id, title: inLocale(l.title, locale) || null } : null;
  const openLesson = useCallback(
    (id: string) => {
      setIndexOpen(false);
      void store.openLesson(id);
    },
    [store],
  );

  // a scenario file of one's own: checked here, compiled by the engine (its problems shown in the page)
  const openFile = useCallback(
    async (f: File) => {
      setPickerOpen(false);
      const name = displayName(f.name);
      const bad = checkFile({ name, size: f.size });
      if (bad) return store.notify('error', t('notice.badFile', { file: name }), fileProblem(bad));
      let text: string;
      try {
        text = await f.text();
      } catch (e) {
        return store.notify('error', t('notice.badFile', { file: name }), String(e));
      }
      const badText = checkText(name, text);
      if (badText) return store.notify('error', t('notice.badFile', { file: name }), fileProblem(badText));
      await store.openFile(text, name);
    },
    [store],
  );
  const manyFiles = useCallback(
    (n: number) => store.notify('info', fileProblem({ kind: 'several', count: n })),
    [store],
  );
  const loadSources = useCallback(() => void store.loadSources(), [store]);

  // the learner's moves (store/keys.ts, the same in the embed), and what only this page has
  useKeys(
    store,
    {
      help: () => setKeysOpen((o) => !o),
      undo: () => void store.restore(),
      play: () => store.togglePlay(),
      explore: () => void store.explore(),
    },
    keysOpen,
  );

  const counters = useMemo(() => (snap ? racyObjects(snap.state.objects) : new Set<string>()), [snap]);
  const lines = useMemo(
    () => (snap ? narrateSteps(snap.trace, counters, engineWords(scenario?.engine, snap.state)) : []),
    [snap, counters],
  );
  const lostCount = useMemo(
    () => (snap ? snap.trace.filter((e) => isLostUpdate(e, counters)).length : 0),
    [snap, counters],
  );
  const names = scenario?.actors.map((a) => a.name) ?? [];
  const checks = (scenario?.asserts ?? []).map((a) => a.text);
  const outcome = snap ? outcomeFor(snap.state, snap.summary) : null;
  // a new comparison of variants: the lanes (where the parting is marked) come back into view
  useEffect(() => {
    if (state.variantDiff) document.getElementById('lanes')?.scrollTo?.({ top: 0 });
  }, [state.variantDiff]);
  // after "Replay under …": the lane of the actor whose run parts there says so
  const vd = state.variantDiff;
  const partingEvents =
    vd && !vd.same ? vd.newEvents.filter((e) => e.kind !== 'clock' && e.kind !== 'finish') : [];
  const decided = vd && !vd.same ? vd.decision : null;
  const parting =
    decided?.new && snap
      ? {
          actor: decided.actor,
          text: t('replay.laneDecision', {
            step: decided.new.step,
            to: vd!.to,
            actor: decided.actor,
            what: decisionText(decided.new.label),
          }),
        }
      : vd && snap && partingEvents[0]?.actor
        ? {
            actor: partingEvents[0].actor,
            text: t('replay.laneMark', {
              step: vd.step,
              to: vd.to,
              what: partingEvents.map((e) => eventText(e, snap.state)).join(' · '),
            }),
          }
        : null;

  return (
    <BadgePeers.Provider value={names}>
      <div class={s.app}>
        <a class={s.skip} href="#lanes">
          {t('app.skip')}
        </a>
        <Header
          engine={scenario?.engine}
          title={
            lesson
              ? `${place ? `${place.n}. ` : ''}${inLocale(lesson.title, locale)}`
              : state.fromFile
                ? `${scenario ? scenarioTitle(scenario, locale) : ''} (${state.fromFile})`
                : scenario
                  ? scenarioTitle(scenario, locale)
                  : undefined
          }
          onKeys={() => setKeysOpen(true)}
          onScenarios={() => setPickerOpen(true)}
          onLessons={() => setIndexOpen(true)}
          onTitle={lesson ? () => setIndexOpen(true) : undefined}
          titleHint={lesson ? t('lesson.openIndex') : undefined}
          variant={snap?.state.variant}
          variants={scenario?.variants}
          onVariant={(v) => void store.switchVariant(v)}
          memory={snap?.memory}
          memories={memorySwitchShown(lesson, scenario, snap?.memory) ? state.memoryModels : undefined}
          onMemory={(m) => void store.switchMemory(m)}
          busy={state.busy}
          locale={locale}
          onLocale={chooseLocale}
        />
        <Notices notices={state.notices} onDismiss={(id) => store.dismiss(id)} />

        {state.phase === 'loading' && !snap && (
          <main class={s.loading} aria-busy="true">
            <span class={s.spinner} aria-hidden="true" />
            <p>{t('app.loading')}</p>
          </main>
        )}

        {scenario && snap && (
          <main class={s.main}>
            {lesson ? (
              <aside class={`${s.panel} ${s.lesson}`} aria-label={t('lesson.panel')}>
                {ui && (
                  <ui.LessonPanel
                    key={lesson.id}
                    lesson={lesson}
                    snap={snap}
                    locale={locale}
                    reached={reached}
                    reachedBefore={!!progress[lesson.id]}
                    position={place ?? undefined}
                    prev={link(course?.prev)}
                    next={link(course?.next)}
                    onOpenLesson={openLesson}
                    onStep={(k) => void store.step(k)}
                    onFinishSpin={(k) => void store.untilShared(k)}
                    onHint={() => store.noteHint()}
                    proveCorrect={() => store.proveCorrect(lesson.explore.maxSteps)}
                    embed={() =>
                      embedCode(
                        new URL('.', location.href).href,
                        { ...store.place(), lang: addressLocale() },
                        `Lockstep: ${inLocale(lesson.title, 'en')}`,
                      )
                    }
                    busy={state.busy}
                  />
                )}
              </aside>
            ) : (
              <aside class={`${s.panel} ${s.story}`} aria-labelledby="story-title">
                <h2 id="story-title" class={s.panelTitle}>
                  {t('panel.story')}
                </h2>
                <Story
                  intro={scenarioIntro(scenario, locale)}
                  actorCount={scenario.actors.length}
                  actors={actorNoun(snap.state.actors)}
                  lines={lines}
                  actorIndex={(n) => names.indexOf(n)}
                  current={snap.state.step}
                />
              </aside>
            )}

            <section class={s.centre} id="lanes" aria-label={t('panel.actors')} tabIndex={-1}>
              <Actors
                state={state}
                scenario={scenario}
                snap={snap}
                store={store}
                locale={locale}
                counters={counters}
                lanesClass={s.lanes}
                asking={asking}
                parting={parting}
              />
              <Narration
                text={state.announcement}
                serial={state.announced}
                alarm={state.alarm}
                lesson={asking ? null : lessonWords}
              />
              {state.undo && (
                <p class={s.undo}>
                  <button
                    type="button"
                    class={s.undoButton}
                    onClick={() => void store.restore()}
                    title={t('undo.restoreTitle', { what: t(`undo.what.${state.undo.what}`) })}
                    aria-keyshortcuts="Control+Z"
                    data-testid="restore-run"
                  >
                    <span aria-hidden="true">↶ </span>
                    {t('undo.restore')}
                  </button>
                </p>
              )}
              {state.variantDiff && (
                <VariantDiff
                  diff={state.variantDiff}
                  state={snap.state}
                  onGo={(n) => void store.goto(n)}
                  onDismiss={() => store.dismissDiff()}
                />
              )}
              {lesson && reached && GoalBanner && (
                <GoalBanner
                  lesson={lesson}
                  locale={locale}
                  step={learnerSteps(lesson, snap)}
                  by={by}
                  variant={snap.state.variant}
                  outcome={outcome}
                  moment={moment}
                  saved={!!progress[lesson.id] && !by}
                  next={link(course?.next)}
                  onReplayCorrect={() => void store.switchVariant('correct')}
                  onNext={openLesson}
                  onAgain={() => void store.reset()}
                  busy={state.busy}
                />
              )}
              {outcome && !(lesson && reached) && !asking && (
                <Outcome
                  view={outcome}
                  schedule={snap.summary.schedule}
                  lostUpdates={lostCount}
                  onReset={() => void store.reset()}
                />
              )}
              <div class={s.explorerSlot}>
                <ExplorerPanel
                  explorer={state.explorer}
                  scenarioId={state.scenarioId}
                  variant={snap.state.variant}
                  disabled={state.phase !== 'ready'}
                  locked={locked}
                  onRun={() => void store.explore()}
                  onProve={() => void store.prove()}
                  onCancel={() => store.cancelExplore()}
                  onClose={() => store.closeExplorer()}
                  onOptions={(o) => store.setExploreOptions(o)}
                />
              </div>
            </section>

            <aside class={`${s.panel} ${s.inside}`} aria-labelledby="inside-title" tabIndex={0}>
              <h2 id="inside-title" class={s.panelTitle}>
                {stageTitle(scenario.engine, locale)}
              </h2>
              <Stage
                engine={scenario.engine}
                state={snap.state}
                trace={snap.trace}
                changed={state.changed}
                checks={checks}
                choices={snap.choices}
                onTake={(kind, actor, at) => void store.take(kind, actor, at)}
                busy={state.busy}
              />
            </aside>
          </main>
        )}

        {scenario && snap && (
          <footer class={s.footer} data-sticky="bottom">
            <Timeline
              step={snap.state.step}
              recorded={snap.state.steps_recorded}
              schedule={snap.summary.steps > 0 ? snap.summary.schedule : ''}
              fullSchedule={snap.full?.schedule}
              busy={state.busy}
              onReset={() => void store.reset()}
              onBack={() => void store.back()}
              onForward={() => void store.forward()}
              playing={state.playing}
              speed={state.speed}
              policy={state.policy}
              canPlay={playMove(snap.state, snap.trace, state.policy).kind !== 'stop'}
              playLocked={locked}
              onPlay={() => store.togglePlay()}
              onSpeed={(i) => store.setSpeed(i)}
              onPolicy={(p) => store.setPolicy(p)}
              marked={state.marked}
              onGoto={(n) => void store.goto(n)}
              onSchedule={(text) => store.loadSchedule(text)}
              shareUrl={() =>
                `${location.origin}${location.pathname}${formatPlace({ ...store.place(), lang: addressLocale() })}`
              }
              marks={
                // where the engine decided differently (the payoff), else the first step that differs
                decided?.new && state.variantDiff
                  ? [
                      {
                        step: decided.new.step,
                        label: t('replay.laneDecision', {
                          step: decided.new.step,
                          to: state.variantDiff.to,
                          actor: decided.actor,
                          what: decisionText(decided.new.label),
                        }),
                      },
                    ]
                  : state.variantDiff && !state.variantDiff.same
                    ? [
                        {
                          step: state.variantDiff.step,
                          label: t('variantDiff.mark', {
                            step: state.variantDiff.step,
                            from: state.variantDiff.from,
                            to: state.variantDiff.to,
                          }),
                        },
                      ]
                    : []
              }
            />
          </footer>
        )}
        {scenario && snap && (
          <BottomTabs
            tabs={
              [
                {
                  id: 'diagram',
                  label: t('diagram.title'),
                  render: () => (
                    <SequenceDiagram
                      engine={scenario?.engine}
                      trace={snap.trace}
                      actors={names}
                      objects={snap.state.objects}
                      scenarioId={state.scenarioId}
                      onMark={(r) => store.mark(r)}
                      onGo={(n) => void store.goto(n)}
                    />
                  ),
                },
                {
                  id: 'source',
                  label: t('tabs.source'),
                  render: () => (
                    <SourceView
                      sources={state.sources}
                      actors={snap.state.actors}
                      trace={snap.trace}
                      onNeed={loadSources}
                    />
                  ),
                },
                {
                  id: 'trace',
                  label: t('trace.title'),
                  render: () => (
                    <TraceList
                      trace={snap.trace}
                      actors={names}
                      objects={snap.state.objects}
                      scenarioId={state.scenarioId}
                      marked={state.marked}
                    />
                  ),
                },
              ] satisfies Tab[]
            }
          />
        )}
        <KeysDialog
          open={keysOpen}
          actors={actorNoun(snap?.state.actors)}
          buffers={snap?.state.memory?.buffers !== undefined}
          histories={snap?.state.memory?.cells !== undefined}
          onClose={() => setKeysOpen(false)}
        />
        {Picker && (
          <Picker
            open={pickerOpen}
            current={state.scenarioId}
            describe={scenarioSummaries}
            onPick={(id) => {
              setPickerOpen(false);
              void store.open(id);
            }}
            onFile={(f) => void openFile(f)}
            onClose={() => setPickerOpen(false)}
          />
        )}
        {LessonIndex && (
          <LessonIndex
            open={indexOpen}
            current={lesson?.id ?? null}
            locale={locale}
            progress={progress}
            describe={lessonSummaries}
            onPick={openLesson}
            onSandbox={() => {
              setIndexOpen(false);
              setPickerOpen(true);
            }}
            onClose={() => setIndexOpen(false)}
          />
        )}
        <DropZone onFile={openFile} onMany={manyFiles} />
      </div>
    </BadgePeers.Provider>
  );
}
