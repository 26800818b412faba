/*
 * The tick, when the model offers it as a choice (the rtos kernel's time
 * slice, the executor's time driver): a button of its own (key T), shown by
 * every page that runs a lesson, so a lesson that needs the tick can be won
 * wherever it is shown.
 */
import type { ExtraChoice, Outcome } from '../../engine/types';
import { engineById } from '../../engines';
import { t, type Locale } from '../../i18n';
import s from './style.module.css';

export interface TickBarProps {
  /** the engine, whose model's tick the line beside the button explains */
  engine: string;
  locale: Locale;
  choices: readonly ExtraChoice[] | undefined;
  outcome: Outcome;
  onTick: () => void;
}

/** Whether the tick may fall now. */
export function tickOffered(choices: readonly ExtraChoice[] | undefined, outcome: Outcome): boolean {
  return outcome === 'running' && !!choices?.some((c) => c.kind === 'tick');
}

export function TickBar({ engine, locale, choices, outcome, onTick }: TickBarProps) {
  if (!tickOffered(choices, outcome)) return null;
  const why = engineById(engine)?.tick?.[locale];
  return (
    <p class={s.bar}>
      <button type="button" class={s.button} onClick={onTick} aria-keyshortcuts="t" data-testid="tick">
        {t('lane.tick')} <kbd class={s.kbd}>T</kbd>
      </button>
      {why && <span>{why}</span>}
    </p>
  );
}
