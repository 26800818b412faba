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
} spin_variant;

/* The variant being run (read with plat_variant_is), as a flag. */
spin_variant spin_variant_now(void);

#endif
