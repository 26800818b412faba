/*
 * The simulated machine, step by step: what a step records, the enabled rule,
 * virtual time, stuck reports, checks, and stack overflows.
 *
 * Every world here is a tworld (tworld.h): actors are C functions calling the
 * platform, so each plat_* call below is exactly one step.  Tests drive the
 * machine with sim_step(m, actor) and compare what a learner would see (trace
 * lines, block reasons, stuck reports) with the exact expected text.
 */
#define _GNU_SOURCE
#include "check.h"
#include "coro/coro.h"
#include "tworld.h"

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/* Line numbers of plat_* calls, captured with HERE() so the expected
 * locations stay right when this file is edited. */
static int line_a1, line_a2, line_b1;

/* Index of actor A, B and C in every world below (the order of tw_actor). */
enum { A, B, C };

/* ---- one step, one trace line ------------------------------------------------------ */

static void add_five(tworld *w, int self)
{
    HERE(line_a1), plat_fetch_add32(&w->x, 5, PLAT_RELAXED, AT("add 5"));
}

static void cas_five_to_seven(tworld *w, int self)
{
    uint32_t expected = 5;
    bool ok = (HERE(line_b1), plat_cas32(&w->x, &expected, 7, PLAT_ACQ_REL, AT("5 -> 7")));
    tw_saw(w, self, ok);
    tw_saw(w, self, expected);
}

