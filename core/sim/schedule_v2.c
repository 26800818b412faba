/*
 * What version 2 of the schedule adds: choices that are not steps.
 *
 * Invariant: a schedule with only steps and random values is written as
 * version 1, byte for byte as before, so every existing string and share URL
 * keeps reading and writing the same; version 2 is written only when a run
 * took an irq, a tick or a drop.  Both versions are read.
 *
 * Each kind's forms come from the table of choice kinds (choice.c):
 * readable tokens that only v2 has:
 *   !H      irq: the environment raises handler H
 *   tick    the tick
 *   ~T      drop: task T's pending future is cancelled
 *   =NAME   a step of an actor whose name is a v2 keyword ("=tick")
 * Compact entries (after the same flags, seed and count as v1): a varint tag
 * whose low two bits say what follows in tag >> 2:
 *   0 step: the actor (then the fingerprint, if the flags say so: the action
 *     kind byte and 1 + the object's index)
 *   1 random: the value
 *   2 irq: the handler
 *   3 other: 0 = tick; 1 = drop, followed by a varint actor; 2 = flush,
 *     followed by a varint actor; 3 = read_from, followed by a varint actor
 *     and a varint store; 4 = place, followed by a varint actor and a
 *     varint place
 *
 * Version 3 is version 2 with the memory models' choices (a choice kind's
 * `version` in choice.c): readable ^A (flush: the oldest store in A's store
 * buffer reaches memory), compact tag 3 sub-kind 2; readable <A:N
 * (read_from: A's load reads store N of its cell, 0 its initial value, under
 * ra), compact tag 3 sub-kind 3; readable >A:P (place: A's store takes place
 * P of its cell's modification order, under ra), compact tag 3 sub-kind 4.  A schedule is written
 * with the lowest version that holds its choices, and a version-2 string
 * that names a flush is refused, so the version says whether a run needs a
 * weak memory model.
 */
#include "machine.h"
#include "schedule_internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

unsigned sim_schedule_version_needed(const sim_schedule *s)
{
    unsigned version = 1;
    for (size_t i = 0; i < s->n; i++)
        if (!s->entries[i].is_random && sim_choice_kind_of(s->entries[i].what)->version > version)
            version = sim_choice_kind_of(s->entries[i].what)->version;
    return version;
}

bool sim_schedule_needs_v2(const sim_schedule *s) { return sim_schedule_version_needed(s) >= 2; }

static bool name_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '-'; }

static int v2_error(char *err, size_t es, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int v2_error(char *err, size_t es, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, es, fmt, ap);
    va_end(ap);
    return -1;
}

int sim_sched_v2_token(const char *t, size_t len, size_t *i, sim_sched_entry *e, char *err,
                       size_t es)
{
    size_t at = *i, start = at;
    int kind = -1;
    for (int k = 0; k < SIM_CHOICE_KINDS; k++) {
        const sim_choice_kind_info *info = sim_choice_kind_of((unsigned)k);
        size_t n = info->word ? strlen(info->word) : 0;
        if (n && at + n <= len && strncmp(t + at, info->word, n) == 0 &&
            (at + n == len || !name_char(t[at + n]))) {
            e->what = (uint8_t)k;
            *i = at + n;
            return 1;
        }
        if (info->sigil && info->sigil == t[at])
            kind = k;
    }
    char sigil = t[at];
    if (kind < 0 && sigil != '=')
        return 0;
    if (sigil == '=') { /* a step: the caller reads NAME[@kind:object] as in v1 */
        if (at + 1 >= len || !name_char(t[at + 1]))
            return v2_error(err, es, "schedule: expected an actor's name after '=' at column %zu",
                            start + 1);
        *i = at + 1;
        return 0;
    }
    at++;
    size_t n = 0;
    while (at < len && name_char(t[at])) {
        if (n + 1 >= sizeof e->actor_name)
            return v2_error(err, es, "schedule: actor name too long at column %zu", start + 1);
        e->actor_name[n++] = t[at++];
    }
    e->actor_name[n] = 0;
    if (!n)
        return v2_error(err, es, "schedule: expected an actor's name after '%c' at column %zu",
                        sigil, start + 1);
    if (sim_choice_kind_of((unsigned)kind)->has_arg) {
        if (at >= len || t[at] != ':' || at + 1 >= len || !isdigit((unsigned char)t[at + 1]))
            return v2_error(err, es, "schedule: expected ':N' after '%c%s' at column %zu", sigil,
                            e->actor_name, start + 1);
        int64_t v = 0;
        for (at++; at < len && isdigit((unsigned char)t[at]); at++)
            if ((v = v * 10 + (t[at] - '0')) > INT32_MAX)
                return v2_error(err, es, "schedule: the number at column %zu is too large",
                                start + 1);
        e->arg = (int32_t)v;
    }
    e->what = (uint8_t)kind;
    *i = at;
    return 1;
}

