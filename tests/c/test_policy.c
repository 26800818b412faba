/*
 * Running without a learner at the controls: the policies (round-robin,
 * random, manual), replaying a schedule and continuing after it, the step
 * limit, and the exact messages of a schedule that does not fit the run.
 */
#define _GNU_SOURCE
#include "check.h"
#include "tworld.h"

#include <stdlib.h>
#include <string.h>

enum { A, B, C };

static void work_twice(tworld *w, int self)
{
    tw_work("one");
    tw_work("two");
}

static void work_three(tworld *w, int self)
{
    for (int i = 0; i < 3; i++)
        tw_work("busy");
}

static void work_param(tworld *w, int self)
{
    for (int i = 0; i < w->param; i++)
        tw_work("busy");
}

static sim_machine *start3(tworld *w, tw_fn fn)
{
    memset(w, 0, sizeof *w);
    tw_actor(w, "A", fn);
    tw_actor(w, "B", fn);
    tw_actor(w, "C", fn);
    return tw_start(w, true);
}

/* Parses a schedule the test knows to be valid. */
static sim_schedule parsed(const char *text)
{
    sim_schedule s;
    char err[200];
    if (sim_schedule_parse(text, strlen(text), &s, err, sizeof err) != 0)
        check_fail(__FILE__, __LINE__, "cannot parse %s: %s", text, err);
    return s;
}

/* ---- round-robin -------------------------------------------------------------------- */

TEST(round_robin_takes_turns_in_actor_order)
{
    tworld w;
    sim_machine *m = start3(&w, work_twice);
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 1000, &res), 0);
    CHECK_EQ(res.end, SIM_RUN_FINISHED);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    char *h = tw_history(m), *s = tw_schedule_text(m);
    CHECK_STR(h, "ABCABC");
    /* The last step was C's alone: not a choice, so not in the schedule. */
    CHECK_STR(s, "v1: A B C A B");
    free(h);
    free(s);
    tw_free(&w);
}

static void hog_m(tworld *w, int self)
{
    plat_lock_acquire(&w->m, AT("take m"));
    tw_work("inside");
    tw_work("inside");
    plat_lock_release(&w->m, AT("drop m"));
}

TEST(round_robin_skips_blocked_actors)
{
    tworld w;
    sim_machine *m = start3(&w, hog_m);
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 1000, &res), 0);
    /* A holds m for four steps while B and C wait; then B, then C. */
    char *h = tw_history(m), *s = tw_schedule_text(m);
    CHECK_STR(h, "AAAABBBBCCCC");
    CHECK_STR(s, "v1: A B"); /* only two real choices: at step 1 and step 5 */
    free(h);
    free(s);
    tw_free(&w);
}

/* ---- random ------------------------------------------------------------------------- */

static char *random_history(uint64_t seed)
{
    tworld w;
    sim_machine *m = start3(&w, work_three);
    sim_run_result res;
    sim_run(m, SIM_POLICY_RANDOM, NULL, seed, 1000, &res);
    char *h = tw_history(m);
    tw_free(&w);
    return h;
}

TEST(random_is_reproducible_per_seed)
{
    char *a = random_history(1), *again = random_history(1), *b = random_history(2);
    CHECK_EQ(strlen(a), 9);
    CHECK_STR(again, a);
    CHECK(strcmp(a, b) != 0);
    free(a);
    free(again);
    free(b);
    /* ... and explores: twenty seeds give many different interleavings. */
    char *seen[20];
    int distinct = 0;
    for (int seed = 0; seed < 20; seed++) {
        seen[seed] = random_history((uint64_t)seed);
        bool is_new = true;
        for (int j = 0; j < seed; j++)
            if (strcmp(seen[j], seen[seed]) == 0)
                is_new = false;
        distinct += is_new;
    }
    for (int seed = 0; seed < 20; seed++)
        free(seen[seed]);
    check_note("%d distinct interleavings from 20 seeds", distinct);
    CHECK(distinct >= 15);
}

