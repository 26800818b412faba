/*
 * The stateful search (explore_config.stateful, core/sim/visited.c): it meets
 * states again and cuts their runs, and still finds every end state, every
 * stuck run and every violation a search without memory finds.
 */
#include "bcsamples.h"
#include "check.h"
#include "script/world.h"
#include "sim/explore.h"
#include "sim/visited.h"
#include "tworld.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each actor's program begins its operations as the interpreter's would
 * (sim_set_op), so states between them can be remembered. */
static void read_x_then_read_y(tworld *w, int self)
{
    sim_set_op(w->machine, 0, 0);
    tw_saw(w, self, plat_load32(&w->x, PLAT_RELAXED, AT("read x")));
    sim_set_op(w->machine, 1, 0);
    tw_saw(w, self, plat_load32(&w->y, PLAT_RELAXED, AT("read y")));
}

/* One operation that reads both and notes them only at its end: between
 * the reads, what it saw of x is on its stack alone. */
static void read_x_and_y(tworld *w, int self)
{
    sim_set_op(w->machine, 0, 0);
    uint32_t x = plat_load32(&w->x, PLAT_RELAXED, AT("read x"));
    uint32_t y = plat_load32(&w->y, PLAT_RELAXED, AT("read y"));
    tw_saw(w, self, x);
    tw_saw(w, self, y);
}

static void write_x_then_write_y(tworld *w, int self)
{
    (void)self;
    sim_set_op(w->machine, 0, 0);
    plat_store32(&w->x, 1, PLAT_RELAXED, AT("x = 1"));
    sim_set_op(w->machine, 1, 0);
    plat_store32(&w->y, 1, PLAT_RELAXED, AT("y = 1"));
}

/* The end states of a search: what A saw, as "xy" digits, each once. */
typedef struct ends {
    char seen[8][4];
    int n;
} ends;

static tworld *searched;

static void note_end(sim_machine *m, void *ctx)
{
    (void)m;
    ends *s = ctx;
    char saw[4] = {0};
    for (int k = 0; k < searched->n_seen[0] && k < 3; k++)
        saw[k] = (char)('0' + searched->seen[0][k]);
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->seen[i], saw) == 0)
            return;
    if (s->n < 8)
        memcpy(s->seen[s->n++], saw, sizeof saw);
}

static int by_text(const void *a, const void *b) { return strcmp(a, b); }

/* Searches the world of A and B without memory (bound 64, sleep sets) or
 * statefully; fills `out` with A's end states, sorted and joined ("00 01"). */
static explore_result search_world(tw_fn a, tw_fn b, bool stateful, char *out, size_t size)
{
    tworld w = {0};
    tw_actor(&w, "A", a);
    tw_actor(&w, "B", b);
    sim_machine *m = tw_start(&w, false);
    searched = &w;
    ends found = {.n = 0};
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.bound = stateful ? EXPLORE_BOUND_NONE : 64;
    cfg.stateful = stateful;
    cfg.all_runs = true;
    cfg.on_end = note_end;
    cfg.on_end_ctx = &found;
    explorer *e = explore_new(m, &cfg);
    while (!explore_run(e, 1000)) {
    }
    explore_result r = *explore_result_of(e);
    explore_free(e);
    tw_free(&w);
    qsort(found.seen, (size_t)found.n, sizeof found.seen[0], by_text);
    out[0] = 0;
    for (int i = 0; i < found.n; i++)
        snprintf(out + strlen(out), size - strlen(out), "%s%s", i ? " " : "", found.seen[i]);
    return r;
}

/* A (reading x, then y) beside B (writing x, then y), searched without
 * memory and statefully: both find all four ends of A; the stateful result. */
static explore_result four_ends_both_ways(tw_fn a)
{
    char plain[64], stateful[64];
    explore_result rp = search_world(a, write_x_then_write_y, false, plain, sizeof plain);
    explore_result rs = search_world(a, write_x_then_write_y, true, stateful, sizeof stateful);
    CHECK(rp.complete && rs.complete);
    CHECK_STR(plain, "00 01 10 11");
    CHECK_STR(stateful, "00 01 10 11");
    CHECK(rs.states > 0);
    CHECK(rs.executions < rp.executions);
    return rs;
}

