/*
 * The store-buffer panel on demand: only a run under a weak memory model
 * draws it, so a first load under sc carries none of it.  The store starts
 * loading it when it opens or switches to such a run, before showing it, so
 * the panel never appears a moment after the rest.
 */
import { onDemand } from '../Lazy/onDemand';

export const storeBuffersPart = onDemand(() => import('./index'));

/** Loads the panel when `memory` (a run's model) is not sequential consistency. */
export function storeBuffersFor(memory: string | undefined): Promise<unknown> {
  return memory && memory !== 'sc' ? storeBuffersPart.start() : Promise.resolve();
}
