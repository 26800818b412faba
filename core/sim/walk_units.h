/*
 * walk_units.h: random and PCT walks cut into units of consecutive walks, so
 * that several processes can share them (core/runner/walk_workers.c) and
 * still report exactly what one process reports.
 *
 * Walk k draws its choices from a generator seeded by (seed, k); everything
 * else it reads of the walks before it is a few numbers, a walk_state: the
 * steps taken so far (the limit on steps in all weighs them) and, under
 * PCT, the longest run so far (its change points are drawn below it).  A
 * process handed walks [a, b) and the state before walk a makes the very
 * walks one process makes there.  That state is known only once the walks
 * before a are made, so a unit runs on a guess (the state of the units
 * merged so far), and the whole search takes its walks only where the guess
 * cannot have changed them; where it might have, the whole search makes
 * those walks again itself, from the exact state.
 *
 * Invariant: the whole search (explorer `whole`) only ever holds the state
 * one process has after its first `executions` walks: it takes a unit whole
 * when the unit's walks are provably that process's walks, and makes every
 * other walk itself.  The units depend on the limits alone (never on the
 * number of workers or on time), and the result does not depend even on
 * them.
 */
#ifndef LOCKSTEP_WALK_UNITS_H
#define LOCKSTEP_WALK_UNITS_H

#include "explore.h"

/* Walks per unit: a 64th of --max-executions, from 256 (a unit's start, a
 * message each way and a snapshot, stays a small part of it) to 4,096 (a
 * find in a later unit costs the whole search at most that many walks made
 * again); 4,096 without a limit on executions.  cfg->walk_unit overrides it
 * (tests). */
#define EXPLORE_WALK_UNIT_MIN 256u
#define EXPLORE_WALK_UNIT_MAX 4096u

/* What a walk search carries from one walk to the next. */
typedef struct walk_state {
    uint64_t executions;      /* walks made: the next one's number */
    uint64_t total_steps;     /* the steps they took */
    uint64_t step_limit_hits; /* those that reached --max-steps */
    uint64_t longest_run;     /* pct: change points are drawn below it */
    bool found;               /* the last walk found a violation: the search ends there */
} walk_state;

/* Walks per unit of the walk search cfg. */
uint64_t explore_walk_unit_size(const explore_config *cfg);

/* Unit u's walks, [*first, *end), within cfg's --max-executions; false when
 * there is no such unit (past the limit). */
bool explore_walk_unit(const explore_config *cfg, uint64_t u, uint64_t *first, uint64_t *end);

/* The state a unit starting at walk `first` is run from: the longest run the
 * whole search has seen so far, no steps (only the longest run has to be
 * right: explore_walks_take). */
walk_state explore_walk_guess(const explorer *whole, uint64_t first);

/* An explorer that makes walks from->executions .. end - 1 from state
 * `from` (explore_run it to its end; explore_free it). */
explorer *explore_walks_new(sim_machine *m, const explore_config *cfg, const walk_state *from,
                            uint64_t end);

/* The state a walk search has reached. */
walk_state explore_walk_state(const explorer *e);

/* A unit ran from `from` (a guess) to `to` (it stopped short of `end` when
 * it found something or ran out of steps).  True: its walks are exactly the
 * walks `whole` makes next, now taken in (counted as made); false: they may
 * not be, or they end the search; `whole` must make walks from->executions
 * .. end - 1 itself (explore_run(whole, end - from->executions)). */
bool explore_walks_take(explorer *whole, const walk_state *from, const walk_state *to,
                        uint64_t end);

#endif
