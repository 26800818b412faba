/*
 * An atomic cell (see cell.h).
 *
 * Invariant: every operation is exactly one platform access with the order
 * its caller named, nothing more, so a litmus test's outcome is the memory
 * model's verdict and not this file's.
 */
#include "cell.h"

void atomic_cell_init(atomic_cell *c, uint32_t initial) { plat_init32(&c->value, initial); }

uint32_t atomic_cell_load(atomic_cell *c, plat_order o)
{
    return plat_load32(&c->value, o, AT("load value"));
}

void atomic_cell_store(atomic_cell *c, uint32_t v, plat_order o)
{
    plat_store32(&c->value, v, o, AT("store value"));
}

uint32_t atomic_cell_cas(atomic_cell *c, uint32_t expected, uint32_t desired, plat_order o)
{
    plat_cas32(&c->value, &expected, desired, o, AT("cas value"));
    return expected; /* what the cell held, whether or not it was replaced */
}

uint32_t atomic_cell_fetch_add(atomic_cell *c, uint32_t v, plat_order o)
{
    return plat_fetch_add32(&c->value, v, o, AT("fetch_add value"));
}

void atomic_cell_fence(plat_order o) { plat_fence(o, AT("fence")); }
