/*
 * The rtos steps whose value the generic narration cannot read: a priority
 * change.  The machine holds priorities negated (larger runs first); the
 * kernel, its task list and the learner count a smaller number as more
 * urgent, so the sentence gives the kernel's numbers, after the step's label
 * as every labelled step says it (model/format.ts).
 */
import type { TraceEvent } from '../../bridge/types';
import { t } from '../../i18n';
import { rtosLabel } from './labels';

export function rtosNarrate(e: TraceEvent): string | null | undefined {
  if (e.kind !== 'set_priority' || e.old === undefined || e.new === undefined) return undefined;
  const [old, now] = [-e.old, -e.new];
  const target = e.target ?? e.actor ?? '';
  const what = t(now < old ? 'rtos.event.lends' : 'rtos.event.restores', { target, old, new: now });
  return t('event.labelled', {
    actor: e.actor ?? '',
    label: rtosLabel(e.label ?? '') ?? t('event.codeLabel', { label: e.label ?? 'set_priority' }),
    what,
  });
}
