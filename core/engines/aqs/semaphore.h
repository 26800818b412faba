/*
 * semaphore.h: a counting semaphore on the synchronizer, as
 * java.util.concurrent.Semaphore.
 *
 * The permits are the synchronizer's state, nothing more: the semaphore does
 * not know who took them, so anybody may release, and releasing more than
 * was taken simply makes more permits.  The count may be negative (a debt,
 * after reduce_permits, or given at construction); nobody can acquire until
 * releases have paid it off.
 *
 *   nonfair (default)  an arriving thread takes free permits even if others
 *                      are queued (barging): more throughput, no order.
 *   fair               an arriving thread queues behind anybody already
 *                      waiting (hasQueuedPredecessors).  try_acquire still
 *                      barges; try_acquire_for respects the queue.
 *
 * acquire(n) takes all n permits at once or none.  A negative n is an
 * IllegalArgumentException; going past INT32_MAX is the Error "Maximum permit
 * count exceeded", below INT32_MIN "Permit count underflow".  Errors are
 * reported through plat_misuse_thrown (an explanation, and what Java throws,
 * below) and the call does nothing.
 */
#ifndef LOCKSTEP_SEMAPHORE_H
#define LOCKSTEP_SEMAPHORE_H

#include "aqs.h"

/* What Java throws, as it prints it: Semaphore's own argument check (any
 * negative count), Sync.tryReleaseShared and Sync.reducePermits. */
#define SEMAPHORE_THROWS_NEGATIVE "java.lang.IllegalArgumentException"
#define SEMAPHORE_THROWS_OVERFLOW "java.lang.Error: Maximum permit count exceeded"
#define SEMAPHORE_THROWS_UNDERFLOW "java.lang.Error: Permit count underflow"

/* What a call returns besides AQS_ACQUIRED, AQS_TIMED_OUT, AQS_INTERRUPTED. */
#define SEMAPHORE_ERROR (-2) /* reported through plat_misuse; nothing happened */

typedef struct semaphore {
    aqs sync; /* first: the hooks get &sync and find the semaphore */
    bool fair;
    bool acquire_in_try;       /* variant: the caller acquires inside its try (caller.c) */
    bool compensating_release; /* variant: the caller releases what it never got (caller.c) */
} semaphore;

/* Reads its variants once: "acquire_in_try" and "compensating_release"
 * for the caller patterns (the synchronizer reads "no_propagation"). */
void semaphore_init(semaphore *s, int32_t permits, bool fair);

/* acquire(n): AQS_ACQUIRED, or AQS_INTERRUPTED with nothing taken. */
int semaphore_acquire(semaphore *s, int32_t permits, aqs_thread *me);
/* acquireUninterruptibly(n): AQS_ACQUIRED (an interrupt is kept for later). */
int semaphore_acquire_uninterruptibly(semaphore *s, int32_t permits, aqs_thread *me);
/* tryAcquire(n): takes the permits if there are enough right now, barging
 * even when fair.  Never waits. */
bool semaphore_try_acquire(semaphore *s, int32_t permits);
/* tryAcquire(n, timeout): AQS_ACQUIRED, AQS_TIMED_OUT or AQS_INTERRUPTED. */
int semaphore_try_acquire_for(semaphore *s, int32_t permits, int64_t timeout_us, aqs_thread *me);
/* release(n): from any thread, held or not. */
void semaphore_release(semaphore *s, int32_t permits);

/* availablePermits(): one read; stale as soon as it returns. */
int32_t semaphore_available_permits(semaphore *s);
/* drainPermits(): takes every free permit (or clears a debt) and returns how
 * many it took.  Wakes nobody. */
int32_t semaphore_drain_permits(semaphore *s);
/* reducePermits(n): shrinks the pool by n, into debt if need be.  Never
 * waits, wakes nobody. */
void semaphore_reduce_permits(semaphore *s, int32_t reductions);

#endif
