/*
 * The explorer on programs that never end (issue 11, item 10): a search
 * always ends, at max_steps per run and max_total_steps in all; when every
 * run reached the step limit its reason says the program may not terminate;
 * the progress callback comes every EXPLORE_PROGRESS_STEPS steps, inside one
 * long run too.  The limits here are small so the tests stay quick; the
 * defaults are checked by tests/node/explore-endless.test.js.
 */
#include "bcsamples.h"
#include "check.h"
#include "script/world.h"
#include "sim/explore.h"

#include <stdlib.h>

/* A locks m and finishes; B try_locks it a million times. */
static bc_bytes spin_forever(void)
{
    bc_prog p;
    bc_init(&p);
    int m = bc_object(&p, "m", "mini_mutex", 0, 0, NULL);
    bc_code a, body, b;
    bc_code_init(&a);
    bc_call(&p, &a, m, "lock", 0, NULL);
    bc_code_init(&body);
    bc_call(&p, &body, m, "try_lock", 0, NULL);
    bc_code_init(&b);
    bc_repeat(&b, 1000000, &body);
    bc_actor(&p, "A", 0, 0, &a);
    bc_actor(&p, "B", 0, 0, &b);
    bc_bytes out = bc_finish(&p);
    bc_bytes_free(&a);
    bc_bytes_free(&body);
    bc_bytes_free(&b);
    bc_free(&p);
    return out;
}

typedef struct progress_log {
    uint64_t calls;
    uint64_t last_executions;
    bool went_back;
} progress_log;

static void log_progress(const explore_result *r, void *ctx)
{
    progress_log *l = ctx;
    l->calls++;
    l->went_back |= r->executions < l->last_executions;
    l->last_executions = r->executions;
}

typedef struct bounded {
    script_program *program;
    script_world *world;
    explorer *e;
    const explore_result *r;
    progress_log log;
} bounded;

static void bounded_run(bounded *s, bc_bytes bc, explore_config *cfg)
{
    char err[300];
    s->program = script_decode(bc.p, bc.n, err, sizeof err);
    free(bc.p);
    if (!s->program)
        check_fail(__FILE__, __LINE__, "decode: %s", err);
    sim_config mc = {.trace = true, .variant = "correct"};
    s->world = script_world_new(s->program, &mc, err, sizeof err);
    if (!s->world)
        check_fail(__FILE__, __LINE__, "world: %s", err);
    s->log = (progress_log){0};
    cfg->progress = log_progress;
    cfg->progress_ctx = &s->log;
    s->e = explore_new(script_world_machine(s->world), cfg);
    while (!explore_run(s->e, 100)) {
    }
    s->r = explore_result_of(s->e);
}

static void bounded_free(bounded *s)
{
    explore_free(s->e);
    script_world_free(s->world);
    script_program_free(s->program);
}

TEST(explore_defaults_bound_every_search)
{
    explore_config cfg;
    explore_config_default(&cfg);
    CHECK_EQ(cfg.max_steps, 10000);
    CHECK_EQ(cfg.max_total_steps, 20000000);
    CHECK_EQ(cfg.max_executions, 1000000);
}

static void ends_at_the_total_limit(bc_bytes bc, explore_strategy strategy)
{
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.strategy = strategy;
    cfg.max_total_steps = 200000;
    bounded s;
    bounded_run(&s, bc, &cfg);
    CHECK(s.r->finished);
    CHECK(!s.r->found);
    CHECK(!s.r->complete);
    /* Twenty runs of 10,000 steps each; the 21st found nothing left. */
    CHECK_EQ(s.r->executions, 20);
    CHECK_EQ(s.r->step_limit_hits, 20);
    CHECK_EQ(s.r->total_steps, 200000);
    CHECK_STR(s.r->reason, "every run reached the 10,000-step limit: the program may not "
                           "terminate; see --max-steps");
    /* One call per 4096 steps: 200000 / 4096. */
    CHECK_EQ(s.log.calls, 48);
    CHECK(!s.log.went_back);
    jbuf t = {0};
    explore_summary_text(s.e, script_world_machine(s.world), &t);
    CHECK_STR(t.text, "no violation found: 20 executions, incomplete (every run reached the "
                      "10,000-step limit: the program may not terminate; see --max-steps)");
    jb_free(&t);
    bounded_free(&s);
}

