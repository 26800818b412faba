/*
 * Snapshots of a machine (see snapshot.h).
 *
 * Invariant: restoring a snapshot into the machine it was saved from gives
 * the same future, byte for byte, as the run that was saved.  Everything a
 * step reads is put back: the actors' records and their coroutines (each
 * stack's used part and saved context, coro.h), every region's bytes, the
 * world's own state (sim_hooks.state_bytes), the scheduling and memory
 * models' state, the clock,
 * counters, the outcome, the timeline and the generator.  What is put back is
 * copied into the memory the machine has now (its heap arrays keep their
 * addresses), so pointers into regions and stacks, which engines keep in
 * objects (a waiter's node on its actor's stack), stay right: a stack goes
 * back to the very addresses it was saved from.
 *
 * The machine's struct is copied in the pieces between its arrays (offsetof),
 * so a field added to it later is kept without a word here; only the heap
 * arrays, the engine globals' slots and why the last call failed, which
 * belong to the machine and not to a run, are named below.
 */
#include "snapshot.h"

#include "machine_internal.h"
#include "mem/model.h"
#include "vec.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct sim_snapshot {
    const sim_machine *of;
    unsigned char *bytes; /* the pieces, in the order save writes them */
    size_t n, cap;
    bool failed;              /* memory ran out while saving */
    coro *co[SIM_MAX_ACTORS]; /* the coroutines whose stacks are kept */
    int n_actors, n_regions;  /* (read back before the pieces they count) */
    size_t world_size;        /* the world's own state's bytes */
    size_t history_len, n_randoms;
    int n_globals;
    bool live[8]; /* which engine globals were made in the run */
};

sim_snapshot *sim_snapshot_new(void) { return calloc(1, sizeof(sim_snapshot)); }

void sim_snapshot_free(sim_snapshot *s)
{
    if (!s)
        return;
    free(s->bytes);
    free(s);
}

size_t sim_snapshot_bytes(const sim_snapshot *s) { return s->n; }

bool sim_snapshot_possible(const sim_machine *m) { return m->hooks.whole_state; }

/* ---- writing and reading the pieces -------------------------------------------- */

/* Room for n more bytes at the end; NULL (and `failed`) when memory is short. */
static unsigned char *room(sim_snapshot *s, size_t n)
{
    if (s->n + n > s->cap) {
        size_t cap = s->cap ? s->cap : 4096;
        while (cap < s->n + n)
            cap *= 2;
        unsigned char *grown = realloc(s->bytes, cap);
        if (!grown) {
            s->failed = true;
            return NULL;
        }
        s->bytes = grown;
        s->cap = cap;
    }
    unsigned char *at = s->bytes + s->n;
    s->n += n;
    return at;
}

static void put(sim_snapshot *s, const void *p, size_t n)
{
    unsigned char *at = room(s, n);
    if (at && n)
        memcpy(at, p, n);
}

static void get(const unsigned char **at, void *p, size_t n)
{
    if (n)
        memcpy(p, *at, n);
    *at += n;
}

/* The struct's bytes from field offset `from` up to offset `to`. */
#define PIECE(m, from, to) ((unsigned char *)(m) + (from)), ((to) - (from))
#define END_OF(field) (offsetof(sim_machine, field) + sizeof(((sim_machine *)0)->field))

/* ---- the memory models' state ------------------------------------------------- */

static void save_memory(sim_snapshot *s, const sim_machine *m)
{
    const sim_mem_state *ms = &m->memory;
    if (m->mem == &sim_mem_sc)
        return; /* memory is the cells */
    if (m->mem == &sim_mem_tso) {
        put(s, ms->buffers, (size_t)m->n_actors * sizeof ms->buffers[0]);
        put(s, &ms->nonempty, sizeof ms->nonempty);
        return;
    }
    put(s, ms, sizeof *ms); /* ra, or a model this file does not know: all of it */
    if (m->mem != &sim_mem_ra)
        return;
    for (int k = 0; k < ms->ra.n_cells; k++)
        put(s, ms->ra.cells[k].stores, ms->ra.cells[k].n * sizeof(sim_ra_store));
    put(s, ms->ra.views, ms->ra.n_views * sizeof(sim_ra_view));
}

/* Make room for n elements in a model's array (its capacity a uint32_t). */
static bool grow_to(void **items, uint32_t *cap, uint32_t n, size_t elem)
{
    if (n <= *cap)
        return true;
    void *grown = realloc(*items, n * elem);
    if (!grown)
        return false;
    *items = grown;
    *cap = n;
    return true;
}

/* Whether the ra arrays of the machine can hold what the snapshot kept
 * (grown now if not): the one part of a restore that may need memory, done
 * before anything is changed. */
