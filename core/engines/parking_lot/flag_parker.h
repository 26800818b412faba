/*
 * flag_parker.h: a flag one thread waits for, with a thread parker made of
 * one atomic word (`woken`), as std's futex parkers and this project's native
 * parker are built.
 *
 * The waiter prepares its parker (woken = 0), checks the flag, and sleeps
 * while woken is 0; the setter sets the flag, then wakes the parker
 * (woken = 1, and a futex wake).  Invariant: a waiter never sleeps through a
 * set: either its check sees the flag, or the setter's woken = 1 lands after
 * its prepare.  That needs prepare's store to reach memory before the check's
 * load: seq_cst (x86: xchg).  Variant relaxed_prepare stores it relaxed, as
 * the native parker once did: under x86-TSO the check can read the flag
 * before the store leaves the store buffer, and the late woken = 0 then
 * overwrites the setter's woken = 1: a lost wake-up.
 */
#ifndef LOCKSTEP_FLAG_PARKER_H
#define LOCKSTEP_FLAG_PARKER_H

#include "../../plat/plat.h"

typedef struct flag_parker {
    plat_a32 flag;        /* the condition: 1 once set */
    plat_a32 woken;       /* the parker's word: 0 after prepare, 1 after a wake */
    plat_parker *sleeper; /* the waiter's own sleep, named by the waiter before it prepares */
    bool relaxed_prepare; /* variant relaxed_prepare */
} flag_parker;

void flag_parker_init(flag_parker *p);
/* Returns once the flag is set. */
void flag_parker_wait(flag_parker *p);
/* Sets the flag and wakes the waiter. */
void flag_parker_set(flag_parker *p);

#endif
