/*
 * greedy_semaphore.h: GreedySemaphore, permits and one waker slot.
 *
 * Invariant (under the raw mutex): permits only go down by a successful
 * take of n <= permits.  Any poll that finds enough permits takes them, in
 * whatever order the executor polls: a request for 1 is served while a
 * request for 3 waits, so a large request may wait forever.  Waiting works
 * exactly as the Mutex's: one slot, and a different waker evicts (and wakes)
 * the one registered.
 */
#ifndef LOCKSTEP_EMBASSY_GREEDY_SEMAPHORE_H
#define LOCKSTEP_EMBASSY_GREEDY_SEMAPHORE_H

#include "waker.h"

typedef struct embassy_greedy_semaphore {
    plat_a32 permits;
    embassy_waker_reg waker;
} embassy_greedy_semaphore;

typedef struct embassy_greedy_acquire {
    embassy_future future;
    embassy_greedy_semaphore *s;
    uint32_t n;
} embassy_greedy_acquire;

void embassy_greedy_init(embassy_greedy_semaphore *s, uint32_t permits);
void embassy_greedy_acquire_init(embassy_greedy_acquire *f, embassy_greedy_semaphore *s,
                                 uint32_t n);
bool embassy_greedy_try_acquire(embassy_greedy_semaphore *s, uint32_t n);
void embassy_greedy_release(embassy_greedy_semaphore *s, uint32_t n);
void embassy_greedy_set(embassy_greedy_semaphore *s, uint32_t permits);

#endif