static bool ra_room(sim_machine *m, const unsigned char *at)
{
    sim_mem_state kept;
    memcpy(&kept, at, sizeof kept);
    sim_ra_state *ra = &m->memory.ra;
    for (int k = 0; k < kept.ra.n_cells; k++)
        if (!grow_to((void **)&ra->cells[k].stores, &ra->cells[k].cap, kept.ra.cells[k].n,
                     sizeof(sim_ra_store)))
            return false;
    return grow_to((void **)&ra->views, &ra->cap_views, kept.ra.n_views, sizeof(sim_ra_view));
}

static void restore_memory(sim_machine *m, const unsigned char **at)
{
    sim_mem_state *ms = &m->memory;
    if (m->mem == &sim_mem_sc)
        return;
    if (m->mem == &sim_mem_tso) {
        get(at, ms->buffers, (size_t)m->n_actors * sizeof ms->buffers[0]);
        get(at, &ms->nonempty, sizeof ms->nonempty);
        return;
    }
    if (m->mem != &sim_mem_ra) {
        get(at, ms, sizeof *ms);
        return;
    }
    /* the arrays stay the machine's (ra_room made them large enough) */
    sim_ra_state *ra = &ms->ra;
    sim_ra_store *stores[SIM_RA_MAX_CELLS];
    uint32_t caps[SIM_RA_MAX_CELLS];
    for (int k = 0; k < SIM_RA_MAX_CELLS; k++) {
        stores[k] = ra->cells[k].stores;
        caps[k] = ra->cells[k].cap;
    }
    sim_ra_view *views = ra->views;
    uint32_t cap_views = ra->cap_views;
    get(at, ms, sizeof *ms);
    for (int k = 0; k < SIM_RA_MAX_CELLS; k++) {
        ra->cells[k].stores = stores[k];
        ra->cells[k].cap = caps[k];
        if (k >= ra->n_cells)
            ra->cells[k].n = 0;
        else
            get(at, stores[k], ra->cells[k].n * sizeof(sim_ra_store));
    }
    ra->views = views;
    ra->cap_views = cap_views;
    get(at, views, ra->n_views * sizeof(sim_ra_view));
}

/* ---- saving and restoring ------------------------------------------------------- */

/* (visited.c hashes the same bytes for the state key.  Never inlined: the
 * call through the hook must stay in this function for Asyncify's list.) */
__attribute__((noinline)) void *sim_world_state(const sim_machine *m, size_t *size)
{
    *size = 0;
    if (!m->hooks.state_bytes)
        return NULL;
    coro_no_switch++; /* the world only answers (coro.h) */
    void *p = (void *)m->hooks.state_bytes(m, size, m->setup_arg);
    coro_no_switch--;
    if (!p)
        *size = 0;
    return p;
}

int sim_snapshot_save(sim_machine *m, sim_snapshot *s)
{
    if (!m->hooks.whole_state) {
        sim_fail(m, "this world keeps state outside the machine: it cannot be snapshotted");
        return -1;
    }
    if (m->n_events || m->n_texts || m->n_prints || m->current >= 0) {
        sim_fail(m, "a snapshot is taken between steps with the trace empty");
        return -1;
    }
    s->of = m;
    s->n = 0;
    s->failed = false;
    s->n_actors = m->n_actors;
    s->n_regions = m->n_regions;
    s->history_len = m->history_len;
    s->n_randoms = m->n_randoms;
    s->n_globals = m->n_globals;
    for (int i = 0; i < m->n_globals; i++)
        s->live[i] = m->globals[i].live;
    /* the struct, but for the configuration before the actors and the
     * unused ends of its arrays */
    put(s, m->actors, (size_t)m->n_actors * sizeof m->actors[0]);
    put(s, PIECE(m, END_OF(actors), offsetof(sim_machine, regions)));
    put(s, m->regions, (size_t)m->n_regions * sizeof m->regions[0]);
    put(s, PIECE(m, END_OF(regions), offsetof(sim_machine, memory)));
    save_memory(s, m);
    /* (not why the last call failed: that is the caller's, 512 bytes a walk) */
    put(s, PIECE(m, END_OF(memory), offsetof(sim_machine, last_error)));
    put(s, PIECE(m, END_OF(last_error), sizeof *m));
    /* what the struct points at */
    for (int r = 0; r < m->n_regions; r++)
        put(s, m->regions[r].base, m->regions[r].size);
    const void *world = sim_world_state(m, &s->world_size);
    put(s, world, s->world_size);
    put(s, m->history, m->history_len * sizeof *m->history);
    put(s, m->randoms, m->n_randoms * sizeof *m->randoms);
    for (int i = 0; i < m->n_actors; i++) {
        coro *co = m->actors[i].co;
        s->co[i] = co;
        unsigned char *at = room(s, coro_image_size(co));
        if (at)
            coro_image_save(co, at);
    }
    if (s->failed) {
        sim_fail(m, "out of memory for a snapshot");
        s->of = NULL;
        return -1;
    }
    return 0;
}

