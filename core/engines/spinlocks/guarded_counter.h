/*
 * guarded_counter.h: the data a critical section updates, `count++`.
 *
 * A lock exists to protect something; here it is one counter that every
 * holder increments.  Invariant: `increment` is a load and then a store, both
 * relaxed, the way a plain `count++` under a lock compiles: it is correct only
 * because the lock orders the holders, and it is exactly as correct as the
 * lock's memory orders make it (variants relaxed_unlock and relaxed_lock).
 */
#ifndef LOCKSTEP_GUARDED_COUNTER_H
#define LOCKSTEP_GUARDED_COUNTER_H

#include "../../plat/plat.h"

typedef struct guarded_counter {
    plat_a32 count;
} guarded_counter;

void guarded_counter_init(guarded_counter *c);
/* count = count + 1; the caller holds the lock that guards c. */
void guarded_counter_increment(guarded_counter *c);

#endif
