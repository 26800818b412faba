/*
 * The lesson's goal is reached: the banner says so (and celebrates it), says
 * what happened (the run's ending, the engine's own words, the step that
 * reached the goal and what the lesson said at it), offers to replay the same steps under the correct variant
 * when the lesson is about a bug, and leads on to the next lesson.
 */
import type { LessonInfo } from '../../bridge/lessonTypes';
import { t, tn, type Locale } from '../../i18n';
import type { OutcomeView } from '../../model/format';
import type { GoalMoment } from '../../model/goalMoment';
import { inLocale } from '../../model/lesson';
import { Icon } from '../Icon';
import { InlineText } from '../InlineText';
import s from './style.module.css';

export interface GoalBannerProps {
  lesson: LessonInfo;
  locale: Locale;
  /** the learner's steps after the lesson's start */
  step: number;
  /** who reached it, when not the learner (the win is then not theirs and not saved) */
  by?: 'player' | 'explorer' | 'replay' | null;
  variant: string;
  outcome: OutcomeView | null;
  /** the step that reached the goal, in words, and what the lesson said at it */
  moment: GoalMoment | null;
  saved: boolean;
  next: { id: string; title: string | null } | null;
  onReplayCorrect?: () => void;
  /** leads on to the next lesson (the app); without it (the embed) the banner says nothing of the course */
  onNext?: (id: string) => void;
  onAgain: () => void;
  busy?: boolean;
}

export function GoalBanner(p: GoalBannerProps) {
  const { lesson, locale, outcome } = p;
  const canReplay =
    lesson.bug && p.variant !== 'correct' && lesson.variants.includes('correct') && p.onReplayCorrect;
  return (
    <section
      class={p.by ? `${s.banner} ${s.helped}` : s.banner}
      data-testid="goal-banner"
      data-by={p.by ?? 'learner'}
      aria-labelledby="goal-banner-title"
      role="status"
    >
      {!p.by && (
        <div class={s.burst} aria-hidden="true">
          {Array.from({ length: 12 }, (_, i) => (
            <span key={i} style={{ '--i': i }} />
          ))}
        </div>
      )}
      <span class={s.medal} aria-hidden="true">
        {p.by ? '⚙' : '★'}
      </span>
      <div class={s.body}>
        <h2 id="goal-banner-title" class={s.title}>
          {p.by === 'player'
            ? t('lesson.banner.byPlayer')
            : p.by === 'explorer'
              ? t('lesson.banner.byExplorer')
              : p.by === 'replay'
                ? t('lesson.banner.byReplay')
                : tn('lesson.banner.learnerSteps', p.step)}
        </h2>
        {p.by && (
          <p class={s.notYours} data-testid="goal-not-yours">
            {t('lesson.banner.notYours')}
          </p>
        )}
        <p class={s.goal}>
          <InlineText text={inLocale(lesson.goal.text, locale)} />
        </p>
        <div class={s.what}>
          <h3 class={s.whatTitle}>{t('lesson.banner.what')}</h3>
          {outcome && (
            <p class={s.outcome} data-tone={outcome.tone} data-testid="goal-outcome">
              {outcome.title}
              {outcome.details.length > 0 && <span class={s.detail}> — {outcome.details.join(' ')}</span>}
            </p>
          )}
          {p.moment && (
            <p class={s.beat} data-testid="goal-moment">
              {p.moment.text}
              {p.moment.beats.map((b) => (
                <span key={b.index}>
                  {' '}
                  <InlineText text={inLocale(b.say, locale)} />
                </span>
              ))}
            </p>
          )}
          {outcome?.quote && (
            <blockquote class={s.quote} lang="en">
              <span class={s.quoteBy}>{t('outcome.engineSays')}</span> {outcome.quote}
            </blockquote>
          )}
        </div>
        {canReplay && <p class={s.replayHint}>{t('lesson.banner.replayHint')}</p>}
        <div class={s.buttons}>
          {canReplay && (
            <button
              type="button"
              class={`${s.btn} ${s.primary}`}
              onClick={p.onReplayCorrect}
              disabled={p.busy}
              data-testid="replay-correct"
            >
              <Icon name="reset" /> {t('lesson.banner.replayCorrect', { variant: 'correct' })}
            </button>
          )}
          {p.next && p.onNext && (
            <button
              type="button"
              class={canReplay ? s.btn : `${s.btn} ${s.primary}`}
              onClick={() => p.onNext!(p.next!.id)}
              data-testid="goal-next"
            >
              {t('lesson.banner.next', { title: p.next.title ?? p.next.id })} →
            </button>
          )}
          <button type="button" class={s.btn} onClick={p.onAgain} disabled={p.busy}>
            {t('lesson.banner.again')}
          </button>
        </div>
        {p.saved && !p.by && (
          <p class={s.saved} data-testid="goal-saved">
            ✓ {t('lesson.banner.saved')}
          </p>
        )}
        {!p.next && p.onNext && <p class={s.saved}>{t('lesson.banner.last')}</p>}
      </div>
    </section>
  );
}
