/*
 * mem/model.h: what a memory model is.
 *
 * Invariant: every access an engine makes to an atomic cell (a load, a store,
 * a read-modify-write) is performed by the run's memory model and by nothing
 * else, so which value a load sees and when a store becomes visible to other
 * actors is decided in one place.  The machine hands the model the action as
 * the engine announced it, memory order included, and the model fills in the
 * trace event's old and new values.
 *
 * The models, one file each:
 *   sc.c   sequential consistency: one total order of accesses, a store is
 *          visible to everyone at once (the machine's only model today)
 *
 * Planned beside it (docs/ARCHITECTURE.md, "Memory model"): tso.c, a FIFO
 * store buffer per actor whose flushes are choices, and ra.c, C11
 * release/acquire with per-cell store histories whose reads-from are choices.
 * They will add hooks for their choices, their dependence and their state;
 * sc needs none of those, so the interface starts with the one every model
 * must have.
 *
 * The machine knows models by name ("sc"), like scheduling models.
 */
#ifndef LOCKSTEP_MEM_MODEL_H
#define LOCKSTEP_MEM_MODEL_H

#include "../machine_internal.h"

typedef struct sim_mem_model {
    const char *name;
    /* Performs actor `actor`'s atomic access `p` (p->kind is a load, a store
     * or a read-modify-write; p->order its memory order), sets e->old_v,
     * e->new_v and, for a CAS, e->ok, and returns the value the engine's call
     * gets back (the value read; for a read-modify-write, the old value). */
    uint64_t (*access)(sim_machine *m, int actor, const sim_action *p, sim_event *e);
} sim_mem_model;

/* The model with this name, or NULL.  NULL or "" is "sc". */
const sim_mem_model *sim_mem_model_named(const char *name);

extern const sim_mem_model sim_mem_sc;

/* Whether an action is an access the memory model performs. */
static inline bool sim_act_is_access(sim_act_kind k)
{
    return k == SIM_ACT_LOAD || k == SIM_ACT_STORE || k == SIM_ACT_SWAP || k == SIM_ACT_FETCH_ADD ||
           k == SIM_ACT_FETCH_OR || k == SIM_ACT_FETCH_AND || k == SIM_ACT_CAS;
}

/* Reading and writing a cell at its exact width (1, 2 or 4 bytes), for the
 * models' own use. */
static inline uint64_t sim_cell_read(const void *p, unsigned width)
{
    switch (width) {
    case 1: return *(const uint8_t *)p;
    case 2: return *(const uint16_t *)p;
    default: return *(const uint32_t *)p;
    }
}

static inline void sim_cell_write(void *p, unsigned width, uint64_t v)
{
    switch (width) {
    case 1: *(uint8_t *)p = (uint8_t)v; break;
    case 2: *(uint16_t *)p = (uint16_t)v; break;
    default: *(uint32_t *)p = (uint32_t)v; break;
    }
}

/* The new value a read-modify-write (or a store) computes from the old one,
 * cut to the cell's width; for a CAS, *ok says whether it succeeded (a
 * failed CAS writes nothing: the new value is the old one). */
static inline uint64_t sim_rmw_value(const sim_action *p, uint64_t old, bool *ok)
{
    uint64_t mask = p->width >= 8 ? ~0ull : (1ull << (8 * p->width)) - 1, v = old;
    *ok = false;
    switch (p->kind) {
    case SIM_ACT_STORE:
    case SIM_ACT_SWAP: v = p->a; break;
    case SIM_ACT_FETCH_ADD: v = old + p->a; break;
    case SIM_ACT_FETCH_OR: v = old | p->a; break;
    case SIM_ACT_FETCH_AND: v = old & p->a; break;
    case SIM_ACT_CAS:
        *ok = old == (p->a & mask);
        if (*ok)
            v = p->b;
        break;
    default: break;
    }
    return v & mask;
}

#endif
