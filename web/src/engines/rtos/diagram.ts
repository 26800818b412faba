/*
 * The rtos engine's part of the sequence diagram: who woke whom, and why.
 * The machine's unpark says who woke whom (an arrow from the waker to the
 * woken task, drawn by model/mermaid.ts); the kernel's own steps just before
 * it, by the same actor in the same operation, say why: a post cleared the
 * woken task's bit in a semaphore's wait mask (the lowest set bit, the most
 * urgent waiter), or a give handed a mutex to the woken task.  Both happen
 * inside one critical section with the wake, so the search stops at the
 * actor's entering it.  A wake this cannot place is left to the generic
 * "wake B".
 */
import type { TraceEvent } from '../../bridge/types';
import { t } from '../../i18n';
import type { DiagramWake, EngineDiagram } from '../types';

/** The C labels (core/engines/rtos/sem.c, mutex.c) of the step that chose whom to wake. */
const POST = 'wait_mask &= ~(1 << id): the lowest set bit';
const GIVE = 'owner = the woken task';
const WAKEUP = /^task_wakeup/;

/** The bit a store cleared in a wait mask ("the woken task's id"), or null when it cleared none or several. */
function clearedBit(e: TraceEvent): number | null {
  if (e.old === undefined || e.new === undefined) return null;
  const gone = e.old & ~e.new;
  if (gone === 0 || (gone & (gone - 1)) !== 0) return null;
  return Math.log2(gone);
}

/** Why the unpark at `i` happened, from its actor's kernel steps before it in the same critical section. */
function wakeWords(trace: readonly TraceEvent[], i: number): string | null {
  const wake = trace[i]!;
  for (let k = i - 1; k >= 0; k--) {
    const e = trace[k]!;
    if (e.actor !== wake.actor) continue;
    if (e.kind === 'irq_save' || e.kind === 'unpark') return null;
    const target = wake.target ?? '?';
    if (e.label === POST) {
      const bit = clearedBit(e);
      return bit === null
        ? t('rtos.seq.wakePost', { target, object: e.object ?? '' })
        : t('rtos.seq.wakePostBit', { target, object: e.object ?? '', bit });
    }
    if (e.label === GIVE) return t('rtos.seq.wakeGive', { target, object: e.object ?? '' });
  }
  return null;
}

export const rtosDiagram: EngineDiagram = {
  wakes(trace) {
    const out = new Map<number, DiagramWake>();
    trace.forEach((e, i) => {
      if (e.kind !== 'unpark' || !WAKEUP.test(e.label ?? '')) return;
      const text = wakeWords(trace, i);
      if (text) out.set(e.step, { text });
    });
    return out;
  },
};
