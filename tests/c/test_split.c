/*
 * Splitting the complete search (core/sim/split.c) and its estimate
 * (core/sim/estimate.c): the units make exactly the executions of one
 * search, the share of the tree done is 1 at the end of every search and
 * of every unit, and halfway through, executions / done is near the count.
 */
#include "bcsamples.h"
#include "check.h"
#include "script/world.h"
#include "sim/explore.h"
#include "sim/split.h"

#include <math.h>
#include <stdlib.h>

typedef struct world {
    script_program *program;
    script_world *world;
    sim_machine *m;
} world;

static void world_open(world *w, bc_bytes bc)
{
    char err[300];
    w->program = script_decode(bc.p, bc.n, err, sizeof err);
    free(bc.p);
    if (!w->program)
        check_fail(__FILE__, __LINE__, "decode: %s", err);
    sim_config mc = {.trace = false, .variant = "correct"};
    w->world = script_world_new(w->program, &mc, err, sizeof err);
    if (!w->world)
        check_fail(__FILE__, __LINE__, "world: %s", err);
    w->m = script_world_machine(w->world);
}

static void world_close(world *w)
{
    script_world_free(w->world);
    script_program_free(w->program);
}

static explore_config complete_search(void)
{
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.bound = EXPLORE_BOUND_NONE;
    cfg.max_executions = 0;
    return cfg;
}

static uint64_t one_search(world *w, double *done)
{
    explore_config cfg = complete_search();
    explorer *e = explore_new(w->m, &cfg);
    while (!explore_run(e, 50)) {
    }
    const explore_result *r = explore_result_of(e);
    CHECK(r->complete);
    *done = r->done;
    uint64_t n = r->executions;
    explore_free(e);
    return n;
}

/* The units of explore_units (want of them), each searched alone: the sum
 * of their executions, of their shares done, and of their shares. */
static uint64_t units_search(world *w, size_t want, double *done, double *shares)
{
    explore_config cfg = complete_search();
    enum { CAP = 1024 };
    explore_unit *units = malloc(CAP * sizeof *units);
    size_t n = explore_units(w->m, &cfg, want, units, CAP);
    CHECK(n >= want);
    uint64_t executions = 0;
    *done = *shares = 0;
    for (size_t u = 0; u < n; u++) {
        explorer *e = explore_new_unit(w->m, &cfg, &units[u]);
        while (!explore_run(e, 100)) {
        }
        const explore_result *r = explore_result_of(e);
        CHECK(r->complete);
        CHECK(fabs(r->done - 1) < 1e-9); /* a unit's own tree, searched through */
        executions += r->executions;
        *done += r->done * units[u].mass;
        *shares += units[u].mass;
        explore_free(e);
    }
    free(units);
    return executions;
}

static void units_add_up_to_one_search(bc_bytes bc)
{
    world w;
    world_open(&w, bc);
    double done, shares;
    uint64_t whole = one_search(&w, &done);
    CHECK(fabs(done - 1) < 1e-9);
    for (size_t want = 2; want <= 32; want *= 4) {
        CHECK_EQ(units_search(&w, want, &done, &shares), whole);
        CHECK(shares > 0 && shares <= 1 + 1e-12); /* (a path no run takes is no unit) */
        CHECK(fabs(done - shares) < 1e-9);
    }
    world_close(&w);
}

TEST(split_units_add_up_to_one_search_2x2) { units_add_up_to_one_search(sample_mutex(2, 2)); }
TEST(split_units_add_up_to_one_search_3x1) { units_add_up_to_one_search(sample_mutex(3, 1)); }
TEST(split_units_add_up_to_one_search_counters)
{
    units_add_up_to_one_search(sample_counter(3, 2, 0));
}

/* The estimate: executions / done, halfway through the search, is within a
 * factor of 3 of the real count (Knuth's probes, cut by sleep sets, said 0
 * for most runs of the same search). */
TEST(split_estimate_halfway_is_near_the_real_count)
{
    world w;
    world_open(&w, sample_mutex(3, 1));
    double done;
    uint64_t whole = one_search(&w, &done);
    explore_config cfg = complete_search();
    explorer *e = explore_new(w.m, &cfg);
    explore_run(e, whole / 2);
    const explore_result *r = explore_result_of(e);
    CHECK(r->done > 0 && r->done < 1);
    double estimate = (double)r->executions / r->done;
    CHECK(estimate > (double)whole / 3 && estimate < (double)whole * 3);
    explore_free(e);
    world_close(&w);
}
