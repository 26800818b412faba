/*
 * Parsing and printing schedules (the formats are described in schedule.h).
 */
#include "escape.h"
#include "machine.h"
#include "schedule_internal.h"
#include "vec.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sim_schedule_init(sim_schedule *s)
{
    memset(s, 0, sizeof *s);
    s->version = SIM_SCHEDULE_VERSION;
}

void sim_schedule_free(sim_schedule *s)
{
    free(s->entries);
    sim_schedule_init(s);
}

int sim_schedule_reserve(sim_schedule *s, size_t n)
{
    if (n > SIM_SCHEDULE_MAX_ENTRIES)
        return -1;
    if (n <= s->cap)
        return 0;
    /* a first reservation is exact (the caller knows the size); later ones double */
    sim_sched_entry *grown = sim_vec_grow(s->entries, &s->cap, n, sizeof *grown, n);
    if (!grown)
        return -1;
    s->entries = grown;
    return 0;
}

int sim_schedule_push(sim_schedule *s, const sim_sched_entry *e)
{
    if (s->n >= SIM_SCHEDULE_MAX_ENTRIES)
        return -1;
    sim_sched_entry *grown = sim_vec_grow(s->entries, &s->cap, s->n + 1, sizeof *grown, 32);
    if (!grown)
        return -1;
    s->entries = grown;
    s->entries[s->n++] = *e;
    return 0;
}

