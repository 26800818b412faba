/*
 * The words for which store a load read, where a store was placed, and what
 * a pending access will do under a weak memory model, in the learner's
 * language: the narration's sentence for a load that read an older store
 * and for a store placed before the end of its cell's order, the trace's
 * and the diagram's short forms, and the lane's preview of a store
 * (buffered under tso, its memory order under tso and ra).
 *
 * Invariant: every sentence is read from the trace event or the pending
 * action as the machine wrote them (storeHistory.ts finds the newer store a
 * load passed over); under sc neither carries an order or a store, so every
 * word is what it was.
 */
import type { ActorState, MachineState, PendingAction, TraceEvent } from '../bridge/types';
import { t } from '../i18n';
import { formatValue } from './format';
import { staleRead, type StaleRead } from './storeHistory';

/** Who made a store: "initial", or "A, step 3". */
export function storeWho(by: string | null | undefined, step: number): string {
  return by ? t('history.by', { actor: by, step }) : t('history.initial');
}

/** What every sentence says of an event's access: who, which object, the value it read or wrote. */
function accessWords(e: TraceEvent): { actor: string; object: string; new: string } {
  return { actor: e.actor ?? '', object: e.object ?? '', new: formatValue(e.new) };
}

/** The newest store a load passed over, as every sentence about it names it: its value, its writer, its step. */
function newestWords({ newest }: StaleRead): { newest: string; writer: string; step: number } {
  return { newest: formatValue(newest.value), writer: newest.by, step: newest.step };
}

/**
 * The narration of a load that read an older store than its cell's newest:
 * a sentence of its own ('event'), or what it did after a step's label
 * ('what'); null for any other event.
 */
export function staleReadSentence(
  trace: readonly TraceEvent[],
  index: number,
  form: 'event' | 'what' = 'event',
): string | null {
  const stale = staleRead(trace, index);
  if (!stale) return null;
  const p = { ...accessWords(trace[index]!), ...newestWords(stale) };
  return stale.by
    ? t(`${form}.loadStale`, { ...p, by: stale.by, at: stale.at })
    : t(`${form}.loadStaleInitial`, p);
}

/**
 * A store placed before the end of its cell's modification order (ra): the
 * store it went before, as the trace names it (who, at which step, what
 * value); null for any other event.
 */
function placedWords(
  trace: readonly TraceEvent[],
  index: number,
): { writer: string; at: number; before: string } | null {
  const e = trace[index];
  if (!e || e.placed_before_at === undefined) return null;
  const at = e.placed_before_at;
  const before = trace.find((w) => w.step === at && w.cell === e.cell && w.store !== undefined);
  return { writer: e.placed_before_by ?? '', at, before: formatValue(before?.new) };
}

/**
 * The narration of a store placed before the end of its cell's order: a
 * sentence of its own ('event'), or what it did after a step's label
 * ('what'); null for any other event.
 */
export function placedSentence(
  trace: readonly TraceEvent[],
  index: number,
  form: 'event' | 'what' = 'event',
): string | null {
  const placed = placedWords(trace, index);
  if (!placed) return null;
  const e = trace[index]!;
  return t(`${form}.storePlaced`, { ...placed, ...accessWords(e), old: formatValue(e.old) });
}

/** The trace list's and the diagram's words for where a store was placed; null: at the end. */
export function placedNote(
  trace: readonly TraceEvent[],
  index: number,
  form: 'trace' | 'seq',
): string | null {
  const placed = placedWords(trace, index);
  return placed ? t(form === 'trace' ? 'trace.placed' : 'seq.placed', placed) : null;
}

/** The trace list's words for which store a load read ("read store 0 (initial)"); null: it says none. */
export function readFromWords(trace: readonly TraceEvent[], index: number): string | null {
  const e = trace[index];
  if (!e || e.kind !== 'load' || e.read_store === undefined) return null;
  const who = storeWho(e.stored_by, e.stored_at ?? 0);
  const stale = staleRead(trace, index);
  if (!stale) return t('trace.readFrom', { index: e.read_store, who });
  return t('trace.readStale', { index: e.read_store, who, ...newestWords(stale) });
}

/** The sequence diagram's note for a load that read an older store (`value` as the diagram writes it); null otherwise. */
export function staleReadNote(trace: readonly TraceEvent[], index: number, value: string): string | null {
  const e = trace[index]!;
  const stale = staleRead(trace, index);
  if (!stale) return null;
  return t('seq.readStale', { value, who: storeWho(e.stored_by, e.stored_at ?? 0), ...newestWords(stale) });
}

/**
 * The lane's preview of a pending access under a weak memory model: a
 * store that will wait in the actor's buffer says so (a model with store
 * buffers, any order but seq_cst, which drains it at once), a load whose
 * actor may still read an older store of its cell than the newest says so
 * (a model that keeps every store: the actor's view on the cell is older),
 * and every access says its order.  `effect` is the preview as sc would say
 * it; unchanged when the action carries no order (sc).
 */
export function weakEffect(
  a: PendingAction,
  actor: ActorState,
  state: MachineState,
  effect: string | null,
): string | null {
  if (!a.order) return effect;
  const buffers = state.memory?.buffers !== undefined;
  const cell = a.kind === 'load' && a.cell !== undefined ? state.memory?.cells?.[a.cell] : undefined;
  const view = cell?.views[actor.name];
  const words =
    buffers && a.kind === 'store' && a.order !== 'seq_cst' && a.object && a.arg !== undefined
      ? t('effect.buffered', {
          object: a.object,
          new: formatValue(a.arg),
          actor: actor.name,
          old: formatValue(a.value),
        })
      : cell && view !== undefined && view < cell.stores.length - 1
        ? t('effect.readsOrOlder', { value: formatValue(cell.stores[cell.stores.length - 1]!.value) })
        : effect;
  return words ? t('effect.order', { effect: words, order: a.order }) : null;
}
