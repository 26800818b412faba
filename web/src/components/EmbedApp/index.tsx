/*
 * The compact lesson for an <iframe> (embed.html): a slim header (lesson,
 * variant, language, a link to the full app), the lesson column and the
 * actors side by side, what is inside the engine open under them (it folds), and a small
 * timeline.  No dialogs, no fixed heights: the page is as tall as its
 * content, and embed.tsx tells the framing page that height.
 */
import { useMemo } from 'preact/hooks';
import { t } from '../../i18n';
import { addressLocale, chooseLocale } from '../../i18n/persist';
import { useLocale } from '../../i18n/useLocale';
import { useGoalBanner, useLessonUI } from '../../lessons/ui';
import { outcomeFor } from '../../model/describe';
import { racyObjects } from '../../engines';
import { isLostUpdate } from '../../model/format';
import { goalMoment } from '../../model/goalMoment';
import { inLocale, isGoalReached, learnerSteps } from '../../model/lesson';
import { carriesDocument, formatPlace } from '../../model/params';
import { lessonCourse } from '../../lessons';
import { useProgress } from '../../lessons/progress';
import { useKeys } from '../../store/keys';
import { useStore, useStoreActions } from '../../store/useStore';
import { Icon } from '../Icon';
import { Actors } from '../Actors';
import { LangSwitch } from '../LangSwitch';
import { Narration } from '../Narration';
import { Notices } from '../Notices';
import { Outcome } from '../Outcome';
import { Stage, stageTitle } from '../Stage';
import { StepBar } from '../StepBar';
import { VariantDiff } from '../VariantDiff';
import { VariantSwitch } from '../VariantSwitch';
import { BadgePeers } from '../ActorBadge';
import s from './style.module.css';

