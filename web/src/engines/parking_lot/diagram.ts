/*
 * The parking_lot engine's part of the sequence diagram: its state bytes in
 * binary, each bucket's lock drawn as the bucket, each mutex's bucket as a
 * column from the start, its notes beside
 * the step's message (or left out where the message says it), and a load that
 * is a validate or a SpinWait round written as such; a thread stuck in its
 * lot sleeps forever.
 */
import type { TraceEvent } from '../../bridge/types';
import { t } from '../../i18n';
import type { EngineDiagram } from '../types';
import { bucketOfObject } from './model';

/** Notes a message already says, or that need no words. */
const SILENT = new Set(['spin round', 'unlock fast path failed', 'validate ok', 'validate failed']);

export const plDiagram: EngineDiagram = {
  bits: { mini_mutex: 2 },
  asleep: ['parking_lot.parked', 'parking_lot.condvar'],
  drawnAs(object) {
    const bucket = bucketOfObject(object);
    return bucket === null ? undefined : { key: `bucket:${bucket}`, label: t('seq.bucket', { n: bucket }) };
  },
  columns: (o) => (typeof o['bucket'] === 'number' ? [`lot[${o['bucket']}]`] : []),
  note(e: TraceEvent) {
    const label = e.label ?? '';
    if (SILENT.has(label)) return null;
    switch (label) {
      case 'enqueue':
        return t('seq.enqueue');
      case 'dequeue':
        return t('seq.dequeue');
      case 'no waiter':
        return t('seq.noWaiter');
    }
    return undefined;
  },
  load(notes, value) {
    const validate = notes.find((e) => e.label === 'validate ok' || e.label === 'validate failed');
    if (validate)
      return {
        text: t(validate.label === 'validate ok' ? 'seq.validateOk' : 'seq.validateFailed', { value }),
      };
    const round = notes.find((e) => e.label === 'spin round');
    if (round)
      return { text: t('seq.spinRead', { value, round: round.value ?? '' }), spin: { round: round.value } };
    return null;
  },
};
