/*
 * A complete search in forked worker processes (workers.h).
 *
 * The parent first searches alone, as any complete search does (complete.c):
 * one that ends within its steps alone is not split at all; a longer one is
 * cut into the units a single process would search one after another
 * (split.h; no probes: a unit's path costs one run), which the workers take
 * one at a time.  Every worker tells the parent how far its unit got
 * (executions, steps, the share of its tree done: estimate.c); the parent
 * enforces the limits on the sum, estimates the executions in all from the
 * shares done, each weighed by its unit's share of the tree, and says early,
 * once, when the search will not fit in its limits.
 *
 * Invariant: the units are fixed before any worker starts and depend on the
 * scenario and limits only, and the result is merged in unit order, up to the
 * first unit that found a violation (the units before it searched whole, the
 * ones after it left out), as one process searching them makes it; so
 * neither depends on which worker ran which unit or when.
 */
#define _POSIX_C_SOURCE 200809L
#include "workers.h"

#include "../sim/split.h"
#include "pool.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_UNITS 1024
#define SLICE 16          /* runs between two progress checks */
#define REPORT_EVERY 0.05 /* seconds between a worker's progress messages */
#define WARN_AFTER 0.25   /* seconds, or a tenth of the step limit, before the estimate counts */

enum { MSG_PROGRESS = 1, MSG_RESULT = 2 };

typedef struct msg {
    int32_t type;
    uint64_t executions, total_steps;
    double done;
} msg;

static void tell(int out, int32_t type, const explore_result *r)
{
    msg m = {type, r->executions, r->total_steps, r->done};
    if (!pool_write(out, &m, sizeof m))
        _exit(1);
}

/* What a worker searches: the machine, the search and its units. */
typedef struct work {
    sim_machine *m;
    const explore_config *cfg;
    const explore_unit *units;
} work;

/* A worker: searches the units the parent names until its pipe closes. */
static void worker(void *ctx, int in, int out)
{
    const work *wk = ctx;
    sim_machine *m = wk->m;
    const explore_config *cfg = wk->cfg;
    const explore_unit *units = wk->units;
    int32_t u;
    while (pool_read(in, &u, sizeof u)) {
        explorer *e = explore_new_unit(m, cfg, &units[u]);
        if (!e)
            _exit(1);
        double told = 0;
        while (!explore_run(e, SLICE)) {
            double t = pool_now();
            if (t - told >= REPORT_EVERY) {
                told = t;
                tell(out, MSG_PROGRESS, explore_result_of(e));
            }
        }
        const explore_result *r = explore_result_of(e);
        uint64_t n = r->schedule.n;
        tell(out, MSG_RESULT, r);
        if (!pool_write(out, r, sizeof *r) || !pool_write(out, &n, sizeof n) ||
            (n && !pool_write(out, r->schedule.entries, n * sizeof *r->schedule.entries)))
            _exit(1);
        explore_free(e);
    }
}

typedef struct unit_state {
    explore_unit unit;
    explore_result result; /* once finished (its schedule owned here) */
    bool finished;
    uint64_t executions;  /* so far */
    uint64_t total_steps; /* so far */
    double done;          /* the share of its tree done so far */
} unit_state;

/* The units, how many were handed out, and the share of the tree no unit
 * covers (no run goes there). */
typedef struct plan {
    unit_state *u;
    size_t n, next;
    double uncovered;
} plan;

/* Executions, steps and the share of the tree done, over every unit. */
static void totals(const plan *pl, uint64_t *exec, uint64_t *steps, double *done)
{
    *exec = *steps = 0;
    *done = pl->uncovered;
    for (size_t i = 0; i < pl->n; i++) {
        *exec += pl->u[i].executions;
        *steps += pl->u[i].total_steps;
        *done += pl->u[i].unit.mass * pl->u[i].done;
    }
}

/* Reads one message of worker w into the plan, lowering *found_at to its
 * unit when it found a violation; false: the worker failed. */
static bool receive(pool *p, int w, plan *pl, size_t *found_at)
{
    msg mm;
    if (p->busy[w] < 0 || !pool_read(p->from[w], &mm, sizeof mm))
        return false;
    unit_state *us = &pl->u[p->busy[w]];
    us->executions = mm.executions;
    us->total_steps = mm.total_steps;
    us->done = mm.done;
    if (mm.type != MSG_RESULT)
        return mm.type == MSG_PROGRESS;
    uint64_t n;
    explore_result *r = &us->result;
    if (!pool_read(p->from[w], r, sizeof *r) || !pool_read(p->from[w], &n, sizeof n))
        return false;
    sim_schedule_init(&r->schedule);
    for (uint64_t k = 0; k < n; k++) {
        sim_sched_entry en;
        if (!pool_read(p->from[w], &en, sizeof en))
            return false;
        sim_schedule_push(&r->schedule, &en);
    }
    us->finished = true;
    if (r->found && (size_t)p->busy[w] < *found_at)
        *found_at = (size_t)p->busy[w];
    p->busy[w] = -1;
    return true;
}

