/*
 * Play / pause (Space) and the speed: the player steps on its own, along the
 * recorded future first (a loaded counterexample), then by the chosen policy
 * (round-robin by default).
 */
import { t, type MessageKey } from '../../i18n';
import { POLICIES, SPEEDS, type PlayPolicy } from '../../model/play';
import s from './style.module.css';

export interface PlayControlsProps {
  playing: boolean;
  speed: number;
  policy: PlayPolicy;
  disabled: boolean;
  /** why Play waits (a lesson that wants the learner's own attempt first) */
  lockedNote?: string;
  onToggle: () => void;
  onSpeed: (i: number) => void;
  onPolicy: (p: PlayPolicy) => void;
}

const POLICY_KEYS: Record<PlayPolicy, MessageKey> = {
  'round-robin': 'play.policy.round-robin',
  random: 'play.policy.random',
};

export function PlayControls({
  playing,
  speed,
  policy,
  disabled,
  lockedNote,
  onToggle,
  onSpeed,
  onPolicy,
}: PlayControlsProps) {
  const sps = SPEEDS[speed] ?? SPEEDS[0];
  return (
    <div class={s.controls}>
      <button
        type="button"
        class={playing ? `${s.play} ${s.playing}` : s.play}
        onClick={onToggle}
        disabled={disabled && !playing}
        aria-pressed={playing}
        aria-keyshortcuts="Space"
        title={lockedNote}
        data-locked={lockedNote ? 'true' : undefined}
        data-testid="play"
      >
        <svg class={s.glyph} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          {playing ? <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" /> : <path d="M8 5.5v13l10.5-6.5z" />}
        </svg>
        {playing ? t('play.pause') : t('play.play')}
      </button>
      <label class={s.speed} title={t('play.speedValue', { n: sps })}>
        <span class="visually-hidden">{t('play.speed')}</span>
        <svg class={s.gauge} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 15a8 8 0 0 1 16 0M12 15l4-5" />
        </svg>
        <input
          type="range"
          min={0}
          max={SPEEDS.length - 1}
          step={1}
          value={speed}
          onInput={(e) => onSpeed(Number((e.currentTarget as HTMLInputElement).value))}
          aria-valuetext={t('play.speedValue', { n: sps })}
          data-testid="speed"
        />
        <span class={s.value}>{sps}×</span>
      </label>
      <label class={s.policy}>
        <span class="visually-hidden">{t('play.policy')}</span>
        <select
          value={policy}
          onChange={(e) => onPolicy((e.currentTarget as HTMLSelectElement).value as PlayPolicy)}
          title={t('play.policy')}
          data-testid="policy"
        >
          {POLICIES.map((p) => (
            <option key={p} value={p}>
              {t(POLICY_KEYS[p])}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
