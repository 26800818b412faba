/*
 * The explorer (core/sim/explore.c): the acceptance cases of issue 4.
 *
 * Scenarios are built as bytecode with bcbuild and run as real worlds, so the
 * search drives the same engine code a learner steps through.
 */
#include "bcsamples.h"
#include "check.h"
#include "script/world.h"
#include "sim/explore.h"
#include "sim/run.h"

#include <stdlib.h>

/* n actors, each doing `rounds` × (lock m; unlock m) on one mini_mutex. */

/* A world of `variant` from bytecode bc (freed), its program in *p. */
static script_world *world_of(bc_bytes bc, const char *variant, script_program **p)
{
    char err[200];
    *p = script_decode(bc.p, bc.n, err, sizeof err);
    free(bc.p);
    if (!*p)
        check_fail(__FILE__, __LINE__, "decode: %s", err);
    sim_config mc = {.trace = true, .variant = variant};
    script_world *w = script_world_new(*p, &mc, err, sizeof err);
    if (!w)
        check_fail(__FILE__, __LINE__, "world: %s", err);
    return w;
}

typedef struct search {
    script_program *program;
    script_world *world;
    explorer *e;
    const explore_result *r;
    char text[512];
} search;

static void search_run(search *s, bc_bytes bc, const char *variant, explore_config *cfg)
{
    s->world = world_of(bc, variant, &s->program);
    s->e = explore_new(script_world_machine(s->world), cfg);
    while (!explore_run(s->e, 100)) {
    }
    s->r = explore_result_of(s->e);
    jbuf t = {0};
    explore_summary_text(s->e, script_world_machine(s->world), &t);
    snprintf(s->text, sizeof s->text, "%s", t.text);
    jb_free(&t);
}

static void search_free(search *s)
{
    explore_free(s->e);
    script_world_free(s->world);
    script_program_free(s->program);
}

/* Replays the found schedule on a fresh, traced machine. */
static sim_outcome replay_found(search *s, uint64_t *steps)
{
    sim_machine *m = script_world_machine(s->world);
    sim_set_trace(m, true);
    sim_reset(m);
    sim_run_result res;
    sim_run(m, SIM_POLICY_MANUAL, &s->r->schedule, 0, 100000, &res);
    *steps = sim_steps(m);
    return sim_outcome_of(m);
}

static void finds_lost_wakeup(const char *variant)
{
    explore_config cfg;
    explore_config_default(&cfg);
    search s;
    search_run(&s, sample_mutex(2, 1), variant, &cfg);
    CHECK(s.r->found);
    CHECK_STR(s.r->kind, "stuck");
    CHECK(strstr(s.r->message, "B parked on mutex m") != NULL);
    CHECK(s.r->preemptions <= 2);
    uint64_t steps;
    CHECK_EQ(replay_found(&s, &steps), SIM_STUCK);
    CHECK_EQ(steps, s.r->steps);
    jbuf j = {0};
    sim_stuck_json(script_world_machine(s.world), &j);
    CHECK(strstr(j.text, "\"actor\":\"B\"") != NULL);
    CHECK(strstr(j.text, "its validate passed at step") != NULL);
    jb_free(&j);
    search_free(&s);
}

TEST(explore_finds_the_lost_wakeup_with_validate_outside) { finds_lost_wakeup("validate_outside"); }
TEST(explore_finds_the_lost_wakeup_with_widen) { finds_lost_wakeup("widen"); }

TEST(explore_lost_wakeup_needs_two_preemptions)
{
    explore_config cfg;
    explore_config_default(&cfg);
    search s;
    search_run(&s, sample_mutex(2, 1), "validate_outside", &cfg);
    CHECK_EQ(s.r->preemptions, 2);
    CHECK_EQ(s.r->bound, 2);
    search_free(&s);
}

TEST(explore_proves_correct_two_by_two_within_bound_3)
{
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.bound = 3;
    search s;
    search_run(&s, sample_mutex(2, 2), "correct", &cfg);
    CHECK(!s.r->found);
    CHECK(s.r->complete);
    CHECK_EQ(s.r->bound, 3);
    char want[128];
    snprintf(want, sizeof want, "no violation within bound 3: %llu executions, complete",
             (unsigned long long)s.r->executions);
    CHECK_STR(s.text, want);
    search_free(&s);
}

