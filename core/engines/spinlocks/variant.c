/*
 * Reads the variant's name once per lock (see variant.h).  Invariant: an
 * unknown name is the correct lock, so a typo never makes a mistake appear.
 */
#include "variant.h"

#include <string.h>

spin_variant spin_variant_now(void)
{
    const char *v = plat_variant();
    if (strcmp(v, "check_then_set") == 0)
        return SPIN_CHECK_THEN_SET;
    if (strcmp(v, "racy_ticket") == 0)
        return SPIN_RACY_TICKET;
    if (strcmp(v, "mcs_no_link_wait") == 0)
        return SPIN_MCS_NO_LINK_WAIT;
    return SPIN_CORRECT;
}
