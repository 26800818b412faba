/*
 * region_digest.h: bytes of the machine (a region's, or other bytes of the
 * state) as two 64-bit sums, for the stateful search's keys (visited.c), kept
 * up to date at the cost of comparing the bytes with a copy and hashing what
 * changed.
 *
 * Invariant: region_digest_bytes gives a function of its slot and the bytes
 * alone (their size and contents), the same with a cache as without one.
 */
#ifndef LOCKSTEP_REGION_DIGEST_H
#define LOCKSTEP_REGION_DIGEST_H

#include "machine.h"

#include <stddef.h>
#include <stdint.h>

typedef struct region_digest region_digest;

/* The cache's slots: one per region, then REGION_DIGEST_EXTRA more for other
 * bytes of the key (region_digest_bytes). */
#define REGION_DIGEST_EXTRA 2
#define REGION_DIGEST_SLOTS (SIM_MAX_REGIONS + REGION_DIGEST_EXTRA)

/* A cache of the memory as the last digest saw it; NULL when memory is short. */
region_digest *region_digest_new(void);
void region_digest_free(region_digest *d);

/* sum[0], sum[1]: over every block of the `size` bytes at p, its hash
 * (seeded with the slot, the block and the size), lane by lane; kept in the
 * cache's slot `slot` (the slot says which bytes these are: a region's index,
 * or SIM_MAX_REGIONS + k for the key's other bytes).  With d, only the blocks
 * that differ from d's copy are hashed again (d may be NULL: every block is
 * hashed).  Summing a slot's sums over regions gives the memory's. */
void region_digest_bytes(region_digest *d, int slot, const void *p, size_t size, uint64_t sum[2]);

#endif
