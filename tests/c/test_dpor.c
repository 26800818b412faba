/*
 * The complete search (--bound none, core/sim/dpor.c): exact execution counts
 * on small worlds whose classes of interleavings are known by hand.  A class
 * is the set of runs that differ only in the order of commuting steps; the
 * search must run each class and, on these worlds, no class twice.
 */
#include "check.h"
#include "sim/explore.h"
#include "tworld.h"

#include <string.h>

static void store_x(tworld *w, int self)
{
    (void)self;
    plat_store32(&w->x, 1, PLAT_RELAXED, AT("x = 1"));
}

static void store_y(tworld *w, int self)
{
    (void)self;
    plat_store32(&w->y, 1, PLAT_RELAXED, AT("y = 1"));
}

static void load_x(tworld *w, int self)
{
    tw_saw(w, self, plat_load32(&w->x, PLAT_RELAXED, AT("read x")));
}

static void add_x_twice(tworld *w, int self)
{
    (void)self;
    plat_fetch_add32(&w->x, 1, PLAT_RELAXED, AT("x += 1"));
    plat_fetch_add32(&w->x, 1, PLAT_RELAXED, AT("x += 1"));
}

static void locked_add(tworld *w, int self)
{
    (void)self;
    plat_lock_acquire(&w->m, AT("lock m"));
    plat_fetch_add32(&w->x, 1, PLAT_RELAXED, AT("x += 1"));
    plat_lock_release(&w->m, AT("unlock m"));
}

static void spin_until_x(tworld *w, int self)
{
    while (plat_load32(&w->x, PLAT_RELAXED, AT("x == 1 yet?")) != 1)
        plat_spin_hint(AT("spin"));
    tw_saw(w, self, 1);
}

/* A write first, then a spin: the spin's rounds begin after the write. */
static void store_y_then_spin_until_x(tworld *w, int self)
{
    plat_store32(&w->y, 1, PLAT_RELAXED, AT("y = 1"));
    spin_until_x(w, self);
}

/* A look before the spin (a fast path), then the spin re-reads the cell. */
static void look_then_spin_until_x(tworld *w, int self)
{
    if (plat_load32(&w->x, PLAT_RELAXED, AT("x == 1 already?")) == 1) {
        tw_saw(w, self, 1);
        return;
    }
    spin_until_x(w, self);
}

/* A test-and-test-and-set lock around the checked critical section. */
static void ttas_section(tworld *w, int self)
{
    (void)self;
    for (;;) {
        while (plat_load32(&w->x, PLAT_RELAXED, AT("test: held?")) == 1)
            plat_spin_hint(AT("spin"));
        if (plat_swap32(&w->x, 1, PLAT_ACQUIRE, AT("test-and-set")) == 0)
            break;
    }
    tw_cs_enter(AT("enter"));
    tw_cs_exit(AT("leave"));
    plat_store32(&w->x, 0, PLAT_RELEASE, AT("release"));
}

static bool spin_await = true;
static uint64_t max_steps; /* 0: the default */

/* The complete search of the world: its result text and executions. */
static uint64_t complete_search(tworld *w, char *text, size_t n)
{
    sim_machine *m = tw_start(w, false);
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.bound = EXPLORE_BOUND_NONE;
    cfg.spin_await = spin_await;
    cfg.max_steps = max_steps;
    explorer *e = explore_new(m, &cfg);
    while (!explore_run(e, 1000)) {
    }
    jbuf t = {0};
    explore_summary_text(e, m, &t);
    snprintf(text, n, "%s", t.text);
    jb_free(&t);
    uint64_t executions = explore_result_of(e)->executions;
    explore_free(e);
    tw_free(w);
    return executions;
}

/* One actor of a world to search: its name and its body. */
typedef struct cast {
    const char *name;
    tw_fn fn;
} cast;

/* The complete search of a world of `n` actors: its executions, its result text in `text`. */
static uint64_t search_of(const cast *actors, size_t n, char *text, size_t size)
{
    tworld w = {0};
    for (size_t i = 0; i < n; i++)
        tw_actor(&w, actors[i].name, actors[i].fn);
    return complete_search(&w, text, size);
}