TEST(each_step_is_one_trace_line)
{
    tworld w = {0};
    tw_actor(&w, "A", add_five);
    tw_actor(&w, "B", cas_five_to_seven);
    sim_machine *m = tw_start(&w, true);
    /* B first: its CAS expects 5 but finds 0, fails and reports what it saw. */
    CHECK_EQ(sim_step(m, B), 0);
    CHECK_EQ(sim_step(m, A), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    CHECK_EQ(w.seen[B][0], 0); /* the CAS failed */
    CHECK_EQ(w.seen[B][1], 0); /* ... and wrote back the value it saw */
    CHECK_EQ(w.x.v, 5);

    char expected[1024];
    snprintf(expected, sizeof expected,
             "{\"step\":1,\"time\":0,\"kind\":\"cas\",\"actor\":\"B\",\"op\":0,\"round\":0,"
             "\"object\":\"x\",\"width\":4,"
             "\"expected\":5,\"desired\":7,\"old\":0,\"new\":0,\"ok\":false,\"site\":\"%s\","
             "\"label\":\"5 -> 7\"}\n"
             "{\"step\":1,\"time\":0,\"kind\":\"finish\",\"actor\":\"B\"}\n"
             "{\"step\":2,\"time\":0,\"kind\":\"fetch_add\",\"actor\":\"A\",\"op\":0,\"round\":0,"
             "\"object\":\"x\","
             "\"width\":4,\"arg\":5,\"old\":0,\"new\":5,\"site\":\"%s\",\"label\":\"add 5\"}\n"
             "{\"step\":2,\"time\":0,\"kind\":\"finish\",\"actor\":\"A\"}\n",
             tw_loc(__FILE__, line_b1), tw_loc(__FILE__, line_a1));
    char *trace = tw_trace(m, 0);
    CHECK_STR(trace, expected);
    free(trace);
    /* Only events after a step: what the app asks for after each click. */
    trace = tw_trace(m, 1);
    CHECK(strncmp(trace, "{\"step\":2,", 10) == 0);
    free(trace);
    tw_free(&w);
}

/* ---- determinism ------------------------------------------------------------------ */

/* A busy little world: racy and atomic increments, a lock, a random draw, a
 * sleep and a park with a timeout, so every kind of event is in the trace. */
static void busy(tworld *w, int self)
{
    for (int i = 0; i < 3; i++) {
        tw_racy_add(&w->racy);
        tw_add(&w->total);
    }
    plat_lock_acquire(&w->m, AT("take m"));
    uint32_t r = sim_random(sim_running(), 5);
    plat_store32(&w->y, r, PLAT_RELAXED, AT("store the draw"));
    plat_lock_release(&w->m, AT("drop m"));
    plat_sleep_until(10 * (self + 1), AT("nap"));
    plat_parker_prepare(plat_parker_self(), AT("prepare"));
    plat_parker_sleep_until(plat_parker_self(), 100, AT("park a while"));
}

/* Everything observable about a run: the trace, the state, the schedule. */
static char *observe(sim_machine *m)
{
    char *t = tw_trace(m, 0), *s = tw_state(m), *k = tw_schedule_text(m);
    size_t n = strlen(t) + strlen(s) + strlen(k) + 3;
    char *all = malloc(n);
    snprintf(all, n, "%s\n%s\n%s", t, s, k);
    free(t);
    free(s);
    free(k);
    return all;
}

static char *random_run(uint64_t seed)
{
    tworld w = {0};
    tw_actor(&w, "A", busy);
    tw_actor(&w, "B", busy);
    tw_actor(&w, "C", busy);
    sim_machine *m = tw_start(&w, true);
    sim_run_result res;
    sim_run(m, SIM_POLICY_RANDOM, NULL, seed, 10000, &res);
    char *all = observe(m);
    tw_free(&w);
    return all;
}

TEST(same_seed_same_bytes)
{
    char *first = random_run(11), *second = random_run(11);
    CHECK(strstr(first, "\"outcome\":\"done\""));
    CHECK(strstr(first, "\"kind\":\"clock\""));
    CHECK_STR(first, second);
    free(first);
    free(second);
}

TEST(replayed_schedule_same_bytes)
{
    tworld w[2];
    memset(w, 0, sizeof w);
    for (int i = 0; i < 2; i++) {
        tw_actor(&w[i], "A", busy);
        tw_actor(&w[i], "B", busy);
        tw_actor(&w[i], "C", busy);
    }
    sim_machine *m1 = tw_start(&w[0], true), *m2 = tw_start(&w[1], true);
    sim_run_result res;
    CHECK_EQ(sim_run(m1, SIM_POLICY_RANDOM, NULL, 5, 10000, &res), 0);
    /* The schedule string alone is enough to get the same run back, even
     * under a different policy: it holds every choice and random value. */
    char *compact = tw_schedule_compact(m1);
    sim_schedule s;
    char err[200];
    CHECK_EQ(sim_schedule_parse(compact, strlen(compact), &s, err, sizeof err), 0);
    CHECK_EQ(sim_run(m2, SIM_POLICY_ROUND_ROBIN, &s, 0, 10000, &res), 0);
    CHECK_STR(res.message, "");
    CHECK_EQ(res.choices_used, s.n);
    char *a = observe(m1), *b = observe(m2);
    CHECK_STR(b, a);
    free(a);
    free(b);
    free(compact);
    sim_schedule_free(&s);
    tw_free(&w[0]);
    tw_free(&w[1]);
}

TEST(reset_gives_the_same_run_again)
{
    tworld w = {0};
    tw_actor(&w, "A", busy);
    tw_actor(&w, "B", busy);
    sim_machine *m = tw_start(&w, true);
    sim_run_result res;
    sim_run(m, SIM_POLICY_RANDOM, NULL, 3, 10000, &res);
    char *first = observe(m);
    /* reset reuses the actors' stacks and rebuilds the world from setup */
    CHECK_EQ(sim_reset(m), 0);
    CHECK_EQ(sim_steps(m), 0);
    CHECK_EQ(sim_history_len(m), 0);
    sim_run(m, SIM_POLICY_RANDOM, NULL, 3, 10000, &res);
    char *second = observe(m);
    CHECK_STR(second, first);
    free(first);
    free(second);
    tw_free(&w);
}

/* ---- the enabled rule -------------------------------------------------------------- */

static void lock_work_unlock(tworld *w, int self)
{
    plat_lock_acquire(&w->m, AT("take m"));
    tw_work("inside");
    plat_lock_release(&w->m, AT("drop m"));
}

TEST(a_lock_held_by_another_blocks)
{
    tworld w = {0};
    tw_actor(&w, "A", lock_work_unlock);
    tw_actor(&w, "B", lock_work_unlock);
    sim_machine *m = tw_start(&w, true);
    int enabled[SIM_MAX_ACTORS];
    CHECK_EQ(sim_enabled(m, enabled), 2);

    CHECK_EQ(sim_step(m, A), 0); /* A takes m */
    CHECK(sim_is_enabled(m, A));
    CHECK(!sim_is_enabled(m, B));
    char why[200];
    sim_block_reason(m, B, why, sizeof why);
    CHECK_STR(why, "waits for lock m, held by A");
    /* The same reason as data: the code and its arguments, nothing else. */
    sim_blocked r;
    sim_blocked_of(m, B, &r);
    CHECK_STR(r.code->name, "lock");
    CHECK(!r.held); /* a lock holds B, not the scheduling model */
    CHECK_EQ(r.n, 2);
    CHECK_STR(sim_blocked_text_of(&r, "object"), "m");
    CHECK_STR(sim_blocked_text_of(&r, "holder"), "A");
    CHECK(!sim_blocked_arg_of(&r, "own"));
    sim_blocked_of(m, A, &r); /* A can move: no reason */
    CHECK(r.code == NULL);
    /* Asking a blocked actor to move is an error that says why, not a step. */
    CHECK_EQ(sim_step(m, B), -1);
    CHECK_STR(sim_error(m), "B cannot move: waits for lock m, held by A");
    CHECK_EQ(sim_steps(m), 1);
    char *state = tw_state(m);
    CHECK(strstr(state, "\"status\":\"blocked\""));
    CHECK(strstr(state, "\"reason\":\"waits for lock m, held by A\""));
    free(state);

    CHECK_EQ(sim_step(m, A), 0); /* work */
    CHECK(!sim_is_enabled(m, B));
    CHECK_EQ(sim_step(m, A), 0); /* A drops m: B may go */
    CHECK(sim_is_enabled(m, B));
    CHECK_EQ(sim_enabled(m, enabled), 1);
    CHECK_EQ(enabled[0], B);
    tw_free(&w);
}

static void lock_twice(tworld *w, int self)
{
    plat_lock_acquire(&w->m, AT("take m"));
    HERE(line_a2), plat_lock_acquire(&w->m, AT("take m again"));
}

TEST(taking_ones_own_lock_again_blocks_forever)
{
    tworld w = {0};
    tw_actor(&w, "A", lock_twice);
    sim_machine *m = tw_start(&w, true);
    CHECK_EQ(sim_step(m, A), 0);
    /* The bucket lock is not reentrant: A now waits for itself. */
    CHECK(!sim_is_enabled(m, A));
    CHECK_EQ(sim_outcome_of(m), SIM_STUCK);
    char *stuck = tw_stuck(m);
    char expected[300];
    snprintf(expected, sizeof expected,
             "[{\"actor\":\"A\",\"reason\":\"waits for lock m, which it already holds\","
             "\"location\":\"%s\"}]",
             tw_loc(__FILE__, line_a2));
    CHECK_STR(stuck, expected);
    free(stuck);
    tw_free(&w);
}

static void park_without_waker(tworld *w, int self)
{
    plat_parker_prepare(plat_parker_self(), AT("prepare"));
    plat_parker_sleep(plat_parker_self(), AT("park"));
}

static void work_twice(tworld *w, int self)
{
    tw_work("one");
    tw_work("two");
}

TEST(a_parked_actor_waits_for_a_wake)
{
    tworld w = {0};
    tw_actor(&w, "A", park_without_waker);
    tw_actor(&w, "B", work_twice);
    sim_machine *m = tw_start(&w, true);
    CHECK_EQ(sim_step(m, A), 0); /* prepare */
    /* A is parked and nobody has woken it; B can still move, so the run is
     * not stuck yet: A is only blocked. */
    CHECK(!sim_is_enabled(m, A));
    CHECK_EQ(sim_outcome_of(m), SIM_RUNNING);
    char why[200];
    sim_block_reason(m, A, why, sizeof why);
    CHECK_STR(why, "parked, and nobody will unpark it");
    CHECK_EQ(sim_step(m, B), 0);
    CHECK_EQ(sim_step(m, B), 0);
    /* B finished without waking A: now nobody can move. */
    CHECK_EQ(sim_outcome_of(m), SIM_STUCK);
    tw_free(&w);
}

/* A parks after a little work; B wakes A. */
static void prepare_work_park(tworld *w, int self)
{
    plat_parker_prepare(plat_parker_self(), AT("prepare"));
    tw_work("check the condition");
    tw_saw(w, self, 1);
    plat_parker_sleep(plat_parker_self(), AT("park"));
    tw_saw(w, self, 2);
}

static void wake_a(tworld *w, int self)
{
    plat_parker_wake(sim_parker_of(sim_running(), A), AT("wake A"));
}

TEST(a_wake_before_the_park_is_not_lost)
{
    tworld w = {0};
    tw_actor(&w, "A", prepare_work_park);
    tw_actor(&w, "B", wake_a);
    sim_machine *m = tw_start(&w, true);
    CHECK_EQ(sim_step(m, A), 0); /* prepare: the flag is cleared */
    CHECK_EQ(sim_step(m, B), 0); /* the wake lands before A parks */
    CHECK_EQ(sim_step(m, A), 0); /* work */
    /* The flag is set, so A's park can go through at once. */
    CHECK(sim_is_enabled(m, A));
    CHECK_EQ(sim_step(m, A), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    CHECK_EQ(w.n_seen[A], 2);
    char *trace = tw_trace(m, 3);
    CHECK(strstr(trace,
                 "\"kind\":\"park\",\"actor\":\"A\",\"op\":0,\"round\":0,\"object\":\"A.parker\","
                 "\"woken\":true,\"by\":\"B\""));
    free(trace);
    tw_free(&w);
}

TEST(a_wake_before_the_prepare_is_cleared)
{
    /* The other order: B wakes A before A prepares.  prepare clears the flag,
     * so that old wake does not count and A parks for good.  This is why a
     * parker protocol checks its condition after prepare, not before. */
    tworld w = {0};
    tw_actor(&w, "A", prepare_work_park);
    tw_actor(&w, "B", wake_a);
    sim_machine *m = tw_start(&w, true);
    CHECK_EQ(sim_step(m, B), 0);
    CHECK_EQ(sim_step(m, A), 0); /* prepare */
    CHECK_EQ(sim_step(m, A), 0); /* work */
    CHECK_EQ(sim_outcome_of(m), SIM_STUCK);
    CHECK_EQ(w.n_seen[A], 1);
    tw_free(&w);
}

static void sleep_until_param(tworld *w, int self)
{
    HERE(line_a1), plat_sleep_until(w->param, AT("sleep until param"));
    tw_saw(w, self, plat_now(AT("now")));
}

static void work_three(tworld *w, int self)
{
    for (int i = 0; i < 3; i++)
        tw_work("busy");
}

TEST(a_sleeper_waits_while_others_can_move)
{
    tworld w = {.param = 100};
    tw_actor(&w, "A", sleep_until_param);
    tw_actor(&w, "B", work_three);
    sim_machine *m = tw_start(&w, true);
    /* B can move, so the clock does not jump: A sleeps until time 100. */
    CHECK_EQ(sim_now(m), 0);
    CHECK(!sim_is_enabled(m, A));
    char why[200];
    sim_block_reason(m, A, why, sizeof why);
    CHECK_STR(why, "sleeps until 100 us");
    CHECK_EQ(sim_step(m, B), 0);
    CHECK_EQ(sim_step(m, B), 0);
    CHECK_EQ(sim_now(m), 0);
    CHECK_EQ(sim_step(m, B), 0);
    /* B is done; only the clock can help A now, so it jumps. */
    CHECK_EQ(sim_now(m), 100);
    CHECK(sim_is_enabled(m, A));
    CHECK_EQ(sim_step(m, A), 0);
    CHECK_EQ(w.seen[A][0], 100);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    tw_free(&w);
}

/* ---- virtual time --------------------------------------------------------------------- */

static void sleep_300(tworld *w, int self)
{
    HERE(line_a1), plat_sleep_until(300, AT("sleep until 300"));
}

static void sleep_100(tworld *w, int self)
{
    HERE(line_b1), plat_sleep_until(100, AT("sleep until 100"));
}

TEST(the_clock_jumps_to_the_earliest_sleeper)
{
    tworld w = {0};
    tw_actor(&w, "A", sleep_300);
    tw_actor(&w, "B", sleep_100);
    sim_machine *m = tw_start(&w, true);
    /* Nobody can move at the start: the clock jumps to 100, not 300. */
    CHECK_EQ(sim_now(m), 100);
    CHECK(!sim_is_enabled(m, A));
    CHECK(sim_is_enabled(m, B));
    CHECK_EQ(sim_step(m, B), 0);
    CHECK_EQ(sim_now(m), 300);
    CHECK_EQ(sim_step(m, A), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);

    char expected[1024];
    snprintf(expected, sizeof expected,
             "{\"step\":0,\"time\":100,\"kind\":\"clock\",\"from\":0}\n"
             "{\"step\":1,\"time\":100,\"kind\":\"sleep\",\"actor\":\"B\",\"op\":0,\"round\":0,"
             "\"until\":100,"
             "\"site\":\"%s\",\"label\":\"sleep until 100\"}\n"
             "{\"step\":1,\"time\":100,\"kind\":\"finish\",\"actor\":\"B\"}\n"
             "{\"step\":1,\"time\":300,\"kind\":\"clock\",\"from\":100}\n"
             "{\"step\":2,\"time\":300,\"kind\":\"sleep\",\"actor\":\"A\",\"op\":0,\"round\":0,"
             "\"until\":300,"
             "\"site\":\"%s\",\"label\":\"sleep until 300\"}\n"
             "{\"step\":2,\"time\":300,\"kind\":\"finish\",\"actor\":\"A\"}\n",
             tw_loc(__FILE__, line_b1), tw_loc(__FILE__, line_a1));
    char *trace = tw_trace(m, 0);
    CHECK_STR(trace, expected);
    free(trace);
    tw_free(&w);
}

static void timed_park(tworld *w, int self)
{
    plat_parker_prepare(plat_parker_self(), AT("prepare"));
    bool woken = plat_parker_sleep_until(plat_parker_self(), 50, AT("park until 50"));
    tw_saw(w, self, woken);
    tw_saw(w, self, plat_now(AT("now")));
}

TEST(a_timed_park_times_out)
{
    tworld w = {0};
    tw_actor(&w, "A", timed_park);
    sim_machine *m = tw_start(&w, true);
    CHECK_EQ(sim_step(m, A), 0); /* prepare */
    /* Parked with a deadline and nobody else: not stuck, the clock jumps. */
    CHECK_EQ(sim_outcome_of(m), SIM_RUNNING);
    CHECK_EQ(sim_now(m), 50);
    CHECK(sim_is_enabled(m, A));
    CHECK_EQ(sim_step(m, A), 0);
    CHECK_EQ(w.seen[A][0], 0); /* false: the deadline passed */
    CHECK_EQ(w.seen[A][1], 50);
    char *trace = tw_trace(m, 1);
    CHECK(strstr(trace,
                 "\"kind\":\"park\",\"actor\":\"A\",\"op\":0,\"round\":0,\"object\":\"A.parker\","
                 "\"woken\":false,"));
    free(trace);
    tw_free(&w);
}

static void sleep_20_then_wake_a(tworld *w, int self)
{
    plat_sleep_until(20, AT("sleep until 20"));
    plat_parker_wake(sim_parker_of(sim_running(), A), AT("wake A"));
}

TEST(a_timed_park_woken_in_time_returns_true)
{
    tworld w = {0};
    tw_actor(&w, "A", timed_park);
    tw_actor(&w, "B", sleep_20_then_wake_a);
    sim_machine *m = tw_start(&w, true);
    CHECK_EQ(sim_step(m, A), 0); /* prepare; then both wait: the clock jumps to 20 */
    CHECK_EQ(sim_now(m), 20);
    CHECK(!sim_is_enabled(m, A));
    CHECK_EQ(sim_step(m, B), 0); /* B wakes up */
    CHECK_EQ(sim_step(m, B), 0); /* and wakes A */
    CHECK_EQ(sim_step(m, A), 0);
    CHECK_EQ(w.seen[A][0], 1);
    CHECK_EQ(w.seen[A][1], 20); /* the clock never reached the deadline */
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    tw_free(&w);
}

/* ---- stuck ------------------------------------------------------------------------------ */

static void take_m_then_n(tworld *w, int self)
{
    plat_lock_acquire(&w->m, AT("take m"));
    HERE(line_a1), plat_lock_acquire(&w->n, AT("take n"));
}

static void take_n_then_m(tworld *w, int self)
{
    plat_lock_acquire(&w->n, AT("take n"));
    HERE(line_b1), plat_lock_acquire(&w->m, AT("take m"));
}

TEST(a_deadlock_is_reported_actor_by_actor)
{
    tworld w = {0};
    tw_actor(&w, "A", take_m_then_n);
    tw_actor(&w, "B", take_n_then_m);
    tw_actor(&w, "C", work_twice);
    sim_machine *m = tw_start(&w, true);
    CHECK_EQ(sim_step(m, A), 0);
    CHECK_EQ(sim_step(m, B), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_RUNNING); /* C can still move */
    CHECK_EQ(sim_step(m, C), 0);
    CHECK_EQ(sim_step(m, C), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_STUCK);

    char expected[600];
    snprintf(expected, sizeof expected,
             "[{\"actor\":\"A\",\"reason\":\"waits for lock n, held by B\",\"location\":\"%s\"},"
             "{\"actor\":\"B\",\"reason\":\"waits for lock m, held by A\",\"location\":\"%s\"}]",
             tw_loc(__FILE__, line_a1), tw_loc(__FILE__, line_b1));
    char *stuck = tw_stuck(m);
    CHECK_STR(stuck, expected);
    free(stuck);

    /* The trace ends with one stuck event per blocked actor: the reason in
     * words and as data (a code and its arguments). */
    snprintf(expected, sizeof expected,
             "{\"step\":4,\"time\":0,\"kind\":\"stuck\",\"actor\":\"A\",\"message\":\"waits for "
             "lock n, held by B\",\"blocked\":{\"why\":\"lock\",\"object\":\"n\",\"holder\":\"B\"},"
             "\"site\":\"%s\",\"label\":\"take n\"}\n"
             "{\"step\":4,\"time\":0,\"kind\":\"stuck\",\"actor\":\"B\",\"message\":\"waits for "
             "lock m, held by A\",\"blocked\":{\"why\":\"lock\",\"object\":\"m\",\"holder\":\"A\"},"
             "\"site\":\"%s\",\"label\":\"take m\"}\n",
             tw_loc(__FILE__, line_a1), tw_loc(__FILE__, line_b1));
    char *trace = tw_trace(m, 3);
    const char *tail = strstr(trace, "{\"step\":4,\"time\":0,\"kind\":\"stuck\"");
    CHECK(tail);
    CHECK_STR(tail, expected);
    free(trace);

    char *state = tw_state(m);
    CHECK(strstr(state, "\"outcome\":\"stuck\""));
    CHECK(strstr(state, "\"status\":\"stuck\""));
    CHECK(strstr(state, "\"status\":\"finished\"")); /* C */
    free(state);

    CHECK_EQ(sim_step(m, C), -1);
    CHECK_STR(sim_error(m), "the run is over (stuck)");
    tw_free(&w);
}

static void park_forever(tworld *w, int self)
{
    plat_parker_prepare(plat_parker_self(), AT("prepare"));
    HERE(line_a1), plat_parker_sleep(plat_parker_self(), AT("park"));
}

TEST(a_lost_wakeup_is_reported_with_its_line)
{
    tworld w = {0};
    tw_actor(&w, "A", park_forever);
    sim_machine *m = tw_start(&w, true);
    CHECK_EQ(sim_step(m, A), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_STUCK);
    char expected[300];
    snprintf(expected, sizeof expected,
             "[{\"actor\":\"A\",\"reason\":\"parked, and nobody will unpark it\","
             "\"location\":\"%s\"}]",
             tw_loc(__FILE__, line_a1));
    char *stuck = tw_stuck(m);
    CHECK_STR(stuck, expected);
    free(stuck);
    tw_free(&w);
}

/* ---- checks: misuse and overlap ---------------------------------------------------- */

static void drop_m_without_taking_it(tworld *w, int self)
{
    tw_work("forget to lock");
    HERE(line_a1), plat_lock_release(&w->m, AT("drop m"));
}

TEST(releasing_a_lock_not_held_is_misuse)
{
    tworld w = {0};
    tw_actor(&w, "A", drop_m_without_taking_it);
    sim_machine *m = tw_start(&w, true);
    CHECK_EQ(sim_step(m, A), 0);
    CHECK_EQ(sim_step(m, A), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_VIOLATION);
    char expected[300];
    snprintf(expected, sizeof expected,
             "{\"kind\":\"misuse\",\"message\":\"released a lock it does not hold\",\"step\":2,"
             "\"actor\":\"A\",\"location\":\"%s\"}",
             tw_loc(__FILE__, line_a1));
    char *v = tw_violation(m);
    CHECK_STR(v, expected);
    free(v);
    /* The violation is the last event of the trace. */
    char *trace = tw_trace(m, 1);
    CHECK(strstr(trace, "\"kind\":\"violation\",\"actor\":\"A\",\"check\":\"misuse\","
                        "\"message\":\"released a lock it does not hold\""));
    free(trace);
    CHECK_EQ(sim_step(m, A), -1);
    CHECK_STR(sim_error(m), "the run is over (violation)");
    tw_free(&w);
}

static void engine_misuse(tworld *w, int self)
{
    tw_work("before");
    HERE(line_a1), plat_misuse(AT("unlock"), "unlocked a mutex that was not locked");
    tw_work("after");
}

TEST(an_engine_can_report_misuse)
{
    tworld w = {0};
    tw_actor(&w, "A", engine_misuse);
    sim_machine *m = tw_start(&w, true);
    CHECK_EQ(sim_step(m, A), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_VIOLATION);
    char expected[300];
    snprintf(expected, sizeof expected,
             "{\"kind\":\"misuse\",\"message\":\"unlocked a mutex that was not locked\","
             "\"step\":1,\"actor\":\"A\",\"location\":\"%s\"}",
             tw_loc(__FILE__, line_a1));
    char *v = tw_violation(m);
    CHECK_STR(v, expected);
    free(v);
    tw_free(&w);
}

static void critical_section(tworld *w, int self)
{
    HERE(line_a1), tw_cs_enter(AT("enter"));
    tw_work("inside");
    tw_cs_exit(AT("leave"));
}

TEST(two_actors_inside_is_an_overlap)
{
    tworld w = {0};
    tw_actor(&w, "A", critical_section);
    tw_actor(&w, "B", critical_section);
    sim_machine *m = tw_start(&w, true);
    CHECK_EQ(sim_step(m, A), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_RUNNING);
    CHECK_EQ(sim_step(m, B), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_VIOLATION);
    char expected[300];
    snprintf(expected, sizeof expected,
             "{\"kind\":\"overlap\",\"message\":\"entered the critical section while another "
             "actor is inside\",\"step\":2,\"actor\":\"B\",\"location\":\"%s\"}",
             tw_loc(__FILE__, line_a1));
    char *v = tw_violation(m);
    CHECK_STR(v, expected);
    free(v);
    char *trace = tw_trace(m, 1);
    CHECK(
        strstr(trace, "\"kind\":\"cs_enter\",\"actor\":\"B\",\"op\":0,\"round\":0,\"inside\":2,"));
    free(trace);
    tw_free(&w);
}

static void locked_critical_section(tworld *w, int self)
{
    for (int i = 0; i < 2; i++) {
        plat_lock_acquire(&w->m, AT("take m"));
        tw_cs_enter(AT("enter"));
        tw_work("inside");
        tw_cs_exit(AT("leave"));
        plat_lock_release(&w->m, AT("drop m"));
    }
}

TEST(a_lock_prevents_the_overlap_under_every_seed)
{
    tworld w = {0};
    tw_actor(&w, "A", locked_critical_section);
    tw_actor(&w, "B", locked_critical_section);
    tw_actor(&w, "C", locked_critical_section);
    sim_machine *m = tw_start(&w, false);
    for (uint64_t seed = 0; seed < 200; seed++) {
        CHECK_EQ(sim_reset(m), 0);
        sim_run_result res;
        CHECK_EQ(sim_run(m, SIM_POLICY_RANDOM, NULL, seed, 1000, &res), 0);
        CHECK_EQ(sim_outcome_of(m), SIM_DONE);
        CHECK_EQ(sim_steps(m), 3 * 2 * 5);
    }
    tw_free(&w);
}

/* ---- step over ------------------------------------------------------------------------ */

static void two_operations(tworld *w, int self)
{
    sim_set_op(sim_running(), 0, 0);
    for (int i = 0; i < 3; i++)
        tw_work("first operation");
    sim_set_op(sim_running(), 1, 0);
    tw_work("second operation");
}

TEST(step_over_runs_to_the_end_of_the_operation)
{
    tworld w = {0};
    tw_actor(&w, "A", two_operations);
    sim_machine *m = tw_start(&w, true);
    CHECK_EQ(sim_step_over(m, A), 3);
    CHECK_EQ(sim_actor_op(m, A), 1);
    CHECK_EQ(sim_step_over(m, A), 1);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    CHECK_EQ(sim_step_over(m, A), -1);
    tw_free(&w);
}

/* ---- stack overflow --------------------------------------------------------------------- */

/* Each frame holds a volatile buffer that is read after the recursive call
 * returns, so the compiler can neither drop the frames nor turn the recursion
 * into a loop. */
static __attribute__((noinline)) int recurse(int n)
{
    volatile char pad[512];
    pad[0] = (char)n;
    if (n <= 0)
        return 0;
    return recurse(n - 1) + pad[0];
}

static void overflow_the_stack(tworld *w, int self)
{
    tw_work("warm up");
    tw_saw(w, self, recurse(1000000));
    tw_work("never reached");
}

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

/* Everything a forked child wrote to `fd` (its stderr), as a string in msg,
 * once it has ended; returns its wait status. */
static int child_said(pid_t pid, int fd, char *msg, size_t size)
{
    size_t n = 0;
    ssize_t got;
    while (n < size - 1 && (got = read(fd, msg + n, size - 1 - n)) > 0)
        n += (size_t)got;
    msg[n] = 0;
    close(fd);
    int status = 0;
    CHECK_EQ(waitpid(pid, &status, 0), pid);
    return status;
}

/*
 * Natively each actor's stack has a guard page below it.  An actor that
 * recurses too deep hits it; the machine's SIGSEGV handler prints which stack
 * overflowed and ends the process with status 70, instead of the actor
 * silently overwriting its neighbour's memory.  The process cannot go on (its
 * stack is gone), so the test runs the machine in a forked child and looks at
 * how the child ended.
 *
 * Under AddressSanitizer the machine leaves SIGSEGV to the sanitizer, which
 * reports the overflow itself ("ERROR: AddressSanitizer: stack-overflow on
 * address ...", with the actor's frames) and ends the child with its own
 * status.
 */
TEST(a_stack_overflow_is_reported_not_silent)
{
    int out[2];
    CHECK_EQ(pipe(out), 0);
    fflush(stdout);
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) {
        dup2(out[1], 2);
        close(out[0]);
        close(out[1]);
        tworld w = {.stack_size = 16384};
        tw_actor(&w, "A", overflow_the_stack);
        sim_machine *m = tw_start(&w, false);
        if (m)
            sim_step(m, A); /* the overflow happens in this step */
        _exit(0);
    }
    close(out[1]);
    char msg[8192];
    int status = child_said(pid, out[0], msg, sizeof msg);
#ifdef UNDER_ASAN
    CHECK(!(WIFEXITED(status) && WEXITSTATUS(status) == 0));
    CHECK(strstr(msg, "ERROR: AddressSanitizer: stack-overflow"));
#else
    CHECK(WIFEXITED(status));
    CHECK_EQ(WEXITSTATUS(status), 70);
    CHECK_STR(msg, "lockstep: an actor overflowed its 16384-byte stack (raise the stack size)\n");
#endif
}

static void never_entered(void *arg) { (void)arg; }

/*
 * A call the machine makes only to ask (a model's may_step, its extra
 * choices) must never switch coroutines: the wasm build leaves such callers
 * out of Asyncify's instrumentation, where a switch would corrupt a stack
 * without a word.  coro_switch refuses while coro_no_switch is raised, in
 * every build: the process aborts with a message (in a forked child here).
 */
TEST(a_switch_inside_a_question_aborts_with_a_message)
{
    int out[2];
    CHECK_EQ(pipe(out), 0);
    fflush(stdout);
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) {
        dup2(out[1], 2);
        close(out[0]);
        close(out[1]);
        coro *host = coro_host();
        coro *c = coro_new(0, never_entered, NULL);
        coro_no_switch++;
        coro_switch(host, c);
        _exit(0);
    }
    close(out[1]);
    char msg[1024];
    int status = child_said(pid, out[0], msg, sizeof msg);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
    CHECK_STR(msg, "lockstep: a coroutine switched inside a call that must not switch (a model's "
                   "or a scenario's answer to a question acted)\n");
}
