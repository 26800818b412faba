/*
 * ttas_lock.h: the test-and-test-and-set spinlock.
 *
 * The same word as the test-and-set lock, but a waiting thread only reads it
 * ("test") until it sees 0, and only then tries the swap ("test-and-set").
 * Reading keeps the cache line shared among the waiters; every swap would
 * take it away from all of them.  The swap can still fail: somebody else may
 * have swapped first, and then the thread goes back to reading.
 */
#ifndef LOCKSTEP_TTAS_LOCK_H
#define LOCKSTEP_TTAS_LOCK_H

#include "variant.h"

typedef struct ttas_lock {
    plat_a32 held;        /* 1 while some thread holds the lock */
    spin_variant variant; /* read once, at init */
} ttas_lock;

void ttas_lock_init(ttas_lock *l);
void ttas_lock_acquire(ttas_lock *l);
void ttas_lock_release(ttas_lock *l);

#endif
