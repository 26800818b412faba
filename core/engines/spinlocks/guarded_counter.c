/*
 * The counter a lock guards (see guarded_counter.h).
 *
 * Invariant: every access is relaxed, so the only thing that makes a holder
 * read the count the previous holder wrote is the lock: its release when the
 * previous holder gave it back, and its acquire when this one took it.
 */
#include "guarded_counter.h"

void guarded_counter_init(guarded_counter *c) { plat_init32(&c->count, 0); }

void guarded_counter_increment(guarded_counter *c)
{
    /* A plain `count++` under the lock: nothing here orders it with the
     * other holders' increments but the lock itself. */
    uint32_t seen = plat_load32(&c->count, PLAT_RELAXED, AT("read count"));
    plat_store32(&c->count, seen + 1, PLAT_RELAXED, AT("write count + 1"));
}