/* Once the estimate counts (WARN_AFTER seconds, or a tenth of the step
 * limit), says when it puts the search beyond a limit; true once said (it
 * runs low early, so a later look may say it still). */
static bool judged(const explore_config *cfg, uint64_t exec, uint64_t steps, double done,
                   double seconds)
{
    if (exec == 0 || done <= 0 || (seconds < WARN_AFTER && steps * 10 < cfg->max_total_steps))
        return false;
    double estimate = (double)exec / done, steps_per_run = (double)steps / (double)exec;
    char est[40], limit[40];
    pool_grouped(estimate, est);
    if (cfg->max_executions && estimate > (double)cfg->max_executions) {
        pool_grouped((double)cfg->max_executions, limit);
        fprintf(stderr,
                "explore: this search will not finish: it needs about %s executions, the limit "
                "is %s (--max-executions)\n",
                est, limit);
    } else if (estimate * steps_per_run > (double)cfg->max_total_steps) {
        pool_grouped(estimate * steps_per_run, est);
        pool_grouped((double)cfg->max_total_steps, limit);
        fprintf(stderr,
                "explore: this search will not finish: it needs about %s steps, the limit is %s "
                "(--max-total-steps)\n",
                est, limit);
    } else {
        return false;
    }
    return true;
}

/* Hands the next units to the idle workers.  False: a pipe broke. */
static bool hand_out(pool *p, plan *pl)
{
    for (int w = 0; w < p->n; w++)
        if (p->busy[w] < 0 && pl->next < pl->n) {
            int32_t u = (int32_t)pl->next++;
            if (!pool_write(p->to[w], &u, sizeof u))
                return false;
            p->busy[w] = u;
        }
    return true;
}

/* The search alone in this process, as far as a complete search goes alone
 * (complete.c): the explorer when it ended there, else NULL (and nothing of
 * it is kept: the units search it again). */
static explorer *search_alone(sim_machine *m, const explore_config *cfg, const time_limit *limit,
                              bool *warned)
{
    explore_config c = *cfg;
    c.alone_only = true;
    explorer *e = explore_new(m, &c);
    double t0 = pool_now();
    char why[80];
    while (e && !explore_run(e, SLICE)) {
        const explore_result *r = explore_result_of(e);
        if (!*warned)
            *warned = judged(cfg, r->executions, r->total_steps, r->done, pool_now() - t0);
        if (time_limit_passed(limit, why, sizeof why))
            explore_stop(e, why); /* (then the answer, as far as it got: not split) */
    }
    if (e && explore_needs_units(e)) {
        explore_free(e);
        return NULL;
    }
    return e;
}

