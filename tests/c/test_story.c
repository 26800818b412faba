/*
 * The stuck story (core/script/ops_parking_lot.c): every step number it names
 * is a step of the trace.  "since step N" is the last step the parked actor
 * took, however long the run went on after it; the explorer, which runs with
 * the trace off, tells the same "since".  (Issue 11, item 4.)
 *
 * The world: A locks m1 then m2, B locks m2 then m1 (a lock-order deadlock).
 * The schedule lets A take m1, then runs B until it sleeps on m1 after step
 * 31; A goes on alone and sleeps on m2 after step 58, the run's last step.
 * The numbers below were read off the trace and are checked against it.
 */
#include "bcbuild.h"
#include "check.h"
#include "script/world.h"
#include "sim/explore.h"
#include "sim/run.h"

#include <stdlib.h>
#include <string.h>

/* Addresses fixed, so the buckets are too: m1 in 30, m2 in 1. */
static bc_bytes lock_order(void)
{
    bc_prog p;
    bc_init(&p);
    int m1 = bc_object(&p, "m1", "mini_mutex", 0x10000, 0, NULL);
    int m2 = bc_object(&p, "m2", "mini_mutex", 0x10040, 0, NULL);
    bc_code a, b;
    bc_code_init(&a);
    bc_call(&p, &a, m1, "lock", 0, NULL);
    bc_work(&a, 1);
    bc_call(&p, &a, m2, "lock", 0, NULL);
    bc_call(&p, &a, m2, "unlock", 0, NULL);
    bc_call(&p, &a, m1, "unlock", 0, NULL);
    bc_code_init(&b);
    bc_call(&p, &b, m2, "lock", 0, NULL);
    bc_work(&b, 1);
    bc_call(&p, &b, m1, "lock", 0, NULL);
    bc_call(&p, &b, m1, "unlock", 0, NULL);
    bc_call(&p, &b, m2, "unlock", 0, NULL);
    bc_actor(&p, "A", 0, 0, &a);
    bc_actor(&p, "B", 0, 0, &b);
    bc_bytes out = bc_finish(&p);
    bc_bytes_free(&a);
    bc_bytes_free(&b);
    bc_free(&p);
    return out;
}

typedef struct story_world {
    script_program *program;
    script_world *world;
    sim_machine *m;
} story_world;

static void story_open(story_world *s, bool trace)
{
    char err[300];
    bc_bytes bc = lock_order();
    s->program = script_decode(bc.p, bc.n, err, sizeof err);
    free(bc.p);
    if (!s->program)
        check_fail(__FILE__, __LINE__, "decode: %s", err);
    sim_config mc = {.trace = trace, .variant = "correct"};
    s->world = script_world_new(s->program, &mc, err, sizeof err);
    if (!s->world)
        check_fail(__FILE__, __LINE__, "world: %s", err);
    s->m = script_world_machine(s->world);
}

static void story_close(story_world *s)
{
    script_world_free(s->world);
    script_program_free(s->program);
}

/* A A, then B 29 times: B runs through its SpinWait and parks. */
static void story_run(story_world *s)
{
    char text[128] = "v1: A A", err[200];
    for (int i = 0; i < 29; i++)
        strcat(text, " B");
    sim_schedule sched;
    sim_schedule_init(&sched);
    if (sim_schedule_parse(text, strlen(text), &sched, err, sizeof err) != 0)
        check_fail(__FILE__, __LINE__, "schedule: %s", err);
    sim_run_result res;
    sim_run(s->m, SIM_POLICY_ROUND_ROBIN, &sched, 0, 100000, &res);
    sim_schedule_free(&sched);
}

/* The step of the trace event by `actor` that has `label` (0 if none). */
static uint64_t traced_step(const sim_machine *m, int actor, const char *kind, const char *label)
{
    sim_event_view v;
    return sim_trace_find_last(m, actor, -1, kind, label, sim_steps(m), &v) ? v.step : 0;
}

