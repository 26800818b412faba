/* The banner at the end of a run: finished, a check failed, stuck, or an error. */
import { t } from '../../i18n';
import type { OutcomeView } from '../../model/format';
import { Icon } from '../Icon';
import s from './style.module.css';

const ICONS = { done: '✓', violation: '✗', stuck: '⚠', error: '!' } as const;

export function Outcome({
  view,
  schedule,
  lostUpdates,
  onReset,
}: {
  view: OutcomeView;
  schedule: string;
  lostUpdates: number;
  onReset: () => void;
}) {
  return (
    <section class={s.banner} data-tone={view.tone} data-testid="outcome" aria-labelledby="outcome-title">
      <span class={s.icon} aria-hidden="true">
        {ICONS[view.tone]}
      </span>
      <div class={s.body}>
        <h2 id="outcome-title" class={s.title}>
          {view.title}
          {view.step !== undefined && <span class={s.at}> {t('outcome.atStep', { step: view.step })}</span>}
        </h2>
        {view.details.map((d, i) => (
          <p
            key={i}
            class={view.tone === 'done' || view.quote ? s.prose : s.detail}
            data-testid={view.quote ? 'outcome-line' : 'outcome-detail'}
          >
            {d}
          </p>
        ))}
        {view.quote && (
          <figure class={s.quote}>
            <figcaption class={s.quoteBy}>{t('outcome.engineSays')}</figcaption>
            <blockquote lang="en" data-testid="outcome-detail">
              {view.quote}
            </blockquote>
          </figure>
        )}
        {view.tone === 'violation' && lostUpdates > 0 && <p class={s.hint}>{t('outcome.lostHint')}</p>}
        {schedule && (
          <p class={s.replay}>
            {t('outcome.schedule')} <code>{schedule}</code>
          </p>
        )}
      </div>
      <button type="button" class={s.again} onClick={onReset}>
        <Icon name="reset" /> {t('time.reset')}
      </button>
    </section>
  );
}
