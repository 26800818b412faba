/*
 * How much of a complete search is done: the weighted backtrack estimator
 * of Kilby, Slaney, Thiébaux and Walsh (AAAI 2006), read off the search's
 * own depth-first walk.
 *
 * Give the search's tree (or its unit's: the nodes below the unit's path)
 * a share of 1, and each node's share in equal parts to its awake choices
 * (those not asleep on arrival: the children it may try).  A run that ends
 * has searched its leaf's share: the product of 1 / awake along its path,
 * the probability that Knuth's random probe takes that path.  A node left
 * for good adds the shares of the children it never tried: sleep sets and
 * the races decided that nothing lies there.  So `mass_done` only grows,
 * and it is exactly 1 when the search ends; executions / mass_done is then
 * the executions, and before that an estimate of them in all that needs no
 * probe and sees the search's real cuts (Knuth's probes, cut by sleep sets
 * at almost every run, say 0 most of the time).
 *
 * Measured (bench/explore/estimate.mjs): on the parking_lot mutex it runs
 * low early (a third of the count at 10 % of the search, most of it at
 * 50 %); counting the children of the nodes on the stack that no race has
 * asked for yet as done already (most are never tried) ran lower still.
 *
 * Invariant: every leaf's share is added once, when its run ends, and every
 * untried child's share once, when its node is left; the nodes of the
 * unit's own path weigh nothing (their choices are the unit's).
 */
#include "explore_internal.h"

/* The nodes above this depth are the unit's path, not its tree. */
static size_t first_weighed(const explorer *e)
{
    return e->cfg.split ? (size_t)e->cfg.unit.len : 0;
}

static uint32_t tried(const explorer *e, const dfs_node *nd)
{
    uint32_t t = 0;
    for (uint32_t k = 0; k < nd->n; k++)
        if (e->entries[nd->first + k].flags & X_TRIED)
            t++;
    return t;
}

/* The share of the child its node's choice leads to. */
static double child_share(const explorer *e, size_t d)
{
    const dfs_node *nd = &e->stack[d];
    return d < first_weighed(e) || nd->awake == 0 ? nd->share : nd->share / nd->awake;
}

double estimate_share(const explorer *e, size_t depth)
{
    return depth == 0 ? 1 : child_share(e, depth - 1);
}

void estimate_run_ended(explorer *e) { e->mass_done += e->len ? child_share(e, e->len - 1) : 1; }

void estimate_node_left(explorer *e, const dfs_node *nd)
{
    size_t d = (size_t)(nd - e->stack);
    if (d < first_weighed(e) || nd->awake == 0)
        return;
    uint32_t t = tried(e, nd);
    if (t < nd->awake)
        e->mass_done += nd->share * (double)(nd->awake - t) / nd->awake;
}

double estimate_done(const explorer *e) { return e->mass_done > 1 ? 1 : e->mass_done; }
