/*
 * Random and PCT walks as units of consecutive walks (see walk_units.h).
 *
 * Invariant: a unit's walks are taken into the whole search only when they
 * are the walks one process makes there: they started at the whole search's
 * next walk, under PCT from its longest run, all of them were made (none
 * found anything, none ran out of steps), and one process would not have
 * run out of steps among them either.  Anything else the whole search makes
 * itself from its exact state, by the one loop every walk search runs
 * (explore_run), so its reasons and counts are that loop's own.
 */
#include "walk_units.h"

#include "explore_internal.h"

uint64_t explore_walk_unit_size(const explore_config *cfg)
{
    if (cfg->walk_unit)
        return cfg->walk_unit;
    if (!cfg->max_executions)
        return EXPLORE_WALK_UNIT_MAX;
    uint64_t size = (cfg->max_executions + 63) / 64;
    return size < EXPLORE_WALK_UNIT_MIN   ? EXPLORE_WALK_UNIT_MIN
           : size > EXPLORE_WALK_UNIT_MAX ? EXPLORE_WALK_UNIT_MAX
                                          : size;
}

bool explore_walk_unit(const explore_config *cfg, uint64_t u, uint64_t *first, uint64_t *end)
{
    uint64_t size = explore_walk_unit_size(cfg), limit = cfg->max_executions;
    if (u > UINT64_MAX / size - 1)
        return false;
    *first = u * size;
    *end = *first + size;
    if (limit && *end > limit)
        *end = limit;
    return !limit || *first < limit;
}

walk_state explore_walk_guess(const explorer *whole, uint64_t first)
{
    return (walk_state){.executions = first, .longest_run = whole->longest_run};
}

explorer *explore_walks_new(sim_machine *m, const explore_config *cfg, const walk_state *from,
                            uint64_t end)
{
    explore_config c = *cfg;
    c.max_executions = end; /* (walks are numbered by the executions made: it stops at end) */
    explorer *e = explore_new(m, &c);
    if (!e)
        return NULL;
    e->res.executions = from->executions;
    e->res.total_steps = from->total_steps;
    e->res.step_limit_hits = from->step_limit_hits;
    e->longest_run = from->longest_run;
    return e;
}

walk_state explore_walk_state(const explorer *e)
{
    return (walk_state){e->res.executions, e->res.total_steps, e->res.step_limit_hits,
                        e->longest_run, e->res.found};
}

bool explore_walks_take(explorer *whole, const walk_state *from, const walk_state *to, uint64_t end)
{
    explore_result *r = &whole->res;
    uint64_t steps = to->total_steps - from->total_steps;
    /* Every check of the limit on steps in all inside those walks came before
     * a step of theirs, so below r->total_steps + steps; if that stays under
     * the limit, no check of one process could have failed there. */
    bool exact = !r->finished && r->executions == from->executions && to->executions == end &&
                 !to->found &&
                 (whole->cfg.strategy != EXPLORE_PCT || from->longest_run == whole->longest_run) &&
                 r->total_steps + steps < whole->cfg.max_total_steps;
    if (!exact)
        return false;
    r->executions = end;
    r->total_steps += steps;
    r->step_limit_hits += to->step_limit_hits - from->step_limit_hits;
    if (to->longest_run > whole->longest_run)
        whole->longest_run = to->longest_run;
    return true;
}
