/*
 * mem/state.h: the memory models' state inside the machine.
 *
 * Invariant: everything a memory model remembers between steps lives here,
 * in the machine, and the model's reset clears it; so going back (reset,
 * then replay) rebuilds a weak memory exactly as it rebuilds the actors.
 * sc remembers nothing: memory is the cells.
 */
#ifndef LOCKSTEP_MEM_STATE_H
#define LOCKSTEP_MEM_STATE_H

#include <stdint.h>

/* How many stores an actor's store buffer holds.  A store into a full buffer
 * first moves the oldest one to memory (real buffers are finite too; a
 * bound keeps a spinning writer's runs finite for the explorer). */
#define SIM_STORE_BUFFER_MAX 8

/* tso: one store waiting in an actor's buffer. */
typedef struct sim_buffered_store {
    void *cell;
    uint32_t value;
    uint8_t width;
    uint64_t step; /* the step that stored it */
} sim_buffered_store;

/* tso: an actor's store buffer, oldest first (a ring). */
typedef struct sim_store_buffer {
    sim_buffered_store entries[SIM_STORE_BUFFER_MAX];
    uint8_t head, n;
} sim_store_buffer;

/* ra: how many atomic cells, and how many locks and parkers, a run may
 * touch (a view holds one timestamp per cell). */
#define SIM_RA_MAX_CELLS 64
#define SIM_RA_MAX_SYNC 64

/* ra: a view, one timestamp per cell (the index of a store in the cell's
 * modification order: 0 is the cell's initial value). */
typedef struct sim_ra_view {
    uint32_t ts[SIM_RA_MAX_CELLS];
} sim_ra_view;

/* ra: one store in a cell's modification order. */
typedef struct sim_ra_store {
    uint32_t value;
    uint32_t view; /* 1 + the index of its message view in `views`; 0: none */
    uint64_t step; /* the step that stored it (0: the cell's initial value) */
    int16_t actor; /* who stored it; -1: the initial value */
    uint8_t order; /* its plat_order */
    uint8_t rmw;   /* a read-modify-write that read the store just before it:
                    * no store may ever come between the two (atomicity) */
} sim_ra_store;

/* ra: an atomic cell and its stores, oldest first. */
typedef struct sim_ra_cell {
    void *cell;
    uint8_t width;
    sim_ra_store *stores;
    uint32_t n, cap;
} sim_ra_cell;

/* ra: everything the release/acquire model remembers.  Cells get their
 * index the first time a run touches them; going back rebuilds the same. */
typedef struct sim_ra_state {
    sim_ra_cell cells[SIM_RA_MAX_CELLS];
    int n_cells;
    sim_ra_view cur[32];       /* each actor's view: the oldest store it may still read */
    sim_ra_view acq[32];       /* what its next acquire fence joins (relaxed loads' messages) */
    sim_ra_view rel[32];       /* its view at its last release fence (relaxed stores carry it) */
    sim_ra_view sc;            /* the view of the one order of seq_cst fences and accesses */
    sim_ra_view last_read[32]; /* 1 + the store each actor's last load of a cell read */
    sim_ra_view *views;        /* message views of stores that carry one */
    uint32_t n_views, cap_views;
    struct sim_ra_sync {
        const void *object; /* a plat_lock or a plat_parker */
        sim_ra_view view;   /* what its release (unlock, unpark) published */
    } sync[SIM_RA_MAX_SYNC];
    int n_sync;
    int16_t read_actor;  /* a read_from choice being taken: whose load, */
    int32_t read_store;  /* and the store it reads (-1: none, read the newest) */
    int16_t place_actor; /* a place choice being taken: whose store, */
    int32_t place_at;    /* and the place it takes (-1: none, the end) */
} sim_ra_state;

typedef struct sim_mem_state {
    sim_store_buffer buffers[32]; /* tso: one per actor (SIM_MAX_ACTORS) */
    uint32_t nonempty;            /* tso: actors whose buffer holds a store */
    sim_ra_state ra;              /* ra */
} sim_mem_state;

/* Frees what a model allocated (the machine is being freed). */
void sim_mem_state_free(sim_mem_state *s);

#endif
