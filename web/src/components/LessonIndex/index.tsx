/*
 * The course: every lesson, grouped by engine in course order, each with its
 * goal and whether the learner reached it (progress kept in this browser);
 * and the way to the sandbox (every scenario).  A modal dialog; Escape
 * closes it.  The list and the engines' names are chunks fetched on first
 * opening; until they answer the dialog says it is reading the lessons.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { loadCards } from '../../engines';
import { t, type Locale } from '../../i18n';
import { inLocale } from '../../model/lesson';
import { groupLessons, indexNumbers, type LessonSummary } from '../../model/lessonList';
import type { Progress } from '../../model/progress';
import { engineName } from '../ScenarioPicker';
import dialog from '../../styles/dialog.module.css';
import { InlineText } from '../InlineText';
import s from './style.module.css';

export interface LessonIndexProps {
  open: boolean;
  /** the open lesson's id (null in the sandbox) */
  current: string | null;
  locale: Locale;
  progress: Progress;
  /** every lesson's engine, title and goal (read on first opening) */
  describe: () => Promise<LessonSummary[]>;
  onPick: (id: string) => void;
  onSandbox: () => void;
  onClose: () => void;
}

export function LessonIndex(p: LessonIndexProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [list, setList] = useState<LessonSummary[] | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (p.open && !d.open) d.showModal();
    if (!p.open && d.open) d.close();
    // the engines' names (their cards) with the list, so no heading shows an id first
    if (p.open && !list)
      Promise.all([p.describe(), loadCards()]).then(
        ([l]) => setList(l),
        () => setList([]),
      );
  }, [p.open]);
  useEffect(() => {
    if (p.open) ref.current?.querySelector<HTMLElement>('[aria-current="true"]')?.focus();
  }, [p.open, list]);
  // the list only while open: the page re-renders on every step
  const groups = list && p.open ? groupLessons(list) : [];
  // each lesson's number is its place in this list (the panel says the same), not its file's
  const numbers = list && p.open ? indexNumbers(list) : new Map<string, number>();
  const done = list ? list.filter((l) => p.progress[l.id]).length : 0;
  return (
    <dialog
      ref={ref}
      class={`${dialog.dialog} ${s.dialog}`}
      onClose={p.onClose}
      onClick={(e) => e.target === ref.current && p.onClose()}
      onKeyDown={(e) => e.key !== 'Escape' && e.stopPropagation()}
      aria-labelledby="lesson-index-title"
      data-testid="lesson-index"
    >
      <div class={s.inner}>
        <header class={s.head}>
          <h2 id="lesson-index-title" class={s.title}>
            {t('lesson.index.title')}
          </h2>
          <p class={s.lead}>{t('lesson.index.lead')}</p>
          {list && list.length > 0 && (
            <p class={s.tally} data-testid="lesson-index-tally">
              <span class={s.bar} aria-hidden="true">
                <span style={{ width: `${(100 * done) / list.length}%` }} />
              </span>
              {t('lesson.index.tally', { done, count: list.length })}
            </p>
          )}
        </header>
        <div class={s.groups}>
          {!list && <p class={s.loading}>{t('lesson.index.loading')}</p>}
          {groups.map((g) => (
            <section key={g.engine} class={s.group} aria-labelledby={`lessons-${g.engine}`}>
              <h3 id={`lessons-${g.engine}`} class={s.engine}>
                {engineName(g.engine)}
              </h3>
              <ol class={s.list}>
                {g.lessons.map((l) => {
                  const reached = !!p.progress[l.id];
                  const here = l.id === p.current;
                  return (
                    <li key={l.id}>
                      <button
                        type="button"
                        class={s.item}
                        aria-current={here ? 'true' : undefined}
                        onClick={() => p.onPick(l.id)}
                        data-id={l.id}
                        data-reached={reached ? 'true' : 'false'}
                        data-testid="lesson-item"
                      >
                        <span class={s.order} aria-hidden="true">
                          {numbers.get(l.id)}
                        </span>
                        <span class={s.text}>
                          <span class={s.itemTitle}>{inLocale(l.title, p.locale) || l.id}</span>
                          <span class={s.goal}>
                            <InlineText text={inLocale(l.goal, p.locale)} />
                          </span>
                        </span>
                        <span
                          class={reached ? `${s.state} ${s.reached}` : s.state}
                          data-testid="lesson-state"
                        >
                          <span aria-hidden="true">{reached ? '✓' : '○'}</span>{' '}
                          {reached ? t('lesson.index.reached') : t('lesson.index.notYet')}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ol>
            </section>
          ))}
        </div>
        <footer class={s.foot}>
          <button type="button" class={s.sandbox} onClick={p.onSandbox} data-testid="lesson-index-sandbox">
            {t('lesson.index.sandbox')}
          </button>
          <form method="dialog" class={s.closeForm}>
            <button class={s.close} type="submit">
              {t('keys.close')}
            </button>
          </form>
        </footer>
      </div>
    </dialog>
  );
}
