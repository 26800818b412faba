/*
 * tas_lock.h: the test-and-set spinlock (OSTEP 28.7, "Building a working spin
 * lock with test-and-set").
 *
 * One word, `held`: 0 when the lock is free, 1 when somebody holds it.  A
 * thread that wants it swaps in a 1 and looks at what was there before: a 0
 * means it took the lock, a 1 means somebody else has it, so it tries again.
 */
#ifndef LOCKSTEP_TAS_LOCK_H
#define LOCKSTEP_TAS_LOCK_H

#include "variant.h"

typedef struct tas_lock {
    plat_a32 held;        /* 1 while some thread holds the lock */
    spin_variant variant; /* read once, at init */
} tas_lock;

void tas_lock_init(tas_lock *l);
/* Spins until the calling thread holds the lock. */
void tas_lock_acquire(tas_lock *l);
void tas_lock_release(tas_lock *l);

#endif
