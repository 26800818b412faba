/*
 * A complete search in forked worker processes (workers.h).
 *
 * The parent cuts the search into units (split.h), estimates each unit's
 * executions with Knuth's random probes, then hands the units out one at a
 * time to whichever worker is free; each worker searches its unit in slices,
 * telling the parent how far it got, and sends back the unit's result.  The
 * parent enforces the limits on the sum (steps and executions in all) and
 * says early, once, when the estimate says the search will not fit in them.
 *
 * Invariant: the merged result is made in unit order from whole units only,
 * so it does not depend on which worker ran which unit or when.
 */
#define _POSIX_C_SOURCE 200809L
#include "workers.h"

#include "../sim/split.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define WANT_UNITS 32 /* enough units to keep every worker busy to the end */
#define MAX_UNITS 1024
#define PROBES_PER_UNIT 64
#define MAX_WORKERS 64

enum { MSG_PROGRESS = 1, MSG_RESULT = 2 };

typedef struct msg {
    int32_t type, unit;
    uint64_t executions, total_steps;
} msg;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool write_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n) {
        ssize_t k = write(fd, c, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return false;
        c += k;
        n -= (size_t)k;
    }
    return true;
}

static bool read_all(int fd, void *p, size_t n)
{
    char *c = p;
    while (n) {
        ssize_t k = read(fd, c, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return false;
        c += k;
        n -= (size_t)k;
    }
    return true;
}

/* A worker: searches the units the parent names until it names none. */
static void worker(sim_machine *m, const explore_config *cfg, const explore_unit *units, int in,
                   int out)
{
    int32_t u;
    while (read_all(in, &u, sizeof u) && u >= 0) {
        explorer *e = explore_new_unit(m, cfg, &units[u]);
        if (!e)
            _exit(1);
        double told = now_s();
        while (!explore_run(e, 64)) {
            double t = now_s();
            if (t - told < 0.1)
                continue;
            told = t;
            const explore_result *r = explore_result_of(e);
            msg p = {MSG_PROGRESS, u, r->executions, r->total_steps};
            if (!write_all(out, &p, sizeof p))
                _exit(1);
        }
        const explore_result *r = explore_result_of(e);
        msg done = {MSG_RESULT, u, r->executions, r->total_steps};
        uint64_t n = r->schedule.n;
        if (!write_all(out, &done, sizeof done) || !write_all(out, r, sizeof *r) ||
            !write_all(out, &n, sizeof n) ||
            (n && !write_all(out, r->schedule.entries, n * sizeof *r->schedule.entries)))
            _exit(1);
        explore_free(e);
    }
    _exit(0);
}

typedef struct unit_state {
    explore_result result; /* once done (its schedule owned here) */
    bool done;
    double estimate;      /* Knuth's estimate of its executions */
    uint64_t executions;  /* so far */
    uint64_t total_steps; /* so far */
} unit_state;

typedef struct pool {
    int n;
    pid_t pid[MAX_WORKERS];
    int to[MAX_WORKERS], from[MAX_WORKERS];
    int32_t busy[MAX_WORKERS]; /* the unit it searches, or -1 */
} pool;

static void stop_pool(pool *p)
{
    for (int w = 0; w < p->n; w++) {
        if (p->busy[w] >= 0)
            kill(p->pid[w], SIGKILL);
        int32_t none = -1;
        if (p->busy[w] < 0)
            write_all(p->to[w], &none, sizeof none);
        close(p->to[w]);
        close(p->from[w]);
        waitpid(p->pid[w], NULL, 0);
    }
}

static bool start_pool(pool *p, int workers, sim_machine *m, const explore_config *cfg,
                       const explore_unit *units)
{
    p->n = 0;
    fflush(NULL);
    for (int w = 0; w < workers; w++) {
        int to[2], from[2];
        if (pipe(to) != 0)
            return false;
        if (pipe(from) != 0) {
            close(to[0]);
            close(to[1]);
            return false;
        }
        pid_t pid = fork();
        if (pid < 0) {
            close(to[0]), close(to[1]), close(from[0]), close(from[1]);
            return false;
        }
        if (pid == 0) {
            close(to[1]);
            close(from[0]);
            for (int k = 0; k < p->n; k++)
                close(p->to[k]), close(p->from[k]);
            worker(m, cfg, units, to[0], from[1]);
        }
        close(to[0]);
        close(from[1]);
        p->pid[w] = pid;
        p->to[w] = to[1];
        p->from[w] = from[0];
        p->busy[w] = -1;
        p->n++;
    }
    return true;
}

/* 1234567 -> "1,234,567" */
static void grouped(double v, char out[40])
{
    char d[32];
    int n = snprintf(d, sizeof d, "%.0f", v < 0 ? 0 : v), o = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            out[o++] = ',';
        out[o++] = d[i];
    }
    out[o] = 0;
}

