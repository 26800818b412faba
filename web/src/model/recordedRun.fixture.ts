/*
 * The runs fixtures/lessons.json records (lessons.make.mjs: a lesson's run,
 * its trace and the state, schedule and step count after each step), and
 * the snapshot the page would hold at any recorded step: what the lesson
 * and host-event tests read.
 */
import type { MachineState, Snapshot, TraceEvent } from '../bridge/types';

export interface RecordedRun {
  end: number;
  trace: TraceEvent[];
  at: Record<string, { state: unknown; schedule: string; compact: string; steps: number }>;
}

/** The snapshot of a recorded run at `step` (its state and schedule there, the trace up to it). */
export function snapAt(run: RecordedRun, step: number): Snapshot {
  const at = run.at[String(step)];
  if (!at) throw new Error(`no state recorded at step ${step}`);
  const state = at.state as MachineState;
  return {
    state,
    trace: run.trace.filter((e) => e.step <= step),
    summary: {
      outcome: state.outcome,
      steps: at.steps,
      schedule: at.schedule,
      compact: at.compact,
      virtual_time: 0,
      stuck: state.stuck,
      violation: state.violation,
      prints: [],
      end: 'waiting',
      message: '',
    },
  };
}