/* SEARCH(text, {"A", store_x}, {"B", store_y}): the world's actors, named in place. */
#define SEARCH(text, ...)                                                                          \
    search_of((const cast[]){__VA_ARGS__}, sizeof((const cast[]){__VA_ARGS__}) / sizeof(cast),     \
              text, sizeof text)

TEST(dpor_runs_independent_actors_once)
{
    char text[256];
    CHECK_EQ(SEARCH(text, {"A", store_x}, {"B", store_y}), 1);
    CHECK_STR(text, "no violation in any interleaving: 1 executions (complete)");
}

TEST(dpor_runs_two_writers_of_one_cell_twice)
{
    char text[256];
    CHECK_EQ(SEARCH(text, {"A", store_x}, {"B", store_x}), 2);
}

TEST(dpor_runs_a_writer_and_two_readers_four_times)
{
    /* the writer before or after each reader; the readers commute */
    char text[256];
    CHECK_EQ(SEARCH(text, {"W", store_x}, {"R1", load_x}, {"R2", load_x}), 4);
}

TEST(dpor_runs_three_writers_six_times)
{
    char text[256];
    CHECK_EQ(SEARCH(text, {"A", store_x}, {"B", store_x}, {"C", store_x}), 6);
}

TEST(dpor_interleaves_two_and_two_adds_six_ways)
{
    /* 4 choose 2 orders of A's and B's adds on one cell */
    char text[256];
    CHECK_EQ(SEARCH(text, {"A", add_x_twice}, {"B", add_x_twice}), 6);
}

TEST(dpor_orders_two_critical_sections_two_ways)
{
    /* who takes m first; inside, nothing else can interleave */
    char text[256];
    CHECK_EQ(SEARCH(text, {"A", locked_add}, {"B", locked_add}), 2);
}

TEST(dpor_waits_out_a_spin_in_two_executions)
{
    /* the spinner reads 1 at once, or reads 0 and waits for the store: the
     * rounds that read 0 again are left out (spin_await.c) */
    char text[256];
    CHECK_EQ(SEARCH(text, {"S", spin_until_x}, {"W", store_x}), 2);
    CHECK_STR(text, "no violation in any interleaving: 2 executions (complete)");
}

TEST(dpor_waits_out_a_spin_that_follows_a_write_in_two_executions)
{
    /* the write of y ends nothing: the first round that reads x = 0 and
     * spins already shows that reading 0 again changes nothing */
    tworld w = {0};
    tw_actor(&w, "S", store_y_then_spin_until_x);
    tw_actor(&w, "W", store_x);
    char text[256];
    CHECK_EQ(complete_search(&w, text, sizeof text), 2);
}

TEST(dpor_waits_out_a_re_read_of_an_unchanged_cell_in_two_executions)
{
    /* the look read 0 and the spin is about to read x again while it still
     * holds 0: the spinner awaits at once (a look, then a round that reads 0
     * before the store, would be the same run but for the round) */
    tworld w = {0};
    tw_actor(&w, "S", look_then_spin_until_x);
    tw_actor(&w, "W", store_x);
    char text[256];
    CHECK_EQ(complete_search(&w, text, sizeof text), 2);
}

TEST(dpor_spins_every_round_without_awaiting_and_never_ends)
{
    /* the same world with every round a choice: a spin can go on until the
     * step limit, and the search says so */
    char text[256];
    spin_await = false;
    max_steps = 100;
    SEARCH(text, {"S", spin_until_x}, {"W", store_x});
    spin_await = true;
    max_steps = 0;
    CHECK(strstr(text, "incomplete (") != NULL && strstr(text, "step limit") != NULL);
}

TEST(dpor_proves_a_two_thread_ttas_lock_in_a_handful_of_executions)
{
    char text[256];
    CHECK_EQ(SEARCH(text, {"A", ttas_section}, {"B", ttas_section}), 10);
    CHECK_STR(text, "no violation in any interleaving: 10 executions (complete)");
}
