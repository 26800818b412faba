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

/* The parking lot's mutex as a scenario (bcsamples): `actors` actors, each
 * locking and unlocking it `rounds` times, under the variant. */
static script_world *mutex_world(int actors, int rounds, const char *variant,
                                 script_program **program)
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
    *program = p;
    return w;
}

/* Three actors, each locking and unlocking the mutex once, keeping their
 * stories as the stateful search has them. */
static script_world *three_lockers(script_program **program)
{
    script_world *w = mutex_world(3, 1, "correct", program);
    sim_keep_stories(script_world_machine(w), true);
    return w;
}

/* The keys after the mutex world's actors took the steps of `first` ("AB":
 * A, then B), and after they took those of `second` from the start again,
 * in one machine (its objects stay where they were). */
static void mutex_keys(const char *first, const char *second, state_key *k1, state_key *k2)
{
    script_program *p;
    script_world *w = three_lockers(&p);
    sim_machine *m = script_world_machine(w);
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

/* Steps actor i until the action it announces is labelled `label`. */
static void step_until(sim_machine *m, int i, const char *label)
{
    for (int k = 0; k < 64 && strcmp(sim_pending(m, i)->site.label, label) != 0; k++)
        sim_step(m, i);
    CHECK_STR(sim_pending(m, i)->site.label, label);
}

TEST(a_bucket_lock_window_is_remembered_where_the_lot_says_what_it_keeps)
{
    /* B parks while A holds m; A's unlock wakes it.  Inside both bucket-lock
     * windows the lot promised what it keeps (plat_loop_state), so each of
     * those states has a key; without the promise none would (a holder may
     * keep what it read of the queue, which no step shows). */
    script_program *p;
    script_world *w = three_lockers(&p);
    sim_machine *m = script_world_machine(w);
    state_key k;
    sim_step(m, 0); /* A locks */
    step_until(m, 1, "validate: state == 11?");
    CHECK(visited_key(m, &k));
    sim_step(m, 1);
    CHECK_STR(sim_pending(m, 1)->site.label, "unlock bucket");
    CHECK(visited_key(m, &k));
    step_until(m, 1, "sleep on my parker");
    step_until(m, 0, "callback: write 00");
    CHECK(visited_key(m, &k));
    sim_step(m, 0);
    CHECK_STR(sim_pending(m, 0)->site.label, "unlock bucket");
    CHECK(visited_key(m, &k));
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

/* The mutex world, searched statefully with runs starting where `replay`
 * says and at most `max_total_steps` steps in all (0: the default). */
static explore_result search_mutex_as(int actors, int rounds, const char *variant,
                                      explore_replay replay, uint64_t max_total_steps, char *text,
                                      size_t size)
{
    script_program *p;
    script_world *w = mutex_world(actors, rounds, variant, &p);
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.stateful = true;
    cfg.replay = replay;
    cfg.max_total_steps = max_total_steps;
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

/* The mutex world, searched statefully as the search does by default. */
static explore_result search_mutex(int actors, int rounds, const char *variant, char *text,
                                   size_t size)
{
    return search_mutex_as(actors, rounds, variant, EXPLORE_REPLAY_SNAPSHOT, 0, text, size);
}

/* The distinct ends of every run of a search: the outcome and each actor's
 * state, with why it waits when it does (but not since when), one line
 * each, sorted. */
typedef struct mutex_ends {
    char line[32][200];
    int n;
} mutex_ends;

static void note_mutex_end(sim_machine *m, void *ctx)
{
    mutex_ends *s = ctx;
    char end[200];
    int used = snprintf(end, sizeof end, "%d", (int)sim_outcome_of(m));
    for (int i = 0; i < sim_actor_count(m) && used < (int)sizeof end; i++) {
        char why[120] = "";
        if (sim_actor_state_of(m, i) == SIM_STATE_BLOCKED)
            sim_block_reason(m, i, why, sizeof why);
        char *since = strstr(why, " since step"); /* (which step differs from run to run) */
        if (since)
            *since = 0;
        used += snprintf(end + used, sizeof end - (size_t)used, " %d%s",
                         (int)sim_actor_state_of(m, i), why);
    }
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->line[i], end) == 0)
            return;
    if (s->n < 32)
        snprintf(s->line[s->n++], sizeof s->line[0], "%s", end);
}

/* Every run of the mutex world (`actors` x `rounds`, the variant), by the
 * stateful search or DPOR; the ends it met, sorted. */
static void mutex_world_ends(int actors, int rounds, const char *variant, bool stateful,
                             mutex_ends *out)
{
    script_program *p;
    script_world *w = mutex_world(actors, rounds, variant, &p);
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.bound = EXPLORE_BOUND_NONE;
    cfg.stateful = stateful;
    cfg.all_runs = true;
    cfg.max_executions = 0;
    cfg.on_end = note_mutex_end;
    cfg.on_end_ctx = out;
    out->n = 0;
    explorer *e = explore_new(script_world_machine(w), &cfg);
    while (!explore_run(e, 1000)) {
    }
    CHECK(explore_result_of(e)->complete);
    explore_free(e);
    script_world_free(w);
    script_program_free(p);
    qsort(out->line, (size_t)out->n, sizeof out->line[0], by_text);
}

TEST(the_mutex_promises_keep_every_end_of_the_mutex)
{
    /* What the parking lot promises the stateful search (plat_loop_state in
     * lock_slow's loop and in the bucket-lock windows, plat_sleep_state at a
     * park) is checked here on the engine itself: the stateful search meets
     * the same ends as DPOR, which remembers nothing, for every variant
     * (the lost wakeups' stuck runs included). */
    static const char *const variants[] = {"correct", "validate_outside", "widen", "handoff"};
    static const int sizes[][2] = {{2, 1}, {2, 2}, {3, 1}};
    for (int v = 0; v < 4; v++)
        for (int k = 0; k < 3; k++) {
            mutex_ends with_memory, without;
            mutex_world_ends(sizes[k][0], sizes[k][1], variants[v], true, &with_memory);
            mutex_world_ends(sizes[k][0], sizes[k][1], variants[v], false, &without);
            CHECK(without.n > 0);
            CHECK_EQ(with_memory.n, without.n);
            for (int i = 0; i < without.n && i < with_memory.n; i++)
                CHECK_STR(with_memory.line[i], without.line[i]);
        }
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

TEST(stateful_search_counts_the_steps_its_runs_took_toward_its_limit)
{
    /* Its runs start from snapshots kept on their path: the steps before the
     * snapshot are not taken again, and count toward no limit.  The same
     * search from the root takes more steps, so the limit that lets the
     * snapshot search finish cuts the search from the root. */
    char text[512];
    explore_result snap =
        search_mutex_as(3, 1, "correct", EXPLORE_REPLAY_SNAPSHOT, 0, text, sizeof text);
    explore_result root =
        search_mutex_as(3, 1, "correct", EXPLORE_REPLAY_ROOT, 0, text, sizeof text);
    CHECK(snap.complete && root.complete);
    CHECK_EQ(snap.executions, root.executions);
    CHECK_EQ(snap.states, root.states);
    CHECK(snap.total_steps < root.total_steps);
    uint64_t limit = snap.total_steps + 1;
    explore_result fits =
        search_mutex_as(3, 1, "correct", EXPLORE_REPLAY_SNAPSHOT, limit, text, sizeof text);
    CHECK(fits.complete);
    CHECK_EQ(fits.total_steps, snap.total_steps);
    explore_result cut =
        search_mutex_as(3, 1, "correct", EXPLORE_REPLAY_ROOT, limit, text, sizeof text);
    CHECK(!cut.complete);
    CHECK_EQ(cut.total_steps, limit);
    char limit_text[32], want[96];
    explore_group_digits(limit, limit_text);
    snprintf(want, sizeof want, "stopped at the limit of %s steps in all", limit_text);
    CHECK_STR(cut.reason, want);
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

/* B spins until A writes x, with an announced step limit of 40 and the
 * stateful search as `--bound none` runs it (fall_back_to_dpor or not),
 * leaving unchanged spin rounds out (spin_await) or not; a DPOR search goes
 * on as units after alone_steps steps (0: the default, complete.c). */
static explore_result spin_then_write(bool fall_back, bool stateful, bool spin_await,
                                      uint64_t alone_steps, bool *seen)
{
    tworld w = {0};
    tw_actor(&w, "A", write_x);
    tw_actor(&w, "B", spin_until_x);
    sim_machine *m = tw_start(&w, false);
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.bound = EXPLORE_BOUND_NONE;
    cfg.stateful = stateful;
    cfg.fall_back_to_dpor = fall_back;
    cfg.spin_await = spin_await;
    cfg.max_steps = 40;
    cfg.alone_steps = alone_steps;
    explorer *e = explore_new(m, &cfg);
    while (!explore_run(e, 1000)) {
    }
    explore_result r = *explore_result_of(e);
    jbuf j = {0};
    explore_result_json(e, m, &j);
    *seen = strstr(j.text, "\"search\":\"stateful\"") != NULL;
    jb_free(&j);
    explore_free(e);
    tw_free(&w);
    return r;
}

TEST(stateful_search_leaves_out_unchanged_spin_rounds_and_gives_way_where_it_cannot)
{
    /* The stateful search leaves B's rounds that re-read an unchanged x out,
     * as DPOR does (spin_await.c), and proves it itself: nothing to give way
     * to.  With the rounds kept in, B's spin runs to the step limit: alone
     * the stateful search can only end incomplete; with fall_back_to_dpor it
     * gives way to DPOR there, says so, and counts as DPOR counts. */
    bool stateful_said;
    explore_result itself = spin_then_write(true, true, true, 0, &stateful_said);
    CHECK(itself.complete);
    CHECK(!itself.fell_back);
    CHECK(stateful_said);
    CHECK_EQ(itself.step_limit_hits, 0);
    explore_result alone = spin_then_write(false, true, false, 0, &stateful_said);
    CHECK(!alone.complete);
    CHECK(alone.step_limit_hits > 0);
    CHECK(stateful_said);
    explore_result dpor = spin_then_write(false, false, false, 0, &stateful_said);
    CHECK(!stateful_said);
    explore_result r = spin_then_write(true, true, false, 0, &stateful_said);
    CHECK(r.fell_back);
    CHECK(!stateful_said);
    CHECK_EQ(r.executions, dpor.executions); /* DPOR's search, counted as DPOR counts */
    CHECK_EQ(r.complete, dpor.complete);
    CHECK_EQ(r.states, 0);
}

TEST(a_stateful_search_that_gave_way_says_so_when_dpor_goes_on_as_units)
{
    /* The DPOR search the stateful one gives way to goes on as units once
     * its runs took alone_steps steps (complete.c), and its result starts
     * again there, counting the units' runs only.  It is still the search
     * that was given way to: the report says it fell back, and counts as
     * DPOR as units counts (here at once, after its first run). */
    bool stateful_said;
    explore_result dpor = spin_then_write(false, false, false, 1, &stateful_said);
    CHECK(!dpor.fell_back);
    explore_result r = spin_then_write(true, true, false, 1, &stateful_said);
    CHECK(r.fell_back);
    CHECK(!stateful_said);
    CHECK_EQ(r.executions, dpor.executions);
    CHECK_EQ(r.complete, dpor.complete);
    CHECK_EQ(r.step_limit_hits, dpor.step_limit_hits);
}

/* 200 bytes of simulated memory the test writes itself (three whole blocks of
 * region_digest.c and a part of one), beside the tworld's objects. */
static unsigned char written[200];

static void add_written(tworld *w, sim_machine *m)
{
    (void)w;
    sim_add_region(m, "written", written, sizeof written, 0, 0);
}

static bool same_key(state_key a, state_key b) { return a.a == b.a && a.b == b.b; }

TEST(a_state_key_tells_apart_states_that_differ_in_one_written_byte)
{
    /* The memory's part of a key is kept up to date block by block
     * (region_digest.c): after any one byte changes, the key kept up to date
     * is the key hashed afresh, it differs from the key before and from the
     * key of every other byte changed, and the byte put back gives the key
     * of before again. */
    memset(written, 0, sizeof written);
    tworld w = {0};
    tw_actor(&w, "A", write_x);
    w.on_setup = add_written;
    sim_machine *m = tw_start(&w, false);
    visited *v = visited_new(0);
    CHECK(v != NULL);
    state_key before, kept, fresh;
    static state_key one_byte[sizeof written];
    CHECK(visited_key(m, &before));
    CHECK(visited_key_cached(m, v, &kept));
    CHECK(same_key(kept, before));
    for (size_t i = 0; i < sizeof written; i++) {
        written[i] = 1;
        CHECK(visited_key_cached(m, v, &kept));
        CHECK(visited_key(m, &fresh));
        CHECK(same_key(kept, fresh));
        CHECK(!same_key(kept, before));
        one_byte[i] = kept;
        for (size_t j = 0; j < i; j++)
            CHECK(!same_key(one_byte[j], kept));
        written[i] = 0;
        CHECK(visited_key_cached(m, v, &kept));
        CHECK(same_key(kept, before));
    }
    /* two bytes of two blocks swapped: another state */
    written[3] = 1;
    written[70] = 2;
    state_key one_way, other_way;
    CHECK(visited_key_cached(m, v, &one_way));
    written[3] = 2;
    written[70] = 1;
    CHECK(visited_key_cached(m, v, &other_way));
    CHECK(!same_key(one_way, other_way));
    memset(written, 0, sizeof written);
    /* a step that writes x through the memory model: another state, and
     * the same key kept up to date as afresh */
    sim_step(m, 0);
    CHECK(visited_key_cached(m, v, &kept));
    CHECK(visited_key(m, &fresh));
    CHECK(same_key(kept, fresh));
    CHECK(!same_key(kept, before));
    visited_free(v);
    tw_free(&w);
}

TEST(stateful_search_at_its_limit_of_states_says_so)
{
    /* 2 x 2 lock/unlock remembers about 1,500 states: at most 100, the
     * search stops there, incomplete, and says why. */
    script_program *p;
    script_world *w = mutex_world(2, 2, "correct", &p);
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.stateful = true;
    cfg.max_states = 100;
    explorer *e = explore_new(script_world_machine(w), &cfg);
    while (!explore_run(e, 1000)) {
    }
    const explore_result *r = explore_result_of(e);
    CHECK(!r->complete);
    CHECK(!r->found);
    CHECK_EQ(r->states, 100);
    CHECK_STR(r->reason, "stopped at the limit of 100 states remembered (--max-states)");
    jbuf t = {0};
    explore_summary_text(e, script_world_machine(w), &t);
    char want[200];
    snprintf(want, sizeof want,
             "no violation found: %llu executions, incomplete (stopped at the limit of 100 "
             "states remembered (--max-states))",
             (unsigned long long)r->executions);
    CHECK_STR(t.text, want);
    jb_free(&t);
    explore_free(e);
    script_world_free(w);
    script_program_free(p);
}
