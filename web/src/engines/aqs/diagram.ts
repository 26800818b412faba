/*
 * The aqs engine's part of the sequence diagram: a thread stuck in a
 * semaphore's queue is parked, so it sleeps forever.  (Its permits and queue
 * nodes are plain values; its actions' labels say the rest.)
 */
import type { EngineDiagram } from '../types';

export const aqsDiagram: EngineDiagram = {
  asleep: ['aqs.queued'],
};