TEST(stateful_search_keeps_what_each_actor_saw)
{
    /* A reads x before or after B writes it and then reads y: the runs where
     * A saw x = 0 and x = 1 meet in states with the same memory, told apart
     * only by A's notebook (the world's own state, sim_hooks.state_bytes);
     * merging them would lose "10" (x written, y not yet). */
    explore_result r = four_ends_both_ways(read_x_then_read_y);
    CHECK(r.pruned > 0); /* states were met again and their runs cut */
}

TEST(stateful_search_keeps_what_an_actor_holds_inside_an_operation)
{
    /* The same, with A's two reads in one operation: between them what A
     * saw of x lives only on its stack, told apart by its story. */
    four_ends_both_ways(read_x_and_y);
}

/* The key after A and B took the steps of `order` ("AB": A, then B). */
static bool key_after(tw_fn a, tw_fn b, const char *order, state_key *key)
{
    tworld w = {0};
    tw_actor(&w, "A", a);
    tw_actor(&w, "B", b);
    sim_machine *m = tw_start(&w, false);
    sim_keep_stories(m, true);
    for (const char *c = order; *c; c++)
        sim_step(m, *c - 'A');
    bool sound = visited_key(m, key);
    tw_free(&w);
    return sound;
}

static void write_x(tworld *w, int self)
{
    (void)self;
    sim_set_op(w->machine, 0, 0);
    plat_store32(&w->x, 1, PLAT_RELAXED, AT("x = 1"));
    sim_set_op(w->machine, 1, 0);
}

static void write_y(tworld *w, int self)
{
    (void)self;
    sim_set_op(w->machine, 0, 0);
    plat_store32(&w->y, 1, PLAT_RELAXED, AT("y = 1"));
    sim_set_op(w->machine, 1, 0);
}

TEST(a_state_key_merges_orders_and_keeps_what_was_seen)
{
    state_key ab, ba;
    /* two independent writes in either order: one state */
    CHECK(key_after(write_x, write_y, "AB", &ab) && key_after(write_x, write_y, "BA", &ba));
    CHECK(ab.a == ba.a && ab.b == ba.b);
    /* A read x before or after B wrote it: the same memory, but A's
     * notebook differs between operations... */
    CHECK(key_after(read_x_then_read_y, write_x_then_write_y, "AB", &ab));
    CHECK(key_after(read_x_then_read_y, write_x_then_write_y, "BA", &ba));
    CHECK(ab.a != ba.a || ab.b != ba.b);
    /* ... and its story inside one */
    CHECK(key_after(read_x_and_y, write_x_then_write_y, "AB", &ab));
    CHECK(key_after(read_x_and_y, write_x_then_write_y, "BA", &ba));
    CHECK(ab.a != ba.a || ab.b != ba.b);
}

/* The keys after three actors, each locking and unlocking the parking lot's
 * mutex once (bcsamples), took the steps of `first` ("AB": A, then B), and
 * after they took those of `second` from the start again, in one machine
 * (its objects stay where they were). */
static void mutex_keys(const char *first, const char *second, state_key *k1, state_key *k2)
{
    char err[300];
    bc_bytes bc = sample_mutex(3, 1);
    script_program *p = script_decode(bc.p, bc.n, err, sizeof err);
    free(bc.p);
    if (!p)
        check_fail(__FILE__, __LINE__, "decode: %s", err);
    sim_config mc = {.variant = "correct"};
    script_world *w = script_world_new(p, &mc, err, sizeof err);
    if (!w)
        check_fail(__FILE__, __LINE__, "world: %s", err);
    sim_machine *m = script_world_machine(w);
    sim_keep_stories(m, true);
    for (const char *c = first; *c; c++)
        sim_step(m, *c - 'A');
    CHECK(visited_key(m, k1));
    sim_reset(m);
    for (const char *c = second; *c; c++)
        sim_step(m, *c - 'A');
    CHECK(visited_key(m, k2));
    script_world_free(w);
    script_program_free(p);
}

