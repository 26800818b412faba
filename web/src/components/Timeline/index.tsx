/* Moving in time: reset, back, forward along the recorded run; the schedule so far. */
import { useState } from 'preact/hooks';
import { t } from '../../i18n';
import { Icon } from '../Icon';
import s from './style.module.css';

export interface TimelineProps {
  step: number;
  recorded: number;
  schedule: string;
  busy: boolean;
  onReset: () => void;
  onBack: () => void;
  onForward: () => void;
}

export function Timeline({ step, recorded, schedule, busy, onReset, onBack, onForward }: TimelineProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      setCopied(true);
      setTimeout(() => setCopied(false), 1600);
    } catch {
      setCopied(false);
    }
  };
  const shown = schedule.replace(/^v1:\s*/, '');
  return (
    <div class={s.bar} role="toolbar" aria-label={t('time.schedule')}>
      <div class={s.buttons}>
        <button
          type="button"
          class={s.btn}
          onClick={onReset}
          disabled={busy || step === 0}
          aria-keyshortcuts="Home"
          data-testid="reset"
        >
          <Icon name="reset" /> {t('time.reset')}
        </button>
        <button
          type="button"
          class={s.btn}
          onClick={onBack}
          disabled={busy || step === 0}
          aria-keyshortcuts="ArrowLeft"
          data-testid="back"
        >
          <Icon name="back" /> {t('time.back')}
        </button>
        <button
          type="button"
          class={s.btn}
          onClick={onForward}
          disabled={busy || step >= recorded}
          aria-keyshortcuts="ArrowRight"
          data-testid="forward"
        >
          {t('time.forward')} <Icon name="forward" />
        </button>
      </div>
      <div class={s.progress}>
        <span class={s.step} data-testid="step-count">
          {recorded > step ? t('time.stepOf', { step, total: recorded }) : t('time.step', { step })}
        </span>
        <span class={s.track} aria-hidden="true">
          <span class={s.fill} style={{ width: `${recorded ? (100 * step) / recorded : 0}%` }} />
        </span>
      </div>
      <div class={s.schedule} title={t('time.scheduleHint')}>
        <span class={s.label}>{t('time.schedule')}</span>
        <code class={s.code} data-testid="schedule">
          {schedule ? (
            <>
              <span class={s.version}>v1:</span> {shown || '—'}
            </>
          ) : (
            '—'
          )}
        </code>
        <button type="button" class={s.link} onClick={copy} disabled={!schedule}>
          <Icon name="link" /> {copied ? t('time.copied') : t('time.copyLink')}
        </button>
      </div>
    </div>
  );
}
