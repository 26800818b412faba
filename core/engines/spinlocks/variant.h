/*
 * variant.h: which of the classic mistakes this run makes.
 *
 * Invariant: a lock reads the variant once, when it is made (spin_variant_now
 * in its init), and keeps the answer in a field; its code then branches on
 * that field.  A mistake is a flag, never a second copy of a lock.
 */
#ifndef LOCKSTEP_SPINLOCKS_VARIANT_H
#define LOCKSTEP_SPINLOCKS_VARIANT_H

#include "../../plat/plat.h"

typedef enum spin_variant {
    SPIN_CORRECT,           /* every lock as the textbook writes it */
    SPIN_CHECK_THEN_SET,    /* tas and ttas: test with a load, then set with a store */
    SPIN_RACY_TICKET,       /* ticket: take a ticket with a load, then a store */
    SPIN_MCS_NO_LINK_WAIT,  /* mcs: unlock does not wait for a late successor to link */
    SPIN_PETERSON_NO_FENCE, /* peterson: no fence between the stores and the loads */
    SPIN_RELAXED_UNLOCK,    /* tas, ttas, ticket: unlock's store is relaxed, not release */
    SPIN_RELAXED_LOCK,      /* tas, ttas, ticket: lock's swap or load is relaxed, not acquire */
} spin_variant;

/* The variant being run (read with plat_variant_is), as a flag. */
spin_variant spin_variant_now(void);

/* The order of the access that takes a lock (acquire) and of the store that
 * gives it back (release), weakened to relaxed by the variant that names it:
 * the lock still excludes, but no longer carries the holder's writes. */
plat_order spin_acquire_order(spin_variant v);
plat_order spin_release_order(spin_variant v);

#endif
