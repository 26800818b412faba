/*
 * Why the tick cannot fall now, in the learner's words, read from the same
 * state and trace the lanes show.  The scheduling models offer the tick only
 * when it can matter (each model's `extra` choices, core/sim/sched/): no
 * handler is running, interrupts are not masked, the task on the processor
 * has run since the last tick, and another task of its priority is ready (a
 * model of prioritized tasks); a timer has fallen due (the executor).  The
 * first of those that fails is the reason given.  Which model runs shows in
 * the reasons it holds tasks back with (C marks them `held`).
 */
import type { MachineState, TraceEvent } from '../../bridge/types';
import { t } from '../../i18n';

/** Each context's interrupt-mask depth after the last save or restore it made. */
function maskDepths(trace: readonly TraceEvent[]): Map<string, number> {
  const depth = new Map<string, number>();
  for (const e of trace)
    if ((e.kind === 'irq_save' || e.kind === 'irq_restore') && e.actor !== undefined && e.new !== undefined)
      depth.set(e.actor, e.new);
  return depth;
}

export function tickUnavailable(state: MachineState, trace: readonly TraceEvent[]): string {
  const handler = state.actors.find((a) => a.kind === 'isr' && a.status === 'enabled');
  if (handler) return t('tick.why.handler', { handler: handler.name });
  const masking = [...maskDepths(trace)].filter(([, d]) => d > 0).map(([a]) => a);
  if (masking.length > 0) return t('tick.why.masked', { actor: masking.join(', ') });
  const runner = state.actors.find((a) => a.kind === 'task' && a.status === 'enabled');
  let lastTick = -1;
  let lastRun = -1;
  for (const e of trace) {
    if (e.kind === 'tick') lastTick = e.step;
    else if (runner && e.actor === runner.name) lastRun = e.step;
  }
  // past the handler and mask checks, a held reason is the model's own (not an interrupt's)
  const model = state.actors
    .filter((a) => a.blocked?.held && !/^(irq\.|interrupted$)/.test(a.blocked.why))
    .map((a) => a.blocked!.why)[0];
  if (model?.startsWith('executor.')) return t('tick.why.noTimer');
  if (runner && lastTick >= 0 && lastRun <= lastTick) return t('tick.why.justFell', { actor: runner.name });
  if (runner && model) return t('tick.why.alone', { actor: runner.name });
  return t('tick.why.none');
}
