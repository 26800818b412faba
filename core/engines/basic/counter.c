/*
 * The racy counter and the atomic counter (see counter.h).
 *
 * Invariant of atomic_counter: after N increments by any threads in any
 * interleaving, value == initial + N.  counter keeps no such promise: between
 * its load and its store another thread may store, and that store is then
 * overwritten (a lost update).
 */
#include "counter.h"

void counter_init(counter *c, uint32_t initial) { plat_init32(&c->value, initial); }

void counter_increment(counter *c)
{
    /* Step 1: copy the shared value into a private variable. */
    uint32_t mine = plat_load32(&c->value, PLAT_RELAXED, AT("read value"));
    /* Step 2: write back the private copy plus one.  Whatever others stored
     * since step 1 is overwritten here. */
    plat_store32(&c->value, mine + 1, PLAT_RELAXED, AT("write value + 1"));
}

uint32_t counter_get(counter *c) { return plat_load32(&c->value, PLAT_RELAXED, AT("read value")); }

void atomic_counter_init(atomic_counter *c, uint32_t initial) { plat_init32(&c->value, initial); }

void atomic_counter_increment(atomic_counter *c)
{
    /* Read, add and write in one indivisible step. */
    plat_fetch_add32(&c->value, 1, PLAT_RELAXED, AT("fetch_add value, 1"));
}

uint32_t atomic_counter_get(atomic_counter *c)
{
    return plat_load32(&c->value, PLAT_RELAXED, AT("read value"));
}
