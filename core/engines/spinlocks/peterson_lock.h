/*
 * peterson_lock.h: Peterson's lock for two threads (OSTEP 28.5's aside,
 * "Dekker's and Peterson's algorithms"; G. L. Peterson, "Myths about the
 * mutual exclusion problem", IPL 12(3), 1981).
 *
 * No read-modify-write at all: each thread says it is interested, gives the
 * other the turn, and waits while the other is interested and it is the
 * other's turn.  It needs its stores to be visible before its loads: on a
 * machine with store buffers (x86-TSO) that takes a full fence between them.
 */
#ifndef LOCKSTEP_PETERSON_LOCK_H
#define LOCKSTEP_PETERSON_LOCK_H

#include "variant.h"

typedef struct peterson_lock {
    plat_a32 interested[2]; /* 1 while thread i wants the lock or holds it */
    plat_a32 turn;          /* who goes first when both are interested */
    spin_variant variant;   /* read once, at init */
} peterson_lock;

void peterson_lock_init(peterson_lock *l);
/* Spins until thread `me` (0 or 1) holds the lock. */
void peterson_lock_acquire(peterson_lock *l, int me);
void peterson_lock_release(peterson_lock *l, int me);

#endif
