/*
 * mutex.h: a mutex with an owner, and priority inheritance.
 *
 * Invariant: owner is the id + 1 of the task holding the mutex (0: free), and
 * only the owner may give it.  Bit n of wait_mask is set while task n waits.
 * A give hands the mutex straight to the most urgent waiter (lowest bit).
 *
 * Priority inheritance (inherit.c) keeps an owner from running at a lower
 * priority than a task that waits for it, in one of three modes:
 *   RTOS_INHERIT_NONE         nobody is raised: a binary semaphore used as a
 *                             lock (and every mode under no_priority_inheritance)
 *   RTOS_INHERIT_SIMPLE       FreeRTOS's rule: the owner is raised to a new
 *                             waiter's priority; it drops back to its base only
 *                             when it holds no mutex any more; when a waiter
 *                             times out, it drops to the most urgent remaining
 *                             waiter's priority (if it holds just this mutex)
 *   RTOS_INHERIT_TRANSITIVE   the owner's priority is always the most urgent of
 *                             its base and every waiter of every mutex it
 *                             holds, and a raise travels along a chain of
 *                             owners that wait for each other
 */
#ifndef LOCKSTEP_RTOS_MUTEX_H
#define LOCKSTEP_RTOS_MUTEX_H

#include "../../plat/plat_tasks.h"

enum rtos_inherit { RTOS_INHERIT_NONE = 0, RTOS_INHERIT_SIMPLE = 1, RTOS_INHERIT_TRANSITIVE = 2 };

typedef struct rtos_mutex {
    plat_a16 owner;     /* id + 1, 0: free */
    plat_a16 wait_mask; /* bit n: task n waits */
    uint8_t inherit;    /* enum rtos_inherit, after the variant */
} rtos_mutex;

void rtos_mutex_init(rtos_mutex *m, int inherit);

/* Take the mutex, waiting up to `timeout` ticks (0: forever).  RTOS_OK or
 * RTOS_TIMEOUT; taking it again while holding it, or from an interrupt
 * handler, is misuse. */
int rtos_mutex_take(rtos_mutex *m, uint32_t timeout);

/* Give it back; only the owner may. */
int rtos_mutex_give(rtos_mutex *m);

/* ---- inherit.c: the three modes ---- */

/* Task `waiter` is about to wait for m: raise m's owner (and, transitive, the
 * chain of owners behind it). */
void rtos_inherit_on_wait(rtos_mutex *m, int waiter);
/* The owner `id` just gave m away. */
void rtos_inherit_on_give(rtos_mutex *m, int id);
/* A waiter of m timed out and left the mask. */
void rtos_inherit_on_timeout(rtos_mutex *m);

#endif
