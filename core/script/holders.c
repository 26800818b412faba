/*
 * The holders of a counting primitive (see holders.h): one table per object,
 * written by its binding, read by its checks, fields and view.
 */
#include "holders.h"

#include <stdio.h>
#include <string.h>

bool script_hold(script_holders *h, int actor, int64_t n)
{
    int64_t mine = (int64_t)h->of[actor] + n;
    if (mine > INT32_MAX || mine < INT32_MIN)
        return false;
    h->of[actor] = (int32_t)mine;
    h->total += n;
    if (h->total > h->peak)
        h->peak = h->total;
    return true;
}

int64_t script_unhold(script_holders *h, int actor, int64_t n)
{
    int64_t has = h->of[actor] > 0 ? h->of[actor] : 0;
    int64_t take = n < has ? n : has;
    h->of[actor] -= (int32_t)take;
    h->total -= take;
    return take;
}

int64_t script_excess(const script_holders *h, int64_t capacity, int64_t free_units,
                      int64_t in_flight)
{
    if (capacity < 0)
        return 0;
    return free_units + h->total + in_flight - capacity;
}

void script_holders_json(jbuf *b, sim_machine *m, const script_holders *h, const char *key,
                         const char *who)
{
    jb_key(b, key);
    jb_raw(b, "[");
    for (int i = 0; i < sim_actor_count(m) && i < SIM_MAX_ACTORS; i++) {
        if (!h->of[i])
            continue;
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, who);
        jb_str(b, sim_actor_name(m, i));
        jb_key(b, "permits");
        jb_int(b, h->of[i]);
        jb_raw(b, "}");
    }
    jb_raw(b, "]");
}

void script_holders_names(sim_machine *m, const script_holders *h, char *buf, size_t size)
{
    buf[0] = '\0';
    for (int i = 0, n = 0; i < sim_actor_count(m) && i < SIM_MAX_ACTORS; i++)
        if (h->of[i] > 0) {
            size_t used = strlen(buf);
            snprintf(buf + used, size - used, "%s%s", n++ ? ", " : "", sim_actor_name(m, i));
        }
}
