/*
 * The test-and-test-and-set spinlock (see ttas_lock.h).
 *
 * Invariant: as for the test-and-set lock, only a swap that returns 0 makes a
 * holder; the reads before it only decide when to try.  The read that saw 0
 * proves nothing by the time the thread acts on it, which is why the set must
 * still be a swap.  Under `check_then_set` it is a plain store, and two
 * threads that both read 0 both enter.
 */
#include "ttas_lock.h"

void ttas_lock_init(ttas_lock *l)
{
    plat_init32(&l->held, 0);
    l->variant = spin_variant_now();
}

void ttas_lock_acquire(ttas_lock *l)
{
    for (;;) {
        /* Test: wait, only reading, until the lock looks free. */
        while (plat_load32(&l->held, PLAT_RELAXED, AT("test: is held 0?")) == 1)
            plat_spin_hint(AT("spin: held was 1"));
        if (l->variant == SPIN_CHECK_THEN_SET) {
            /* "It was 0 a moment ago, so take it": the mistake. */
            plat_store32(&l->held, 1, PLAT_RELAXED, AT("set: held = 1"));
            return;
        }
        /* Test-and-set: somebody may have taken it since the read. */
        if (plat_swap32(&l->held, 1, spin_acquire_order(l->variant),
                        AT("test-and-set: swap held <- 1")) == 0)
            return;
    }
}

void ttas_lock_release(ttas_lock *l)
{
    /* Release, so the next holder's acquiring swap sees what was written
     * inside (relaxed under relaxed_unlock: it may not). */
    plat_store32(&l->held, 0, spin_release_order(l->variant), AT("unlock: held = 0"));
}
