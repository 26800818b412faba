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
 *          visible to everyone at once (the default)
 *   tso.c  x86-TSO: a FIFO store buffer per actor; a store waits in it until
 *          a flush choice moves it to memory; read-modify-writes, seq_cst
 *          stores and fences, and the platform's locks and parkers drain it
 *   ra.c   C11 release/acquire and relaxed: every cell keeps its stores in
 *          modification order, each actor a view of them; which store a
 *          load reads is a read_from choice
 *
 * Only `access` is required: a model whose stores are visible at once (sc)
 * leaves the other hooks NULL, and the machine then never asks; and the
 * machine calls sc's access directly, not through the pointer (mem/sc.h), so
 * sc costs one test of a pointer per step beyond what it costs alone.  A model's
 * state lives in the machine's sim_mem_state (mem/state.h), which reset
 * clears through the model's own `reset`.
 *
 * The machine knows models by name ("sc", "tso", "ra"), like scheduling models.
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
    /* Actor `actor` synchronises: a fence (p->kind SIM_ACT_FENCE, with its
     * order), or a lock, unlock, park or unpark, which order memory as a
     * mutex and a futex do (p->order is seq_cst).  NULL: nothing to do. */
    void (*synchronise)(sim_machine *m, int actor, const sim_action *p);
    /* Appends the choices the model offers now (flush, read_from); returns
     * how many.  Only answers.  NULL: none. */
    int (*choices)(const sim_machine *m, sim_choice *out);
    /* Takes one of them: 0, or -1 if it is not possible now. */
    int (*take)(sim_machine *m, sim_choice c);
    /* Whether two choices possible now, at least one of them the model's,
     * may fail to commute (the explorer's dependence). */
    bool (*dependent)(const sim_machine *m, sim_choice a, sim_choice b);
    /* The cell one of its choices writes or reads, for the explorer's record
     * of a run (NULL if none). */
    const void *(*choice_cell)(const sim_machine *m, sim_choice c);
    /* Whether an action takes part in one order the model keeps across all
     * cells (ra: seq_cst fences and accesses), so any two such steps are
     * dependent whatever they touch.  NULL: none does. */
    bool (*ordered)(const sim_action *p);
    /* Clears the model's state when the machine is reset.  NULL: none. */
    void (*reset)(sim_machine *m);
    /* The model's state for views, as one JSON value.  NULL: no "memory"
     * key in the state JSON. */
    void (*state_json)(const sim_machine *m, jbuf *b);
    /* What a load of `cell` by `actor` would read now, as *key: equal keys
     * at two moments mean the load would read the same (tso: its own newest
     * buffered store to the cell, else memory; ra: the newest store, while
     * nothing newer exists).  False when it could read something other than
     * its last load of the cell read (ra: a store newer than that one).  For
     * the explorer's spin rounds (spin_await.c).  NULL: the cell's value. */
    bool (*reread)(const sim_machine *m, int actor, const void *cell, unsigned width,
                   uint64_t *key);
    /* Which cell of state_json's list `cell` is (the views tell cells of one
     * object apart by it), or -1 if the run has not touched it.  NULL: the
     * model lists no cells. */
    int (*cell_index)(const sim_machine *m, const void *cell);
} sim_mem_model;

/* The model with this name, or NULL.  NULL or "" is "sc". */
const sim_mem_model *sim_mem_model_named(const char *name);

extern const sim_mem_model sim_mem_sc, sim_mem_tso, sim_mem_ra;

/* Under ra, a "read: ..." line for every load of the trace that read a store
 * older than the newest: which, and why the model allowed it (ra_story.c). */
void sim_ra_story(const sim_machine *m, jbuf *out);
/* The same loads as a JSON array (empty unless the run is under ra), one
 * object each: "actor", "object", "label", "site", "step", "read" and
 * "newer" (each {"value", "step", "by"}; by null: the initial value; newer
 * null if not found) and "text", the line's words after "read: ". */
void sim_ra_reads_json(const sim_machine *m, jbuf *out);

/* Whether an action is an access the memory model performs. */
static inline bool sim_act_is_access(sim_act_kind k)
{
    return k == SIM_ACT_LOAD || k == SIM_ACT_STORE || k == SIM_ACT_SWAP || k == SIM_ACT_FETCH_ADD ||
           k == SIM_ACT_FETCH_OR || k == SIM_ACT_FETCH_AND || k == SIM_ACT_CAS;
}

/* Whether an action orders memory without being an access: a fence, and the
 * platform's locks and parkers (a mutex and a futex order memory). */
static inline bool sim_act_synchronises(sim_act_kind k)
{
    return k == SIM_ACT_FENCE || k == SIM_ACT_LOCK || k == SIM_ACT_UNLOCK ||
           k == SIM_ACT_PARK_PREPARE || k == SIM_ACT_PARK || k == SIM_ACT_BLOCK ||
           k == SIM_ACT_UNPARK;
}

/* Whether actor `stepper`'s next action (kind k on `target`) may fail to
 * commute with a flush of actor `flusher`'s oldest buffered store to `cell`:
 * another actor's access to that cell (or an assertion, which reads
 * anything); the flushing actor's own stores, read-modify-writes, fences and
 * synchronising actions (they fill or drain the buffer the flush takes from)
 * and its loads of that cell.  The scheduler's and the explorer's dependence
 * both use this, so they agree. */
static inline bool sim_flush_step_dependent(int flusher, const void *cell, int stepper,
                                            sim_act_kind k, const void *target)
{
    if (k == SIM_ACT_ASSERT)
        return true;
    if (stepper != flusher)
        return sim_act_is_access(k) && target == cell;
    if (k == SIM_ACT_LOAD)
        return target == cell;
    return sim_act_is_access(k) || sim_act_synchronises(k);
}

/* "object": the cell's object, in an array "elem": its index, and "field":
 * the field that holds it when its object has named its cells (the models'
 * state JSON names cells so). */
static inline void sim_mem_cell_json(const sim_machine *m, const void *cell, jbuf *b)
{
    int elem = 0, region = sim_region_of((sim_machine *)m, cell, &elem);
    jb_key(b, "object");
    jb_str(b, region >= 0 ? m->regions[region].name : "?");
    if (region >= 0 && m->regions[region].elem_size) {
        jb_key(b, "elem");
        jb_int(b, elem);
    }
    const char *field = region >= 0 ? sim_cell_field(m, cell) : NULL;
    if (field) {
        jb_key(b, "field");
        jb_str(b, field);
    }
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
