/*
 * The embassy engine's part of the sequence diagram: every `block` is an
 * async task's poll returning Pending (the executor model), and each wake is
 * drawn with its provenance (wakers.ts): whose waker was evicted from which
 * slot (a dotted arrow), whose registered waker was taken, the head of a
 * queue.  Wakes it cannot place are left to the generic words.
 */
import { t } from '../../i18n';
import type { DiagramWake, EngineDiagram } from '../types';
import { wakerProvenance, type Wake } from './wakers';

/** A wake with its provenance in words; null: the generic "wake B" says it. */
function wakeWords(w: Wake): string | null {
  const at = w.registeredAt !== undefined ? t('seq.registeredAt', { step: w.registeredAt }) : '';
  const object = w.object ?? '';
  switch (w.kind) {
    case 'evict':
      return t('seq.wakeEvict', { target: w.target, object, at });
    case 'slot':
      return t('seq.wakeSlot', { target: w.target, object, at });
    case 'head':
      return t('seq.wakeHead', { target: w.target, object, at });
  }
  return null;
}

export const embassyDiagram: EngineDiagram = {
  polls: true,
  wakes(trace, actors) {
    const out = new Map<number, DiagramWake>();
    for (const w of wakerProvenance(trace, actors).wakes) {
      const text = wakeWords(w);
      if (text) out.set(w.step, { text, evicts: w.kind === 'evict' });
    }
    return out;
  },
};
