/*
 * The complete search as every front end runs it: alone while it is small,
 * then as units in unit order (explore.h, split.h).
 *
 * Invariant: a complete search's verdict, executions and counterexample
 * depend on the scenario and its limits alone, never on how many workers
 * share it, in which order they finish, or how fast the machine is:
 *   - it searches alone (dpor.c) until it ends or its runs have taken
 *     alone_steps steps, counted at the end of a run (steps, not seconds:
 *     a slower machine must not make a different search);
 *   - one that goes on starts again from nothing as the units of
 *     explore_units (EXPLORE_UNITS wanted), searched in unit order; the
 *     result counts the units' runs only;
 *   - the first unit (in unit order) that finds a violation ends the search
 *     once it has looked for a shorter one; the units after it count for
 *     nothing, the ones before it were searched whole.
 * A process that searches the units one after another (below) and workers
 * that share them (core/runner/workers.c, web/src/bridge/prove.ts) merge
 * the same units the same way, so they report the same search.
 *
 * Why the units at all, on one process: the alone search's count is not the
 * units' (split.h: a unit pins choices a single search may not try), so a
 * search that two workers would split must be split on one too, or their
 * counts would differ.
 */
#include "explore_internal.h"
#include "split.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_UNITS 1024

struct units_search {
    explore_unit unit[MAX_UNITS];
    size_t n, next;      /* units, and the next one to start */
    explorer *part;      /* the unit being searched, NULL: none */
    double part_mass;    /* its share of the tree */
    explore_result done; /* the units searched so far, merged */
};

bool complete_alone_over(const explorer *e)
{
    uint64_t alone = e->cfg.alone_steps ? e->cfg.alone_steps : EXPLORE_ALONE_STEPS;
    return explore_complete_mode(e) && !e->cfg.split && !e->units && !e->res.found &&
           e->res.total_steps >= alone;
}

/* The whole search as far as it got: the units done and the one running. */
static void show_progress(explorer *e)
{
    struct units_search *u = e->units;
    explore_result *r = &e->res;
    explore_result keep = *r;
    r->executions = u->done.executions;
    r->pruned = u->done.pruned;
    r->total_steps = u->done.total_steps;
    r->step_limit_hits = u->done.step_limit_hits;
    r->done = u->done.done;
    if (u->part) {
        const explore_result *p = explore_result_of(u->part);
        r->executions += p->executions;
        r->pruned += p->pruned;
        r->total_steps += p->total_steps;
        r->step_limit_hits += p->step_limit_hits;
        r->done += p->done * u->part_mass;
    }
    r->schedule = keep.schedule;
}

static void part_progress(const explore_result *part, void *ctx)
{
    (void)part;
    explorer *e = ctx;
    show_progress(e);
    e->cfg.progress(&e->res, e->cfg.progress_ctx);
}

/* Starts the next unit with what is left of the whole search's limits;
 * false when none is left to start. */
static bool start_part(explorer *e)
{
    struct units_search *u = e->units;
    if (u->next >= u->n)
        return false;
    explore_config c = e->cfg;
    if (c.max_executions)
        c.max_executions -= u->done.executions;
    c.max_total_steps -= u->done.total_steps;
    c.progress = e->cfg.progress ? part_progress : NULL;
    c.progress_ctx = e;
    u->part_mass = u->unit[u->next].mass;
    u->part = explore_new_unit(e->m, &c, &u->unit[u->next]);
    u->next++;
    return u->part != NULL;
}

/* The whole search ended short of its units because a limit ran out. */
static void end_at_limit(explorer *e, const explore_result *part)
{
    explore_result *r = &e->res;
    char limit[32];
    r->finished = true;
    r->complete = false;
    if (e->cfg.max_executions && r->executions >= e->cfg.max_executions) {
        snprintf(r->reason, sizeof r->reason, "stopped at the limit of %llu executions",
                 (unsigned long long)e->cfg.max_executions);
    } else if (r->total_steps >= e->cfg.max_total_steps) {
        explore_group_digits(e->cfg.max_total_steps, limit);
        snprintf(r->reason, sizeof r->reason, "stopped at the limit of %s steps in all", limit);
    } else {
        snprintf(r->reason, sizeof r->reason, "%s", part->reason);
    }
}

