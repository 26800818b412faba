/*
 * The byte-level helpers the schedule's two versions share (schedule.c reads
 * and writes v1, schedule_v2.c the entries only v2 has).  Not for outside
 * core/sim.
 */
#ifndef LOCKSTEP_SCHEDULE_INTERNAL_H
#define LOCKSTEP_SCHEDULE_INTERNAL_H

#include "schedule.h"

/* A bounded reader of the compact form's bytes: `bad` once it ran past the end. */
typedef struct reader {
    const unsigned char *p;
    size_t n, at;
    bool bad;
} reader;

static inline uint64_t read_varint(reader *r)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (r->at >= r->n) {
            r->bad = true;
            return 0;
        }
        unsigned char b = r->p[r->at++];
        v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            return v;
    }
    r->bad = true;
    return 0;
}

static inline void put_varint(unsigned char **p, uint64_t v)
{
    while (v >= 0x80) {
        *(*p)++ = (unsigned char)(v | 0x80);
        v >>= 7;
    }
    *(*p)++ = (unsigned char)v;
}

/* Whether a schedule needs version 2 (it has a choice that is not a step). */
bool sim_schedule_needs_v2(const sim_schedule *s);
/* The lowest version that holds every choice of the schedule (1, 2 or 3). */
unsigned sim_schedule_version_needed(const sim_schedule *s);

/* Readable v2: if the token at t[*i] is one only v2 has (!H, ~T, tick, =NAME),
 * parse it into e and return 1; 0 if it is not; -1 with a message in err. */
int sim_sched_v2_token(const char *t, size_t len, size_t *i, sim_sched_entry *e, char *err,
                       size_t es);
/* Compact v2: read one entry (after the header); false if malformed. */
bool sim_sched_v2_read(reader *r, unsigned flags, sim_sched_entry *e);
/* Compact v2: write one entry (at most 24 bytes). */
void sim_sched_v2_put(unsigned char **p, const sim_sched_entry *e, bool fingerprints);

#endif