/* ---- manual ------------------------------------------------------------------------- */

TEST(manual_stops_at_the_first_choice)
{
    tworld w;
    sim_machine *m = start3(&w, work_twice);
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_MANUAL, NULL, 0, 1000, &res), 0);
    CHECK_EQ(res.end, SIM_RUN_WAITING);
    CHECK_EQ(sim_steps(m), 0);
    /* One choice given: it is made, then the next choice is the learner's. */
    sim_schedule s = parsed("v1: C");
    CHECK_EQ(sim_run(m, SIM_POLICY_MANUAL, &s, 0, 1000, &res), 0);
    CHECK_EQ(res.end, SIM_RUN_WAITING);
    CHECK_EQ(res.choices_used, 1);
    CHECK_EQ(sim_steps(m), 1);
    sim_schedule_free(&s);
    tw_free(&w);
}

TEST(manual_takes_forced_steps_itself)
{
    tworld w;
    sim_machine *m = start3(&w, hog_m);
    sim_schedule s = parsed("v1: A");
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_MANUAL, &s, 0, 1000, &res), 0);
    /* After A takes m only A can move, so there is nothing to ask until A
     * has released it: 4 steps, then B and C are both enabled. */
    CHECK_EQ(res.end, SIM_RUN_WAITING);
    CHECK_EQ(sim_steps(m), 4);
    int enabled[SIM_MAX_ACTORS];
    CHECK_EQ(sim_enabled(m, enabled), 2);
    sim_schedule_free(&s);
    tw_free(&w);
}

/* ---- replay ------------------------------------------------------------------------- */

TEST(readable_and_compact_schedules_replay_the_run)
{
    tworld w;
    sim_machine *m = start3(&w, work_three);
    sim_run_result res;
    sim_run(m, SIM_POLICY_RANDOM, NULL, 4, 1000, &res);
    char *history = tw_history(m);
    char *forms[2] = {tw_schedule_text(m), tw_schedule_compact(m)};
    CHECK(strncmp(forms[0], "v1: ", 4) == 0);
    CHECK(strncmp(forms[1], "v1.", 3) == 0);
    tw_free(&w);

    for (int f = 0; f < 2; f++) {
        m = start3(&w, work_three);
        sim_schedule s = parsed(forms[f]);
        /* manual: every choice must come from the schedule */
        CHECK_EQ(sim_run(m, SIM_POLICY_MANUAL, &s, 0, 1000, &res), 0);
        CHECK_EQ(res.end, SIM_RUN_FINISHED);
        CHECK_STR(res.message, "");
        CHECK_EQ(res.choices_used, s.n);
        char *h = tw_history(m);
        CHECK_STR(h, history);
        free(h);
        sim_schedule_free(&s);
        tw_free(&w);
    }
    free(forms[0]);
    free(forms[1]);
    free(history);
}

TEST(a_prefix_then_the_policy_continues)
{
    tworld w;
    sim_machine *m = start3(&w, work_three);
    sim_schedule s = parsed("v1: C C");
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, &s, 0, 1000, &res), 0);
    CHECK_EQ(res.choices_used, 2);
    CHECK_EQ(res.end, SIM_RUN_FINISHED);
    /* C twice, then round-robin goes on from C: A B C, then A B A B. */
    char *h = tw_history(m);
    CHECK_STR(h, "CCABCABAB");
    free(h);
    sim_schedule_free(&s);
    tw_free(&w);
}

static void draw_then_store(tworld *w, int self)
{
    tw_work("before the draw");
    uint32_t r = sim_random(sim_running(), 10);
    plat_store32(&w->y, r, PLAT_RELAXED, AT("store the draw"));
}