static int error(char *err, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int error(char *err, size_t size, const char *fmt, ...)
{
    char raw[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    text_escape(err, size, raw); /* the schedule is input */
    return -1;
}

/* ---- readable form ---------------------------------------------------------------- */

static bool name_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '-'; }

/* A repeat count after an entry ("tick*399": the tick, 399 times), from the
 * '*' at *i; the count is 1 to SIM_SCHEDULE_MAX_ENTRIES, in decimal. */
static int parse_repeat(const char *t, size_t len, size_t *i, uint64_t *times)
{
    size_t at = *i + 1, digits = 0;
    uint64_t n = 0;
    while (at < len && isdigit((unsigned char)t[at]) && digits < 8) {
        n = n * 10 + (uint64_t)(t[at] - '0');
        at++;
        digits++;
    }
    if (!digits || n < 1 || n > SIM_SCHEDULE_MAX_ENTRIES ||
        (at < len && isdigit((unsigned char)t[at]))) {
        *i = at;
        return -1;
    }
    *i = at;
    *times = n;
    return 0;
}

static int parse_readable(const char *t, size_t len, sim_schedule *s, char *err, size_t es)
{
    size_t i = 2; /* after "v1" or "v2" */
    while (i < len && t[i] == ' ')
        i++;
    if (i + 5 <= len && strncmp(t + i, "seed=", 5) == 0) {
        i += 5;
        if (i >= len || !isdigit((unsigned char)t[i]))
            return error(err, es, "schedule: expected a number after seed= at column %zu", i + 1);
        uint64_t seed = 0;
        while (i < len && isdigit((unsigned char)t[i])) {
            uint64_t d = (uint64_t)(t[i] - '0');
            if (seed > (UINT64_MAX - d) / 10)
                return error(err, es, "schedule: the seed at column %zu is too large", i + 1);
            seed = seed * 10 + d;
            i++;
        }
        s->has_seed = true;
        s->seed = seed;
    }
    while (i < len && t[i] == ' ')
        i++;
    if (i >= len || t[i] != ':')
        return error(err, es, "schedule: expected ':' at column %zu", i + 1);
    i++;
    for (;;) {
        while (i < len && isspace((unsigned char)t[i]))
            i++;
        if (i >= len)
            return 0;
        sim_sched_entry e = {.actor = -1, .region = -1};
        size_t start = i;
        int v2 = t[1] >= '2' ? sim_sched_v2_token(t, len, &i, &e, err, es) : 0;
        if (v2 < 0)
            return -1;
        if (v2 > 0) {
            /* a choice only version 2 or later has */
            unsigned since = sim_choice_kind_of(e.what)->version;
            if (since > s->version)
                return error(err, es,
                             "schedule: %s at column %zu needs version %u (start with 'v%u:')",
                             sim_choice_kind_name(e.what), start + 1, since, since);
        } else if (t[i] == '[') {
            if (i + 3 > len || strncmp(t + i, "[r:", 3) != 0)
                return error(err, es, "schedule: expected [r:N] at column %zu", start + 1);
            i += 3;
            uint64_t v = 0;
            size_t digits = 0;
            while (i < len && isdigit((unsigned char)t[i]) && digits < 10) {
                v = v * 10 + (uint64_t)(t[i] - '0');
                i++;
                digits++;
            }
            if (!digits || v > UINT32_MAX || i >= len || t[i] != ']')
                return error(err, es, "schedule: bad random value at column %zu", start + 1);
            i++;
            e.is_random = 1;
            e.value = (uint32_t)v;
        } else {
            size_t n = 0;
            while (i < len && name_char(t[i])) {
                if (n + 1 >= sizeof e.actor_name)
                    return error(err, es, "schedule: actor name too long at column %zu", start + 1);
                e.actor_name[n++] = t[i++];
            }
            if (!n) {
                char what[8];
                text_escape_n(what, sizeof what, t + i, 1);
                return error(err, es, "schedule: unexpected character at column %zu: '%s'",
                             start + 1, what);
            }
            if (i < len && t[i] == '@') {
                i++;
                char kind[16];
                size_t k = 0;
                while (i < len && (isalnum((unsigned char)t[i]) || t[i] == '_') &&
                       k + 1 < sizeof kind)
                    kind[k++] = t[i++];
                kind[k] = 0;
                if (!k || i >= len || t[i] != ':')
                    return error(err, es, "schedule: expected ACTOR@action:object at column %zu",
                                 start + 1);
                i++;
                size_t o = 0;
                while (i < len && !isspace((unsigned char)t[i]) && t[i] != '*') {
                    if (o + 1 >= sizeof e.object_name)
                        return error(err, es, "schedule: object name too long at column %zu",
                                     start + 1);
                    e.object_name[o++] = t[i++];
                }
                int kk = sim_act_kind_from_name(kind);
                if (kk < 0)
                    return error(err, es, "schedule: unknown action at column %zu: '%s'", start + 1,
                                 kind);
                e.has_fp = 1;
                e.kind = (uint8_t)kk;
            }
        }
        uint64_t times = 1;
        if (i < len && t[i] == '*' && parse_repeat(t, len, &i, &times) != 0)
            return error(err, es, "schedule: expected a count from 1 to %d after '*' at column %zu",
                         SIM_SCHEDULE_MAX_ENTRIES, i + 1);
        if (s->n + times > SIM_SCHEDULE_MAX_ENTRIES || sim_schedule_reserve(s, s->n + times) != 0)
            return error(err, es, "schedule: more than %d entries", SIM_SCHEDULE_MAX_ENTRIES);
        for (uint64_t k = 0; k < times; k++)
            if (sim_schedule_push(s, &e) != 0)
                return error(err, es, "schedule: more than %d entries", SIM_SCHEDULE_MAX_ENTRIES);
    }
}

/* ---- compact form ---------------------------------------------------------------------- */

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static int b64_value(char c)
{
    const char *p = c ? strchr(b64, c) : NULL;
    return p ? (int)(p - b64) : -1;
}

static int parse_compact(const char *t, size_t len, sim_schedule *s, char *err, size_t es)
{
    size_t chars = len - 3;
    size_t cap = chars * 3 / 4 + 3;
    unsigned char *bytes = malloc(cap ? cap : 1);
    if (!bytes)
        return error(err, es, "schedule: out of memory");
    size_t n = 0;
    uint32_t acc = 0;
    int bits = 0;
    for (size_t i = 3; i < len; i++) {
        int v = b64_value(t[i]);
        if (v < 0) {
            free(bytes);
            return error(err, es, "schedule: character %zu is not base64url", i + 1);
        }
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            bytes[n++] = (unsigned char)(acc >> bits);
        }
    }
    reader r = {bytes, n, 0, false};
    int rc = -1;
    if (n < 1) {
        error(err, es, "schedule: the compact form is empty");
        goto out;
    }
    unsigned flags = bytes[r.at++];
    if (flags & ~3u) {
        error(err, es, "schedule: unknown flags in byte %zu", (size_t)1);
        goto out;
    }
    if (flags & 1) {
        s->has_seed = true;
        s->seed = read_varint(&r);
    }
    uint64_t count = read_varint(&r);
    if (r.bad || count > SIM_SCHEDULE_MAX_ENTRIES || count > n * 8) {
        error(err, es, "schedule: bad entry count near byte %zu", r.at);
        goto out;
    }
    for (uint64_t k = 0; k < count; k++) {
        sim_sched_entry e = {.actor = -1, .region = -1};
        if (t[1] >= '2') {
            if (!sim_sched_v2_read(&r, flags, &e) ||
                (!e.is_random && sim_choice_kind_of(e.what)->version > s->version))
                r.bad = true;
        } else {
            uint64_t tag = read_varint(&r);
            if (tag & 1) {
                if ((tag >> 1) > UINT32_MAX)
                    r.bad = true;
                e.is_random = 1;
                e.value = (uint32_t)(tag >> 1);
            } else {
                if ((tag >> 1) >= 32768)
                    r.bad = true;
                e.actor = (int16_t)(tag >> 1);
                if (flags & 2) {
                    if (r.at >= r.n)
                        r.bad = true;
                    else
                        e.kind = r.p[r.at++];
                    uint64_t reg = read_varint(&r);
                    if (reg > 32768)
                        r.bad = true;
                    e.has_fp = 1;
                    e.region = (int16_t)((int64_t)reg - 1);
                }
            }
        }
        if (r.bad) {
            error(err, es, "schedule: truncated or malformed near byte %zu", r.at);
            goto out;
        }
        if (sim_schedule_push(s, &e) != 0) {
            error(err, es, "schedule: out of memory");
            goto out;
        }
    }
    if (r.at != r.n) {
        error(err, es, "schedule: %zu unexpected bytes at the end", r.n - r.at);
        goto out;
    }
    rc = 0;
out:
    free(bytes);
    return rc;
}

