/*
 * Random and PCT walks in forked worker processes (walk_workers.h).
 *
 * The walks are cut into units of consecutive walks (walk_units.h), handed
 * out in order to whichever worker is idle, each with a guess of the state
 * the walks before it leave (the longest run the merged walks have seen).
 * The parent holds the whole search, one explorer, and takes the units in
 * unit order: a unit whose walks are provably the ones one process makes
 * there is counted as made; any other (its walks found something, ran near
 * the limit on steps, or PCT's longest run grew under it) the parent makes
 * again itself, from the exact state, with the loop one process runs.  A
 * worker that fails ends the pool, and the parent makes the rest alone.
 *
 * Invariant: the whole search only ever holds the state one process has
 * after as many walks (walk_units.h), so whatever the workers do, and in
 * whatever order they finish, its result is that process's: the same walks
 * counted, the same steps, the same first violating walk, the same reason.
 * PCT's first unit is made by the parent before any worker starts, so that
 * the guesses start from a longest run that has had a unit's walks to grow.
 */
#define _POSIX_C_SOURCE 200809L
#include "walk_workers.h"

#include "../sim/walk_units.h"
#include "pool.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define SLICE 64          /* walks between two looks at the clock */
#define REPORT_EVERY 0.05 /* seconds between a worker's progress messages */
#define WARN_AFTER 0.25   /* seconds, or a tenth of the step limit, before the warning counts */
#define AHEAD 4           /* units handed out past the first unmerged, per worker */

enum { MSG_PROGRESS = 1, MSG_RESULT = 2 };

/* parent -> worker: make walks from.executions .. end - 1 from `from` */
typedef struct walk_task {
    walk_state from;
    uint64_t end;
} walk_task;

/* worker -> parent: where its unit's walks have got to */
typedef struct walk_msg {
    int32_t type;
    walk_state at;
} walk_msg;

typedef struct walk_work {
    sim_machine *m;
    const explore_config *cfg;
} walk_work;

static void tell(int out, int32_t type, const explorer *e)
{
    walk_msg msg = {.type = type, .at = explore_walk_state(e)};
    if (!pool_write(out, &msg, sizeof msg))
        _exit(1);
}

/* A worker: makes the units the parent hands it until its pipe closes. */
static void walk_worker(void *ctx, int in, int out)
{
    const walk_work *wk = ctx;
    walk_task t;
    while (pool_read(in, &t, sizeof t)) {
        explorer *e = explore_walks_new(wk->m, wk->cfg, &t.from, t.end);
        if (!e)
            _exit(1);
        double told = pool_now();
        while (!explore_run(e, SLICE)) {
            double now = pool_now();
            if (now - told >= REPORT_EVERY) {
                told = now;
                tell(out, MSG_PROGRESS, e);
            }
        }
        tell(out, MSG_RESULT, e);
        explore_free(e);
    }
}

/* A unit handed out and not yet merged. */
typedef struct unit_slot {
    walk_state from, at; /* its guess, and how far its walks got */
    uint64_t end;
    bool finished;
} unit_slot;

/* The units in flight: unit u in slot u % cap, for next_merge <= u < next_out. */
typedef struct walk_plan {
    unit_slot *slot;
    uint64_t cap, next_out, next_merge;
} walk_plan;

/* Hands the next units to the idle workers, as far as AHEAD allows.  False:
 * a pipe broke. */
static bool hand_out(pool *p, walk_plan *pl, const explore_config *cfg, const explorer *whole)
{
    for (int w = 0; w < p->n; w++) {
        uint64_t first, end;
        if (p->busy[w] >= 0 || pl->next_out >= pl->next_merge + pl->cap ||
            !explore_walk_unit(cfg, pl->next_out, &first, &end))
            continue;
        walk_task t = {explore_walk_guess(whole, first), end};
        if (!pool_write(p->to[w], &t, sizeof t))
            return false;
        pl->slot[pl->next_out % pl->cap] = (unit_slot){t.from, t.from, end, false};
        p->busy[w] = (int64_t)pl->next_out++;
    }
    return true;
}

/* Reads one message of worker w.  False: the worker failed. */
static bool receive(pool *p, int w, walk_plan *pl)
{
    walk_msg msg;
    if (p->busy[w] < 0 || !pool_read(p->from[w], &msg, sizeof msg))
        return false;
    unit_slot *s = &pl->slot[(uint64_t)p->busy[w] % pl->cap];
    s->at = msg.at;
    if (msg.type == MSG_RESULT) {
        s->finished = true;
        p->busy[w] = -1;
    }
    return msg.type == MSG_RESULT || msg.type == MSG_PROGRESS;
}

/* Takes the finished units in unit order into `whole`, making again those it
 * cannot take (a unit whose walks found something is made again up to the
 * find: a few milliseconds at most, and the counterexample is then the
 * whole search's own).  True: the search is over. */
static bool merge(walk_plan *pl, explorer *whole)
{
    while (pl->next_merge < pl->next_out && pl->slot[pl->next_merge % pl->cap].finished) {
        const unit_slot *s = &pl->slot[pl->next_merge % pl->cap];
        if (!explore_walks_take(whole, &s->from, &s->at, s->end) &&
            explore_run(whole, s->end - s->from.executions))
            return true;
        pl->next_merge++;
    }
    return false;
}

/* Once, early: says when the walks asked for will not fit in the limit on
 * steps in all (the result will say so too).  True once said. */
