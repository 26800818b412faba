/*
 * Checking a parsed schedule against the machine it is to run on (see
 * schedule_check.h).  Only what holds for every run is checked here: the
 * actors a schedule names exist, a fingerprint names an action kind and an
 * object.  Whether the named actor can move at its step is the replay's
 * business (run.c), which reports a divergence.
 */
#include "schedule_check.h"

#include <stdarg.h>
#include <stdio.h>

static int wrong(char *err, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int wrong(char *err, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, size, fmt, ap);
    va_end(ap);
    return -1;
}

/* "A, B, C" */
static void actor_list(const sim_machine *m, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < sim_actor_count(m) && n < size; i++) {
        int k = snprintf(buf + n, size - n, "%s%s", i ? ", " : "", sim_actor_name(m, i));
        if (k < 0)
            return;
        n += (size_t)k;
    }
}

int sim_schedule_check(const sim_machine *m, const sim_schedule *s, char *err, size_t errsize)
{
    char actors[200];
    actor_list(m, actors, sizeof actors);
    for (size_t i = 0; i < s->n; i++) {
        const sim_sched_entry *e = &s->entries[i];
        size_t at = i + 1;
        if (e->is_random || !sim_choice_kind_of(e->what)->has_actor) /* a tick names no actor */
            continue;
        if (e->actor < 0 && sim_actor_by_name(m, e->actor_name) < 0)
            return wrong(err, errsize,
                         "schedule: entry %zu ('%s'): the scenario has no actor '%s'; its actors "
                         "are %s",
                         at, e->actor_name, e->actor_name, actors);
        if (e->actor >= sim_actor_count(m))
            return wrong(err, errsize,
                         "schedule: entry %zu: actor number %d; the scenario has %d actors (%s)",
                         at, e->actor + 1, sim_actor_count(m), actors);
        if (!e->has_fp)
            continue;
        if (e->kind >= SIM_ACT_COUNT)
            return wrong(err, errsize, "schedule: entry %zu: unknown action kind %u", at,
                         (unsigned)e->kind);
        /* The readable form names the object; the compact form numbers it
         * (region -1 there is "no object", which some actions have). */
        if (e->actor < 0 && e->region < 0 && !e->object_name[0])
            return wrong(err, errsize,
                         "schedule: entry %zu ('%s@%s:'): no object after '%s:'; write it as "
                         "%s@%s:OBJECT",
                         at, e->actor_name, sim_act_name((sim_act_kind)e->kind),
                         sim_act_name((sim_act_kind)e->kind), e->actor_name,
                         sim_act_name((sim_act_kind)e->kind));
    }
    return 0;
}
