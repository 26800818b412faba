/*
 * The scheduling models (core/sim/sched/): rtos, executor and threads, driven
 * directly from C worlds (tworld.h).  Each test says what a learner would see:
 * who ran in which order (tw_history: one letter per choice, lower case for
 * an irq, '*' for a tick), what a handler observed, the virtual time.
 */
#include "check.h"
#include "plat/plat_tasks.h"
#include "tworld.h"

#include <stdlib.h>

static sim_machine *start_model(tworld *w, const char *model)
{
    sim_config cfg = {.trace = true, .model = model, .tick_us = 1000};
    return tw_start_cfg(w, &cfg);
}

/* Take the first possible step until no step is possible (only irqs, ticks,
 * or the end remain). */
static void steps_while_possible(sim_machine *m)
{
    for (;;) {
        sim_choice c[SIM_MAX_CHOICES];
        int n = sim_choices(m, c), k = 0;
        while (k < n && c[k].kind != SIM_CHOICE_STEP)
            k++;
        if (k == n)
            return;
        sim_take(m, c[k]);
    }
}

static void five_works(tworld *w, int self)
{
    for (int i = 0; i < 5; i++)
        tw_work("busy");
}

static void work_costs_300(tworld *w, sim_machine *m) { sim_set_cost(m, SIM_ACT_WORK, 300); }

TEST(rtos_tick_preempts_a_busy_task)
{
    /* Two busy tasks of equal priority, each work step costing 300 us, and
     * a 1 ms tick: A runs until the time it used crosses the tick (4 steps,
     * 1200 us), then B gets the processor until the next tick (2100 us), and
     * so on.  Nobody ever blocks: only the tick takes the processor away. */
    tworld w = {0};
    tw_actor_as(&w, "A", SIM_TASK, 1, five_works);
    tw_actor_as(&w, "B", SIM_TASK, 1, five_works);
    w.on_setup = work_costs_300;
    sim_machine *m = start_model(&w, "rtos");
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 100, &res), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    char *h = tw_history(m);
    CHECK_STR(h, "AAAABBBABB");
    free(h);
    CHECK_EQ(sim_now(m), 3000);
    /* Under the threads model nothing preempts: round-robin alternates. */
    tw_free(&w);
    sim_machine *t = start_model(&w, "threads");
    CHECK_EQ(sim_run(t, SIM_POLICY_PRIORITY, NULL, 0, 100, &res), 0);
    h = tw_history(t);
    CHECK_STR(h, "AAAAABBBBB");
    free(h);
    tw_free(&w);
}

static void one_work(tworld *w, int self) { tw_work("one"); }

TEST(rtos_tick_is_a_choice_when_actions_cost_nothing)
{
    tworld w = {0};
    tw_actor_as(&w, "A", SIM_TASK, 1, one_work);
    tw_actor_as(&w, "B", SIM_TASK, 1, one_work);
    sim_machine *m = start_model(&w, "rtos");
    sim_choice c[SIM_MAX_CHOICES];
    /* A holds the processor; the only other choice is the tick. */
    CHECK_EQ(sim_choices(m, c), 2);
    CHECK_EQ(c[0].kind, SIM_CHOICE_STEP);
    CHECK_EQ(c[0].actor, 0);
    CHECK_EQ(c[1].kind, SIM_CHOICE_TICK);
    char why[200];
    sim_block_reason(m, 1, why, sizeof why);
    CHECK_STR(why, "ready, waits for its turn: A runs until the next tick");
    CHECK_EQ(sim_take(m, sim_tick_choice()), 0);
    CHECK_EQ(sim_now(m), 1000);
    CHECK(!sim_is_enabled(m, 0));
    CHECK_EQ(sim_step(m, 1), 0);
    CHECK_EQ(sim_step(m, 0), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    /* B's step needed no entry: right after a tick, the next one waits until
     * the task on the processor has run. */
    char *s = tw_schedule_text(m);
    CHECK_STR(s, "v2: tick");
    free(s);
    char *compact = tw_schedule_compact(m);
    /* the schedule replays: same history from a fresh start */
    sim_schedule sched;
    char err[200];
    CHECK_EQ(sim_schedule_parse(compact, strlen(compact), &sched, err, sizeof err), 0);
    CHECK_EQ(sched.version, 2);
    CHECK_EQ(sim_reset(m), 0);
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, &sched, 0, 100, &res), 0);
    char *h = tw_history(m);
    CHECK_STR(h, "*BA");
    free(h);
    sim_schedule_free(&sched);
    free(compact);
    tw_free(&w);
}

