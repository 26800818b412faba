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

typedef struct sim_mem_state {
    sim_store_buffer buffers[32]; /* tso: one per actor (SIM_MAX_ACTORS) */
    uint32_t nonempty;            /* tso: actors whose buffer holds a store */
} sim_mem_state;

#endif
