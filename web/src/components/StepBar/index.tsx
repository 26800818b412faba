/*
 * The step bar: where the run is among the recorded steps.  Click or drag it
 * (or use the arrow keys on it) to go to any recorded step; the store replays
 * only the latest target while dragging.  A diagram arrow under the pointer
 * marks its step(s) here.
 */
import { t } from '../../i18n';
import type { StepRange } from '../../model/mermaid';
import s from './style.module.css';

export interface StepBarProps {
  step: number;
  recorded: number;
  marked: StepRange | null;
  /** marks on the bar (e.g. where two variants' runs part), drawn as flagged ticks */
  marks?: { step: number; label: string }[];
  onGoto: (step: number) => void;
}

export function StepBar({ step, recorded, marked, marks = [], onGoto }: StepBarProps) {
  const pct = (n: number) => (recorded > 0 ? (100 * Math.min(recorded, Math.max(0, n))) / recorded : 0);
  const markFrom = marked ? pct(Math.max(0, marked.from - 1)) : 0;
  const markTo = marked ? pct(marked.to) : 0;
  return (
    <div class={s.progress}>
      <span class={s.step} data-testid="step-count">
        {recorded > step ? t('time.stepOf', { step, total: recorded }) : t('time.step', { step })}
      </span>
      <div class={s.rail}>
        <span class={s.track} aria-hidden="true">
          {recorded > step && <span class={s.future} />}
          <span class={s.fill} style={{ width: `${pct(step)}%` }} />
        </span>
        {marks.map((k) => (
          <span
            key={`${k.step}-${k.label}`}
            class={s.tick}
            style={{ left: `${pct(k.step)}%` }}
            title={k.label}
            data-testid="timeline-mark"
            data-step={k.step}
          >
            <span class={s.flag} aria-hidden="true">
              ⇄ {k.step}
            </span>
            <span class="visually-hidden">{k.label}</span>
          </span>
        ))}
        {marked && recorded > 0 && (
          <span
            class={s.mark}
            style={{ left: `${markFrom}%`, width: `${Math.max(0, markTo - markFrom)}%` }}
            data-testid="step-marker"
            data-from={marked.from}
            data-to={marked.to}
          >
            <span class={s.markLabel}>
              {marked.from === marked.to
                ? t('time.marked', { step: marked.to })
                : t('time.markedRange', { from: marked.from, to: marked.to })}
            </span>
          </span>
        )}
        <input
          class={s.range}
          type="range"
          min={0}
          max={Math.max(recorded, 0)}
          step={1}
          value={step}
          disabled={recorded === 0}
          aria-label={t('time.scrub')}
          aria-valuetext={
            recorded > step ? t('time.stepOf', { step, total: recorded }) : t('time.step', { step })
          }
          onInput={(e) => onGoto(Number((e.currentTarget as HTMLInputElement).value))}
          data-testid="step-bar"
        />
      </div>
    </div>
  );
}
