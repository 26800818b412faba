/*
 * The tick, when the model offers it as a choice (the rtos kernel's time
 * slice, the executor's time driver): a button of its own (key T), shown by
 * every page that runs a lesson, so a lesson that needs the tick can be won
 * wherever it is shown.
 */
import type { ExtraChoice, Outcome } from '../../engine/types';
import { t } from '../../i18n';
import s from './style.module.css';

export interface TickBarProps {
  choices: readonly ExtraChoice[] | undefined;
  outcome: Outcome;
  onTick: () => void;
}

/** Whether the tick may fall now. */
export function tickOffered(choices: readonly ExtraChoice[] | undefined, outcome: Outcome): boolean {
  return outcome === 'running' && !!choices?.some((c) => c.kind === 'tick');
}

export function TickBar({ choices, outcome, onTick }: TickBarProps) {
  if (!tickOffered(choices, outcome)) return null;
  return (
    <p class={s.bar}>
      <button type="button" class={s.button} onClick={onTick} aria-keyshortcuts="t" data-testid="tick">
        {t('lane.tick')} <kbd class={s.kbd}>T</kbd>
      </button>
      <span>{t('lane.tickWhy')}</span>
    </p>
  );
}