/* ---- interrupts: between any two steps, masked inside a critical section ---- */

static void masked_writer(tworld *w, int self)
{
    plat_irq_state s = plat_irq_save(AT("mask"));
    plat_store32(&w->x, 1, PLAT_RELAXED, AT("x = 1"));
    plat_store32(&w->x, 2, PLAT_RELAXED, AT("x = 2"));
    plat_irq_restore(s, AT("unmask"));
    plat_store32(&w->x, 3, PLAT_RELAXED, AT("x = 3"));
}

static void read_x(tworld *w, int self)
{
    tw_saw(w, self, plat_load32(&w->x, PLAT_RELAXED, AT("read x")));
}

TEST(rtos_an_interrupt_lands_between_any_two_steps_but_not_inside_a_critical_section)
{
    /* A masks interrupts around x = 1; x = 2.  Raised before the mask, the
     * handler sees 0; raised anywhere inside it, it waits and sees 2 (never
     * the half-done 1); after the unmask it sees 2; after the end, 3. */
    const int64_t want[6] = {0, 2, 2, 2, 2, 3};
    for (int k = 0; k < 6; k++) {
        tworld w = {0};
        tw_actor_as(&w, "A", SIM_TASK, 1, masked_writer);
        tw_actor_as(&w, "H", SIM_ISR, 10, read_x);
        sim_machine *m = start_model(&w, "rtos");
        for (int i = 0; i < k; i++)
            CHECK_EQ(sim_step(m, 0), 0);
        CHECK_EQ(sim_take(m, sim_irq_choice(1)), 0);
        if (k >= 1 && k <= 3) {
            char why[200];
            sim_block_reason(m, 1, why, sizeof why);
            CHECK_STR(why, "raised, waits: interrupts are masked");
        }
        sim_run_result res;
        CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 100, &res), 0);
        CHECK_EQ(sim_outcome_of(m), SIM_DONE);
        CHECK_EQ(w.n_seen[1], 1);
        if (w.seen[1][0] != want[k])
            check_fail(__FILE__, __LINE__, "raised after %d steps: saw %lld, expected %lld", k,
                       (long long)w.seen[1][0], (long long)want[k]);
        CHECK_EQ(sim_actor_state_of(m, 1), SIM_STATE_DORMANT);
        tw_free(&w);
    }
}

static void nested_masks(tworld *w, int self)
{
    plat_irq_state a = plat_irq_save(AT("outer"));
    plat_irq_state b = plat_irq_save(AT("inner"));
    tw_saw(w, self, a.was_masked);
    tw_saw(w, self, b.was_masked);
    plat_irq_restore(b, AT("inner"));
    plat_store32(&w->x, 7, PLAT_RELAXED, AT("x = 7 (still masked)"));
    plat_irq_restore(a, AT("outer"));
}

TEST(rtos_critical_sections_nest)
{
    tworld w = {0};
    tw_actor_as(&w, "A", SIM_TASK, 1, nested_masks);
    tw_actor_as(&w, "H", SIM_ISR, 10, read_x);
    sim_machine *m = start_model(&w, "rtos");
    CHECK_EQ(sim_step(m, 0), 0);
    CHECK_EQ(sim_step(m, 0), 0);
    CHECK_EQ(sim_step(m, 0), 0); /* the inner restore: still masked by the outer */
    CHECK_EQ(sim_take(m, sim_irq_choice(1)), 0);
    CHECK(!sim_is_enabled(m, 1));
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 100, &res), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE); /* nesting by one actor is no violation */
    CHECK_EQ(w.seen[0][0], 0);
    CHECK_EQ(w.seen[0][1], 1);
    CHECK_EQ(w.seen[1][0], 7);
    tw_free(&w);
}

static void cs_twice(tworld *w, int self)
{
    tw_cs_enter(AT("outer"));
    tw_cs_enter(AT("inner"));
    tw_cs_exit(AT("inner"));
    tw_cs_exit(AT("outer"));
}