/* The machine's own arrays, which a run never replaces: kept across the copy
 * of the struct's last piece. */
typedef struct machine_arrays {
    struct sim_global_slot globals[8];
    int n_globals;
    sim_step_record *history;
    size_t history_cap;
    struct sim_random_record *randoms;
    size_t cap_randoms;
    sim_event *events;
    size_t cap_events;
    char **texts;
    size_t cap_texts;
    const char **prints;
    size_t cap_prints;
} machine_arrays;

int sim_snapshot_restore(sim_machine *m, const sim_snapshot *s)
{
    if (s->of != m) {
        sim_fail(m, "the snapshot is of another machine");
        return -1;
    }
    for (int i = 0; i < s->n_actors; i++)
        if (m->actors[i].co != s->co[i]) {
            sim_fail(m, "the machine's coroutines were made again since the snapshot");
            return -1;
        }
    /* everything that may need memory first, so a failure changes nothing */
    sim_step_record *h =
        sim_vec_grow(m->history, &m->history_cap, s->history_len, sizeof *m->history, 256);
    if (h)
        m->history = h;
    struct sim_random_record *rv =
        sim_vec_grow(m->randoms, &m->cap_randoms, s->n_randoms, sizeof *m->randoms, 16);
    if (rv)
        m->randoms = rv;
    const unsigned char *at = s->bytes;
    size_t memory_at = (size_t)s->n_actors * sizeof m->actors[0] +
                       (offsetof(sim_machine, regions) - END_OF(actors)) +
                       (size_t)s->n_regions * sizeof m->regions[0] +
                       (offsetof(sim_machine, memory) - END_OF(regions));
    if ((s->history_len && !h) || (s->n_randoms && !rv) ||
        (m->mem == &sim_mem_ra && !ra_room(m, at + memory_at))) {
        sim_fail(m, "out of memory to restore a snapshot");
        return -1;
    }
    sim_clear_trace(m);
    coro *co[SIM_MAX_ACTORS];
    for (int i = 0; i < s->n_actors; i++)
        co[i] = m->actors[i].co;
    get(&at, m->actors, (size_t)s->n_actors * sizeof m->actors[0]);
    get(&at, PIECE(m, END_OF(actors), offsetof(sim_machine, regions)));
    get(&at, m->regions, (size_t)s->n_regions * sizeof m->regions[0]);
    get(&at, PIECE(m, END_OF(regions), offsetof(sim_machine, memory)));
    restore_memory(m, &at);
    machine_arrays keep;
    memcpy(keep.globals, m->globals, sizeof keep.globals);
    keep.n_globals = m->n_globals;
    keep.history = m->history;
    keep.history_cap = m->history_cap;
    keep.randoms = m->randoms;
    keep.cap_randoms = m->cap_randoms;
    keep.events = m->events;
    keep.cap_events = m->cap_events;
    keep.texts = m->texts;
    keep.cap_texts = m->cap_texts;
    keep.prints = m->prints;
    keep.cap_prints = m->cap_prints;
    get(&at, PIECE(m, END_OF(memory), offsetof(sim_machine, last_error)));
    get(&at, PIECE(m, END_OF(last_error), sizeof *m));
    memcpy(m->globals, keep.globals, sizeof m->globals);
    m->n_globals = keep.n_globals; /* (slots made since stay, not live) */
    for (int i = 0; i < m->n_globals; i++)
        m->globals[i].live = i < s->n_globals && s->live[i];
    m->history = keep.history;
    m->history_cap = keep.history_cap;
    m->randoms = keep.randoms;
    m->cap_randoms = keep.cap_randoms;
    m->events = keep.events;
    m->cap_events = keep.cap_events;
    m->texts = keep.texts;
    m->cap_texts = keep.cap_texts;
    m->prints = keep.prints;
    m->cap_prints = keep.cap_prints;
    for (int i = 0; i < s->n_actors; i++) /* (the records past them were not copied) */
        m->actors[i].co = co[i];
    for (int r = 0; r < m->n_regions; r++)
        get(&at, m->regions[r].base, m->regions[r].size);
    size_t world_size;
    void *world = sim_world_state(m, &world_size);
    get(&at, world, s->world_size); /* (the same world: the same size) */
    get(&at, m->history, m->history_len * sizeof *m->history);
    get(&at, m->randoms, m->n_randoms * sizeof *m->randoms);
    for (int i = 0; i < m->n_actors; i++) {
        coro_image_restore(m->actors[i].co, at);
        at += coro_image_size(m->actors[i].co); /* (the image's own size, now restored) */
    }
    return 0;
}
