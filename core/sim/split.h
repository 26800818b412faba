/*
 * split.h: one complete search as many independent parts, and an estimate of
 * its size.
 *
 * A complete search (bound none) tries, at each node, the choices that races
 * ask for; with sleep sets, every class of equivalent runs is run once.  Run
 * every awake choice at the first few nodes instead, in the order one search
 * would take them (its first choice, then the others in the search's order),
 * each with the sleep set it has there (the choices tried before it): still
 * one run per class, and each choice's subtree is now a search of its own.
 * A unit (explore.h) names one path through those first nodes; the units of
 * explore_units cover the tree once, so the sum of their executions is the
 * one search's count, whichever worker runs which unit and in what order.
 * Measured, not proven: where one search would not try every awake choice
 * of a node, the runs a unit pins there are new to the search, and its sleep
 * sets do not always cut them.  At the depth 32 units reach the counts agree
 * on every complete search of the scenarios tested (tests/c/test_split.c,
 * tests/node/workers.test.js and each engine's test) and on the generated
 * worlds of every model (tests/c/test_prune.c); a spin-out (spin_await.c)
 * one search would not try makes a few runs more in 41 of 450 generated spin
 * worlds (never fewer end states); the 3 x 1 mutex cut 6 nodes deep makes
 * 12,105 executions against one search's 11,790.
 *
 * Knuth's estimate (1975): walk the same tree from the root taking a
 * random awake choice at each node; the product of the number of awake
 * choices along the path, counted when the run ends and 0 when sleep sets
 * cut it, averages to the number of executions the search will make.  It
 * needs many probes (sleep sets cut almost every one); the search's own
 * `done` (estimate.c) needs none.
 */
#ifndef LOCKSTEP_SPLIT_H
#define LOCKSTEP_SPLIT_H

#include "explore.h"

/* Fills `out` (at most `cap`) with units whose parts make the complete search
 * `cfg` on m, going deeper (up to EXPLORE_UNIT_DEPTH nodes) until there are
 * at least `want`; returns how many, or 0 when cfg is not a complete search.
 * The units depend on m and cfg only, never on how many workers run them. */
size_t explore_units(sim_machine *m, const explore_config *cfg, size_t want, explore_unit *out,
                     size_t cap);

/* An explorer for one unit's part of the search (explore_free it). */
explorer *explore_new_unit(sim_machine *m, const explore_config *cfg, const explore_unit *u);

/* One random probe below unit u (the whole tree: len 0): its weight (0 when
 * sleep sets cut it) and the steps it took. */
double explore_probe(sim_machine *m, const explore_config *cfg, const explore_unit *u,
                     uint64_t seed, uint64_t *steps);

/* Adds one unit's result to the whole search's: counts add up, its `done`
 * weighed by the unit's share of the tree; the first unit (in unit order)
 * that found something gives the counterexample. */
void explore_merge(explorer *whole, const explore_result *part, double mass, bool first_found);

/* The whole search's result from the merged parts, none of which found a
 * violation: when every part made all its runs (searched_all), complete
 * unless some reached the step limit, said as one search says it; else
 * incomplete for `reason` (the first part's that stopped short). */
void explore_merge_end(explorer *whole, bool every_part_searched, const char *reason);
/* ... or the units up to the first that found one (complete.c): complete and
 * `reason` as that unit left them. */
void explore_merge_found(explorer *whole, bool complete, const char *reason);

#endif
