/*
 * The tick, when the model offers it as a choice (the rtos kernel's time
 * slice, the executor's time driver): a button of its own (key T), shown by
 * every page that runs a lesson, so a lesson that needs the tick can be won
 * wherever it is shown.  Once a run has offered the tick, the button stays in
 * place: when the tick cannot fall it is disabled and says why (why.ts), so it
 * never vanishes without a word.
 */
import { useRef } from 'preact/hooks';
import type { ExtraChoice, MachineState, Outcome, TraceEvent } from '../../bridge/types';
import { engineById } from '../../engines';
import { t, type Locale } from '../../i18n';
import s from './style.module.css';
import { tickUnavailable } from './why';

export interface TickBarProps {
  /** the engine, whose model's tick the line beside the button explains */
  engine: string;
  locale: Locale;
  choices: readonly ExtraChoice[] | undefined;
  outcome: Outcome;
  /** the state and trace the lanes show: why the tick cannot fall is read from them */
  state: MachineState;
  trace: readonly TraceEvent[];
  /** the run's scenario: the button stays once this scenario has offered the tick */
  scenario: unknown;
  onTick: () => void;
}

/** Whether the tick may fall now. */
export function tickOffered(choices: readonly ExtraChoice[] | undefined, outcome: Outcome): boolean {
  return outcome === 'running' && !!choices?.some((c) => c.kind === 'tick');
}

export function TickBar({ engine, locale, choices, outcome, state, trace, scenario, onTick }: TickBarProps) {
  const offered = tickOffered(choices, outcome);
  const seen = useRef<{ scenario: unknown; offered: boolean }>({ scenario, offered: false });
  if (seen.current.scenario !== scenario) seen.current = { scenario, offered: false };
  if (offered) seen.current.offered = true;
  if (!offered && (!seen.current.offered || outcome !== 'running')) return null;
  const why = engineById(engine)?.tick?.[locale];
  const not = offered ? null : tickUnavailable(state, trace);
  return (
    <p class={s.bar} data-testid="tick-bar">
      <button
        type="button"
        class={s.button}
        onClick={onTick}
        disabled={!offered}
        aria-keyshortcuts="t"
        aria-describedby={not ? 'tick-why-not' : undefined}
        data-testid="tick"
      >
        {t('lane.tick')} <kbd class={s.kbd}>T</kbd>
      </button>
      {not ? (
        <span id="tick-why-not" class={s.not} data-testid="tick-why-not">
          {not}
        </span>
      ) : (
        why && <span>{why}</span>
      )}
    </p>
  );
}
