/*
 * Inside the engine: the view of the scenario's engine (from the engine
 * registry, its parts loaded before its first scenario is shown) and its heading.  The
 * full app and the embedded lesson both show it; they only frame it
 * differently (a column, a fold).
 */
import type { ExtraChoice, MachineState, TraceEvent } from '../../bridge/types';
import { storeBuffersPart } from '../StoreBuffers/lazy';
import { storeHistoryPart } from '../StoreHistory/lazy';
import { shownEngine } from '../../engines';
import type { Locale } from '../../i18n';

/** The heading over the engine's view ("Inside the lock"): its own, else the first engine's (plain shared memory). */
export function stageTitle(engine: string | undefined, locale: Locale): string {
  return shownEngine(engine)?.inside[locale] ?? '';
}

export interface StageProps {
  engine: string | undefined;
  state: MachineState;
  trace: TraceEvent[];
  /** objects whose fields changed in the last move */
  changed: ReadonlySet<string>;
  /** the scenario's final checks */
  checks: string[];
  /** the choices other than a step offered now (a store buffer's flush) */
  choices?: readonly ExtraChoice[];
  /** takes one of them (absent: the store buffers and histories show no buttons); `store`: which a read_from reads */
  onTake?: (kind: string, actor: number, store?: number) => void;
  busy?: boolean;
}

export function Stage({ engine, state, trace, changed, checks, choices, onTake, busy }: StageProps) {
  // loaded before the scenario was shown (store/opening.ts awaits loadEngine)
  const entry = shownEngine(engine);
  // loaded with the run's model too (store/opening.ts, store/variant.ts)
  const buffers = storeBuffersPart.use(!!state.memory);
  const histories = storeHistoryPart.use(!!state.memory);
  if (!entry) return null;
  const { View } = entry;
  return (
    <>
      {state.memory && buffers && (
        <buffers.StoreBuffers state={state} trace={trace} choices={choices} onTake={onTake} busy={busy} />
      )}
      {state.memory && histories && (
        <histories.StoreHistory state={state} trace={trace} choices={choices} onTake={onTake} busy={busy} />
      )}
      <View state={state} trace={trace} changed={changed} checks={checks} />
    </>
  );
}