/* The running unit ended: merge it, and end the whole search when it found
 * something or stopped short. */
static bool part_ended(explorer *e)
{
    struct units_search *u = e->units;
    explore_result part = *explore_result_of(u->part);
    explore_result_merge(&u->done, &part, u->part_mass, part.found);
    explore_free(u->part); /* (its schedule was copied into u->done) */
    u->part = NULL;
    show_progress(e);
    explore_result *r = &e->res;
    if (part.found) {
        sim_schedule_free(&r->schedule);
        *r = u->done;
        sim_schedule_init(&u->done.schedule);
        explore_merge_found(e, part.complete, part.reason);
        return true;
    }
    if (!part.searched_all) {
        end_at_limit(e, &part);
        return true;
    }
    return false;
}

bool complete_go_on(explorer *e, uint64_t budget)
{
    explore_result *r = &e->res;
    if (e->cfg.alone_only) {
        e->needs_units = true;
        r->finished = true;
        return true;
    }
    struct units_search *u = calloc(1, sizeof *u);
    if (!u) {
        r->finished = true;
        snprintf(r->reason, sizeof r->reason, "out of memory for the search's units");
        return true;
    }
    explore_config c = e->cfg;
    c.progress = NULL;
    c.on_end = NULL;
    u->n = explore_units(e->m, &c, EXPLORE_UNITS, u->unit, MAX_UNITS);
    sim_schedule_init(&u->done.schedule);
    u->done.bound = EXPLORE_BOUND_NONE;
    u->done.done = 1;
    for (size_t i = 0; i < u->n; i++)
        u->done.done -= u->unit[i].mass; /* (no run goes where no unit does: done) */
    e->units = u;
    /* the result counts the units' runs only: the alone search starts again;
     * but a DPOR search the stateful one gave way to (fall_back_to_dpor) is
     * still that one, and its report says so, whatever ends it (a unit's
     * find copies u->done over it) */
    bool fell_back = r->fell_back;
    u->done.fell_back = fell_back;
    sim_schedule_free(&r->schedule);
    memset(r, 0, sizeof *r);
    sim_schedule_init(&r->schedule);
    r->bound = EXPLORE_BOUND_NONE;
    r->fell_back = fell_back;
    return complete_units_run(e, budget);
}

bool complete_units_run(explorer *e, uint64_t budget)
{
    struct units_search *u = e->units;
    explore_result *r = &e->res;
    if (r->finished)
        return true;
    while (budget > 0) {
        if (!u->part && !start_part(e)) {
            show_progress(e);
            if (u->next < u->n) { /* a unit could not start */
                r->finished = true;
                snprintf(r->reason, sizeof r->reason, "out of memory for the search's units");
                return true;
            }
            explore_merge_end(e, true, "");
            return true;
        }
        uint64_t before = explore_result_of(u->part)->executions;
        bool over = explore_run(u->part, budget);
        uint64_t ran = explore_result_of(u->part)->executions - before;
        budget = ran < budget ? budget - ran : 0;
        if (over && part_ended(e))
            return true;
        if (!over)
            break;
    }
    show_progress(e);
    return false;
}

void complete_units_stop(explorer *e, const char *reason)
{
    explore_result *r = &e->res;
    if (r->finished)
        return;
    show_progress(e); /* (the unit running counts as far as it got, as in workers.c) */
    r->finished = true;
    r->complete = false;
    r->searched_all = false;
    snprintf(r->reason, sizeof r->reason, "%s", reason);
}

void complete_free(explorer *e)
{
    if (!e->units)
        return;
    explore_free(e->units->part);
    sim_schedule_free(&e->units->done.schedule);
    free(e->units);
    e->units = NULL;
}

bool explore_needs_units(const explorer *e) { return e->needs_units; }

size_t explore_parts(const explorer *e) { return e->units ? e->units->n : 1; }