int sim_schedule_parse(const char *t, size_t len, sim_schedule *s, char *err, size_t es)
{
    sim_schedule_init(s);
    while (len && isspace((unsigned char)t[len - 1]))
        len--;
    while (len && isspace((unsigned char)*t))
        t++, len--;
    if (memchr(t, 0, len))
        return error(err, es, "schedule: contains a NUL byte");
    int rc;
    bool known = len >= 2 && t[0] == 'v' && t[1] >= '1' && t[1] <= '0' + SIM_SCHEDULE_VERSION;
    if (known)
        s->version = (unsigned)(t[1] - '0');
    if (known && len >= 3 && t[2] == '.')
        rc = parse_compact(t, len, s, err, es);
    else if (known && (len == 2 || t[2] == ':' || t[2] == ' '))
        rc = parse_readable(t, len, s, err, es);
    else if (len >= 1 && t[0] == 'v')
        rc = error(err, es, "schedule: unsupported version (this is version %d)",
                   SIM_SCHEDULE_VERSION);
    else
        rc = error(err, es,
                   "schedule: must start with 'v1:', 'v2:' or 'v3:' (readable) or 'v1.', "
                   "'v2.' or 'v3.' (compact)");
    if (rc != 0)
        sim_schedule_free(s);
    return rc;
}

void sim_schedule_compact(const sim_schedule *s, jbuf *out)
{
    unsigned version = sim_schedule_version_needed(s);
    bool fps = s->n > 0, v2 = version >= 2;
    for (size_t i = 0; i < s->n; i++)
        if (!s->entries[i].is_random && s->entries[i].what == SIM_CHOICE_STEP &&
            !s->entries[i].has_fp)
            fps = false;
    size_t cap = 1 + 10 + 10 + s->n * 24;
    unsigned char *bytes = malloc(cap), *p = bytes;
    if (!bytes) {
        out->failed = 1;
        return;
    }
    *p++ = (unsigned char)((s->has_seed ? 1 : 0) | (fps ? 2 : 0));
    if (s->has_seed)
        put_varint(&p, s->seed);
    put_varint(&p, s->n);
    for (size_t i = 0; i < s->n; i++) {
        const sim_sched_entry *e = &s->entries[i];
        if (v2) {
            sim_sched_v2_put(&p, e, fps);
        } else if (e->is_random) {
            put_varint(&p, (uint64_t)e->value * 2 + 1);
        } else {
            put_varint(&p, (uint64_t)(e->actor < 0 ? 0 : e->actor) * 2);
            if (fps) {
                *p++ = e->kind;
                put_varint(&p, (uint64_t)(e->region + 1));
            }
        }
    }
    jb_printf(out, "v%u.", version);
    size_t n = (size_t)(p - bytes);
    /* six bits a character, written at once (a long run has millions) */
    char *text = malloc(n / 3 * 4 + 4), *t = text;
    if (!text) {
        free(bytes);
        out->failed = 1;
        return;
    }
    uint32_t acc = 0;
    int bits = 0;
    for (size_t i = 0; i < n; i++) {
        acc = (acc << 8) | bytes[i];
        bits += 8;
        while (bits >= 6) {
            bits -= 6;
            *t++ = b64[(acc >> bits) & 63];
        }
    }
    if (bits > 0)
        *t++ = b64[(acc << (6 - bits)) & 63];
    jb_rawn(out, text, (size_t)(t - text));
    free(text);
    free(bytes);
}