explorer *explore_in_workers(sim_machine *m, const explore_config *cfg, int workers, bool progress)
{
    if (workers > MAX_WORKERS)
        workers = MAX_WORKERS;
    double t0 = now_s();
    explore_config unit_cfg = *cfg;
    unit_cfg.progress = NULL;
    unit_cfg.on_end = NULL;
    explore_unit *units = malloc(MAX_UNITS * sizeof *units);
    unit_state *st = calloc(MAX_UNITS, sizeof *st);
    explorer *whole = explore_new(m, cfg);
    if (!units || !st || !whole) {
        free(units), free(st), explore_free(whole);
        return NULL;
    }
    size_t n_units = explore_units(m, &unit_cfg, WANT_UNITS, units, MAX_UNITS);
    /* Knuth's estimate, unit by unit: the mean of the probes' weights */
    double estimate = 0, probe_steps = 0, probes = 0;
    for (size_t u = 0; u < n_units; u++) {
        double sum = 0;
        for (int k = 0; k < PROBES_PER_UNIT; k++) {
            uint64_t steps = 0;
            sum += explore_probe(m, &unit_cfg, &units[u], 0x5EED0000ull + u * 1000 + (uint64_t)k,
                                 &steps);
            probe_steps += (double)steps;
            probes++;
        }
        st[u].estimate = sum / PROBES_PER_UNIT;
        estimate += st[u].estimate;
    }
    double steps_per_run = probes ? probe_steps / probes : 0;
    if (progress) {
        char est[40];
        grouped(estimate, est);
        fprintf(stderr,
                "explore: %zu parts over %d workers, about %s executions in all (estimate)\n",
                n_units, workers, est);
        char limit[40];
        if (cfg->max_executions && estimate > (double)cfg->max_executions) {
            grouped((double)cfg->max_executions, limit);
            fprintf(stderr,
                    "explore: this search will not finish: it needs about %s executions, the "
                    "limit is %s (--max-executions)\n",
                    est, limit);
        } else if (estimate * steps_per_run > (double)cfg->max_total_steps) {
            grouped(estimate * steps_per_run, est);
            grouped((double)cfg->max_total_steps, limit);
            fprintf(stderr,
                    "explore: this search will not finish: it needs about %s steps, the limit "
                    "is %s (--max-total-steps)\n",
                    est, limit);
        }
    }

    pool p;
    if (!start_pool(&p, workers, m, &unit_cfg, units)) {
        stop_pool(&p);
        free(units), free(st), explore_free(whole);
        return NULL;
    }
    size_t next = 0, done = 0;
    bool found = false, failed = false;
    char reason[160] = "";
    double reported = t0;
    uint64_t done_exec = 0, done_steps = 0;
    while (done < n_units && !failed) {
        /* hand out units while there are any and nothing was found */
        for (int w = 0; w < p.n; w++)
            if (p.busy[w] < 0 && next < n_units && !found) {
                int32_t u = (int32_t)next++;
                if (!write_all(p.to[w], &u, sizeof u)) {
                    failed = true;
                    break;
                }
                p.busy[w] = u;
            }
        bool any_busy = false;
        struct pollfd fds[MAX_WORKERS];
        for (int w = 0; w < p.n; w++) {
            fds[w] = (struct pollfd){.fd = p.from[w], .events = POLLIN};
            any_busy |= p.busy[w] >= 0;
        }
        if (!any_busy)
            break; /* found: nothing more to wait for */
        int ready = poll(fds, (nfds_t)p.n, 250);
        if (ready < 0 && errno != EINTR) {
            failed = true;
            break;
        }
        for (int w = 0; w < p.n && ready > 0; w++) {
            if (!(fds[w].revents & (POLLIN | POLLHUP)))
                continue;
            msg mm;
            if (!read_all(p.from[w], &mm, sizeof mm) || mm.unit < 0 || (size_t)mm.unit >= n_units) {
                failed = true;
                break;
            }
            unit_state *us = &st[mm.unit];
            us->executions = mm.executions;
            us->total_steps = mm.total_steps;
            if (mm.type != MSG_RESULT)
                continue;
            uint64_t n;
            explore_result *r = &us->result;
            if (!read_all(p.from[w], r, sizeof *r) || !read_all(p.from[w], &n, sizeof n)) {
                failed = true;
                break;
            }
            sim_schedule_init(&r->schedule);
            for (uint64_t k = 0; k < n; k++) {
                sim_sched_entry en;
                if (!read_all(p.from[w], &en, sizeof en)) {
                    failed = true;
                    break;
                }
                sim_schedule_push(&r->schedule, &en);
            }
            us->done = true;
            done++;
            done_exec += r->executions;
            done_steps += r->total_steps;
            found |= r->found;
            p.busy[w] = -1;
        }
        /* the limits hold for the whole search */
        uint64_t exec = done_exec, steps = done_steps;
        for (int w = 0; w < p.n; w++)
            if (p.busy[w] >= 0)
                exec += st[p.busy[w]].executions, steps += st[p.busy[w]].total_steps;
        char limit[40];
        if (steps >= cfg->max_total_steps && done < n_units && !found) {
            grouped((double)cfg->max_total_steps, limit);
            snprintf(reason, sizeof reason, "stopped at the limit of %s steps in all", limit);
            break;
        }
        if (cfg->max_executions && exec >= cfg->max_executions && done < n_units && !found) {
            snprintf(reason, sizeof reason, "stopped at the limit of %llu executions",
                     (unsigned long long)cfg->max_executions);
            break;
        }
        double t = now_s();
        if (progress && t - reported >= 1.0) {
            reported = t;
            double left = 0;
            /* a unit past its estimate is taken to be half done (Knuth's
             * estimate runs low on lopsided trees) */
            for (size_t u = 0; u < n_units; u++)
                if (!st[u].done)
                    left += st[u].estimate > 2.0 * (double)st[u].executions
                                ? st[u].estimate - (double)st[u].executions
                                : (double)st[u].executions;
            double rate = (double)exec / (t - t0);
            char e1[40], e2[40], e3[40];
            grouped((double)exec, e1);
            grouped(rate, e2);
            grouped((double)exec + left, e3);
            fprintf(stderr,
                    "explore: %s executions, %s/s, %zu of %zu parts done, about %s in all, "
                    "about %.0f s left\n",
                    e1, e2, done, n_units, e3, rate > 0 ? left / rate : 0);
        }
    }
    stop_pool(&p);
    /* merge in unit order: the counterexample of the first unit that found one */
    bool complete = !failed && !reason[0] && done == n_units, first = true;
    const char *why = failed ? "a worker stopped" : reason;
    for (size_t u = 0; u < n_units; u++) {
        if (!st[u].done) {
            /* counted as far as it got: the limits say so, never silently */
            explore_result part = {.executions = st[u].executions,
                                   .total_steps = st[u].total_steps};
            explore_merge(whole, &part, false);
            continue;
        }
        explore_merge(whole, &st[u].result, first && st[u].result.found);
        if (st[u].result.found)
            first = false;
        if (!st[u].result.complete && complete && !st[u].result.found) {
            complete = false;
            snprintf(reason, sizeof reason, "%s", st[u].result.reason);
            why = reason;
        }
        sim_schedule_free(&st[u].result.schedule);
    }
    if (found)
        complete = false; /* the search stopped at the first counterexample */
    explore_merge_end(whole, complete || (found && !failed), found ? "" : why);
    free(units);
    free(st);
    return whole;
}
