/*
 * sem.h: the semaphore of the small RTOS: a signed count and a wait mask.
 *
 * Invariant (variant correct): count = units available - tasks waiting.  A
 * positive count is free units; a negative one says how many tasks wait (it
 * is a debt: each post pays one back).  Bit n of wait_mask is set exactly
 * while task n waits here, so a post wakes the lowest set bit: the most
 * urgent waiter.
 *
 * Which half counts is what the variants change (the pend/post table):
 *
 *   pend decrements   post increments
 *   when it blocks    when it wakes      variant
 *   yes               yes                correct (Dijkstra's P and V)
 *   yes               no                 reference_post: units leak
 *   no                yes                post_increments_count: units multiply
 *   no                no                 handoff: the unit goes to the woken task
 */
#ifndef LOCKSTEP_RTOS_SEM_H
#define LOCKSTEP_RTOS_SEM_H

#include "../../plat/plat_tasks.h"

typedef struct rtos_sem {
    plat_a16 count;                           /* int16_t: may go negative */
    plat_a16 wait_mask;                       /* bit n: task n waits */
    uint8_t pend_decrements, post_increments; /* the variant, read once */
} rtos_sem;

/* sem_init: the initial count (0: for signalling, 1: as a lock, N: N units). */
void rtos_sem_init(rtos_sem *sem, int16_t count);

/* sem_pend: take a unit, or wait for one up to `timeout` ticks (0: forever).
 * RTOS_OK or RTOS_TIMEOUT.  From an interrupt handler: a violation. */
int rtos_sem_pend(rtos_sem *sem, uint32_t timeout);

/* sem_post: give a unit back, waking the most urgent waiter if there is one.
 * It never switches inside itself.  The woken task runs at the next
 * scheduling point (a tick, or the running task blocking), the reference's
 * rule; a kernel set up as FreeRTOS (wake_preempts) switches to it as soon as
 * the poster's critical section ends or its handler returns.  Tasks and
 * interrupt handlers may post. */
int rtos_sem_post(rtos_sem *sem);

#endif
