/*
 * The aqs tests' fixtures: real engine output (model/fixtures/aqs.json):
 * interrupt-head and reduce-drain at chosen steps, and their traces.
 */
import type { MachineState, TraceEvent } from '../../bridge/types';
import fx from '../../model/fixtures/aqs.json';

export const ih = fx.interruptHead as unknown as {
  states: Record<string, MachineState>;
  trace: TraceEvent[];
};
export const rd = fx.reduceDrain as unknown as { states: Record<string, MachineState>; trace: TraceEvent[] };
export const st = (n: number) => ih.states[String(n)]!;
export const upTo = (n: number) => ih.trace.filter((e) => e.step <= n);
export const actor = (s: MachineState, name: string) => s.actors.find((a) => a.name === name)!;
