/*
 * walk_workers.h: random and PCT walks split over forked worker processes
 * (core/sim/walk_units.h), with progress on stderr.
 *
 * Invariant: the result is the one a single process makes of the same walks
 * (explore_new, explore_run): the same executions, steps and verdict, the
 * same first violating walk with the same schedule, for any number of
 * workers.
 */
#ifndef LOCKSTEP_RUNNER_WALK_WORKERS_H
#define LOCKSTEP_RUNNER_WALK_WORKERS_H

#include "../sim/explore.h"
#include "time_limit.h"

#include <stdbool.h>

/* Makes the walks of cfg (strategy random or pct) on m in `workers` forked
 * processes; returns an explorer whose result is the walks' (explore_free
 * it), or NULL when no worker could be started.  `progress`: a line a
 * second on stderr.  *parts: the units of walks up to where the search
 * ended.  `limit` (NULL or 0 s: none) stops the walks where the merged ones
 * end (the units in flight count for nothing), incomplete. */
explorer *explore_walks_in_workers(sim_machine *m, const explore_config *cfg, int workers,
                                   bool progress, const time_limit *limit, size_t *parts);

#endif
