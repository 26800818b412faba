/*
 * mem/sc.h: sequential consistency's access, the whole of it.
 *
 * Invariant: memory is the cells themselves; an access reads and writes the
 * cell directly, so a store is visible to everyone the moment its step is
 * taken (sc.c says why that is sequential consistency).
 *
 * It is inline, here, because sc is the default model and its access is
 * the one every step of an ordinary run makes: the machine calls it directly
 * when the run's model is sc (perform.c) instead of through the model's
 * `access` pointer, so the default costs what it did before memory models
 * existed.  sc.c's `access` is this same function, for everyone else.
 */
#ifndef LOCKSTEP_MEM_SC_H
#define LOCKSTEP_MEM_SC_H

#include "model.h"

/* Performs the access p under sc: sets e->old_v, e->new_v and, for a CAS,
 * e->ok; returns the value read (for a read-modify-write, the old value). */
static inline uint64_t sim_sc_access(const sim_action *p, sim_event *e)
{
    uint64_t old = sim_cell_read(p->target, p->width);
    e->old_v = old;
    if (p->kind == SIM_ACT_LOAD) {
        e->new_v = old;
        return old;
    }
    bool ok;
    uint64_t v = sim_rmw_value(p, old, &ok);
    if (p->kind == SIM_ACT_CAS)
        e->ok = ok;
    sim_cell_write(p->target, p->width, v);
    e->new_v = v;
    return old;
}

#endif
