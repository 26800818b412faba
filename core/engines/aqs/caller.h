/*
 * caller.h: how callers use a semaphore, and two classic ways to get it wrong.
 *
 * The semaphore has no owner check, so keeping the count honest is the
 * caller's job.  The right pattern (the reference's BoundedNotifier):
 *
 *     permits.acquire();            // outside try: if it throws, we hold nothing
 *     try { body(); } finally { permits.release(); }
 *
 * Variant `acquire_in_try` moves acquire() inside the try.  An acquire that
 * is interrupted throws, the finally releases a permit that was never taken,
 * and the pool grows by one.
 *
 * Variant `compensating_release` "compensates" a failed tryAcquire(n) with
 * release(n).  The failed try took nothing, so the pool grows by n.
 *
 * Neither mistake is ever reported by the semaphore; the count just drifts.
 */
#ifndef LOCKSTEP_SEMAPHORE_CALLER_H
#define LOCKSTEP_SEMAPHORE_CALLER_H

#include "semaphore.h"

/* acquire(permits); try { body(arg) } finally { release(permits) }.
 * Returns AQS_ACQUIRED if the body ran, AQS_INTERRUPTED if acquire threw. */
int semaphore_guarded(semaphore *s, int32_t permits, aqs_thread *me, void (*body)(void *arg),
                      void *arg);

/* if (tryAcquire(permits)) { try { body(arg) } finally { release(permits) } }.
 * Returns whether the body ran. */
bool semaphore_try_guarded(semaphore *s, int32_t permits, void (*body)(void *arg), void *arg);

#endif
