/*
 * greedy_semaphore.h: GreedySemaphore, permits and one waker slot.
 *
 * Invariant (under the raw mutex): permits only go down by a successful
 * take of n <= permits (acquire_all takes every permit there is, once there
 * are at least min).  Any poll that finds enough permits takes them, in
 * whatever order the executor polls: a request for 1 is served while a
 * request for 3 waits, so a large request may wait forever.  Waiting works
 * exactly as the Mutex's: one slot, and a different waker evicts (and wakes)
 * the one registered.  release(n) with n > 0 and set(n) above the current
 * count wake the registered task; set(n) at or below it wakes nobody.
 *
 * What an acquire takes is held by a releaser: dropping it gives the permits
 * back (release), disarming it keeps them taken for good (upstream's
 * SemaphoreReleaser::disarm, a leak on purpose).
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
    uint32_t n;    /* acquire: the permits wanted; acquire_all: the least it takes */
    bool all;      /* acquire_all(min) */
    uint32_t took; /* once Ready: the permits taken */
} embassy_greedy_acquire;

/* The permits an acquire took; they go back when it is dropped. */
typedef struct embassy_greedy_releaser {
    embassy_greedy_semaphore *s;
    uint32_t permits;
} embassy_greedy_releaser;

void embassy_greedy_init(embassy_greedy_semaphore *s, uint32_t permits);
/* s.acquire(n): the future to await. */
void embassy_greedy_acquire_init(embassy_greedy_acquire *f, embassy_greedy_semaphore *s,
                                 uint32_t n);
/* s.acquire_all(min): waits for at least min permits, then takes them all. */
void embassy_greedy_acquire_all_init(embassy_greedy_acquire *f, embassy_greedy_semaphore *s,
                                     uint32_t min);
/* The releaser of a finished acquire. */
embassy_greedy_releaser embassy_greedy_releaser_of(const embassy_greedy_acquire *f);
bool embassy_greedy_try_acquire(embassy_greedy_semaphore *s, uint32_t n);
/* try_acquire_all(min): the permits taken (all there are), 0 if fewer than min. */
uint32_t embassy_greedy_try_acquire_all(embassy_greedy_semaphore *s, uint32_t min);
void embassy_greedy_release(embassy_greedy_semaphore *s, uint32_t n);
void embassy_greedy_set(embassy_greedy_semaphore *s, uint32_t permits);

/* Dropping a releaser: its permits go back (release); it then holds none. */
void embassy_greedy_releaser_drop(embassy_greedy_releaser *r);
/* disarm(): returns its permits, which are never given back. */
uint32_t embassy_greedy_releaser_disarm(embassy_greedy_releaser *r);

#endif