TEST(the_checked_critical_section_nests_for_one_actor)
{
    tworld w = {0};
    tw_actor(&w, "A", cs_twice);
    sim_machine *m = tw_start(&w, true);
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 100, &res), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    tw_free(&w);
}

/* ---- dormant handlers, re-arming ----------------------------------------------- */

static void store_one(tworld *w, int self) { plat_store32(&w->x, 1, PLAT_RELAXED, AT("x = 1")); }
static void never_raised(tworld *w, sim_machine *m) { sim_set_raises(m, 1, 0); }

TEST(a_dormant_handler_makes_no_run_stuck_in_any_model)
{
    const char *models[] = {"threads", "rtos", "executor"};
    for (int k = 0; k < 3; k++) {
        tworld w = {0};
        tw_actor_as(&w, "A", SIM_TASK, 1, store_one);
        tw_actor_as(&w, "H", SIM_ISR, 10, read_x);
        w.on_setup = never_raised;
        sim_machine *m = start_model(&w, models[k]);
        CHECK_EQ(sim_actor_state_of(m, 1), SIM_STATE_DORMANT);
        sim_run_result res;
        CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 100, &res), 0);
        CHECK_EQ(sim_outcome_of(m), SIM_DONE);
        CHECK_EQ(w.n_seen[1], 0);
        char *st = tw_stuck(m);
        CHECK_STR(st, "[]");
        free(st);
        tw_free(&w);
    }
}

static void raise_twice(tworld *w, int self)
{
    plat_irq_raise(1, AT("raise H"));
    tw_work("between");
    plat_irq_raise(1, AT("raise H again"));
    /* masked: two raises before it may start are one pending interrupt */
    plat_irq_state s = plat_irq_save(AT("mask"));
    plat_irq_raise(1, AT("raise H (masked)"));
    plat_irq_raise(1, AT("raise H (masked, again)"));
    plat_irq_restore(s, AT("unmask"));
    tw_work("after");
}

static void count_in_x(tworld *w, int self)
{
    uint32_t old = plat_fetch_add32(&w->x, 1, PLAT_RELAXED, AT("x += 1"));
    tw_saw(w, self, old);
    if (old == 2)
        plat_irq_raise(self, AT("raise myself")); /* while running: runs once more */
}

TEST(rtos_handlers_are_re_armed_after_they_return)
{
    tworld w = {0};
    tw_actor_as(&w, "A", SIM_TASK, 1, raise_twice);
    tw_actor_as(&w, "H", SIM_ISR, 10, count_in_x);
    w.on_setup = never_raised;
    sim_machine *m = start_model(&w, "rtos");
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 100, &res), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    /* once, once again, once for the two masked raises, once re-raised by itself */
    CHECK_EQ(w.x.v, 4);
    CHECK_EQ(w.n_seen[1], 4);
    char *h = tw_history(m);
    CHECK_STR(h, "AHAAHAAAAHHHA");
    free(h);
    CHECK_EQ(sim_actor_state_of(m, 1), SIM_STATE_DORMANT);
    tw_free(&w);
}

/* ---- priorities ----------------------------------------------------------------------- */

static void boost_a(tworld *w, int self)
{
    plat_task_set_priority(0, 3, AT("boost A"));
    tw_work("B works");
}

/* ---- a wake: at the next scheduling point, or at once (FreeRTOS) ---------------- */

static void high_waits(tworld *w, int self)
{
    tw_saw(w, self, plat_task_block(-1, AT("wait to be woken")));
    tw_work("High runs");
}

static void low_wakes_high(tworld *w, int self)
{
    plat_task_wake(0, AT("wake High"));
    tw_work("Low goes on");
    tw_work("Low goes on");
}

static void wake_preempts(tworld *w, sim_machine *m) { sim_set_wake_preempts(m, true); }

