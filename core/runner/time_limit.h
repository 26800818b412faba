/*
 * time_limit.h: the command line's time limit of a search (--max-seconds).
 *
 * Invariant: the search itself never reads a clock (core/sim/explore.h): its
 * course depends on the scenario and its limits alone.  Whoever runs its
 * slices keeps the time and, once the limit has passed, stops it between two
 * slices (explore_stop), so it is counted as far as it got and says why.
 */
#ifndef LOCKSTEP_RUNNER_TIME_LIMIT_H
#define LOCKSTEP_RUNNER_TIME_LIMIT_H

#include "../sim/explore.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct time_limit {
    double seconds;  /* 0: none */
    double deadline; /* on pool_now's clock (pool.h) */
} time_limit;

/* A limit of `seconds` (0: none) from now. */
time_limit time_limit_from_now(double seconds);
/* Whether the limit (NULL: none) has passed; then `reason` says so as a
 * report does ("stopped at the time limit of 2 s"). */
bool time_limit_passed(const time_limit *t, char *reason, size_t size);
/* Runs e to its end in this process, stopped where the limit passes (in
 * slices short enough that it stops soon after). */
void time_limit_run(explorer *e, const time_limit *t);

#endif
