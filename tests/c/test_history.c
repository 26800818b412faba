/*
 * Going back: sim_goto(k) rebuilds the world and replays the first k steps of
 * the recorded history.  Stepping along the recorded future keeps it; taking
 * a different step forks the timeline and drops the old future.
 */
#include "check.h"
#include "tworld.h"

#include <stdlib.h>
#include <string.h>

enum { A, B, C };

/* Racy increments, a lock and random draws: enough state for going back to be
 * wrong in many visible ways if it were wrong. */
static void mixed(tworld *w, int self)
{
    for (int i = 0; i < 2; i++) {
        tw_racy_add(&w->racy);
        plat_lock_acquire(&w->m, AT("take m"));
        uint32_t r = sim_random(sim_running(), 1000);
        plat_store32(&w->y, r, PLAT_RELAXED, AT("store a random value"));
        plat_lock_release(&w->m, AT("drop m"));
    }
    plat_sleep_until(5 * (self + 1), AT("nap"));
}

static sim_machine *start_mixed(tworld *w)
{
    memset(w, 0, sizeof *w);
    tw_actor(w, "A", mixed);
    tw_actor(w, "B", mixed);
    tw_actor(w, "C", mixed);
    return tw_start(w, true);
}

/* The state snapshot without "steps_recorded", which says how much recorded
 * future lies beyond the current step and so legitimately differs between a
 * machine that went back and one that never went further. */
static char *state_now(sim_machine *m)
{
    char *s = tw_state(m);
    char *k = strstr(s, "\"steps_recorded\":");
    if (k) {
        char *end = strchr(k, ',');
        memmove(k, end + 1, strlen(end + 1) + 1);
    }
    return s;
}

/* A fresh machine stepped along the first k steps of `history`. */
static void fresh_run_to(tworld *w, const sim_step_record *history, uint64_t k)
{
    sim_machine *m = start_mixed(w);
    for (uint64_t i = 0; i < k; i++)
        CHECK_EQ(sim_step(m, history[i].actor), 0);
}

TEST(goto_k_equals_a_fresh_run_to_k)
{
    tworld w, fresh;
    sim_machine *m = start_mixed(&w);
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_RANDOM, NULL, 9, 10000, &res), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    uint64_t n = sim_steps(m);
    CHECK(n > 20);
    sim_step_record *history = malloc(n * sizeof *history);
    memcpy(history, sim_history(m), n * sizeof *history);

    /* Backwards, then forwards again, comparing every step. */
    for (int pass = 0; pass < 2; pass++) {
        for (uint64_t i = 0; i <= n; i++) {
            uint64_t k = pass == 0 ? n - i : i;
            CHECK_EQ(sim_goto(m, k), 0);
            CHECK_EQ(sim_steps(m), k);
            CHECK_EQ(sim_history_len(m), n); /* the future is still there */
            fresh_run_to(&fresh, history, k);
            char *a = state_now(m), *b = state_now(fresh.machine);
            CHECK_STR(a, b);
            char *ta = tw_trace(m, 0), *tb = tw_trace(fresh.machine, 0);
            CHECK_STR(ta, tb);
            free(a);
            free(b);
            free(ta);
            free(tb);
            tw_free(&fresh);
        }
    }
    free(history);
    tw_free(&w);
}

TEST(stepping_the_recorded_step_keeps_the_future)
{
    tworld w;
    sim_machine *m = start_mixed(&w);
    sim_run_result res;
    sim_run(m, SIM_POLICY_RANDOM, NULL, 2, 10000, &res);
    uint64_t n = sim_steps(m);
    char *end_state = state_now(m);
    char *end_trace = tw_trace(m, 0);

    CHECK_EQ(sim_goto(m, 4), 0);
    int next = sim_history(m)[4].actor;
    CHECK_EQ(sim_step(m, next), 0); /* the same step the history holds */
    CHECK_EQ(sim_history_len(m), n);
    CHECK_EQ(sim_goto(m, n), 0); /* so the end is still reachable */
    char *s = state_now(m), *t = tw_trace(m, 0);
    CHECK_STR(s, end_state);
    CHECK_STR(t, end_trace);
    free(s);
    free(t);
    free(end_state);
    free(end_trace);
    tw_free(&w);
}

TEST(a_different_step_forks_the_timeline)
{
    tworld w;
    sim_machine *m = start_mixed(&w);
    sim_run_result res;
    sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 10000, &res);
    uint64_t n = sim_steps(m);
    char *history = tw_history(m);
    /* Round-robin: everybody loads and stores the racy counter (ABCABC), A
     * takes m and, with B and C blocked on it, runs alone to its unlock
     * (AAA); then the turns go on among whoever is not blocked. */
    CHECK_STR(history, "ABCABCAAABABABCBCBCACACABBBCCCABC");
    free(history);

    /* Step 4 was A's.  Go back to just after step 3 and take B instead. */
    CHECK_EQ(sim_goto(m, 3), 0);
    CHECK_EQ(sim_history(m)[3].actor, A);
    CHECK_EQ(sim_step(m, B), 0);
    CHECK_EQ(sim_history_len(m), 4); /* the old future is gone */
    history = tw_history(m);
    CHECK_STR(history, "ABCB");
    free(history);

    char msg[100];
    snprintf(msg, sizeof msg, "step %llu is beyond the recorded 4 steps", (unsigned long long)n);
    CHECK_EQ(sim_goto(m, n), -1);
    CHECK_STR(sim_error(m), msg);
    CHECK_EQ(sim_goto(m, 2), 0);
    CHECK_EQ(sim_goto(m, 4), 0); /* the new future */
    CHECK_EQ(sim_history(m)[3].actor, B);
    tw_free(&w);
}

static void draw_three(tworld *w, int self)
{
    for (int i = 0; i < 3; i++) {
        tw_work("before the draw");
        tw_saw(w, self, sim_random(sim_running(), 1000000));
    }
}

TEST(going_back_draws_the_same_random_values)
{
    tworld w = {0};
    tw_actor(&w, "A", draw_three);
    sim_config cfg = {.trace = true, .seed = 77};
    sim_machine *m = tw_start_cfg(&w, &cfg);
    for (int i = 0; i < 3; i++)
        CHECK_EQ(sim_step(m, A), 0);
    CHECK_EQ(w.n_seen[A], 3);
    int64_t first[3];
    memcpy(first, w.seen[A], sizeof first);
    CHECK(first[0] != first[1] || first[1] != first[2]);
    CHECK_EQ(sim_random_count(m), 3);

    CHECK_EQ(sim_goto(m, 1), 0);
    CHECK_EQ(w.n_seen[A], 1);
    CHECK_EQ(w.seen[A][0], first[0]);
    CHECK_EQ(sim_random_count(m), 1);
    CHECK_EQ(sim_goto(m, 3), 0);
    CHECK_EQ(w.n_seen[A], 3);
    CHECK_EQ(w.seen[A][1], first[1]);
    CHECK_EQ(w.seen[A][2], first[2]);

    /* Another seed draws other values. */
    tworld other = {0};
    tw_actor(&other, "A", draw_three);
    cfg.seed = 78;
    sim_machine *m2 = tw_start_cfg(&other, &cfg);
    for (int i = 0; i < 3; i++)
        CHECK_EQ(sim_step(m2, A), 0);
    CHECK(memcmp(other.seen[A], first, sizeof first) != 0);
    tw_free(&other);
    tw_free(&w);
}
