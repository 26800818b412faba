/*
 * Inside the engine: the view of the scenario's engine (from the engine
 * registry, its code loaded the first time it is shown) and its heading.  The
 * full app and the embedded lesson both show it; they only frame it
 * differently (a column, a fold).
 */
import type { MachineState, TraceEvent } from '../../bridge/types';
import { engineById, ENGINES } from '../../engines';
import type { Locale } from '../../i18n';

/** The engine shown for `engine`: its own, else the first (a view of plain shared memory). */
function entryFor(engine: string | undefined) {
  return engineById(engine) ?? ENGINES[0]!;
}

/** The heading over the engine's view ("Inside the lock"). */
export function stageTitle(engine: string | undefined, locale: Locale): string {
  return entryFor(engine).inside[locale];
}

export interface StageProps {
  engine: string | undefined;
  state: MachineState;
  trace: TraceEvent[];
  /** objects whose fields changed in the last move */
  changed: ReadonlySet<string>;
  /** the scenario's final checks */
  checks: string[];
}

export function Stage({ engine, state, trace, changed, checks }: StageProps) {
  const { View } = entryFor(engine);
  return <View state={state} trace={trace} changed={changed} checks={checks} />;
}
