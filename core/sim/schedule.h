/*
 * schedule.h: the schedule, the string that reproduces a run.
 *
 * A schedule lists only the *real choices* of a run (the steps where more than
 * one actor was enabled) and any random values drawn, in the order they
 * happened.  Steps where only one actor could move need no record.  Two forms:
 *
 *   readable, for people:   v1: A B B A
 *                           v1 seed=7: A B [r:3] B A
 *     Each token is an actor's name, or [r:N] for a random value.  A token may
 *     carry the fingerprint of the step it chooses, B@cas:m ("B, performing a
 *     CAS on m"), which replay checks.  A token followed by *N stands for N
 *     of it ("tick*399", "B*21"); every reader takes it, and a schedule
 *     written without one reads as it always did.
 *   compact, for URLs:      v1.AQMEAg
 *     "v1." then base64url of: a flags byte (1 = seed present, 2 =
 *     fingerprints present), the seed (varint, if flagged), the number of
 *     entries (varint), then per entry a varint tag: 2*actor for a choice,
 *     2*value+1 for a random value; a choice with fingerprints is followed by
 *     the action kind (one byte) and 1 + the object's index (varint).
 *
 * Version 2 (schedule_v2.c) adds choices that are not steps: readable !H (irq),
 * tick, ~T (drop), =NAME (a step of an actor named like a keyword); compact
 * "v2." with the entry tags of schedule_v2.c.  A schedule of steps and random
 * values is still written as v1, so old strings stay what they were.
 * Version 3 adds the memory models' choices: readable ^A (a flush of A's
 * store buffer, under tso) and <A:N (A's load reads store N of its cell,
 * under ra); written only when a run took one.
 *
 * Parsing never trusts its input: every length and index is checked, and a bad
 * string gets an error saying where it went wrong.
 */
#ifndef LOCKSTEP_SCHEDULE_H
#define LOCKSTEP_SCHEDULE_H

#include "json.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SIM_SCHEDULE_VERSION 3
#define SIM_SCHEDULE_MAX_ENTRIES 1000000

typedef struct sim_sched_entry {
    uint8_t is_random;
    uint8_t what;         /* a choice: its sim_choice_kind (0 = step) */
    uint8_t has_fp;       /* a fingerprint to check */
    uint8_t kind;         /* fingerprint: the sim_act_kind expected */
    int16_t actor;        /* choice: actor index, or -1 if given by name (tick: -1, no name) */
    int16_t region;       /* fingerprint: object index, or -1 if given by name */
    uint32_t value;       /* random value */
    int32_t arg;          /* a choice's number (read_from: the store) */
    char actor_name[24];  /* readable form: the actor's name */
    char object_name[40]; /* readable form: the fingerprint's object */
} sim_sched_entry;

typedef struct sim_schedule {
    unsigned version;
    bool has_seed;
    uint64_t seed;
    sim_sched_entry *entries;
    size_t n, cap;
} sim_schedule;

void sim_schedule_init(sim_schedule *s);
void sim_schedule_free(sim_schedule *s);
int sim_schedule_push(sim_schedule *s, const sim_sched_entry *e);
/* Room for n entries in all, allocated at once (-1 if that is too many). */
int sim_schedule_reserve(sim_schedule *s, size_t n);

/* Parse either form.  0, or -1 with a message in err. */
int sim_schedule_parse(const char *text, size_t len, sim_schedule *s, char *err, size_t errsize);

/* The compact form (actor and object indices must be resolved). */
void sim_schedule_compact(const sim_schedule *s, jbuf *out);

#endif