TEST(rtos_a_wake_switches_at_the_next_scheduling_point_or_at_once_if_asked)
{
    /* High (2) waits from the start; Low (1) wakes it and works twice.  By
     * default the wake does not switch: High, more urgent, waits until Low
     * finishes (its scheduling point), or until a tick, which is offered and
     * optional. */
    tworld w = {0};
    tw_actor_as(&w, "High", SIM_TASK, 2, high_waits);
    tw_actor_as(&w, "Low", SIM_TASK, 1, low_wakes_high);
    sim_machine *m = start_model(&w, "rtos");
    CHECK(!sim_is_enabled(m, 0)); /* High waits from the start */
    CHECK_EQ(sim_step(m, 1), 0);  /* Low wakes it */
    CHECK(!sim_is_enabled(m, 0));
    char why[200];
    sim_block_reason(m, 0, why, sizeof why);
    CHECK_STR(why, "woken, waits for the next scheduling point: Low runs until it blocks or the "
                   "tick falls");
    sim_choice c[SIM_MAX_CHOICES];
    CHECK_EQ(sim_choices(m, c), 2);
    CHECK_EQ(c[1].kind, SIM_CHOICE_TICK);
    CHECK(sim_choice_optional(m, c[1]));
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 100, &res), 0);
    char *h = tw_history(m);
    CHECK_STR(h, "LLLHH");
    free(h);
    CHECK_EQ(w.seen[0][0], 1);
    /* The tick is a scheduling point: taking it lets High in. */
    CHECK_EQ(sim_reset(m), 0);
    CHECK_EQ(sim_step(m, 1), 0);
    CHECK_EQ(sim_take(m, sim_tick_choice()), 0);
    CHECK(sim_is_enabled(m, 0));
    CHECK(!sim_is_enabled(m, 1));
    tw_free(&w);
    /* FreeRTOS's rule: High runs as soon as Low's wake is done. */
    w.on_setup = wake_preempts;
    m = start_model(&w, "rtos");
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 100, &res), 0);
    h = tw_history(m);
    CHECK_STR(h, "LHHLL");
    free(h);
    tw_free(&w);
}

TEST(rtos_a_priority_change_takes_effect_at_once)
{
    tworld w = {0};
    tw_actor_as(&w, "A", SIM_TASK, 1, five_works);
    tw_actor_as(&w, "B", SIM_TASK, 2, boost_a);
    sim_machine *m = start_model(&w, "rtos");
    CHECK(!sim_is_enabled(m, 0)); /* B has the higher priority */
    char why[200];
    sim_block_reason(m, 0, why, sizeof why);
    CHECK_STR(why, "ready, but B has a higher priority (2 > 1)");
    sim_blocked r; /* the model's reason as data */
    sim_blocked_of(m, 0, &r);
    CHECK_STR(r.code->name, "rtos.priority");
    CHECK(r.held); /* the model holds A back, no lock or wake */
    CHECK_STR(sim_blocked_text_of(&r, "runner"), "B");
    CHECK_EQ(sim_blocked_num_of(&r, "runner_priority", -1), 2);
    CHECK_EQ(sim_blocked_num_of(&r, "priority", -1), 1);
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 100, &res), 0);
    char *h = tw_history(m);
    CHECK_STR(h, "BAAAAAB");
    free(h);
    CHECK_EQ(sim_priority(m, 0), 3);
    CHECK_EQ(sim_base_priority(m, 0), 1);
    tw_free(&w);
}

/* ---- time ------------------------------------------------------------------------------ */

static void costly(tworld *w, int self)
{
    tw_work("w1");
    tw_work("w2");
    sim_action x = {
        .kind = SIM_ACT_WORK, .deadline = -1, .has_cost = 1, .cost = 7, .site = {NULL, 0, "w3"}};
    sim_do(sim_running(), &x);
    tw_saw(w, self, plat_now(AT("now")));
}

static void work_costs_50(tworld *w, sim_machine *m) { sim_set_cost(m, SIM_ACT_WORK, 50); }

TEST(every_action_costs_its_virtual_time)
{
    tworld w = {0};
    tw_actor(&w, "A", costly);
    w.on_setup = work_costs_50;
    sim_machine *m = tw_start(&w, true);
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 100, &res), 0);
    CHECK_EQ(w.seen[0][0], 107); /* 50 + 50 + the action's own 7 */
    CHECK_EQ(sim_now(m), 107);
    char *t = tw_trace(m, 0);
    CHECK(strstr(t, "{\"step\":2,\"time\":50,\"kind\":\"work\""));
    CHECK(strstr(t, "{\"step\":3,\"time\":100,\"kind\":\"work\""));
    free(t);
    tw_free(&w);
}

