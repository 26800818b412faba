/*
 * workers.h: a complete search split over several processes (split.h), with
 * progress and Knuth's estimate of the work left on stderr.
 *
 * Invariant: the verdict and the execution count are the one search's,
 * whatever the number of workers: the units are fixed before any worker
 * starts, and their results are merged in unit order.
 */
#ifndef LOCKSTEP_RUNNER_WORKERS_H
#define LOCKSTEP_RUNNER_WORKERS_H

#include "../sim/explore.h"
#include "time_limit.h"

#include <stdbool.h>

/* Runs the complete search cfg on m in `workers` forked processes; returns a
 * merged explorer whose result is the whole search's (explore_free it), or
 * NULL when a worker could not be started.  `progress`: a line a second on
 * stderr (executions, executions/s, the estimate, the time left).  The
 * search first runs alone, as far as a complete search goes alone
 * (cfg->alone_steps, complete.c), and is split only if it goes on; *parts
 * says into how many units (1: it was not split).  The result is the one a
 * single process makes of the same search (explore_new), unless `limit`
 * (NULL or 0 s: none) stops it first: then it is counted as far as every
 * unit got, incomplete, and says so. */
explorer *explore_in_workers(sim_machine *m, const explore_config *cfg, int workers, bool progress,
                             const time_limit *limit, size_t *parts);

#endif
