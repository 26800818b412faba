/*
 * The lesson column: the goal in one sentence, the lesson's text, the beats
 * said as the learner steps, the predict prompt where the lesson asks, an
 * offer to finish a spin loop, hints in three levels on request, and once
 * the goal is reached, what the learner saw and where it matters; then the
 * previous and next lessons.  What to say comes from model/lesson.ts.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { LessonInfo } from '../../bridge/lessonTypes';
import type { Snapshot } from '../../bridge/types';
import { t, type Locale } from '../../i18n';
import {
  HINT_LEVELS,
  choose,
  hintNow,
  inLocale,
  questionNow,
  remember,
  saidBeats,
  spinningActors,
  type AskedMap,
} from '../../model/lesson';
import type { EmbedCode } from '../../model/embed';
import { formatCount } from '../../model/explore';
import { actorNoun } from '../../model/keys';
import { ActorBadge } from '../ActorBadge';
import { EmbedButton } from '../EmbedButton';
import { InlineText } from '../InlineText';
import { Markdown } from '../Markdown';
import { keepInView } from '../Narration/keepInView';
import s from './style.module.css';
import { carriesDocument } from '../../model/params';

export interface LessonLink {
  id: string;
  title: string | null;
}

export interface LessonPanelProps {
  lesson: LessonInfo;
  snap: Snapshot;
  locale: Locale;
  /** the goal is reached at this moment */
  reached: boolean;
  /** reached before, in this browser */
  reachedBefore: boolean;
  /** the lesson's place in the course */
  position?: { n: number; count: number };
  prev?: LessonLink | null;
  next?: LessonLink | null;
  onOpenLesson?: (id: string) => void;
  onIndex?: () => void;
  onStep: (actor: number) => void;
  onFinishSpin: (actor: number) => void;
  /** the learner opened a hint level */
  onHint?: () => void;
  /** a proven lesson's proof, run once the goal is reached: its executions, or null if it did not finish */
  proveCorrect?: () => Promise<{ executions: number } | null>;
  /** the code that embeds this lesson at this moment (the Embed button) */
  embed?: () => EmbedCode;
  /** the compact page (embed): the lesson's text folds away */
  compact?: boolean;
  busy?: boolean;
}

