/*
 * fair_semaphore.h: FairSemaphore<N>, the one first-come first-served
 * primitive of embassy-sync.
 *
 * Invariant (under the raw mutex): the wait queue holds at most N slots, one
 * per waiting acquire, in ticket order; the slot at the head has ticket
 * next_ticket.  Only the head may take permits, so a newcomer or try_acquire
 * gets nothing while anybody waits.  A slot is empty (None) once its acquire
 * was dropped; empty slots at the head are popped before anything looks at
 * the head.  release() wakes the head only; a take that leaves permits wakes
 * the new head (the chained wake); dropping a head that had been woken wakes
 * the next one (upstream main; not in 0.8.0).
 */
#ifndef LOCKSTEP_EMBASSY_FAIR_SEMAPHORE_H
#define LOCKSTEP_EMBASSY_FAIR_SEMAPHORE_H

#include "task.h"

#define EMBASSY_FAIR_MAX 8

typedef struct embassy_fair_semaphore {
    plat_a32 permits;
    plat_a32 next_ticket;
    plat_a8 head, len;                /* the deque: slots[head], ... (len of them, wrapping) */
    plat_a16 slots[EMBASSY_FAIR_MAX]; /* 1 + the waiting task, or 0: None */
    uint8_t cap;                      /* N */
    uint8_t cancel_bug;               /* variant fair_cancel_bug (0.8.0) */
    uint8_t no_chained_wake;          /* variant no_chained_wake */
} embassy_fair_semaphore;

typedef enum embassy_acquire_result {
    EMBASSY_ACQUIRED,
    EMBASSY_WAIT_QUEUE_FULL,
} embassy_acquire_result;

typedef struct embassy_fair_acquire {
    embassy_future future;
    embassy_fair_semaphore *s;
    uint32_t n;
    int64_t ticket; /* -1 until the first failed poll queues it */
    uint8_t done;
    uint8_t result; /* embassy_acquire_result, once done */
} embassy_fair_acquire;

void embassy_fair_init(embassy_fair_semaphore *s, uint32_t permits, uint8_t n);
/* s.acquire(n): the future to await. */
void embassy_fair_acquire_init(embassy_fair_acquire *f, embassy_fair_semaphore *s, uint32_t n);
bool embassy_fair_try_acquire(embassy_fair_semaphore *s, uint32_t n);
void embassy_fair_release(embassy_fair_semaphore *s, uint32_t n);
/* Sets the count; returns the count it replaced (only an increase wakes). */
uint32_t embassy_fair_set(embassy_fair_semaphore *s, uint32_t permits);

/* The task waiting in queue position i, or -1 for an empty slot (no step). */
int embassy_fair_waiter(const embassy_fair_semaphore *s, int i);

#endif