/* ---- the executor ---------------------------------------------------------------------- */

static void poll_twice(tworld *w, int self)
{
    tw_saw(w, self, plat_fetch_add32(&w->x, 1, PLAT_RELAXED, AT("count a poll")));
    plat_task_block(-1, AT("pending"));
    tw_saw(w, self, plat_fetch_add32(&w->x, 1, PLAT_RELAXED, AT("count a poll")));
}

static void wake_all(tworld *w, int self)
{
    for (int t = 0; t < 3; t++)
        plat_task_wake(t, AT("wake"));
}

TEST(executor_polls_each_batch_in_reverse_order_of_enqueueing)
{
    /* The tasks are queued A, B, C at the start and polled C, B, A; each
     * returns Pending.  The handler wakes A, B, C in that order; the next
     * batch is polled C, B, A again.  Nobody races: the only choice is when
     * the interrupt comes, and here it comes once everybody waits. */
    tworld w = {0};
    tw_actor_as(&w, "A", SIM_TASK, 0, poll_twice);
    tw_actor_as(&w, "B", SIM_TASK, 0, poll_twice);
    tw_actor_as(&w, "C", SIM_TASK, 0, poll_twice);
    tw_actor_as(&w, "H", SIM_ISR, 5, wake_all);
    sim_machine *m = start_model(&w, "executor");
    steps_while_possible(m);
    char why[200];
    sim_block_reason(m, 0, why, sizeof why);
    CHECK_STR(why, "blocked, and nobody will wake it");
    CHECK_EQ(sim_take(m, sim_irq_choice(3)), 0);
    steps_while_possible(m);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    char *h = tw_history(m);
    CHECK_STR(h, "CBAhHHHCCBBAA");
    free(h);
    CHECK_EQ(w.seen[2][0], 0);
    CHECK_EQ(w.seen[1][0], 1);
    CHECK_EQ(w.seen[0][0], 2);
    CHECK_EQ(w.seen[2][1], 3);
    CHECK_EQ(w.seen[0][1], 5);
    tw_free(&w);
}

static void await_once(tworld *w, int self)
{
    tw_saw(w, self, plat_task_await(-1, AT("await (may be dropped)")));
}

static void block_once(tworld *w, int self) { tw_saw(w, self, plat_task_block(-1, AT("pending"))); }

static void count_twice(tworld *w, int self)
{
    tw_saw(w, self, plat_fetch_add32(&w->x, 1, PLAT_RELAXED, AT("count")));
    tw_saw(w, self, plat_fetch_add32(&w->x, 1, PLAT_RELAXED, AT("count")));
}

static int drop_choices(const sim_machine *m, int *actor)
{
    sim_choice c[SIM_MAX_CHOICES];
    int n = sim_choices(m, c), drops = 0;
    for (int k = 0; k < n; k++)
        if (c[k].kind == SIM_CHOICE_DROP) {
            drops++;
            *actor = c[k].actor;
        }
    return drops;
}

TEST(executor_offers_drop_of_a_pending_await_while_another_task_is_polled)
{
    /* A waits at an await point that may be dropped; C (queued last) blocks
     * at once, so B is the task being polled, and it counts twice.  While B
     * is polled, drop(A) is a choice;
     * taking it queues A, whose await returns "dropped".  A task at a plain
     * block is never offered, and once dropped A is not offered again. */
    tworld w = {0};
    tw_actor_as(&w, "A", SIM_TASK, 0, await_once);
    tw_actor_as(&w, "B", SIM_TASK, 0, count_twice);
    tw_actor_as(&w, "C", SIM_TASK, 0, block_once);
    sim_machine *m = start_model(&w, "executor");
    int who = -1;
    CHECK_EQ(drop_choices(m, &who), 1); /* not C: a plain block */
    CHECK_EQ(who, 0);
    CHECK_EQ(sim_take(m, (sim_choice){SIM_CHOICE_DROP, 0, 0}), 0);
    CHECK_EQ(drop_choices(m, &who), 0);
    steps_while_possible(m);
    CHECK_EQ(w.seen[0][0], 1); /* A was told its future was dropped */
    CHECK_EQ(w.seen[1][1], 1);
    char why[200];
    sim_block_reason(m, 2, why, sizeof why);
    CHECK_STR(why, "blocked, and nobody will wake it");
    /* Without the drop, A just waits: the same world ends with A stuck. */
    CHECK_EQ(sim_reset(m), 0);
    steps_while_possible(m);
    sim_block_reason(m, 0, why, sizeof why);
    CHECK_STR(why, "blocked, and nobody will wake it");
    tw_free(&w);
}

