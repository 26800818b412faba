/*
 * step_world.h: the world the native step benchmarks step (sim_step.c, and
 * step_count.c for instruction counts): two actors, A and B, each doing
 * nothing but fetch_add32 on one cell, so that every step is an actor
 * switch plus one atomic action.
 *
 * Invariant: after n steps from a reset the cell holds n (the actors never
 * finish: each adds more than any run takes).  It needs only "sim/machine.h",
 * so step_count.c, which includes it, also compiles against an older tree's
 * engine for an A/B of two builds (bench/README.md).
 */
#ifndef LOCKSTEP_BENCH_STEP_WORLD_H
#define LOCKSTEP_BENCH_STEP_WORLD_H

#include "sim/machine.h"

static plat_a32 cell;

static void adder(void *arg)
{
    (void)arg;
    for (;;) /* more increments than any run takes */
        plat_fetch_add32(&cell, 1, PLAT_RELAXED, AT("fetch_add cell, 1"));
}

static int setup(sim_machine *m, void *arg)
{
    (void)arg;
    cell.v = 0;
    if (sim_add_region(m, "cell", &cell, sizeof cell, 0, 0) < 0)
        return -1;
    if (sim_add_actor(m, "A", SIM_THREAD, 0, adder, NULL) < 0 ||
        sim_add_actor(m, "B", SIM_THREAD, 0, adder, NULL) < 0)
        return -1;
    return 0;
}

#endif
