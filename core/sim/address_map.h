/*
 * address_map.h: where things live in the simulated machine's address space.
 *
 * Invariant: a virtual address depends only on the scenario (its objects, in
 * the order they are listed, and the fixed footprint of each object's type)
 * and on the order in which the run first uses each engine global.  It never
 * depends on the host's word size, on the size of a C struct, or on which
 * engine globals exist.  Every address fits in 32 bits, so an engine that
 * hashes an address (the parking lot) computes the same thing in a 64-bit
 * native build and in wasm32, where uintptr_t has 32 bits.
 *
 * Three ranges that never meet:
 *
 *   [8, 1 GiB)                 scenario objects.  An object with `address:`
 *                              sits there (a multiple of 8; the object must
 *                              end at or below 1 GiB).  The others are placed
 *                              in the order they are listed, each at the first
 *                              multiple of 64 that is at least 0x10000 and at
 *                              or after the end of every object listed before
 *                              it.  An object's end is its address plus its
 *                              type's footprint (catalog.h), not its C size.
 *   [1 GiB, 2 GiB)             engine globals (the parking lot's table, the
 *                              AQS thread table): the k-th global a run makes
 *                              (k = 0, 1, ...) starts at 1 GiB + k * 16 MiB.
 *   [2 GiB, 2 GiB + 32 * 64)   the actors' parkers: actor i's at 2 GiB + i * 64.
 *
 * Two objects placed by hand so that their footprints share a byte are an
 * error: the scenario compiler reports it at the second object's `address:`,
 * the bytecode decoder refuses it, and sim_add_region refuses it last of all.
 */
#ifndef LOCKSTEP_ADDRESS_MAP_H
#define LOCKSTEP_ADDRESS_MAP_H

/* Scenario objects: [SIM_OBJECTS_START, SIM_OBJECTS_END). */
#define SIM_OBJECTS_START 8
#define SIM_OBJECTS_END (1u << 30)
/* Where the first object without an address goes, and their alignment. */
#define SIM_OBJECTS_AUTO 65536
#define SIM_OBJECTS_ALIGN 64

/* Engine globals: one window of SIM_GLOBAL_SPAN bytes each. */
#define SIM_GLOBALS_START (1u << 30)
#define SIM_GLOBAL_SPAN (1u << 24)

/* The actors' parkers: SIM_PARKER_SPAN bytes each, by actor number. */
#define SIM_PARKERS_START (1u << 31)
#define SIM_PARKER_SPAN 64

#endif
