/*
 * cell.h: one atomic cell, every access with the memory order it asks for
 * (engine `basic`: the litmus tests of tests/scenarios/basic/litmus/).
 *
 * The smallest story about memory models.  Each operation is one atomic
 * access of one 32-bit cell, so what a load can see is decided by the run's
 * memory model alone: under sc every load sees the latest store; under tso a
 * store may still wait in its thread's store buffer, so another thread's
 * load sees the older value.
 */
#ifndef LOCKSTEP_BASIC_CELL_H
#define LOCKSTEP_BASIC_CELL_H

#include "../../plat/plat.h"

typedef struct atomic_cell {
    plat_a32 value;
} atomic_cell;

void atomic_cell_init(atomic_cell *c, uint32_t initial);
uint32_t atomic_cell_load(atomic_cell *c, plat_order o);
void atomic_cell_store(atomic_cell *c, uint32_t v, plat_order o);
/* Stores `desired` if the cell holds `expected`; returns the value it held. */
uint32_t atomic_cell_cas(atomic_cell *c, uint32_t expected, uint32_t desired, plat_order o);
/* Adds v; returns the value it held. */
uint32_t atomic_cell_fetch_add(atomic_cell *c, uint32_t v, plat_order o);
/* A fence: orders this thread's accesses to every cell, not just this one. */
void atomic_cell_fence(plat_order o);

#endif