export function EmbedApp({ waiting = false }: { waiting?: boolean }) {
  const state = useStore();
  const store = useStoreActions();
  const locale = useLocale();
  const ui = useLessonUI(true);
  const progress = useProgress();
  const { scenario, snap, lesson } = state;

  // the learner's moves by key, exactly the app's (store/keys.ts)
  useKeys(store);

  const reached = useMemo(() => !!lesson && !!snap && isGoalReached(lesson, snap), [lesson, snap]);
  // the banner's code comes once the learner has moved (or the run opened already moved)
  const GoalBanner = useGoalBanner(!!lesson && (reached || (snap?.state.step ?? 0) > 0));
  const moment = useMemo(
    () => (lesson && snap && reached ? goalMoment(lesson, snap, scenario?.engine) : null),
    [reached, snap, locale],
  );
  const counters = useMemo(() => (snap ? racyObjects(snap.state.objects) : new Set<string>()), [snap]);
  const outcome = snap ? outcomeFor(snap.state, snap.summary) : null;
  const checks = (scenario?.asserts ?? []).map((a) => a.text);
  const names = scenario?.actors.map((a) => a.name) ?? [];
  // a lesson of the course (a lesson sent by the page or carried by a link is none): its number
  // as the index gives it
  const fromCourse = lesson && state.scenarioId === `lesson:${lesson.id}` ? lesson : null;
  const place = fromCourse ? lessonCourse(fromCourse.id) : null;
  // the full app at this very moment: a course lesson by its address; a lesson a link carries
  // (embed.html#src=…, a teacher's own) by the same document, which the app opens as the embed
  // does, with no place in the course, as the app's lesson nav shows it; a lesson the framing
  // page sent has no address there
  const fromLink = !!lesson && !fromCourse && carriesDocument(location.hash);
  const here = { ...store.place(), lang: addressLocale() };
  const full = fromCourse
    ? `./${formatPlace(here)}`
    : fromLink
      ? `./${formatPlace({ ...here, lesson: undefined })}${location.hash}`
      : null;
  const waitingNow = waiting && !snap && state.notices.length === 0 && state.phase !== 'failed';

  return (
    <BadgePeers.Provider value={names}>
      <div class={s.embed} data-testid="embed">
        <header class={s.head}>
          <span class={s.mark} aria-hidden="true">
            <svg viewBox="0 0 32 32">
              <rect x="3" y="5" width="11" height="22" rx="3" fill="#E69F00" />
              <rect x="18" y="5" width="11" height="22" rx="3" fill="#56B4E9" />
            </svg>
          </span>
          <div class={s.titles}>
            <span class={s.kicker}>
              {t('app.name')}
              {place && ` · ${t('lesson.panel')} ${place.n}`}
            </span>
            <h1 class={s.title} data-testid="embed-title">
              {lesson ? inLocale(lesson.title, locale) : ''}
            </h1>
          </div>
          <div class={s.tools}>
            {scenario && snap && (
              <VariantSwitch
                engine={scenario.engine}
                variant={snap.state.variant}
                variants={scenario.variants ?? []}
                busy={state.busy}
                onChange={(v) => void store.switchVariant(v)}
              />
            )}
            <LangSwitch locale={locale} onChange={chooseLocale} />
            {full && (
              <a class={s.full} href={full} target="_blank" rel="noopener" data-testid="embed-full">
                {t('embed.openFull')} <span aria-hidden="true">↗</span>
              </a>
            )}
          </div>
        </header>

        <Notices notices={state.notices} onDismiss={(id) => store.dismiss(id)} />

        {(waitingNow || (state.phase === 'loading' && !snap && state.notices.length === 0)) && (
          <p class={s.loading} aria-busy="true">
            <span class={s.spinner} aria-hidden="true" />
            {waitingNow ? t('embed.waiting') : t('app.loading')}
          </p>
        )}

        {scenario && snap && lesson && (
          <main class={s.main}>
            <aside class={s.lesson} aria-label={t('lesson.panel')}>
              {ui && (
                <ui.LessonPanel
                  key={lesson.id}
                  lesson={lesson}
                  snap={snap}
                  locale={locale}
                  reached={reached}
                  reachedBefore={!!progress[lesson.id]}
                  onStep={(k) => void store.step(k)}
                  onFinishSpin={(k) => void store.untilShared(k)}
                  busy={state.busy}
                  compact
                />
              )}
            </aside>
            <section class={s.centre} aria-label={t('panel.actors')}>
              {reached && GoalBanner && (
                <GoalBanner
                  lesson={lesson}
                  locale={locale}
                  step={learnerSteps(lesson, snap)}
                  variant={snap.state.variant}
                  outcome={outcome}
                  moment={moment}
                  saved={!!progress[lesson.id]}
                  next={null}
                  onReplayCorrect={() => void store.switchVariant('correct')}
                  onAgain={() => void store.reset()}
                  busy={state.busy}
                />
              )}
              {state.variantDiff && (
                <VariantDiff
                  diff={state.variantDiff}
                  state={snap.state}
                  onGo={(n) => void store.goto(n)}
                  onDismiss={() => store.dismissDiff()}
                />
              )}
              {outcome && !reached && (
                <Outcome
                  view={outcome}
                  schedule={snap.summary.schedule}
                  lostUpdates={snap.trace.filter((e) => isLostUpdate(e, counters)).length}
                  onReset={() => void store.reset()}
                />
              )}
              <Actors
                state={state}
                scenario={scenario}
                snap={snap}
                store={store}
                locale={locale}
                counters={counters}
                lanesClass={s.lanes}
              />
              <Narration text={state.announcement} serial={state.announced} alarm={state.alarm} />
              <details class={s.inside} open>
                <summary>{stageTitle(scenario.engine, locale)}</summary>
                <div class={s.insideBody}>
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
                </div>
              </details>
            </section>
          </main>
        )}

        {snap && lesson && (
          <div class={s.foot} role="toolbar" aria-label={t('time.schedule')}>
            <button
              type="button"
              class={s.btn}
              onClick={() => void store.reset()}
              disabled={state.busy}
              data-testid="reset"
            >
              <Icon name="reset" /> {t('time.reset')}
            </button>
            <button
              type="button"
              class={s.btn}
              onClick={() => void store.back()}
              disabled={state.busy || snap.state.step === 0}
              data-testid="back"
            >
              <Icon name="back" /> {t('time.back')}
            </button>
            <button
              type="button"
              class={s.btn}
              onClick={() => void store.forward()}
              disabled={state.busy || snap.state.step >= snap.state.steps_recorded}
              data-testid="forward"
            >
              {t('time.forward')} <Icon name="forward" />
            </button>
            <StepBar
              step={snap.state.step}
              recorded={snap.state.steps_recorded}
              marked={null}
              marks={
                state.variantDiff && !state.variantDiff.same
                  ? [
                      {
                        step: state.variantDiff.step,
                        label: t('time.marked', { step: state.variantDiff.step }),
                      },
                    ]
                  : []
              }
              onGoto={(n) => void store.goto(n)}
            />
          </div>
        )}
      </div>
    </BadgePeers.Provider>
  );
}
