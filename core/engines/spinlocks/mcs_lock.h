/*
 * mcs_lock.h: the MCS queue lock (Mellor-Crummey and Scott, 1991; OSTEP
 * 28.16 points to it).
 *
 * Waiters form a queue of nodes, one node per thread.  The lock word `tail`
 * names the last node in the queue (or none).  A thread joins by swapping its
 * own node into `tail` and linking itself behind the node it got back; then it
 * spins on the `locked` flag of its own node, which only its predecessor
 * writes.  Every waiter spins on a different word, so a release disturbs one
 * waiter, not all of them.
 *
 * Nodes are named by number, 1 + their place in `nodes` (0 is none), so that
 * `tail` and `next` fit in 32-bit words on any machine, as the Linux kernel's
 * qspinlock encodes its tail as a CPU number.  Thread i uses node i.
 */
#ifndef LOCKSTEP_MCS_LOCK_H
#define LOCKSTEP_MCS_LOCK_H

#include "variant.h"

#define MCS_MAX_NODES 32 /* threads that may use one lock */
#define MCS_NONE 0u      /* no node */

/* One waiter's place in the queue, a cache line of its own (64 bytes on
 * every machine, so that natively no two waiters spin on one line). */
typedef struct mcs_node {
    plat_a32 locked; /* 1 while this waiter must wait; its predecessor clears it */
    plat_a32 next;   /* the node queued behind this one, or MCS_NONE */
    char pad[56];
} mcs_node;

typedef struct mcs_lock {
    plat_a32 tail; /* the last node in the queue, or MCS_NONE when free */
    spin_variant variant;
    char pad[56];
    mcs_node nodes[MCS_MAX_NODES];
} mcs_lock;

void mcs_lock_init(mcs_lock *l);
/* Spins until thread `me` (0 .. MCS_MAX_NODES - 1) holds the lock. */
void mcs_lock_acquire(mcs_lock *l, unsigned me);
void mcs_lock_release(mcs_lock *l, unsigned me);

#endif