static void timer_then_count(tworld *w, int self)
{
    plat_task_block(10, AT("Timer::after: pending until 10 us"));
    tw_saw(w, self, plat_fetch_add32(&w->x, 1, PLAT_RELAXED, AT("count")));
}

static void pending_then_count(tworld *w, int self)
{
    plat_task_block(-1, AT("pending"));
    tw_saw(w, self, plat_fetch_add32(&w->x, 1, PLAT_RELAXED, AT("count")));
}

static void busy_then_wake_b(tworld *w, int self)
{
    (void)w, (void)self;
    plat_sleep_until(20, AT("a long poll"));
    plat_task_wake(1, AT("wake B"));
}

static bool tick_possible(const sim_machine *m)
{
    sim_choice c[SIM_MAX_CHOICES];
    int n = sim_choices(m, c);
    for (int k = 0; k < n; k++)
        if (c[k].kind == SIM_CHOICE_TICK)
            return true;
    return false;
}

/* Take the first choice, a step each time, until a tick is possible. */
static void steps_until_tick_possible(sim_machine *m)
{
    for (int guard = 0; !tick_possible(m) && guard < 100; guard++) {
        sim_choice c[SIM_MAX_CHOICES];
        CHECK(sim_choices(m, c) > 0 && c[0].kind == SIM_CHOICE_STEP);
        sim_take(m, c[0]);
    }
}

TEST(executor_delivers_a_timer_at_the_end_of_the_batch_unless_a_tick_comes_first)
{
    /* Polled T, B, A: T waits for a timer at 10 us, B for a wake; A's poll
     * runs until 20 us, then wakes B.  T's deadline passed inside A's poll:
     * by default its wake lands when the batch ends, after A's wake of B, so
     * T is polled first and counts first.  A tick taken before A wakes B
     * lands it earlier: then B is polled first. */
    tworld w = {0};
    tw_actor_as(&w, "A", SIM_TASK, 0, busy_then_wake_b);
    tw_actor_as(&w, "B", SIM_TASK, 0, pending_then_count);
    tw_actor_as(&w, "T", SIM_TASK, 0, timer_then_count);
    sim_machine *m = start_model(&w, "executor");
    steps_while_possible(m);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    CHECK_EQ(w.seen[2][0], 0); /* T first */
    CHECK_EQ(w.seen[1][0], 1);
    CHECK(!sim_choice_optional(m, sim_step_choice(0)));

    CHECK_EQ(sim_reset(m), 0);
    steps_until_tick_possible(m);
    CHECK(sim_choice_optional(m, sim_tick_choice()));
    char why[200];
    sim_block_reason(m, 2, why, sizeof why);
    CHECK_STR(why,
              "its timer fell due at 10 us; the wake lands when this batch ends (or at a tick)");
    CHECK_EQ(sim_take(m, sim_tick_choice()), 0);
    CHECK(!tick_possible(m)); /* delivered once */
    steps_while_possible(m);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    CHECK_EQ(w.seen[1][0], 0); /* B first */
    CHECK_EQ(w.seen[2][0], 1);
    tw_free(&w);
}

static void busy_wake_b_then_more(tworld *w, int self)
{
    (void)w, (void)self;
    plat_sleep_until(20, AT("a long poll"));
    plat_task_wake(1, AT("wake B"));
    plat_sleep_until(22, AT("more of the poll"));
}

/* The time driver of these worlds: 15 us late, a tick up to `param` earlier. */
static void late_driver(tworld *w, sim_machine *m) { sim_set_timer_late(m, 15, w->param); }

