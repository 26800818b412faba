/*
 * The choices that name no actor, when the model offers them: a button each,
 * read from the machine's table of kinds (offered.ts), shown by every page
 * that runs a lesson, so a lesson that needs one can be won wherever it is
 * shown.  The tick (the rtos kernel's time slice, the executor's time driver)
 * has its key T, and once a run has offered it its button stays in place:
 * when the tick cannot fall it is disabled and says why (why.ts), so it never
 * vanishes without a word.
 */
import { useRef } from 'preact/hooks';
import type { ChoiceKindInfo, ExtraChoice, MachineState, Outcome, TraceEvent } from '../../bridge/types';
import { engineById } from '../../engines';
import { t, type Locale } from '../../i18n';
import s from './style.module.css';
import { offeredKinds } from './offered';
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
  /** the kinds of choice the machine knows (the catalog's table) */
  kinds: readonly ChoiceKindInfo[];
  /** takes the choice of this kind (one that names no actor) */
  onTake: (kind: string) => void;
}

/** The kind the bar treats as the tick: key T, the stay-in-place button, why it cannot fall. */
const TICK = 'tick';

/** Whether the tick may fall now. */
export function tickOffered(choices: readonly ExtraChoice[] | undefined, outcome: Outcome): boolean {
  return outcome === 'running' && !!choices?.some((c) => c.kind === TICK);
}

export function TickBar({
  engine,
  locale,
  choices,
  outcome,
  state,
  trace,
  scenario,
  kinds,
  onTake,
}: TickBarProps) {
  const offered = tickOffered(choices, outcome);
  const others = offeredKinds(kinds, choices, outcome).filter((k) => k.kind !== TICK);
  const seen = useRef<{ scenario: unknown; offered: boolean }>({ scenario, offered: false });
  if (seen.current.scenario !== scenario) seen.current = { scenario, offered: false };
  if (offered) seen.current.offered = true;
  const showTick = offered || (seen.current.offered && outcome === 'running');
  if (!showTick && !others.length) return null;
  const why = engineById(engine)?.tick?.[locale];
  const not = offered ? null : tickUnavailable(state, trace);
  const otherButtons = others.map((k) => (
    <button
      key={k.kind}
      type="button"
      class={s.button}
      title={k.text}
      onClick={() => onTake(k.kind)}
      data-testid={`take-${k.kind}`}
    >
      {t('lane.take', { kind: k.kind })}
    </button>
  ));
  if (!showTick) return <p class={s.bar}>{otherButtons}</p>;
  return (
    <p class={s.bar} data-testid="tick-bar">
      {otherButtons}
      <button
        type="button"
        class={s.button}
        onClick={() => onTake(TICK)}
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
