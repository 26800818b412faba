/*
 * Why a ready rtos task does not run, in the kernel's own numbers.  The
 * machine holds priorities negated (larger runs first) and says so in its
 * reason ("-4 > -5"); the rtos view and the scenario say a smaller number is
 * more urgent (4 before 5).  The lane must agree with the task list, so the
 * numbers come from the same place the view reads: the kernel's task table.
 */
import type { ActorState, MachineState } from '../../bridge/types';
import { t } from '../../i18n';

interface KernelTask {
  actor: string;
  effective: number;
}

export function rtosBlockedText(actor: ActorState, state: MachineState): string | null {
  const b = actor.blocked as (ActorState['blocked'] & { runner?: unknown }) | undefined;
  if (b?.why !== 'rtos.priority') return null;
  const tasks = ((state.engines?.rtos ?? { tasks: [] }) as { tasks: KernelTask[] }).tasks;
  const runner = String(b.runner ?? '');
  const p = tasks.find((k) => k.actor === runner)?.effective;
  const q = tasks.find((k) => k.actor === actor.name)?.effective;
  if (p === undefined || q === undefined) return null;
  return t('rtos.blocked.priority', { runner, p, q });
}