TEST(executor_late_time_driver_delivers_late_by_default_and_a_tick_in_its_window)
{
    /* Polled T, B, A: T's timer is due at 10 us, delivered 15 us late (25);
     * A's poll runs until 22 and wakes B at 20.  By default B, woken in the
     * batch, is polled first and T only at 25.  With a jitter of 10 us a tick
     * may deliver T from 15 on: taken after A's wake of B, T is queued
     * after B and so polled first. */
    tworld w = {0};
    w.param = 10;
    w.on_setup = late_driver;
    tw_actor_as(&w, "A", SIM_TASK, 0, busy_wake_b_then_more);
    tw_actor_as(&w, "B", SIM_TASK, 0, pending_then_count);
    tw_actor_as(&w, "T", SIM_TASK, 0, timer_then_count);
    sim_machine *m = start_model(&w, "executor");
    steps_while_possible(m);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    CHECK_EQ(w.seen[1][0], 0); /* B first */
    CHECK_EQ(w.seen[2][0], 1);
    CHECK_EQ(sim_now(m), 25); /* T's wake came 15 us after its deadline */

    CHECK_EQ(sim_reset(m), 0);
    steps_until_tick_possible(m);
    CHECK_EQ(sim_now(m), 20);                     /* the window opened at 15, inside A's poll */
    CHECK_EQ(sim_take(m, sim_step_choice(0)), 0); /* A's sleep ends */
    CHECK_EQ(sim_take(m, sim_step_choice(0)), 0); /* A wakes B */
    CHECK(tick_possible(m));
    CHECK_EQ(sim_take(m, sim_tick_choice()), 0);
    CHECK(!tick_possible(m));
    steps_while_possible(m);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    CHECK_EQ(w.seen[2][0], 0); /* T first */
    CHECK_EQ(w.seen[1][0], 1);
    CHECK_EQ(sim_now(m), 22);

    /* Without jitter the window is the default's moment only: no tick while
     * A is polled. */
    w.param = 0;
    CHECK_EQ(sim_reset(m), 0);
    for (int guard = 0; guard < 100 && sim_outcome_of(m) == SIM_RUNNING; guard++) {
        CHECK(!tick_possible(m) || sim_now(m) >= 25);
        sim_choice c[SIM_MAX_CHOICES];
        int n = sim_choices(m, c), k = 0;
        while (k < n && c[k].kind != SIM_CHOICE_STEP)
            k++;
        if (k == n)
            break;
        sim_take(m, c[k]);
    }
    CHECK_EQ(w.seen[1][0], 0); /* B first, as by default */
    tw_free(&w);
}

TEST(every_policy_runs_under_every_model)
{
    const char *models[] = {"threads", "rtos", "executor"};
    const sim_policy policies[] = {SIM_POLICY_ROUND_ROBIN, SIM_POLICY_RANDOM, SIM_POLICY_PRIORITY,
                                   SIM_POLICY_PCT};
    for (int k = 0; k < 3; k++)
        for (int p = 0; p < 4; p++) {
            tworld w = {0};
            tw_actor_as(&w, "A", SIM_TASK, 1, poll_twice);
            tw_actor_as(&w, "B", SIM_TASK, 1, poll_twice);
            tw_actor_as(&w, "C", SIM_TASK, 2, poll_twice);
            tw_actor_as(&w, "H", SIM_ISR, 5, wake_all);
            sim_machine *m = start_model(&w, models[k]);
            sim_run_result res;
            CHECK_EQ(sim_run(m, policies[p], NULL, 3, 1000, &res), 0);
            /* Whether H comes before or after everybody waits decides
             * between done and stuck; never an error, never the limit. */
            sim_outcome o = sim_outcome_of(m);
            CHECK(o == SIM_DONE || o == SIM_STUCK);
            /* and the run's schedule replays it exactly */
            char *text = tw_schedule_text(m), *h = tw_history(m);
            sim_schedule s;
            char err[200];
            CHECK_EQ(sim_schedule_parse(text, strlen(text), &s, err, sizeof err), 0);
            CHECK_EQ(sim_reset(m), 0);
            CHECK_EQ(sim_run(m, SIM_POLICY_MANUAL, &s, 0, 1000, &res), 0);
            char *again = tw_history(m);
            CHECK_STR(again, h);
            CHECK_EQ(sim_outcome_of(m), o);
            free(again);
            free(h);
            free(text);
            sim_schedule_free(&s);
            tw_free(&w);
        }
}
