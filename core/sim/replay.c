/*
 * Where a run of the bounded or the stateful depth-first search starts: from
 * the root (a reset, then every choice of the stack taken again), or from a
 * snapshot of the machine kept on the current path (snapshot.h), taking again
 * only the choices below it.
 *
 * Invariant: a kept point at depth d is the run exactly as it stood at the
 * top of the search's loop with d nodes decided: the machine, the sleep set,
 * who stepped last and how, and the preemptions spent.  It holds as long as
 * the choices of nodes 0 .. d-1 stay what they were, that is until the
 * search backtracks to a node above d; a run then starts from the deepest
 * point still valid and runs the same as one started from the root (the
 * same choices, sleep sets, counts and end states).  A point is kept at a
 * node (where the run has a choice to make, the place a later run comes
 * back to), so a run that starts from it takes again no step at all when
 * the node is the one whose choice changed.  Points are kept every
 * EXPLORE_REPLAY_EVERY nodes, at most EXPLORE_REPLAY_POINTS of them (the
 * deepest runs replay their last nodes from the deepest point), so memory
 * stays bounded by a few snapshots of the machine; the stateful search keeps
 * one at every node, up to EXPLORE_REPLAY_STATEFUL_POINTS: its runs are
 * short (most end at the first state met again below the node they start
 * at), so a step taken again would be a good part of a run.
 *
 * The stateful search (visited.c) starts its runs from points too: what it
 * keeps of a run beyond the machine and the sleep set is its actors' spin
 * rounds (spin_await.c), which a point holds too, and the rest is on the
 * stack (each node's state key) and in its table; the nodes a run replays
 * ask the table nothing.  The complete search (DPOR) keeps per-run events and spin
 * rounds (dpor.c, spin_await.c) that a point does not hold, so its runs
 * start from the root.
 */
#include "explore_internal.h"
#include "machine_internal.h"
#include "snapshot.h"
#include "vec.h"

#include <stdlib.h>
#include <string.h>

/* A point is kept every this many nodes of the path, at most this many. */
#ifndef EXPLORE_REPLAY_EVERY
#define EXPLORE_REPLAY_EVERY 4
#endif
#define EXPLORE_REPLAY_POINTS 64
#define EXPLORE_REPLAY_STATEFUL_POINTS 1024

struct replay_point {
    size_t depth;
    uint64_t steps; /* the machine's, when it was kept */
    int prev;
    sim_act_kind prev_kind;
    int preemptions;
    sim_snapshot *snap;
    sim_choice *sleep;
    size_t n_sleep, cap_sleep;
    spin_round spin[SIM_MAX_ACTORS]; /* the stateful search's (spin_await.c) */
};

/* Nodes between points, and points at most. */
static size_t points_every(const explorer *e) { return e->seen ? 1 : EXPLORE_REPLAY_EVERY; }
static size_t points_max(const explorer *e)
{
    return e->seen ? EXPLORE_REPLAY_STATEFUL_POINTS : EXPLORE_REPLAY_POINTS;
}

static bool points_on(const explorer *e)
{
    return e->cfg.replay == EXPLORE_REPLAY_SNAPSHOT && !explore_complete_mode(e) &&
           !e->points_failed && sim_snapshot_possible(e->m);
}

void replay_free(explorer *e)
{
    if (!e->points)
        return;
    for (size_t i = 0; i < points_max(e); i++) {
        sim_snapshot_free(e->points[i].snap);
        free(e->points[i].sleep);
    }
    free(e->points);
}

void replay_start(explorer *e, size_t *depth, int *prev, sim_act_kind *prev_kind, int *preemptions)
{
    sim_machine *m = e->m;
    /* The node whose choice changed since the last run is the stack's last:
     * points at or above it still hold. */
    size_t changed = e->len ? e->len - 1 : 0;
    while (e->n_points && (e->len == 0 || e->points[e->n_points - 1].depth > changed))
        e->n_points--;
    /* (a run from the root would stop before the point at its step limit: so
     * must this; the steps before the point are not taken again, so they
     * count toward no total: explore_internal.h, run_from) */
    while (e->n_points && e->points[e->n_points - 1].steps >= e->cfg.max_steps)
        e->n_points--;
    if (e->n_points && points_on(e)) {
        replay_point *p = &e->points[e->n_points - 1];
        if (sim_snapshot_restore(m, p->snap) == 0) {
            /* (the steps before the point are not taken again: they count
             * neither for progress nor toward the search's total) */
            *depth = p->depth;
            *prev = p->prev;
            *prev_kind = p->prev_kind;
            *preemptions = p->preemptions;
            memcpy(e->spin, p->spin, sizeof e->spin);
            e->n_sleep = 0;
            for (size_t k = 0; k < p->n_sleep; k++)
                explore_sleep_add(e, p->sleep[k]);
            return;
        }
        e->n_points = 0; /* (the machine was made again: start over) */
    }
    sim_reset(m);
}

void replay_keep(explorer *e, size_t depth, int prev, sim_act_kind prev_kind, int preemptions)
{
    if (depth == 0 || depth % points_every(e) != 0 ||
        (e->n_points && e->points[e->n_points - 1].depth >= depth) ||
        e->n_points == points_max(e) || !points_on(e))
        return;
    if (!e->points && !(e->points = calloc(points_max(e), sizeof *e->points))) {
        e->points_failed = true;
        return;
    }
    replay_point *p = &e->points[e->n_points];
    if (!p->snap)
        p->snap = sim_snapshot_new();
    sim_choice *sleep = sim_vec_grow(p->sleep, &p->cap_sleep, e->n_sleep, sizeof *sleep, 8);
    if (!p->snap || (e->n_sleep && !sleep) || sim_snapshot_save(e->m, p->snap) != 0) {
        e->points_failed = true;
        return;
    }
    p->sleep = sleep;
    if (e->n_sleep)
        memcpy(p->sleep, e->sleep, e->n_sleep * sizeof *e->sleep);
    p->n_sleep = e->n_sleep;
    p->depth = depth;
    p->steps = sim_steps(e->m);
    p->prev = prev;
    p->prev_kind = prev_kind;
    p->preemptions = preemptions;
    memcpy(p->spin, e->spin, sizeof e->spin);
    e->n_points++;
}