TEST(random_values_are_recorded_and_replayed)
{
    tworld w = {0};
    tw_actor(&w, "A", draw_then_store);
    tw_actor(&w, "B", work_twice);
    sim_machine *m = tw_start(&w, true);
    /* A's first step is its work; right after it, still within step 1, A
     * draws: so the value follows the choice of A. */
    sim_schedule s = parsed("v1: A [r:7] B B");
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_MANUAL, &s, 0, 1000, &res), 0);
    CHECK_STR(res.message, "");
    CHECK_EQ(w.y.v, 7);
    char *text = tw_schedule_text(m);
    CHECK_STR(text, "v1: A [r:7] B B");
    free(text);
    sim_schedule_free(&s);

    /* Without a schedule the value comes from the seed, and the schedule of
     * the run records it so that a replay draws it again. */
    sim_config cfg = {.trace = true, .seed = 12345};
    tw_free(&w);
    m = tw_start_cfg(&w, &cfg);
    sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 1000, &res);
    uint32_t drawn = w.y.v;
    text = tw_schedule_text(m);
    char expected[64];
    snprintf(expected, sizeof expected, "v1: A [r:%u] B A", drawn);
    CHECK_STR(text, expected);
    free(text);
    tw_free(&w);
    m = tw_start(&w, true); /* seed 0 now: only the schedule can give `drawn` */
    s = parsed(expected);
    CHECK_EQ(sim_run(m, SIM_POLICY_MANUAL, &s, 0, 1000, &res), 0);
    CHECK_EQ(w.y.v, drawn);
    sim_schedule_free(&s);
    tw_free(&w);
}

/* ---- the step limit ------------------------------------------------------------------- */

TEST(the_step_limit_stops_a_long_run)
{
    tworld w;
    memset(&w, 0, sizeof w);
    w.param = 100;
    tw_actor(&w, "A", work_param);
    tw_actor(&w, "B", work_param);
    sim_machine *m = tw_start(&w, false);
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 5, &res), 0);
    CHECK_EQ(res.end, SIM_RUN_LIMIT);
    CHECK_EQ(sim_steps(m), 5);
    CHECK_EQ(sim_outcome_of(m), SIM_RUNNING);
    /* The limit counts all steps so far, so a second call can go on. */
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 1000, &res), 0);
    CHECK_EQ(res.end, SIM_RUN_FINISHED);
    CHECK_EQ(sim_steps(m), 200);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    tw_free(&w);
}

/* ---- a schedule that does not fit -------------------------------------------------- */

/* Runs `schedule` on a fresh world and returns sim_run's message; checks that
 * the run ended with an error carrying the same message. */
static char *diverge(tworld *w, const char *schedule)
{
    sim_machine *m = tw_start(w, true);
    sim_schedule s = parsed(schedule);
    sim_run_result res;
    int rc = sim_run(m, SIM_POLICY_ROUND_ROBIN, &s, 0, 1000, &res);
    sim_schedule_free(&s);
    CHECK_EQ(rc, -1);
    CHECK_EQ(sim_outcome_of(m), SIM_ERROR);
    char expected[sizeof res.message + 100];
    snprintf(expected, sizeof expected, "{\"kind\":\"error\",\"message\":\"%s\",\"step\":%llu}",
             res.message, (unsigned long long)sim_steps(m));
    char *v = tw_violation(m);
    CHECK_STR(v, expected);
    free(v);
    tw_free(w);
    return strdup(res.message);
}

static void store_x(tworld *w, int self) { plat_store32(&w->x, 1, PLAT_RELAXED, AT("x = 1")); }
static void load_x(tworld *w, int self) { plat_load32(&w->x, PLAT_RELAXED, AT("read x")); }