export function LessonPanel(p: LessonPanelProps) {
  const { lesson, snap, locale } = p;
  const names = snap.state.actors.map((a) => a.name);
  const indexOf = (name: string) => names.indexOf(name);
  const step = snap.state.step;

  const beats = useMemo(() => saidBeats(lesson, snap), [lesson, snap]);
  const hint = useMemo(() => hintNow(lesson, snap), [lesson, snap]);
  const spinning = useMemo(() => spinningActors(snap), [snap]);

  // the predict prompt: what the page asked, and the learner's answers
  const [asked, setAsked] = useState<AskedMap>({});
  const question = useMemo(() => questionNow(lesson, snap, asked), [lesson, snap, asked]);
  useEffect(() => {
    const next = remember(asked, question, step);
    if (next !== asked) setAsked(next);
  }, [question, step]);

  // on a phone, a question that opens is scrolled into view (it sits under the threads)
  const card = useRef<HTMLElement>(null);
  const opened = question?.phase === 'ask' ? question.index : null;
  useEffect(() => {
    if (opened !== null) keepInView(card.current);
  }, [opened]);

  // hints: how many levels are open, per stage (a new stage starts folded)
  const [level, setLevel] = useState<{ stage: number; n: number }>({ stage: hint.stage, n: 0 });
  const open = level.stage === hint.stage ? level.n : 0;
  const more = () => {
    setLevel({ stage: hint.stage, n: Math.min(HINT_LEVELS, open + 1) });
    p.onHint?.();
  };

  // the latest beat stays in view: the list scrolls to it, and on a wide screen the column
  // too (on a phone the page would scroll away from the threads, so it does not)
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    if (typeof matchMedia === 'function' && matchMedia('(min-width: 1101px) and (min-height: 560px)').matches)
      el.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [beats.length]);

  // the lesson's text is open until the learner's first step, then folds away for the narration
  const started = step > lesson.startSteps;
  // on a phone it starts folded too: the goal and the threads come first
  const narrow = typeof matchMedia === 'function' && matchMedia('(max-width: 760px)').matches;
  const [bodyOpen, setBodyOpen] = useState(!started && !p.compact && !narrow);
  // On a phone the goal is one line; a tap shows all of it (and a second folds it again).
  const [goalWhole, setGoalWhole] = useState(false);
  const wasStarted = useRef(started);
  useEffect(() => {
    if (started && !wasStarted.current) setBodyOpen(false);
    wasStarted.current = started;
  }, [started]);

  // a proven lesson: once the goal is reached, the complete search under correct says so in the recap
  const [proof, setProof] = useState<{ executions: number } | 'running' | 'failed' | null>(null);
  const proving = useRef(false);
  useEffect(() => {
    if (!lesson.proven || !p.reached || !p.proveCorrect || proving.current) return;
    proving.current = true;
    setProof('running');
    p.proveCorrect().then(
      (r) => setProof(r ?? 'failed'),
      () => setProof('failed'),
    );
  }, [lesson.proven, p.reached]);

  const h = hint.hint;
  const nextActor = hint.solutionNext ?? h?.next.actor ?? null;
  const spinActor = spinning.find((i) => names[i] === nextActor) ?? spinning[0];
  const spinName = spinActor !== undefined ? names[spinActor]! : null;
  const keyOf = (i: number) => (i < 9 ? String(i + 1) : '');

  return (
    <div
      class={p.compact ? `${s.panel} ${s.compact}` : s.panel}
      data-testid="lesson-panel"
      data-lesson={lesson.id}
    >
      {/* the head (where the lesson stands, the goal) stays; the body under it scrolls on its own,
          so nothing of the lesson ever passes under the goal */}
      <div class={s.head}>
        {(p.position || p.onIndex || p.embed) && (
          <div class={s.top}>
            {p.position && (
              <span class={s.position} data-testid="lesson-position">
                {t('lesson.of', { n: p.position.n, count: p.position.count })}
              </span>
            )}
            <span class={s.topTools}>
              {p.onIndex && (
                <button
                  type="button"
                  class={s.linkButton}
                  onClick={p.onIndex}
                  data-testid="lesson-index-open"
                >
                  {t('lesson.all')}
                </button>
              )}
              {p.embed && <EmbedButton code={p.embed} />}
              {p.embed && (
                // the author page: a lesson from a link opens with its document, a course lesson by id
                <a
                  class={s.linkButton}
                  href={
                    carriesDocument(location.hash)
                      ? `author.html${location.hash}`
                      : `author.html?lesson=${encodeURIComponent(lesson.id)}`
                  }
                  data-testid="lesson-edit"
                >
                  {t('lesson.edit')}
                </a>
              )}
            </span>
          </div>
        )}

        <section class={p.reached ? `${s.goal} ${s.goalDone}` : s.goal} aria-labelledby="lesson-goal-title">
          <h2 id="lesson-goal-title" class={s.goalLabel}>
            <span class={s.goalIcon} aria-hidden="true">
              {p.reached ? '✓' : '◎'}
            </span>
            {p.reached ? t('lesson.goalReached') : t('lesson.goal')}
            {!p.reached && p.reachedBefore && <span class={s.before}>{t('lesson.reachedBefore')}</span>}
          </h2>
          <p
            class={goalWhole ? `${s.goalText} ${s.goalWhole}` : s.goalText}
            data-testid="lesson-goal"
            onClick={() => setGoalWhole((w) => !w)}
          >
            <InlineText text={inLocale(lesson.goal.text, locale)} />
          </p>
        </section>
      </div>

      <div class={s.body} data-testid="lesson-scroll">
        <details
          class={s.about}
          open={bodyOpen}
          onToggle={(e) => setBodyOpen((e.currentTarget as HTMLDetailsElement).open)}
        >
          <summary data-testid="lesson-about">{t('lesson.about')}</summary>
          <Markdown
            source={inLocale(lesson.body, locale)}
            html={lesson.bodyHtml && inLocale(lesson.bodyHtml, locale)}
            lang={locale}
            testId="lesson-body"
          />
        </details>
        {p.reached && (
          <section class={s.recap} data-testid="lesson-recap" aria-labelledby="lesson-recap-title">
            <h3 id="lesson-recap-title" class={s.heading}>
              {t('lesson.recap')}
            </h3>
            <p>
              <InlineText text={inLocale(lesson.recap, locale)} />
            </p>
            {proof !== null && (
              <p
                class={s.proof}
                data-testid="lesson-proof"
                data-proof={typeof proof === 'object' ? 'proven' : proof}
              >
                {proof === 'running'
                  ? t('lesson.proving')
                  : proof === 'failed'
                    ? t('lesson.proofFailed')
                    : t('lesson.proven', { executions: formatCount(proof.executions) })}
              </p>
            )}
            <h3 class={s.heading}>{t('lesson.realWorld')}</h3>
            <p data-testid="lesson-real-world">
              <InlineText text={inLocale(lesson.realWorld, locale)} />
            </p>
          </section>
        )}
        {lesson.startSteps > 0 && step >= lesson.startSteps && beats.length === 0 && (
          <p class={s.setup} data-testid="lesson-setup">
            {lesson.opening ? (
              <InlineText text={inLocale(lesson.opening, locale)} />
            ) : (
              t('lesson.setup', { steps: lesson.startSteps })
            )}
          </p>
        )}

        {question && (
          <section
            ref={card}
            class={question.phase === 'ask' ? `${s.card} ${s.predict}` : `${s.card} ${s.reveal}`}
            aria-labelledby="lesson-predict-title"
            data-testid="lesson-predict"
            data-phase={question.phase}
          >
            <h3 id="lesson-predict-title" class={s.cardTitle}>
              <span aria-hidden="true">?</span> {t('lesson.predict.title')}
            </h3>
            <p class={s.ask}>
              <InlineText text={inLocale(question.question.ask, locale)} />
            </p>
            {question.phase === 'ask' ? (
              <>
                <div
                  class={s.choices}
                  role="radiogroup"
                  aria-labelledby="lesson-predict-title"
                  onKeyDown={(e) => {
                    // a radio group: the arrows move the choice (and the focus) between the answers
                    const by = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[e.key];
                    if (by === undefined) return;
                    e.preventDefault();
                    e.stopPropagation(); // ← → are also the app's time keys
                    const n = question.question.choices.length;
                    const j = ((question.choice ?? (by > 0 ? -1 : 0)) + by + n) % n;
                    setAsked(choose(asked, question.index, j, step, question.actor));
                    const box = e.currentTarget as HTMLElement;
                    requestAnimationFrame(() =>
                      box.querySelectorAll<HTMLElement>('[role=radio]')[j]?.focus(),
                    );
                  }}
                >
                  {question.question.choices.map((c, i) => (
                    <button
                      key={i}
                      type="button"
                      role="radio"
                      aria-checked={question.choice === i}
                      tabIndex={question.choice === i || (question.choice === null && i === 0) ? 0 : -1}
                      class={question.choice === i ? `${s.choice} ${s.chosen}` : s.choice}
                      onClick={() => setAsked(choose(asked, question.index, i, step, question.actor))}
                      data-testid="lesson-choice"
                    >
                      <span class={s.choiceMark} aria-hidden="true">
                        {String.fromCharCode(65 + i)}
                      </span>
                      <InlineText text={inLocale(c, locale)} />
                    </button>
                  ))}
                </div>
                <p class={s.then}>
                  {question.choice === null
                    ? t('lesson.predict.then', { actor: question.actor })
                    : t('lesson.predict.picked', { actor: question.actor })}
                </p>
              </>
            ) : (
              <>
                <p
                  class={question.correct === false ? `${s.verdict} ${s.wrong}` : s.verdict}
                  data-testid="lesson-verdict"
                >
                  {question.correct === true
                    ? t('lesson.predict.right')
                    : question.correct === false
                      ? t('lesson.predict.wrong', {
                          answer: inLocale(question.question.choices[question.question.answerIndex], locale),
                        })
                      : t('lesson.predict.skipped', {
                          answer: inLocale(question.question.choices[question.question.answerIndex], locale),
                        })}
                </p>
                <p class={s.explain}>
                  <InlineText text={inLocale(question.question.explain, locale)} />
                </p>
              </>
            )}
          </section>
        )}

        {spinName !== null && spinActor !== undefined && (
          <section
            class={`${s.card} ${s.spin}`}
            data-testid="lesson-spin"
            aria-labelledby="lesson-spin-title"
          >
            <h3 id="lesson-spin-title" class={s.cardTitle}>
              <span aria-hidden="true">↻</span> {t('lesson.spin.title', { actor: spinName })}
            </h3>
            <p class={s.small}>{t('lesson.spin.text', { actor: spinName })}</p>
            <button
              type="button"
              class={s.action}
              onClick={() => p.onFinishSpin(spinActor)}
              disabled={p.busy}
              data-testid="finish-spin"
            >
              <ActorBadge name={spinName} index={spinActor} />
              {t('lesson.spin.button', { actor: spinName })}
            </button>
          </section>
        )}

        <section class={s.along} aria-labelledby="lesson-along-title">
          <h3 id="lesson-along-title" class={s.heading}>
            {t('lesson.along')}
          </h3>
          {beats.length === 0 ? (
            <p class={s.empty}>
              {t(actorNoun(snap.state.actors) === 'task' ? 'lesson.alongEmptyTasks' : 'lesson.alongEmpty')}
            </p>
          ) : (
            <ol class={s.beats} ref={list} data-testid="lesson-beats">
              {beats.map((b, i) => (
                <li
                  key={`${b.step}-${b.index}`}
                  class={i === beats.length - 1 ? `${s.beat} ${s.latest}` : s.beat}
                  data-testid="lesson-beat"
                >
                  <span class={s.beatStep}>{t('lesson.stepN', { step: b.step })}</span>
                  <span>
                    <InlineText text={inLocale(b.say, locale)} />
                  </span>
                </li>
              ))}
            </ol>
          )}
          {beats.length > 0 && (
            <p class="visually-hidden" aria-live="polite">
              {inLocale(beats[beats.length - 1]!.say, locale)}
            </p>
          )}
        </section>

        {!p.reached && (
          <section class={s.hints} aria-labelledby="lesson-hints-title" data-testid="lesson-hints">
            <h3 id="lesson-hints-title" class={s.heading}>
              {t('lesson.hint.title')}
            </h3>
            {h ? (
              <>
                {open >= 1 && (
                  <p class={s.hint} data-level="nudge" data-testid="hint-nudge">
                    <span class={s.hintLevel}>{t('lesson.hint.nudge')}</span>
                    <InlineText text={inLocale(h.nudge, locale)} />
                  </p>
                )}
                {open >= 2 && (
                  <p class={s.hint} data-level="direction" data-testid="hint-direction">
                    <span class={s.hintLevel}>{t('lesson.hint.direction')}</span>
                    <InlineText text={inLocale(h.direction, locale)} />
                  </p>
                )}
                {open >= 3 && !hint.onPath && (
                  <p class={s.offPath} data-testid="hint-off-path">
                    {t('lesson.hint.offPath')}
                  </p>
                )}
                {open >= 3 && nextActor && (
                  <div class={s.hint} data-level="next" data-testid="hint-next">
                    <span class={s.hintLevel}>{t('lesson.hint.nextLevel')}</span>
                    <p class={s.hintText}>
                      <InlineText text={inLocale(h.next, locale)} />
                    </p>
                    {indexOf(nextActor) >= 0 && snap.state.outcome === 'running' && (
                      <button
                        type="button"
                        class={s.action}
                        onClick={() => p.onStep(indexOf(nextActor))}
                        disabled={p.busy || snap.state.actors[indexOf(nextActor)]?.status !== 'enabled'}
                        data-testid="hint-step"
                      >
                        <ActorBadge name={nextActor} index={indexOf(nextActor)} />
                        {t('lesson.hint.stepIt', { actor: nextActor })}
                        {keyOf(indexOf(nextActor)) && <kbd class={s.kbd}>{keyOf(indexOf(nextActor))}</kbd>}
                      </button>
                    )}
                  </div>
                )}
                {open >= 1 && spinName !== null && spinName === nextActor && spinActor !== undefined && (
                  <p class={`${s.hint} ${s.tipBox}`} data-testid="hint-spin">
                    <span aria-hidden="true">↻ </span>
                    {t('lesson.spin.hint', { actor: spinName, key: keyOf(spinActor) })}
                  </p>
                )}
                {open < HINT_LEVELS && (
                  <button type="button" class={s.more} onClick={more} data-testid="hint-more">
                    {open === 0
                      ? t('lesson.hint.button')
                      : open === 1
                        ? t('lesson.hint.more')
                        : t('lesson.hint.showNext')}
                  </button>
                )}
              </>
            ) : (
              <p class={s.empty}>{t('lesson.hint.none')}</p>
            )}
          </section>
        )}

        {(p.prev || p.next) && p.onOpenLesson && (
          <nav class={s.nav} aria-label={t('lesson.navLabel')}>
            {p.prev ? (
              <button
                type="button"
                class={s.navButton}
                onClick={() => p.onOpenLesson!(p.prev!.id)}
                data-testid="lesson-prev"
              >
                <span class={s.navDir}>← {t('lesson.prev')}</span>
                {p.prev.title && <span class={s.navTitle}>{p.prev.title}</span>}
              </button>
            ) : (
              <span />
            )}
            {p.next && (
              <button
                type="button"
                class={p.reached ? `${s.navButton} ${s.navNext} ${s.navGo}` : `${s.navButton} ${s.navNext}`}
                onClick={() => p.onOpenLesson!(p.next!.id)}
                data-testid="lesson-next"
              >
                <span class={s.navDir}>{t('lesson.next')} →</span>
                {p.next.title && <span class={s.navTitle}>{p.next.title}</span>}
              </button>
            )}
          </nav>
        )}
      </div>
    </div>
  );
}