TEST(explore_proves_correct_three_by_one_within_bound_2)
{
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.bound = 2;
    search s;
    search_run(&s, sample_mutex(3, 1), "correct", &cfg);
    CHECK(!s.r->found);
    CHECK(s.r->complete);
    CHECK_EQ(s.r->bound, 2);
    search_free(&s);
}

TEST(explore_finds_the_lost_update_with_one_preemption)
{
    explore_config cfg;
    explore_config_default(&cfg);
    search s;
    search_run(&s, sample_counter(2, 2, 0), "correct", &cfg);
    CHECK(s.r->found);
    CHECK_STR(s.r->kind, "assertion");
    CHECK_EQ(s.r->preemptions, 1);
    CHECK(strstr(s.text, "violation: assertion after") == s.text);
    uint64_t steps;
    CHECK_EQ(replay_found(&s, &steps), SIM_VIOLATION);
    search_free(&s);
}

TEST(explore_pruning_cuts_the_two_by_two_search_at_least_fivefold)
{
    explore_config cfg;
    explore_config_default(&cfg);
    search pruned, plain;
    search_run(&pruned, sample_mutex(2, 2), "correct", &cfg);
    cfg.prune = false;
    search_run(&plain, sample_mutex(2, 2), "correct", &cfg);
    check_note("bounded DFS: %llu executions; with sleep sets: %llu (%llu pruned)",
               (unsigned long long)plain.r->executions, (unsigned long long)pruned.r->executions,
               (unsigned long long)pruned.r->pruned);
    CHECK(plain.r->complete && pruned.r->complete);
    CHECK(pruned.r->executions * 5 <= plain.r->executions);
    CHECK(pruned.r->pruned > 0);
    CHECK_EQ(plain.r->pruned, 0);
    search_free(&pruned);
    search_free(&plain);
}

TEST(explore_reports_the_step_limit_instead_of_hitting_it_silently)
{
    /* A long but correct run, with a step limit far below its length. */
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.max_steps = 10;
    cfg.bound = 1;
    search s;
    search_run(&s, sample_mutex(2, 3), "correct", &cfg);
    CHECK(!s.r->found);
    CHECK(!s.r->complete);
    CHECK(s.r->step_limit_hits > 0);
    /* No run is as short as 10 steps: every one of them reached the limit. */
    CHECK_EQ(s.r->step_limit_hits, s.r->executions);
    CHECK_STR(s.r->reason, "every run reached the 10-step limit: the program may not terminate; "
                           "see --max-steps");
    CHECK(strstr(s.text, "incomplete") != NULL);
    search_free(&s);
}

TEST(explore_can_be_cancelled_between_slices)
{
    script_program *p;
    script_world *w = world_of(sample_mutex(2, 2), "correct", &p);
    sim_machine *m = script_world_machine(w);
    explore_config cfg;
    explore_config_default(&cfg);
    explorer *e = explore_new(m, &cfg);
    CHECK(!explore_run(e, 5)); /* not over after 5 runs */
    CHECK(!explore_result_of(e)->finished);
    CHECK_EQ(explore_result_of(e)->executions, 5);
    explore_free(e); /* the cancel */
    /* The machine is usable afterwards: a normal run from the start. */
    sim_set_trace(m, true);
    CHECK_EQ(sim_reset(m), 0);
    sim_run_result res;
    sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 100000, &res);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    script_world_free(w);
    script_program_free(p);
}

/* A host's time limit (--max-seconds): the host stops the search between
 * slices; it ends where it stands, counted as far as it got, and says why. */