TEST(explore_a_repeat_without_end_stops_at_the_total_step_limit_and_says_why)
{
    ends_at_the_total_limit(sample_mutex(2, 1000000), EXPLORE_DFS);
}

TEST(explore_a_spin_nobody_releases_stops_at_the_total_step_limit_and_says_why)
{
    ends_at_the_total_limit(spin_forever(), EXPLORE_DFS);
}

TEST(explore_random_on_a_program_without_end_stops_too)
{
    ends_at_the_total_limit(spin_forever(), EXPLORE_RANDOM);
}

TEST(explore_without_an_execution_limit_still_ends)
{
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.max_executions = 0; /* no limit on runs */
    cfg.max_total_steps = 50000;
    cfg.max_steps = 1000;
    bounded s;
    bounded_run(&s, spin_forever(), &cfg);
    CHECK(s.r->finished);
    /* 50 runs of 1,000 steps from the root; a run that starts at a point kept
     * on its path (replay.c) takes only the steps below it, so 65 fit */
    CHECK_EQ(s.r->executions, 65);
    CHECK_EQ(s.r->total_steps, 50000);
    CHECK_STR(s.r->reason, "every run reached the 1,000-step limit: the program may not "
                           "terminate; see --max-steps");
    bounded_free(&s);
}

TEST(explore_progress_comes_inside_one_long_run)
{
    /* One run of 100,000 steps: the callback does not wait for its end. */
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.max_steps = 100000;
    cfg.max_total_steps = 100000;
    bounded s;
    bounded_run(&s, sample_mutex(2, 1000000), &cfg);
    CHECK_EQ(s.r->executions, 1);
    CHECK_EQ(s.log.calls, 24);          /* 100000 / 4096 */
    CHECK_EQ(s.log.last_executions, 0); /* all of them during the first run */
    bounded_free(&s);
}

TEST(explore_on_a_program_that_ends_says_stopped_at_the_total_limit)
{
    /* Runs that end on their own: the total limit is the only news. */
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.max_total_steps = 1000;
    bounded s;
    bounded_run(&s, sample_mutex(2, 2), &cfg);
    CHECK(s.r->finished);
    CHECK(!s.r->complete);
    CHECK_EQ(s.r->step_limit_hits, 0);
    CHECK_STR(s.r->reason, "stopped at the limit of 1,000 steps in all");
    CHECK(s.r->total_steps <= 1000);
    bounded_free(&s);
}

TEST(explore_a_found_violation_survives_the_total_limit)
{
    /* The lost wakeup is found early; looking for a shorter one stops at the
     * total limit, and what was found is kept. */
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.max_total_steps = 200; /* the whole search takes 380 (820 with every
                                  run from the root: replay.c) */
    char err[300];
    bc_bytes bc = sample_mutex(2, 1);
    script_program *p = script_decode(bc.p, bc.n, err, sizeof err);
    free(bc.p);
    sim_config mc = {.trace = true, .variant = "validate_outside"};
    script_world *w = script_world_new(p, &mc, err, sizeof err);
    explorer *e = explore_new(script_world_machine(w), &cfg);
    while (!explore_run(e, 100)) {
    }
    const explore_result *r = explore_result_of(e);
    CHECK(r->found);
    CHECK_STR(r->kind, "stuck");
    CHECK(!r->complete);
    CHECK_STR(r->reason, "stopped looking for a shorter counterexample at the limit of 200 "
                         "steps in all");
    CHECK_EQ(r->total_steps, 200);
    explore_free(e);
    script_world_free(w);
    script_program_free(p);
}

TEST(explore_says_how_many_runs_reached_the_step_limit_when_only_some_did)
{
    /* Runs of the correct mutex are 20 to 40 steps long, as the spinning goes. */
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.max_steps = 20;
    cfg.bound = 2;
    bounded s;
    bounded_run(&s, sample_mutex(2, 1), &cfg);
    CHECK(!s.r->complete);
    CHECK_EQ(s.r->executions, 28);
    CHECK_EQ(s.r->step_limit_hits, 6);
    CHECK_STR(s.r->reason, "6 runs reached the step limit of 20 steps (a loop that never ends?)");
    bounded_free(&s);
}
