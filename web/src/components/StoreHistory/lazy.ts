/*
 * The store-history panel on demand: only a run under a weak memory model
 * draws it, so a first load under sc carries none of it.  The store starts
 * loading it when it opens or switches to such a run, before showing it, so
 * the panel never appears a moment after the rest.
 */
import { onDemand } from '../Lazy/onDemand';

export const storeHistoryPart = onDemand(() => import('./index'));

/** Loads the panel when `memory` (a run's model) is not sequential consistency. */
export function storeHistoryFor(memory: string | undefined): Promise<unknown> {
  return memory && memory !== 'sc' ? storeHistoryPart.start() : Promise.resolve();
}