TEST(story_names_the_step_each_actor_went_to_sleep_in_a_lock_order_deadlock)
{
    story_world s;
    story_open(&s, true);
    story_run(&s);
    CHECK_EQ(sim_outcome_of(s.m), SIM_STUCK);
    CHECK_EQ(sim_steps(s.m), 58);
    /* What the trace says: B's last step is 31 (unlock bucket), A's is 58. */
    CHECK_EQ(traced_step(s.m, 1, "unlock", "unlock bucket"), 31);
    CHECK_EQ(traced_step(s.m, 1, "load", "validate: state == 11?"), 30);
    CHECK_EQ(traced_step(s.m, 0, "unlock", "unlock bucket"), 58);
    CHECK_EQ(traced_step(s.m, 0, "load", "validate: state == 11?"), 57);
    CHECK_EQ(sim_last_step_of(s.m, 0), 58);
    CHECK_EQ(sim_last_step_of(s.m, 1), 31);

    char why[400];
    sim_block_reason(s.m, 0, why, sizeof why);
    CHECK_STR(why, "parked on mutex m2 (bucket 1) since step 58; its validate passed at step 57 "
                   "with state 11; nobody will unpark it");
    sim_block_reason(s.m, 1, why, sizeof why);
    CHECK_STR(why, "parked on mutex m1 (bucket 30) since step 31; its validate passed at step 30 "
                   "with state 11; nobody will unpark it");
    /* The trace's own stuck events, written as the run ended, say the same. */
    jbuf t = {0};
    sim_trace_jsonl(s.m, 0, &t);
    CHECK(strstr(t.text, "\"kind\":\"stuck\",\"actor\":\"B\",\"message\":\"parked on mutex m1 "
                         "(bucket 30) since step 31;") != NULL);
    jb_free(&t);
    jbuf j = {0};
    sim_stuck_json(s.m, &j);
    CHECK(strstr(j.text, "since step 31;") != NULL);
    CHECK(strstr(j.text, "since step 58;") != NULL);
    jb_free(&j);
    story_close(&s);
}

TEST(story_after_going_back_names_the_step_of_that_moment)
{
    /* Back at step 40, B is parked (since 31) and A is still spinning. */
    story_world s;
    story_open(&s, true);
    story_run(&s);
    CHECK_EQ(sim_goto(s.m, 40), 0);
    CHECK_EQ(sim_last_step_of(s.m, 0), 40);
    CHECK_EQ(sim_last_step_of(s.m, 1), 31);
    char why[400];
    sim_block_reason(s.m, 1, why, sizeof why);
    CHECK_STR(why, "parked on mutex m1 (bucket 30) since step 31; its validate passed at step 30 "
                   "with state 11, waiting for an unpark");
    story_close(&s);
}

TEST(story_without_the_trace_still_names_the_step_of_sleep)
{
    story_world s;
    story_open(&s, false);
    story_run(&s);
    CHECK_EQ(sim_outcome_of(s.m), SIM_STUCK);
    char why[400];
    sim_block_reason(s.m, 1, why, sizeof why);
    CHECK_STR(why, "parked on mutex m1 (bucket 30) since step 31; nobody will unpark it");
    story_close(&s);
}

TEST(explorer_report_names_the_step_each_actor_went_to_sleep)
{
    story_world s;
    story_open(&s, true);
    explore_config cfg;
    explore_config_default(&cfg);
    explorer *e = explore_new(s.m, &cfg);
    while (!explore_run(e, 100)) {
    }
    const explore_result *r = explore_result_of(e);
    CHECK(r->found);
    CHECK_STR(r->kind, "stuck");
    CHECK_EQ(r->steps, 58);
    CHECK_EQ(r->preemptions, 1);
    /* The found run is the schedule above: B asleep after 31, A after 58. */
    CHECK_STR(r->message, "A parked on mutex m2 (bucket 1) since step 58; nobody will unpark it; "
                          "B parked on mutex m1 (bucket 30) since step 31; nobody will unpark it");
    explore_free(e);
    story_close(&s);
}
