/*
 * hasher.h: the 128-bit hash the stateful search keys states with
 * (visited.c) and hashes the machine's memory with (region_digest.c).
 *
 * Invariant: two lanes of xxHash64's round over 64-bit words; order matters,
 * and after hasher_lane_end a difference in any word fed in reaches all 64
 * bits of each lane.
 */
#ifndef LOCKSTEP_HASHER_H
#define LOCKSTEP_HASHER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct hasher {
    uint64_t a, b;
} hasher;

static inline uint64_t hasher_rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

static inline void hasher_mix(hasher *h, uint64_t w)
{
    h->a = hasher_rotl(h->a + w * 0xC2B2AE3D27D4EB4Full, 31) * 0x9E3779B185EBCA87ull;
    h->b = hasher_rotl(h->b + (w ^ 0x165667B19E3779F9ull) * 0x9E3779B185EBCA87ull, 29) *
           0xC2B2AE3D27D4EB4Full;
}

/* Bytes of any length: the length, then the bytes as words (the last one
 * filled up with zeros). */
static inline void hasher_mix_bytes(hasher *h, const void *p, size_t size)
{
    const unsigned char *c = p;
    hasher_mix(h, size);
    for (; size >= 8; size -= 8, c += 8) {
        uint64_t w;
        memcpy(&w, c, 8);
        hasher_mix(h, w);
    }
    if (size) {
        uint64_t w = 0;
        memcpy(&w, c, size);
        hasher_mix(h, w);
    }
}

/* xxHash64's final avalanche of one lane. */
static inline uint64_t hasher_lane_end(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ull;
    return x ^ (x >> 33);
}

#endif