TEST(a_spinning_mutex_is_what_its_loop_keeps)
{
    /* The mutex's lock_slow promises (plat_loop_state) that a round carries
     * only the state it read and its SpinWait count.  B's fast path fails
     * while A holds m; A unlocks; then either C locks and B reads 01 (ABACB),
     * or B reads 00, C locks, and B's grab fails, reading 01 (ABABCB).  B
     * begins its first spin either way, with everything else alike: one
     * state, though its stories differ. */
    state_key read_01, grab_failed;
    mutex_keys("ABACB", "ABABCB", &read_01, &grab_failed);
    CHECK(read_01.a == grab_failed.a && read_01.b == grab_failed.b);
    /* Its count is kept: B about to yield after 3 spins and 1 yield (A, then
     * 8 steps of B: fast path, read, spin and read three times) or after 3
     * spins and 2 yields (10 steps) gives up one round sooner.  Left out of
     * the promise, these two would be one state. */
    state_key fourth, fifth;
    mutex_keys("ABBBBBBBB", "ABBBBBBBBBB", &fourth, &fifth);
    CHECK(fourth.a != fifth.a || fourth.b != fifth.b);
}

/* The parking lot's mutex as a scenario (bcsamples), searched statefully. */
static explore_result search_mutex(int actors, int rounds, const char *variant, char *text,
                                   size_t size)
{
    char err[300];
    bc_bytes bc = sample_mutex(actors, rounds);
    script_program *p = script_decode(bc.p, bc.n, err, sizeof err);
    free(bc.p);
    if (!p)
        check_fail(__FILE__, __LINE__, "decode: %s", err);
    sim_config mc = {.variant = variant};
    script_world *w = script_world_new(p, &mc, err, sizeof err);
    if (!w)
        check_fail(__FILE__, __LINE__, "world: %s", err);
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.stateful = true;
    explorer *e = explore_new(script_world_machine(w), &cfg);
    while (!explore_run(e, 1000)) {
    }
    explore_result r = *explore_result_of(e);
    jbuf t = {0};
    explore_summary_text(e, script_world_machine(w), &t);
    snprintf(text, size, "%s", t.text);
    jb_free(&t);
    explore_free(e);
    script_world_free(w);
    script_program_free(p);
    return r;
}

TEST(stateful_search_finds_the_lost_wakeups)
{
    static const char *const variants[] = {"validate_outside", "widen"};
    for (int k = 0; k < 2; k++) {
        char text[512];
        explore_result r = search_mutex(2, 1, variants[k], text, sizeof text);
        CHECK(r.found);
        CHECK_STR(r.kind, "stuck");
        CHECK(strstr(r.message, "parked on mutex m") != NULL);
    }
}

TEST(stateful_search_proves_the_mutex_and_says_how)
{
    char text[512];
    explore_result r = search_mutex(2, 2, "correct", text, sizeof text);
    CHECK(!r.found);
    CHECK(r.complete);
    CHECK_EQ(r.bound, -1);
    CHECK(r.states > 0);
    char want[160];
    snprintf(want, sizeof want,
             "no violation in any interleaving: %llu executions, %llu states (complete)",
             (unsigned long long)r.executions, (unsigned long long)r.states);
    CHECK_STR(text, want);
}

static void spin_until_x(tworld *w, int self)
{
    (void)self;
    while (plat_load32(&w->x, PLAT_RELAXED, AT("x == 1 yet?")) != 1)
        plat_spin_hint(AT("spin"));
}

TEST(stateful_search_never_calls_a_spin_that_may_not_end_complete)
{
    /* Nobody ever writes x: every run spins to the step limit. */
    tworld w = {0};
    tw_actor(&w, "A", spin_until_x);
    tw_actor(&w, "B", spin_until_x);
    sim_machine *m = tw_start(&w, false);
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.stateful = true;
    cfg.max_steps = 40;
    cfg.max_total_steps = 200000;
    explorer *e = explore_new(m, &cfg);
    while (!explore_run(e, 1000)) {
    }
    const explore_result *r = explore_result_of(e);
    CHECK(!r->complete);
    CHECK(r->step_limit_hits > 0);
    explore_free(e);
    tw_free(&w);
}
