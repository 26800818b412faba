/*
 * Bytes of the machine as two sums (see region_digest.h).
 *
 * Invariant: a cached region's copy holds the region's bytes as the last
 * digest saw them, and each of its blocks' hashes is the hash of that block
 * of the copy; its sums are the sums of those hashes.  So where the region's
 * bytes equal the copy, the cached hashes are the hashes of the region as it
 * is now, and only the blocks that differ need hashing again.
 *
 * Why compare rather than be told of writes: engines write plain memory
 * under their locks (the parking lot's queues), which no step announces, and
 * a snapshot's restore puts back every region at once.  A comparison of a
 * few kilobytes word by word costs a small part of hashing them (the hash is
 * a chain of multiplications per word), and a step changes one block or two.
 *
 * Why a sum: the digest must not depend on which blocks were hashed when, and
 * a sum of the blocks' hashes is updated in O(1) when one block changes (take
 * its old hash away, add the new).  Each block's hash is seeded with its
 * region, its place and the region's size, so the same bytes elsewhere hash
 * apart; two memories that differ in one block differ in each sum unless the
 * two hashes of that block collide (2^-64 a lane).
 */
#include "region_digest.h"

#include "hasher.h"

#include <stdlib.h>
#include <string.h>

#define BLOCK 64 /* bytes a block */

typedef struct region_copy {
    bool made; /* false: no copy yet */
    size_t size;
    unsigned char *bytes; /* whole blocks, zero past size */
    uint64_t (*hash)[2];  /* each block's hash */
    uint64_t sum[2];      /* theirs */
    size_t bytes_cap, hash_cap;
} region_copy;

struct region_digest {
    region_copy r[REGION_DIGEST_SLOTS];
};

region_digest *region_digest_new(void) { return calloc(1, sizeof(region_digest)); }

void region_digest_free(region_digest *d)
{
    if (!d)
        return;
    for (int r = 0; r < REGION_DIGEST_SLOTS; r++) {
        free(d->r[r].bytes);
        free(d->r[r].hash);
    }
    free(d);
}

/* The hash of block j of region r (of `size` bytes), its bytes zero past the
 * region's end. */
static void block_hash(int r, size_t j, size_t size, const unsigned char *block, uint64_t out[2])
{
    hasher h = {0x452821E638D01377ull ^ ((uint64_t)r << 40 | j), 0xBE5466CF34E90C6Cull ^ size};
    for (int k = 0; k < BLOCK; k += 8) {
        uint64_t w;
        memcpy(&w, block + k, 8);
        hasher_mix(&h, w);
    }
    out[0] = hasher_lane_end(h.a);
    out[1] = hasher_lane_end(h.b);
}

/* Bytes to digest: a region's, or another slot's. */
typedef struct span {
    const unsigned char *base;
    size_t size;
} span;

/* Block j of g, zero-filled past its end, into out. */
static const unsigned char *padded(span g, size_t j, unsigned char out[BLOCK])
{
    size_t at = j * BLOCK, len = g.size - at < BLOCK ? g.size - at : BLOCK;
    if (len == BLOCK)
        return g.base + at;
    memset(out, 0, BLOCK);
    memcpy(out, g.base + at, len);
    return out;
}

static size_t blocks_of(size_t size) { return (size + BLOCK - 1) / BLOCK; }

/* Slot r's sums, every block hashed. */
static void span_afresh(span g, int r, uint64_t sum[2])
{
    sum[0] = sum[1] = 0;
    unsigned char tail[BLOCK];
    for (size_t j = 0; j < blocks_of(g.size); j++) {
        uint64_t h[2];
        block_hash(r, j, g.size, padded(g, j, tail), h);
        sum[0] += h[0];
        sum[1] += h[1];
    }
}

/* The copy of g made anew; false when memory is short. */
static bool copy_anew(region_copy *c, span g, int r)
{
    size_t n = blocks_of(g.size);
    if (n * BLOCK > c->bytes_cap) {
        unsigned char *bytes = realloc(c->bytes, n * BLOCK);
        if (!bytes)
            return false;
        c->bytes = bytes;
        c->bytes_cap = n * BLOCK;
    }
    if (n > c->hash_cap) {
        uint64_t(*hash)[2] = realloc(c->hash, n * sizeof *hash);
        if (!hash)
            return false;
        c->hash = hash;
        c->hash_cap = n;
    }
    memset(c->bytes, 0, n * BLOCK);
    if (g.size)
        memcpy(c->bytes, g.base, g.size);
    c->sum[0] = c->sum[1] = 0;
    for (size_t j = 0; j < n; j++) {
        block_hash(r, j, g.size, c->bytes + j * BLOCK, c->hash[j]);
        c->sum[0] += c->hash[j][0];
        c->sum[1] += c->hash[j][1];
    }
    c->made = true;
    c->size = g.size;
    return true;
}

/* Whether the len bytes at p and q differ, a word at a time where whole. */
static bool differ(const unsigned char *p, const unsigned char *q, size_t len)
{
    if (len != BLOCK)
        return memcmp(p, q, len) != 0;
    uint64_t diff = 0;
    for (int k = 0; k < BLOCK; k += 8) {
        uint64_t x, y;
        memcpy(&x, p + k, 8);
        memcpy(&y, q + k, 8);
        diff |= x ^ y;
    }
    return diff != 0;
}

/* The copy brought up to g's bytes now, rehashing the blocks that changed. */
static void copy_update(region_copy *c, span g, int r)
{
    size_t n = blocks_of(g.size);
    for (size_t j = 0; j < n; j++) {
        size_t at = j * BLOCK, len = g.size - at < BLOCK ? g.size - at : BLOCK;
        if (!differ(g.base + at, c->bytes + at, len))
            continue;
        memcpy(c->bytes + at, g.base + at, len);
        c->sum[0] -= c->hash[j][0];
        c->sum[1] -= c->hash[j][1];
        block_hash(r, j, g.size, c->bytes + at, c->hash[j]);
        c->sum[0] += c->hash[j][0];
        c->sum[1] += c->hash[j][1];
    }
}

void region_digest_bytes(region_digest *d, int slot, const void *p, size_t size, uint64_t sum[2])
{
    span g = {p, size};
    region_copy *c = d ? &d->r[slot] : NULL;
    /* (the copy is compared byte for byte: where the bytes lie is no matter) */
    if (c && c->made && c->size == size) {
        copy_update(c, g, slot);
    } else if (!c || !copy_anew(c, g, slot)) {
        if (c)
            c->made = false; /* (no copy: hashed afresh) */
        span_afresh(g, slot, sum);
        return;
    }
    sum[0] = c->sum[0];
    sum[1] = c->sum[1];
}