TEST(explore_stop_ends_a_search_where_it_stands_and_says_why)
{
    script_program *p;
    script_world *w = world_of(sample_mutex(3, 1), "correct", &p);
    sim_machine *m = script_world_machine(w);
    const char *why = "stopped at the time limit of 1 s";

    /* the bounded search, after 5 runs */
    explore_config cfg;
    explore_config_default(&cfg);
    explorer *e = explore_new(m, &cfg);
    CHECK(!explore_run(e, 5));
    explore_stop(e, why);
    const explore_result *r = explore_result_of(e);
    CHECK(r->finished);
    CHECK(!r->complete);
    CHECK(!r->searched_all);
    CHECK_EQ(r->executions, 5);
    CHECK_STR(r->reason, why);
    CHECK(explore_run(e, 5)); /* over: nothing more runs */
    CHECK_EQ(r->executions, 5);
    jbuf t = {0};
    explore_summary_text(e, m, &t);
    CHECK_STR(t.text,
              "no violation found: 5 executions, incomplete (stopped at the time limit of 1 s)");
    jb_free(&t);
    explore_free(e);

    /* the complete search, gone on as units (at once: alone_steps 1): the
     * units done and the one running count */
    explore_config_default(&cfg);
    cfg.bound = EXPLORE_BOUND_NONE;
    cfg.alone_steps = 1;
    e = explore_new(m, &cfg);
    while (!explore_run(e, 1) && explore_parts(e) == 1) {
    }
    CHECK(explore_parts(e) > 1);
    for (int k = 0; k < 40; k++)
        CHECK(!explore_run(e, 1));
    uint64_t so_far = explore_result_of(e)->executions, steps = explore_result_of(e)->total_steps;
    CHECK(so_far > 0);
    explore_stop(e, why);
    r = explore_result_of(e);
    CHECK(r->finished && !r->complete && !r->searched_all);
    CHECK_EQ(r->executions, so_far);
    CHECK_EQ(r->total_steps, steps);
    CHECK_STR(r->reason, why);
    explore_free(e);
    /* the whole search makes more */
    e = explore_new(m, &cfg);
    while (!explore_run(e, 1000)) {
    }
    CHECK(explore_result_of(e)->complete);
    CHECK(explore_result_of(e)->executions > so_far);
    explore_free(e);
    script_world_free(w);
    script_program_free(p);
}

TEST(explore_pct_finds_the_lost_wakeup)
{
    /* The lost wakeup needs B to run through its whole SpinWait while A waits:
     * PCT's priorities make such long runs likely, a uniform random walk
     * almost never produces one. */
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.strategy = EXPLORE_PCT;
    cfg.seed = 1;
    cfg.max_executions = 100000;
    search s;
    search_run(&s, sample_mutex(2, 1), "validate_outside", &cfg);
    check_note("pct (d=3): found after %llu executions", (unsigned long long)s.r->executions);
    CHECK(s.r->found);
    CHECK_STR(s.r->kind, "stuck");
    uint64_t steps;
    CHECK_EQ(replay_found(&s, &steps), SIM_STUCK);
    search_free(&s);
}

TEST(explore_random_finds_the_lost_update)
{
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.strategy = EXPLORE_RANDOM;
    cfg.seed = 7;
    cfg.max_executions = 10000;
    search s;
    search_run(&s, sample_counter(2, 2, 0), "correct", &cfg);
    check_note("random: found after %llu executions", (unsigned long long)s.r->executions);
    CHECK(s.r->found);
    CHECK_STR(s.r->kind, "assertion");
    CHECK(!s.r->complete);
    uint64_t steps;
    CHECK_EQ(replay_found(&s, &steps), SIM_VIOLATION);
    search_free(&s);
}

TEST(explore_gives_up_at_max_executions_and_says_so)
{
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.max_executions = 3;
    search s;
    search_run(&s, sample_mutex(2, 2), "correct", &cfg);
    CHECK(!s.r->found);
    CHECK(!s.r->complete);
    CHECK_EQ(s.r->executions, 3);
    CHECK_STR(s.r->reason, "stopped at the limit of 3 executions");
    search_free(&s);
}

TEST(explore_names_strategies)
{
    CHECK_EQ(explore_strategy_from_name("dfs"), EXPLORE_DFS);
    CHECK_EQ(explore_strategy_from_name("random"), EXPLORE_RANDOM);
    CHECK_EQ(explore_strategy_from_name("pct"), EXPLORE_PCT);
    CHECK_EQ(explore_strategy_from_name("bfs"), -1);
}
