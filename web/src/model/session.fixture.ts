/*
 * For the memory models' unit tests: what the page's views read of a real
 * session (its machine state, its whole trace, the extra choices it offers),
 * taken as the page's bridge takes them.
 */
import type { Session } from '@lockstep/lockstep.js';
import type { ExtraChoice, MachineState, TraceEvent } from '../bridge/types';

export function viewOf(s: Session): { state: MachineState; trace: TraceEvent[]; choices: ExtraChoice[] } {
  return {
    state: s.state() as MachineState,
    trace: s.trace(0) as TraceEvent[],
    choices: s.choices() as ExtraChoice[],
  };
}
