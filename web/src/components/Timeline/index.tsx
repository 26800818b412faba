/*
 * Moving in time: reset, back, forward along the recorded run; play/pause and
 * the speed; the step bar (click or drag to go to any step); the schedule so
 * far (editable); Share.
 */
import { t } from '../../i18n';
import type { StepRange } from '../../model/mermaid';
import type { PlayPolicy } from '../../model/play';
import { Icon } from '../Icon';
import { PlayControls } from '../PlayControls';
import { ScheduleField } from '../ScheduleField';
import { ShareButton } from '../ShareButton';
import { StepBar } from '../StepBar';
import s from './style.module.css';

export interface TimelineProps {
  step: number;
  recorded: number;
  schedule: string;
  /** the whole recorded run's schedule, when the current step is before its end */
  fullSchedule?: string;
  busy: boolean;
  onReset: () => void;
  onBack: () => void;
  onForward: () => void;
  playing: boolean;
  speed: number;
  policy: PlayPolicy;
  /** the run can still move (play has something to do) */
  canPlay: boolean;
  /** why Play waits for the learner (it is then disabled) */
  playLocked?: string;
  onPlay: () => void;
  onSpeed: (i: number) => void;
  onPolicy: (p: PlayPolicy) => void;
  /** steps a hovered diagram arrow stands for */
  marked: StepRange | null;
  /** marks on the step bar, e.g. where two variants' runs part */
  marks?: { step: number; label: string }[];
  onGoto: (step: number) => void;
  onSchedule: (text: string) => Promise<string | null>;
  /** the address of this moment */
  shareUrl: () => string;
}

export function Timeline(p: TimelineProps) {
  const { step, recorded, busy } = p;
  return (
    <div class={s.bar} role="toolbar" aria-label={t('time.schedule')}>
      <div class={s.buttons}>
        <button
          type="button"
          class={s.btn}
          onClick={p.onReset}
          disabled={busy || (step === 0 && recorded === 0)}
          aria-keyshortcuts="Home"
          aria-label={t('time.reset')}
          data-testid="reset"
        >
          <Icon name="reset" /> <span class={s.words}>{t('time.reset')}</span>
        </button>
        <button
          type="button"
          class={s.btn}
          onClick={p.onBack}
          disabled={busy || step === 0}
          aria-keyshortcuts="ArrowLeft"
          aria-label={t('time.back')}
          data-testid="back"
        >
          <Icon name="back" /> <span class={s.words}>{t('time.back')}</span>
        </button>
        <button
          type="button"
          class={s.btn}
          onClick={p.onForward}
          disabled={busy || step >= recorded}
          aria-keyshortcuts="ArrowRight"
          aria-label={t('time.forward')}
          data-testid="forward"
        >
          <span class={s.words}>{t('time.forward')}</span> <Icon name="forward" />
        </button>
      </div>
      <PlayControls
        playing={p.playing}
        speed={p.speed}
        policy={p.policy}
        disabled={!p.canPlay || !!p.playLocked}
        lockedNote={p.playLocked}
        onToggle={p.onPlay}
        onSpeed={p.onSpeed}
        onPolicy={p.onPolicy}
      />
      <StepBar step={step} recorded={recorded} marked={p.marked} marks={p.marks} onGoto={p.onGoto} />
      <ScheduleField schedule={p.schedule} full={p.fullSchedule} busy={busy} onApply={p.onSchedule} />
      <ShareButton url={p.shareUrl} />
    </div>
  );
}
