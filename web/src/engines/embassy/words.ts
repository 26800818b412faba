/*
 * Why a pending embassy task waits, from the same snapshot the view draws its
 * waker from (model.ts, wakerPlaces): a task that returned Pending with its
 * waker in a slot, a ticket of a queue or a waker list can still be woken from
 * there, so its lane says where the waker sits; only a task whose waker no
 * slot holds (drawn at home in its row) is said to have nobody to wake it,
 * and that is the machine's own sentence.
 */
import type { ActorState, MachineState } from '../../bridge/types';
import { t } from '../../i18n';
import { embassyOf, wakerPlaces } from './model';

/** "m's waker slot", "ticket 3 of s's queue", "w's waker list": where a place key says the waker is. */
function placeWords(place: string): string | null {
  const [kind, object, rest] = place.split(':');
  if (kind === 'slot') return t('embassy.at.slot', { object: object ?? '?' });
  if (kind === 'ticket') return t('embassy.at.ticket', { object: object ?? '?', ticket: rest ?? '?' });
  if (kind === 'list') return t('embassy.at.list', { object: object ?? '?' });
  return null;
}

export function embassyBlockedText(actor: ActorState, state: MachineState): string | null {
  const b = actor.blocked as (ActorState['blocked'] & { until?: unknown }) | undefined;
  if (b?.why !== 'blocked' || !embassyOf(state)) return null; // not a task of this engine's executor
  const place = wakerPlaces(state).get(actor.name);
  const where = place ? placeWords(place) : null;
  if (!where) return null; // no slot holds its waker: the machine's "nobody will wake it" is true
  if (actor.status === 'stuck') return t('embassy.pending.stuck', { where });
  return b.until !== undefined
    ? t('embassy.pending.until', { where, until: String(b.until) })
    : t('embassy.pending', { where });
}
