/*
 * mutex.h: embassy-sync's async Mutex.
 *
 * Invariant: `locked` and the waker slot change only under the raw mutex.
 * lock() takes the mutex when it is free, and otherwise registers its task in
 * the one waker slot and returns Pending.  unlock() sets locked = false and
 * then wakes the registered task, which must poll again to take it: there is
 * no hand-off, so any task polled before it may take the mutex first.  A
 * dropped lock future does nothing, so its stale waker may cost one useless
 * wake later.
 */
#ifndef LOCKSTEP_EMBASSY_MUTEX_H
#define LOCKSTEP_EMBASSY_MUTEX_H

#include "waker.h"

typedef struct embassy_mutex {
    plat_a8 locked;
    embassy_waker_reg waker;
} embassy_mutex;

typedef struct embassy_lock_future {
    embassy_future future;
    embassy_mutex *m;
} embassy_lock_future;

void embassy_mutex_init(embassy_mutex *m);
/* m.lock(): the future to await. */
void embassy_mutex_lock(embassy_lock_future *f, embassy_mutex *m);
/* try_lock(): true if taken. */
bool embassy_mutex_try_lock(embassy_mutex *m);
/* Dropping the MutexGuard. */
void embassy_mutex_unlock(embassy_mutex *m);

#endif
