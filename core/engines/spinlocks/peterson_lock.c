/*
 * Peterson's lock (see peterson_lock.h).
 *
 * Invariant: a thread enters only after its own `interested` and `turn` are
 * in memory and it has then seen the other not interested, or seen the turn
 * handed back to it.  Whichever of the two wrote `turn` last waits, so both
 * can never be inside.  That argument needs the loads to come after the
 * stores in memory's one order; under `peterson_no_fence` nothing keeps the
 * stores from waiting in a store buffer while the loads read memory, and on
 * x86 both threads can see the other not interested and enter together.
 */
#include "peterson_lock.h"

void peterson_lock_init(peterson_lock *l)
{
    plat_init32(&l->interested[0], 0);
    plat_init32(&l->interested[1], 0);
    plat_init32(&l->turn, 0);
    l->variant = spin_variant_now();
}

void peterson_lock_acquire(peterson_lock *l, int me)
{
    int other = 1 - me;
    plat_store32(&l->interested[me], 1, PLAT_RELAXED, AT("I am interested"));
    plat_store32(&l->turn, (uint32_t)other, PLAT_RELAXED, AT("turn = the other"));
    /* x86's mfence: both stores reach memory before either load below reads
     * it.  Without it the stores may still sit in this thread's store buffer. */
    if (l->variant != SPIN_PETERSON_NO_FENCE)
        plat_fence(PLAT_SEQ_CST, AT("fence: my stores reach memory first"));
    while (plat_load32(&l->interested[other], PLAT_ACQUIRE, AT("is the other interested?")) == 1 &&
           plat_load32(&l->turn, PLAT_ACQUIRE, AT("is it the other's turn?")) == (uint32_t)other)
        plat_spin_hint(AT("spin: the other goes first"));
}

void peterson_lock_release(peterson_lock *l, int me)
{
    /* Release order: what the holder wrote inside is visible to the other
     * thread once it sees this store. */
    plat_store32(&l->interested[me], 0, PLAT_RELEASE, AT("unlock: I am not interested"));
}