TEST(a_wrong_fingerprint_diverges)
{
    tworld w = {0};
    tw_actor(&w, "A", store_x);
    tw_actor(&w, "B", load_x);
    char *msg = diverge(&w, "v1: B@cas:x");
    CHECK_STR(msg, "schedule diverged at step 1: expected B cas on x, got B load on x");
    free(msg);

    memset(&w, 0, sizeof w);
    tw_actor(&w, "A", store_x);
    tw_actor(&w, "B", load_x);
    msg = diverge(&w, "v1: B@load:y");
    CHECK_STR(msg, "schedule diverged at step 1: expected B load on y, got B load on x");
    free(msg);

    /* The right fingerprint replays. */
    memset(&w, 0, sizeof w);
    tw_actor(&w, "A", store_x);
    tw_actor(&w, "B", load_x);
    sim_machine *m = tw_start(&w, true);
    sim_schedule s = parsed("v1: B@load:x");
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_MANUAL, &s, 0, 1000, &res), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    sim_schedule_free(&s);
    tw_free(&w);
}

static void lock_work_unlock(tworld *w, int self)
{
    plat_lock_acquire(&w->m, AT("take m"));
    tw_work("inside");
    plat_lock_release(&w->m, AT("drop m"));
}

TEST(a_blocked_actor_in_the_schedule_diverges)
{
    tworld w = {0};
    tw_actor(&w, "A", lock_work_unlock);
    tw_actor(&w, "B", lock_work_unlock);
    tw_actor(&w, "C", work_twice);
    char *msg = diverge(&w, "v1: A B");
    CHECK_STR(msg, "schedule diverged at step 2: B cannot move (waits for lock m, held by A)");
    free(msg);
}

TEST(a_missing_actor_in_the_schedule_diverges)
{
    tworld w;
    memset(&w, 0, sizeof w);
    tw_actor(&w, "A", work_twice);
    tw_actor(&w, "B", work_twice);
    tw_actor(&w, "C", work_twice);
    char *msg = diverge(&w, "v1: A Z");
    CHECK_STR(msg, "schedule diverged at step 2: the schedule names actor 'Z', which the "
                   "scenario does not have");
    free(msg);

    /* The compact form names actors by number: 0x00 flags, 1 entry, tag 8 =
     * a choice of actor 4 (the fifth). */
    memset(&w, 0, sizeof w);
    tw_actor(&w, "A", work_twice);
    tw_actor(&w, "B", work_twice);
    tw_actor(&w, "C", work_twice);
    msg = diverge(&w, "v1.AAEI");
    CHECK_STR(msg, "schedule diverged at step 1: the schedule names actor number 5; the "
                   "scenario has 3");
    free(msg);
}

TEST(a_random_value_where_a_choice_is_due_diverges)
{
    tworld w = {0};
    tw_actor(&w, "A", work_twice);
    tw_actor(&w, "B", work_twice);
    char *msg = diverge(&w, "v1: [r:1]");
    CHECK_STR(msg, "schedule diverged at step 1: expected a random value, but actors A and "
                   "others could move");
    free(msg);
}

TEST(a_choice_where_a_random_value_is_drawn_diverges)
{
    tworld w = {0};
    tw_actor(&w, "A", draw_then_store);
    char *msg = diverge(&w, "v1: A");
    CHECK_STR(msg, "schedule diverged at step 1: expected a choice of actor, the run drew a "
                   "random value");
    free(msg);

    memset(&w, 0, sizeof w);
    tw_actor(&w, "A", draw_then_store);
    msg = diverge(&w, "v1: [r:12]");
    CHECK_STR(msg, "schedule diverged at step 1: random value 12 is out of range (below 10)");
    free(msg);
}

TEST(leftover_entries_are_reported_not_fatal)
{
    tworld w = {0};
    tw_actor(&w, "A", work_twice);
    tw_actor(&w, "B", work_twice);
    sim_machine *m = tw_start(&w, true);
    sim_schedule s = parsed("v1: A A B B B");
    sim_run_result res;
    /* A A is used; then only B can move, so B B B are never needed. */
    CHECK_EQ(sim_run(m, SIM_POLICY_MANUAL, &s, 0, 1000, &res), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    CHECK_EQ(res.choices_used, 2);
    CHECK_STR(res.message,
              "the run ended (done) at step 4; the schedule has 3 entries more than the "
              "run used");
    sim_schedule_free(&s);
    tw_free(&w);
}
