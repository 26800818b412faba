/*
 * region_digest.h: the machine's memory (every region's bytes) as two 64-bit
 * sums, for the stateful search's keys (visited.c), kept up to date at the
 * cost of comparing the memory with a copy and hashing what changed.
 *
 * Invariant: region_digest_of gives a function of the regions' bytes alone
 * (their number, sizes and contents), the same with a cache as without one.
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

/* sum[0], sum[1]: over every block of every region, its hash (seeded with
 * the region, the block and the region's size), lane by lane.  With d, only
 * the blocks that differ from d's copy are hashed again (d may be NULL: every
 * block is hashed). */
void region_digest_of(const sim_machine *m, region_digest *d, uint64_t sum[2]);

/* The same for `size` bytes at p, kept in the cache's slot `slot` (the slot
 * seeds the blocks' hashes, so it says which bytes these are: a region's
 * index, or SIM_MAX_REGIONS + k for the key's other bytes). */
void region_digest_bytes(region_digest *d, int slot, const void *p, size_t size, uint64_t sum[2]);

#endif