explorer *explore_in_workers(sim_machine *m, const explore_config *cfg, int workers, bool progress,
                             const time_limit *limit, size_t *parts)
{
    if (workers > MAX_WORKERS)
        workers = MAX_WORKERS;
    double t0 = pool_now();
    explore_config unit_cfg = *cfg;
    unit_cfg.progress = NULL;
    unit_cfg.on_end = NULL;
    bool warned = !progress;
    *parts = 1;
    if (cfg->stateful) {
        /* the stateful search's table is one process's: it runs here, as on
         * one worker (and so does DPOR if it gives way to it) */
        if (progress)
            fprintf(stderr, "explore: the stateful search runs on one worker\n");
        explorer *e = explore_new(m, cfg);
        if (e) {
            time_limit_run(e, limit);
            *parts = explore_parts(e);
        }
        return e;
    }
    explorer *alone = search_alone(m, cfg, limit, &warned);
    if (alone)
        return alone; /* it ended within its steps alone */
    explore_unit *units = malloc(MAX_UNITS * sizeof *units);
    plan pl = {.u = calloc(MAX_UNITS, sizeof *pl.u)};
    explorer *whole = explore_new(m, cfg);
    if (!units || !pl.u || !whole) {
        free(units), free(pl.u), explore_free(whole);
        return NULL;
    }
    pl.n = explore_units(m, &unit_cfg, EXPLORE_UNITS, units, MAX_UNITS);
    pl.uncovered = 1;
    for (size_t u = 0; u < pl.n; u++) {
        pl.u[u].unit = units[u];
        pl.uncovered -= units[u].mass;
    }
    pool p;
    work wk = {m, &unit_cfg, units};
    if (!pool_start(&p, workers, worker, &wk)) {
        pool_stop(&p);
        free(units), free(pl.u), explore_free(whole);
        return NULL;
    }
    size_t found_at = SIZE_MAX; /* the first unit in unit order that found a violation */
    bool failed = false;
    char reason[160] = "";
    double reported = t0;
    for (;;) {
        /* (units go out in order: once one found something, every unit
         * before it is out, and none after it matters) */
        if (found_at == SIZE_MAX && !hand_out(&p, &pl)) {
            failed = true;
            break;
        }
        bool any_busy = false;
        struct pollfd fds[MAX_WORKERS];
        for (int w = 0; w < p.n; w++) {
            fds[w] = (struct pollfd){.fd = p.from[w], .events = POLLIN};
            any_busy |= p.busy[w] >= 0 && (size_t)p.busy[w] < found_at;
        }
        if (!any_busy)
            break; /* every unit is done, or every one before the one that found */
        int ready = poll(fds, (nfds_t)p.n, 250);
        if (ready < 0 && errno != EINTR) {
            failed = true;
            break;
        }
        for (int w = 0; w < p.n && ready > 0 && !failed; w++)
            if (fds[w].revents & (POLLIN | POLLHUP))
                failed = !receive(&p, w, &pl, &found_at);
        if (failed)
            break;
        /* the limits hold for the whole search */
        uint64_t exec, steps;
        double done;
        totals(&pl, &exec, &steps, &done);
        if (steps >= cfg->max_total_steps) {
            char most[40];
            pool_grouped((double)cfg->max_total_steps, most);
            snprintf(reason, sizeof reason, "stopped at the limit of %s steps in all", most);
            break;
        }
        if (cfg->max_executions && exec >= cfg->max_executions) {
            snprintf(reason, sizeof reason, "stopped at the limit of %llu executions",
                     (unsigned long long)cfg->max_executions);
            break;
        }
        if (time_limit_passed(limit, reason, sizeof reason))
            break;
        double t = pool_now();
        double estimate = done > 0 ? (double)exec / done : 0;
        if (!warned)
            warned = judged(cfg, exec, steps, done, t - t0);
        if (progress && t - reported >= 1.0) {
            reported = t;
            double rate = (double)exec / (t - t0);
            size_t finished = 0;
            for (size_t i = 0; i < pl.n; i++)
                finished += pl.u[i].finished;
            char e1[40], e2[40], e3[40];
            pool_grouped((double)exec, e1);
            pool_grouped(rate, e2);
            pool_grouped(estimate, e3);
            fprintf(stderr,
                    "explore: %s executions, %s/s, %zu of %zu parts done, about %s in all, "
                    "about %.0f s left\n",
                    e1, e2, finished, pl.n, e3,
                    rate > 0 && estimate > (double)exec ? (estimate - (double)exec) / rate : 0);
        }
    }
    pool_stop(&p);
    /* merge in unit order, up to the first unit that found a violation (the
     * units still running stopped, as they count for nothing) */
    bool found = found_at != SIZE_MAX && !failed;
    bool complete = !failed && !reason[0];
    const char *why = failed ? "a worker stopped" : reason;
    for (size_t u = 0; u < pl.n && (u <= found_at || !found); u++) {
        unit_state *us = &pl.u[u];
        if (!us->finished) {
            /* counted as far as it got: the limits say so, never silently */
            explore_result part = {
                .executions = us->executions, .total_steps = us->total_steps, .done = us->done};
            explore_merge(whole, &part, us->unit.mass, false);
            complete = false;
            continue;
        }
        explore_merge(whole, &us->result, us->unit.mass, u == found_at);
        if (!us->result.searched_all && complete && !us->result.found) {
            complete = false;
            snprintf(reason, sizeof reason, "%s", us->result.reason);
            why = reason;
        }
    }
    for (size_t u = 0; u < pl.n; u++)
        if (pl.u[u].finished)
            sim_schedule_free(&pl.u[u].result.schedule);
    if (found) {
        explore_merge_found(whole, pl.u[found_at].result.complete, pl.u[found_at].result.reason);
    } else {
        explore_result nowhere = {.done = 1};
        explore_merge(whole, &nowhere, pl.uncovered, false);
        explore_merge_end(whole, complete, why);
    }
    *parts = pl.n;
    if (progress)
        fprintf(stderr, "explore: %zu parts over %d workers\n", pl.n, workers);
    free(units);
    free(pl.u);
    return whole;
}
