/*
 * rng.h: the machine's one pseudo-random generator (splitmix64).
 *
 * Invariant: the sequence depends only on the state it is given, so a seed
 * gives the same numbers natively and in WebAssembly, run after run.  The
 * random policy, PCT, the explorer's random walks and `random` values in
 * scenarios all draw from it, each from its own state.
 */
#ifndef LOCKSTEP_RNG_H
#define LOCKSTEP_RNG_H

#include <stdint.h>

/* The next number of the sequence, advancing *state. */
static inline uint64_t sim_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#endif
