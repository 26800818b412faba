/*
 * The test-and-set spinlock (see tas_lock.h).
 *
 * Invariant: at most one thread has seen `held` go from 0 to 1 by its own
 * action since the last release, and that thread is the holder.  The swap
 * reads the old value and writes 1 in one indivisible step, so two threads
 * can never both read 0.  Under `check_then_set` the read and the write are
 * two steps, and another thread can read 0 between them: both enter.
 * Under `relaxed_unlock` and `relaxed_lock` the lock still excludes, but the
 * data written inside no longer travels with it to the next holder.
 */
#include "tas_lock.h"

void tas_lock_init(tas_lock *l)
{
    plat_init32(&l->held, 0);
    l->variant = spin_variant_now();
}

void tas_lock_acquire(tas_lock *l)
{
    if (l->variant == SPIN_CHECK_THEN_SET) {
        /* The first lock everybody writes: wait until the flag is 0, then
         * set it.  Between the check and the set, nothing stops another
         * thread from checking too. */
        while (plat_load32(&l->held, PLAT_ACQUIRE, AT("check: is held 0?")) == 1)
            plat_spin_hint(AT("spin: held was 1"));
        plat_store32(&l->held, 1, PLAT_RELAXED, AT("set: held = 1"));
        return;
    }
    /* Read the old value and write 1 in one atomic step: whoever reads 0
     * is the only one who did. */
    while (plat_swap32(&l->held, 1, spin_acquire_order(l->variant),
                       AT("test-and-set: swap held <- 1")) == 1)
        plat_spin_hint(AT("spin: held was 1"));
}

void tas_lock_release(tas_lock *l)
{
    /* Release order: what the holder wrote inside is visible to the next
     * thread that swaps a 0 out with acquire order.  Under relaxed_unlock
     * (or relaxed_lock on the other side) the next holder still gets the
     * lock, but may read the data as it was before this holder wrote it. */
    plat_store32(&l->held, 0, spin_release_order(l->variant), AT("unlock: held = 0"));
}
