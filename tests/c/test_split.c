/*
 * Splitting the complete search (core/sim/split.c) and its estimate
 * (core/sim/estimate.c): the units make exactly the executions of one
 * search, the share of the tree done is 1 at the end of every search and
 * of every unit, and halfway through, executions / done is near the count.
 * Random and PCT walks cut into units (core/sim/walk_units.c), made on
 * guesses and taken in unit order, give one search's result to the schedule.
 */
#include "bcsamples.h"
#include "check.h"
#include "script/world.h"
#include "sim/explore.h"
#include "sim/split.h"
#include "sim/walk_units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct world {
    script_program *program;
    script_world *world;
    sim_machine *m;
} world;

static void world_open_as(world *w, bc_bytes bc, const char *variant)
{
    char err[300];
    w->program = script_decode(bc.p, bc.n, err, sizeof err);
    free(bc.p);
    if (!w->program)
        check_fail(__FILE__, __LINE__, "decode: %s", err);
    sim_config mc = {.trace = false, .variant = variant};
    w->world = script_world_new(w->program, &mc, err, sizeof err);
    if (!w->world)
        check_fail(__FILE__, __LINE__, "world: %s", err);
    w->m = script_world_machine(w->world);
}

static void world_open(world *w, bc_bytes bc) { world_open_as(w, bc, "correct"); }

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

/* ---- walks as units (core/sim/walk_units.c) ---- */

static explore_config walk_search(explore_strategy strategy, uint64_t max, uint64_t unit)
{
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.strategy = strategy;
    cfg.max_executions = max;
    cfg.seed = 5;
    cfg.walk_unit = unit;
    return cfg;
}

/* The same result, field by field, down to the schedule of the walk found. */
static void check_same_walks(const explore_result *a, const explore_result *b)
{
    CHECK_EQ(a->executions, b->executions);
    CHECK_EQ(a->total_steps, b->total_steps);
    CHECK_EQ(a->step_limit_hits, b->step_limit_hits);
    CHECK_EQ(a->found, b->found);
    CHECK_EQ(a->complete, b->complete);
    CHECK_STR(a->reason, b->reason);
    CHECK_STR(a->kind, b->kind);
    CHECK_STR(a->message, b->message);
    CHECK_EQ(a->steps, b->steps);
    CHECK_EQ(a->preemptions, b->preemptions);
    CHECK_EQ(a->schedule.n, b->schedule.n);
    CHECK(a->schedule.n == 0 || memcmp(a->schedule.entries, b->schedule.entries,
                                       a->schedule.n * sizeof *a->schedule.entries) == 0);
}

/* The walks of cfg as core/runner/walk_workers.c makes them, the units one
 * after another here: each made from its guess, where the guess of a unit is
 * the whole search's longest run `stale` units before it was handed out
 * (workers ahead of the merge); taken when explore_walks_take can, else
 * made again by the whole.  Compared with one search; returns the units
 * made again. */
static int walks_in_units_as_one(world *w, const explore_config *cfg, unsigned stale)
{
    explorer *one = explore_new(w->m, cfg);
    while (!explore_run(one, 100)) {
    }
    explorer *whole = explore_new(w->m, cfg);
    uint64_t longest[8] = {0}; /* the whole's longest run as each of the last units began */
    int remade = 0;
    uint64_t first, end;
    bool over = false;
    for (uint64_t u = 0; !over && explore_walk_unit(cfg, u, &first, &end); u++) {
        walk_state from = explore_walk_guess(whole, first);
        longest[u % 8] = from.longest_run;
        if (u >= stale)
            from.longest_run = longest[(u - stale) % 8];
        explorer *part = explore_walks_new(w->m, cfg, &from, end);
        while (!explore_run(part, 100)) {
        }
        walk_state to = explore_walk_state(part);
        explore_free(part);
        if (!explore_walks_take(whole, &from, &to, end)) {
            remade++;
            over = explore_run(whole, end - first);
        }
    }
    while (!explore_run(whole, 100)) { /* (the limit of executions, said) */
    }
    check_same_walks(explore_result_of(whole), explore_result_of(one));
    explore_free(whole);
    explore_free(one);
    return remade;
}

/* Whether one search of cfg finds a violation, past walk `past`. */
static bool one_finds_past(world *w, const explore_config *cfg, uint64_t past)
{
    explorer *one = explore_new(w->m, cfg);
    while (!explore_run(one, 100)) {
    }
    const explore_result *r = explore_result_of(one);
    bool found = r->found && r->executions > past;
    explore_free(one);
    return found;
}

TEST(split_walks_in_units_find_what_one_search_finds)
{
    world w;
    world_open(&w, sample_counter(2, 2, 0)); /* the racy counter: updates get lost */
    for (int s = EXPLORE_RANDOM; s <= EXPLORE_PCT; s++) {
        explore_config cfg = walk_search((explore_strategy)s, 0, 1);
        cfg.seed = 3;
        CHECK(one_finds_past(&w, &cfg, 1)); /* (in a unit after the first) */
        walks_in_units_as_one(&w, &cfg, 0);
        walks_in_units_as_one(&w, &cfg, 2);
    }
    world_close(&w);
}

TEST(split_walks_in_units_find_the_lost_wakeup_as_one_search)
{
    world w;
    world_open_as(&w, sample_mutex(2, 1), "validate_outside");
    explore_config cfg = walk_search(EXPLORE_PCT, 0, 64);
    CHECK(one_finds_past(&w, &cfg, 64));
    walks_in_units_as_one(&w, &cfg, 0);
    walks_in_units_as_one(&w, &cfg, 3);
    world_close(&w);
}

TEST(split_walks_in_units_count_what_one_search_counts)
{
    world w;
    world_open(&w, sample_mutex(2, 2));
    /* (the last unit ends at the limit of executions: taken too, and the
     * whole search then says it stopped there) */
    explore_config random = walk_search(EXPLORE_RANDOM, 1000, 64);
    CHECK_EQ(walks_in_units_as_one(&w, &random, 0), 0);
    CHECK_EQ(walks_in_units_as_one(&w, &random, 3), 0); /* (random walks read no longest run) */
    explore_config pct = walk_search(EXPLORE_PCT, 1000, 64);
    CHECK_EQ(walks_in_units_as_one(&w, &pct, 0), 0);
    /* guesses from units before: PCT's change points depend on the longest
     * run, so the units it grew under are made again */
    CHECK(walks_in_units_as_one(&w, &pct, 3) > 0);
    world_close(&w);
}

TEST(split_walks_in_units_stop_where_one_search_runs_out_of_steps)
{
    world w;
    world_open(&w, sample_mutex(2, 2));
    for (int s = EXPLORE_RANDOM; s <= EXPLORE_PCT; s++) {
        explore_config cfg = walk_search((explore_strategy)s, 0, 16);
        cfg.max_total_steps = 2000;
        walks_in_units_as_one(&w, &cfg, 0);
        explorer *one = explore_new(w.m, &cfg);
        while (!explore_run(one, 100)) {
        }
        CHECK_STR(explore_result_of(one)->reason, "stopped at the limit of 2,000 steps in all");
        explore_free(one);
    }
    world_close(&w);
}
