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

#include <stdint.h>

typedef struct region_digest region_digest;

/* A cache of the memory as the last digest saw it; NULL when memory is short. */
region_digest *region_digest_new(void);
void region_digest_free(region_digest *d);

/* sum[0], sum[1]: over every block of every region, its hash (seeded with
 * the region, the block and the region's size), lane by lane.  With d, only
 * the blocks that differ from d's copy are hashed again (d may be NULL: every
 * block is hashed). */
void region_digest_of(const sim_machine *m, region_digest *d, uint64_t sum[2]);

#endif
