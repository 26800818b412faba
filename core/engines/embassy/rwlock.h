/*
 * rwlock.h: embassy-sync's async RwLock.
 *
 * Invariant (under the raw mutex): either writer is set and readers is 0, or
 * writer is clear.  read() looks only at writer, so a waiting writer does not
 * stop new readers: while reads overlap, a writer waits.  Waiting is the one
 * waker slot, as for the Mutex.  The last reader to leave wakes; a writer
 * leaving always wakes.
 */
#ifndef LOCKSTEP_EMBASSY_RWLOCK_H
#define LOCKSTEP_EMBASSY_RWLOCK_H

#include "waker.h"

typedef struct embassy_rwlock {
    plat_a32 readers;
    plat_a8 writer;
    embassy_waker_reg waker;
} embassy_rwlock;

typedef struct embassy_rwlock_future {
    embassy_future future;
    embassy_rwlock *l;
} embassy_rwlock_future;

void embassy_rwlock_read(embassy_rwlock_future *f, embassy_rwlock *l);
void embassy_rwlock_write(embassy_rwlock_future *f, embassy_rwlock *l);
/* Dropping a read guard, a write guard. */
void embassy_rwlock_read_unlock(embassy_rwlock *l);
void embassy_rwlock_write_unlock(embassy_rwlock *l);

#endif