/* The kind of choice whose compact entry has this tag (and, for tag 3, this
 * sub-kind), or -1. */
static int compact_kind(int tag, uint64_t other)
{
    for (int k = 0; k < SIM_CHOICE_KINDS; k++) {
        const sim_choice_kind_info *info = sim_choice_kind_of((unsigned)k);
        if (info->tag == tag && (tag != 3 || (uint64_t)info->other == other))
            return k;
    }
    return -1;
}

bool sim_sched_v2_read(reader *r, unsigned flags, sim_sched_entry *e)
{
    uint64_t tag = read_varint(r), v = tag >> 2;
    switch (tag & 3) {
    case 0:
        if (v >= 32768)
            return false;
        e->actor = (int16_t)v;
        if (flags & 2) {
            if (r->at >= r->n)
                return false;
            e->kind = r->p[r->at++];
            uint64_t reg = read_varint(r);
            if (reg > 32768)
                return false;
            e->has_fp = 1;
            e->region = (int16_t)((int64_t)reg - 1);
        }
        break;
    case 1:
        if (v > UINT32_MAX)
            return false;
        e->is_random = 1;
        e->value = (uint32_t)v;
        break;
    case 2: {
        int kind = compact_kind(2, 0);
        if (v >= 32768 || kind < 0)
            return false;
        e->what = (uint8_t)kind;
        e->actor = (int16_t)v;
        break;
    }
    default: {
        int kind = compact_kind(3, v);
        if (kind < 0)
            return false;
        e->what = (uint8_t)kind;
        if (sim_choice_kind_of((unsigned)kind)->has_actor) {
            uint64_t a = read_varint(r);
            if (a >= 32768)
                return false;
            e->actor = (int16_t)a;
        }
        if (sim_choice_kind_of((unsigned)kind)->has_arg) {
            uint64_t a = read_varint(r);
            if (a > INT32_MAX)
                return false;
            e->arg = (int32_t)a;
        }
    }
    }
    return !r->bad;
}

void sim_sched_v2_put(unsigned char **p, const sim_sched_entry *e, bool fingerprints)
{
    uint64_t actor = (uint64_t)(e->actor < 0 ? 0 : e->actor);
    if (e->is_random) {
        put_varint(p, (uint64_t)e->value << 2 | 1);
        return;
    }
    const sim_choice_kind_info *info = sim_choice_kind_of(e->what);
    if (info->tag == 2) {
        put_varint(p, actor << 2 | 2);
    } else if (info->tag == 3) {
        put_varint(p, (uint64_t)info->other << 2 | 3);
        if (info->has_actor)
            put_varint(p, actor);
        if (info->has_arg)
            put_varint(p, (uint64_t)(e->arg < 0 ? 0 : e->arg));
    } else { /* a step */
        put_varint(p, actor << 2);
        if (fingerprints) {
            *(*p)++ = e->kind;
            put_varint(p, (uint64_t)(e->region + 1));
        }
    }
}
