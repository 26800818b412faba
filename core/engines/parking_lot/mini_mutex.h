/*
 * mini_mutex.h: a one-byte mutex on top of the parking lot.
 *
 * Two bits of state: LOCKED (0b01) says somebody holds the lock, PARKED (0b10)
 * says somebody may be asleep in the parking lot waiting for it.  Locking and
 * unlocking an uncontended mutex are one CAS each; everything else (spinning,
 * parking, waking) is on the slow paths.
 */
#ifndef LOCKSTEP_MINI_MUTEX_H
#define LOCKSTEP_MINI_MUTEX_H

#include "../../plat/plat.h"

#define MINI_MUTEX_LOCKED 0x1u
#define MINI_MUTEX_PARKED 0x2u

typedef struct mini_mutex {
    plat_a8 state;
} mini_mutex;

void mini_mutex_init(mini_mutex *m);
/* Blocks until the calling thread holds the lock. */
void mini_mutex_lock(mini_mutex *m);
/* Takes the lock if it is free right now; never waits. */
bool mini_mutex_try_lock(mini_mutex *m);
/* Releases the lock; wakes one parked waiter if there is one.  Unlocking a
 * mutex that is not locked is reported as misuse. */
void mini_mutex_unlock(mini_mutex *m);

/* For a condition variable that moves its waiters onto this mutex's queue
 * (condvar.h).  Both run under the bucket lock of the mutex's key. */
/* Sets PARKED if the mutex is locked; says whether it did (the unlocker will
 * then take the slow path and wake a waiter). */
bool mini_mutex_mark_parked_if_locked(mini_mutex *m);
/* Sets PARKED: waiters were just queued on a mutex that may be free, and the
 * next unlock (or the lock of a waiter woken alongside) must look for them. */
void mini_mutex_mark_parked(mini_mutex *m);

#endif
