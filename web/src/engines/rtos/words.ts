/*
 * The word the rtos view uses for a task's state is the word its lane uses
 * (model/format.ts statusView), so the page has one word per state: a task the
 * scheduler holds back is "ready" in the lane and in the task list alike, a
 * finished one "finished".  A delayed task adds the tick it wakes at.
 */
import type { MachineState } from '../../bridge/types';
import { t } from '../../i18n';
import { statusView } from '../../model/format';
import type { RtosTask } from './model';

export function taskWord(task: RtosTask, state: MachineState): string {
  const actor = state.actors.find((a) => a.name === task.actor);
  const word = actor ? statusView(actor).label : task.state;
  return task.state === 'delayed' && task.wakeTick !== null
    ? `${word} (${t('rtos.untilTick', { tick: task.wakeTick })})`
    : word;
}
