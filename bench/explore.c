/*
 * bench/explore: how fast the explorer searches, natively.
 *
 * For each scenario of issue 4 it prints executions per second and the time
 * to the first counterexample, the median of several rounds.  The same
 * scenarios run in wasm under node in bench/explore_wasm.mjs.  Targets:
 * >= 200,000 executions/s natively on the 2 x 2 correct-variant search, and
 * pruning cutting that search's executions >= 5x against plain bounded DFS.
 * (For scale: Relacy runs about 1.3 million executions/s of a similar model.)
 *
 * Times are the thread's CPU time, so other work on a shared machine does not
 * distort them (the search is single-threaded: CPU time is its cost).
 */
#define _POSIX_C_SOURCE 200809L
#include "sim/explore.h"
#include "../tests/c/bcsamples.h"
#include "script/world.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define ROUNDS 7

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct measure {
    double seconds; /* median */
    uint64_t executions;
    bool found;
} measure;

static measure search(bc_bytes bc, const char *variant, int bound, bool prune, bool first_only)
{
    char err[300];
    script_program *p = script_decode(bc.p, bc.n, err, sizeof err);
    sim_config mc = {.trace = false, .variant = variant};
    script_world *w = script_world_new(p, &mc, err, sizeof err);
    double times[ROUNDS];
    measure r = {0};
    for (int k = 0; k < ROUNDS; k++) {
        explore_config cfg;
        explore_config_default(&cfg);
        cfg.bound = bound;
        cfg.prune = prune;
        if (first_only)
            cfg.minimize_budget = 0;
        double t0 = now_s();
        explorer *e = explore_new(script_world_machine(w), &cfg);
        while (!explore_run(e, 100000)) {
        }
        times[k] = now_s() - t0;
        r.executions = explore_result_of(e)->executions;
        r.found = explore_result_of(e)->found;
        explore_free(e);
    }
    qsort(times, ROUNDS, sizeof times[0], cmp_double);
    r.seconds = times[ROUNDS / 2];
    script_world_free(w);
    script_program_free(p);
    return r;
}

int main(void)
{
    bc_bytes m21 = sample_mutex(2, 1), m22 = sample_mutex(2, 2), m31 = sample_mutex(3, 1);
    bc_bytes racy = sample_counter(2, 2, 0);
    printf("bench/explore (native), CPU time, median of %d rounds\n\n", ROUNDS);
    printf("%-44s %10s %12s %14s\n", "search", "executions", "time", "executions/s");

    struct {
        const char *name;
        bc_bytes *bc;
        const char *variant;
        int bound;
        bool prune, first;
    } rows[] = {
        {"lost wakeup (validate_outside), first", &m21, "validate_outside", 3, true, true},
        {"lost wakeup (widen), first", &m21, "widen", 3, true, true},
        {"lost update (racy counter 2x2), first", &racy, "correct", 3, true, true},
        {"correct 2x2 lock/unlock, bound 3", &m22, "correct", 3, true, false},
        {"correct 2x2 lock/unlock, bound 3, no pruning", &m22, "correct", 3, false, false},
        {"correct 3x1 lock/unlock, bound 2", &m31, "correct", 2, true, false},
    };
    measure pruned = {0}, plain = {0};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        measure r =
            search(*rows[i].bc, rows[i].variant, rows[i].bound, rows[i].prune, rows[i].first);
        printf("%-44s %10llu %9.3f ms %14.0f%s\n", rows[i].name, (unsigned long long)r.executions,
               r.seconds * 1e3, r.executions / r.seconds, r.found ? "  (found)" : "");
        if (i == 3)
            pruned = r;
        if (i == 4)
            plain = r;
    }
    double rate = plain.executions / plain.seconds;
    double cut = (double)plain.executions / (double)pruned.executions;
    printf("\ntargets: >= 200,000 executions/s on the 2x2 search (plain DFS): %.0f  %s\n", rate,
           rate >= 200000 ? "met" : "MISSED");
    printf("         pruning cuts the 2x2 search >= 5x: %llu -> %llu executions (%.1fx)  %s\n",
           (unsigned long long)plain.executions, (unsigned long long)pruned.executions, cut,
           cut >= 5 ? "met" : "MISSED");
    free(m21.p);
    free(m22.p);
    free(m31.p);
    free(racy.p);
    return 0;
}