static bool warned_of_steps(const explore_config *cfg, uint64_t exec, uint64_t steps,
                            double seconds)
{
    if (!cfg->max_executions || exec == 0 ||
        (seconds < WARN_AFTER && steps * 10 < cfg->max_total_steps))
        return false;
    double need = (double)steps / (double)exec * (double)cfg->max_executions;
    if (need <= (double)cfg->max_total_steps)
        return false;
    char est[40], limit[40];
    pool_grouped(need, est);
    pool_grouped((double)cfg->max_total_steps, limit);
    fprintf(stderr,
            "explore: these walks will not all run: they need about %s steps, the limit is %s "
            "(--max-total-steps)\n",
            est, limit);
    return true;
}

/* The walks so far, merged and in flight (the units in flight may yet be
 * made again: a line of progress, not a result). */
static void so_far(const walk_plan *pl, const explorer *whole, uint64_t *exec, uint64_t *steps)
{
    const explore_result *r = explore_result_of(whole);
    *exec = r->executions;
    *steps = r->total_steps;
    for (uint64_t u = pl->next_merge; u < pl->next_out; u++) {
        const unit_slot *s = &pl->slot[u % pl->cap];
        *exec += s->at.executions - s->from.executions;
        *steps += s->at.total_steps - s->from.total_steps;
    }
}

static void progress_line(const explore_config *cfg, const walk_plan *pl, uint64_t exec,
                          double seconds)
{
    double rate = seconds > 0 ? (double)exec / seconds : 0;
    char e1[40], e2[40];
    pool_grouped((double)exec, e1);
    pool_grouped(rate, e2);
    fprintf(stderr, "explore: %s executions, %s/s, %llu", e1, e2,
            (unsigned long long)pl->next_merge);
    if (cfg->max_executions) {
        uint64_t size = explore_walk_unit_size(cfg);
        uint64_t units = (cfg->max_executions + size - 1) / size, left = cfg->max_executions - exec;
        fprintf(stderr, " of %llu parts done, about %.0f s left\n", (unsigned long long)units,
                rate > 0 && exec < cfg->max_executions ? (double)left / rate : 0);
    } else {
        fprintf(stderr, " parts done\n");
    }
}

explorer *explore_walks_in_workers(sim_machine *m, const explore_config *cfg, int workers,
                                   bool progress, const time_limit *limit, size_t *parts)
{
    if (workers > MAX_WORKERS)
        workers = MAX_WORKERS;
    double t0 = pool_now();
    explore_config c = *cfg;
    c.progress = NULL; /* (the lines here say how far the whole got) */
    c.on_end = NULL;
    explorer *whole = explore_new(m, &c);
    walk_plan pl = {.cap = (uint64_t)workers * AHEAD};
    pl.slot = calloc(pl.cap, sizeof *pl.slot);
    if (!whole || !pl.slot) {
        explore_free(whole);
        free(pl.slot);
        return NULL;
    }
    bool over = false, alone = false, warned = !progress;
    char stopped[80] = ""; /* the time limit's words, once it passed */
    uint64_t first, end;
    if (c.strategy == EXPLORE_PCT && explore_walk_unit(&c, 0, &first, &end)) {
        over = explore_run(whole, end); /* unit 0 here: see the invariant */
        pl.next_out = pl.next_merge = 1;
    }
    pool p = {0};
    if (!over && !pool_start(&p, workers, walk_worker, &(walk_work){m, &c})) {
        pool_stop(&p);
        explore_free(whole);
        free(pl.slot);
        return NULL;
    }
    double reported = t0;
    while (!over && !alone) {
        if ((over = merge(&pl, whole)))
            break;
        if (!explore_walk_unit(&c, pl.next_merge, &first, &end)) {
            over = explore_run(whole, 1); /* every unit merged: the limit of executions */
            break;
        }
        if (!hand_out(&p, &pl, &c, whole)) {
            alone = true;
            break;
        }
        struct pollfd fds[MAX_WORKERS];
        for (int w = 0; w < p.n; w++)
            fds[w] = (struct pollfd){.fd = p.from[w], .events = POLLIN};
        int ready = poll(fds, (nfds_t)p.n, 250);
        if (ready < 0 && errno != EINTR) {
            alone = true;
            break;
        }
        for (int w = 0; w < p.n && ready > 0 && !alone; w++)
            if ((fds[w].revents & (POLLIN | POLLHUP)) && !receive(&p, w, &pl))
                alone = true;
        double t = pool_now();
        uint64_t exec, steps;
        so_far(&pl, whole, &exec, &steps);
        if (!warned)
            warned = warned_of_steps(&c, exec, steps, t - t0);
        if (progress && t - reported >= 1.0) {
            reported = t;
            progress_line(&c, &pl, exec, t - t0);
        }
        if (time_limit_passed(limit, stopped, sizeof stopped))
            break;
    }
    pool_stop(&p);
    if (stopped[0] && !over)
        explore_stop(whole, stopped); /* (where the merged walks end) */
    /* (alone: the units in flight count for nothing; the parent makes the
     * walks from where the merged ones end, as one process would) */
    while (!explore_run(whole, 1000)) {
    }
    uint64_t size = explore_walk_unit_size(&c), made = explore_result_of(whole)->executions;
    *parts = made > size ? (size_t)((made + size - 1) / size) : 1;
    if (progress)
        fprintf(stderr, "explore: %zu parts over %d workers\n", *parts, workers);
    free(pl.slot);
    return whole;
}
