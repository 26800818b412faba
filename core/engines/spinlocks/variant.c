/*
 * Reads the variant's name once per lock (see variant.h).  Invariant: an
 * unknown name is the correct lock, so a typo never makes a mistake appear.
 */
#include "variant.h"

spin_variant spin_variant_now(void)
{
    if (plat_variant_is("check_then_set"))
        return SPIN_CHECK_THEN_SET;
    if (plat_variant_is("racy_ticket"))
        return SPIN_RACY_TICKET;
    if (plat_variant_is("mcs_no_link_wait"))
        return SPIN_MCS_NO_LINK_WAIT;
    if (plat_variant_is("peterson_no_fence"))
        return SPIN_PETERSON_NO_FENCE;
    if (plat_variant_is("relaxed_unlock"))
        return SPIN_RELAXED_UNLOCK;
    if (plat_variant_is("relaxed_lock"))
        return SPIN_RELAXED_LOCK;
    return SPIN_CORRECT;
}

plat_order spin_acquire_order(spin_variant v)
{
    return v == SPIN_RELAXED_LOCK ? PLAT_RELAXED : PLAT_ACQUIRE;
}

plat_order spin_release_order(spin_variant v)
{
    return v == SPIN_RELAXED_UNLOCK ? PLAT_RELAXED : PLAT_RELEASE;
}
