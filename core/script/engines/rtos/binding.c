/*
 * Scenario bindings of engine `rtos`: `kernel`, `sem`, `mutex` and
 * `shared_counter`, run under the machine's rtos scheduling model.
 *
 * Tasks.  Every actor of kind task is a task of the kernel.  Scenarios write
 * RTOS priorities (a smaller number runs first; the world negates them for the
 * machine, see catalog.h) and the binding gives task ids in order of priority,
 * ties in the order the scenario lists the actors, so the lowest set bit of a
 * wait mask is the most urgent waiter.  At most 16 tasks (a 16-bit mask).
 * The tasks are created before the first operation any actor runs.
 *
 * Units and conservation.  A `sem` may declare its `capacity` (the units it
 * was made with, when it is used as a lock or a pool).  The binding keeps,
 * beside it and never seen by the engine, how many units each task holds (a
 * pend that returned OK takes one, a post gives one back), and after every
 * operation checks that free units + held units + units handed to a woken
 * task that has not run yet never exceed the capacity.  Units multiplying is
 * a `conservation` violation; units leaking shows later, as a task that
 * waits forever while nobody holds the semaphore.
 *
 * Timeouts print a line ("B: pend sync timed out at 5000 ms"), as the
 * reference's tasks do; LEDs print when they change.
 */
#include "../../../engines/rtos/critical.h"
#include "../../../engines/rtos/mutex.h"
#include "../../../engines/rtos/sem.h"
#include "../../../engines/rtos/task.h"
#include "../../catalog.h"

#include <stdio.h>
#include <string.h>

static const char *const rtos_variants[] = {"correct",
                                            "reference_post",
                                            "post_increments_count",
                                            "handoff",
                                            "timeout_keeps_debt",
                                            "naive_enable",
                                            "block_outside_critical",
                                            "init_one",
                                            "no_priority_inheritance",
                                            NULL};

/* ---- tasks -------------------------------------------------------------------------- */

static sim_machine *rtos_m(void) { return sim_running(); }

/* The RTOS priority of actor i (the machine's is negated). */
static int rtos_actor_priority(sim_machine *m, int i) { return -sim_base_priority(m, i); }

/* Task ids by rank: (priority, order in the scenario).  -1 for handlers. */
static int rtos_rank_of(sim_machine *m, int actor)
{
    if (sim_actor_kind_of(m, actor) == SIM_ISR)
        return -1;
    int rank = 0, p = rtos_actor_priority(m, actor);
    for (int i = 0; i < sim_actor_count(m); i++) {
        if (i == actor || sim_actor_kind_of(m, i) == SIM_ISR)
            continue;
        int q = rtos_actor_priority(m, i);
        if (q < p || (q == p && i < actor))
            rank++;
    }
    return rank;
}

/* Create the kernel's tasks once per run, before anybody uses the kernel.
 * False (and a misuse violation) if there are too many. */
static bool rtos_bind_tasks(void)
{
    sim_machine *m = rtos_m();
    rtos_kernel *k = rtos_kernel_get();
    for (int i = 0; i < sim_actor_count(m) && i < 64; i++) {
        if (k->id_of[i] || sim_actor_kind_of(m, i) == SIM_ISR)
            continue;
        int id = rtos_rank_of(m, i);
        if (id >= RTOS_MAX_TASKS) {
            sim_violation(m, "misuse",
                          "the kernel has at most 16 tasks (one bit each in a wait mask)",
                          AT("task_create"));
            return false;
        }
        rtos_task_create(id, i, rtos_actor_priority(m, i));
    }
    return true;
}

/* Every operation ends here.  An operation that ended the run may have taken
 * no step at all; one more announced step, never performed, keeps a program
 * that repeats it from spinning on the host. */
static int64_t rtos_end_op(int64_t result)
{
    if (sim_outcome_of(rtos_m()) != SIM_RUNNING)
        plat_yield(AT("the run is over"));
    return result;
}

static void rtos_say(const char *text)
{
    sim_machine *m = rtos_m();
    sim_action x = {.kind = SIM_ACT_PRINT,
                    .deadline = -1,
                    .text = sim_keep_text(m, text),
                    .site = {NULL, 0, "print"}};
    sim_do(m, &x);
}

/* Ticks from a scenario argument: negative is 0, and no more than the
 * language's longest sleep. */
static uint32_t rtos_ticks(int64_t ms)
{
    int64_t max = SCRIPT_MAX_SLEEP_US / RTOS_TICK_US;
    return (uint32_t)(ms < 0 ? 0 : ms > max ? max : ms > UINT32_MAX ? UINT32_MAX : ms);
}

/* ---- kernel: delay, critical sections, interrupts, LEDs --------------------------- */

#define RTOS_LEDS 8
#define RTOS_MAX_NEST 8

typedef struct rtos_scripted_kernel {
    plat_a8 leds; /* bit n: LED n+1 is on */
    int64_t cost_us;
    uint8_t wake_preempts;                        /* a woken task switches in at once (FreeRTOS) */
    rtos_key keys[SIM_MAX_ACTORS][RTOS_MAX_NEST]; /* enter_critical's keys, per actor */
    int64_t stopwatch[SIM_MAX_ACTORS];            /* per actor: when it was started (us) */
    uint8_t depth[SIM_MAX_ACTORS];
} rtos_scripted_kernel;

static const sim_act_kind rtos_costly[] = {
    SIM_ACT_LOAD,     SIM_ACT_STORE,     SIM_ACT_CAS,    SIM_ACT_SWAP,     SIM_ACT_FETCH_ADD,
    SIM_ACT_FETCH_OR, SIM_ACT_FETCH_AND, SIM_ACT_WORK,   SIM_ACT_IRQ_SAVE, SIM_ACT_IRQ_RESTORE,
    SIM_ACT_RAISE,    SIM_ACT_SET_PRIO,  SIM_ACT_UNPARK, SIM_ACT_YIELD,    SIM_ACT_SPIN};

static int rtos_kernel_setup(void *o, const int64_t *params, char *err, size_t es)
{
    rtos_scripted_kernel *k = o;
    if (params[0] < 0 || params[0] > 1000000) {
        snprintf(err, es, "cost must be from 0 to 1000000 us per action");
        return -1;
    }
    if (params[1] != 0 && params[1] != 1) {
        snprintf(err, es, "wake_preempts must be 0 or 1 (false or true)");
        return -1;
    }
    k->cost_us = params[0];
    k->wake_preempts = (uint8_t)params[1];
    /* 0, the reference's rule: a post or a give never switches; the woken
     * task runs at the next scheduling point (a tick, or the running task
     * blocking).  1, FreeRTOS's: it runs as soon as the waker's critical
     * section is over, or its handler has returned. */
    sim_set_wake_preempts(rtos_m(), k->wake_preempts);
    /* With a cost, busy tasks use up time and the 1 ms tick falls by itself;
     * without one, the tick is a choice (the learner's, or the explorer's). */
    for (size_t i = 0; i < sizeof rtos_costly / sizeof rtos_costly[0]; i++)
        sim_set_cost(rtos_m(), rtos_costly[i], k->cost_us);
    (void)rtos_kernel_get();
    return 0;
}

static int64_t rtos_op_delay(void *o, const int64_t *args)
{
    (void)o;
    if (rtos_bind_tasks())
        rtos_delay(rtos_ticks(args[0]));
    return rtos_end_op(0);
}

static int64_t rtos_op_enter_critical(void *o, const int64_t *args)
{
    (void)args;
    rtos_scripted_kernel *k = o;
    int me = sim_current_actor(rtos_m());
    if (!rtos_bind_tasks())
        return rtos_end_op(0);
    if (k->depth[me] == RTOS_MAX_NEST) {
        sim_violation(rtos_m(), "misuse", "critical sections nested more than 8 deep",
                      AT("enter_critical"));
        return rtos_end_op(0);
    }
    k->keys[me][k->depth[me]++] = rtos_enter_critical();
    return rtos_end_op(0);
}

static int64_t rtos_op_exit_critical(void *o, const int64_t *args)
{
    (void)args;
    rtos_scripted_kernel *k = o;
    int me = sim_current_actor(rtos_m());
    if (!rtos_bind_tasks())
        return rtos_end_op(0);
    if (k->depth[me] == 0) {
        sim_violation(rtos_m(), "misuse", "exit_critical without enter_critical",
                      AT("exit_critical"));
        return rtos_end_op(0);
    }
    rtos_exit_critical(k->keys[me][--k->depth[me]]);
    return rtos_end_op(0);
}

static int64_t rtos_op_raise(void *o, const int64_t *args)
{
    (void)o;
    sim_machine *m = rtos_m();
    if (args[0] < 0 || args[0] >= sim_actor_count(m) ||
        sim_actor_kind_of(m, (int)args[0]) != SIM_ISR) {
        sim_violation(m, "misuse", "raise: name an actor of kind isr", AT("raise"));
        return rtos_end_op(0);
    }
    if (rtos_bind_tasks())
        plat_irq_raise((int)args[0], AT("raise the interrupt"));
    return rtos_end_op(0);
}

static int64_t rtos_led(rtos_scripted_kernel *k, int64_t led, bool on)
{
    sim_machine *m = rtos_m();
    if (led < 1 || led > RTOS_LEDS) {
        sim_violation(m, "misuse", "LEDs are numbered 1 to 8", AT("led"));
        return rtos_end_op(0);
    }
    uint8_t bit = (uint8_t)(1u << (led - 1));
    if (on)
        plat_fetch_or8(&k->leds, bit, PLAT_RELAXED, AT("led_on"));
    else
        plat_fetch_and8(&k->leds, (uint8_t)~bit, PLAT_RELAXED, AT("led_off"));
    char text[64];
    snprintf(text, sizeof text, "%lld ms: LED%lld %s", (long long)(sim_now(m) / RTOS_TICK_US),
             (long long)led, on ? "on" : "off");
    rtos_say(text);
    return rtos_end_op(0);
}

static int64_t rtos_op_led_on(void *o, const int64_t *args) { return rtos_led(o, args[0], true); }
static int64_t rtos_op_led_off(void *o, const int64_t *args) { return rtos_led(o, args[0], false); }

/* A stopwatch per actor, for latencies in virtual time. */
static int64_t rtos_op_stopwatch_start(void *o, const int64_t *args)
{
    (void)args;
    sim_machine *m = rtos_m();
    ((rtos_scripted_kernel *)o)->stopwatch[sim_current_actor(m)] = sim_now(m);
    plat_yield(AT("start the stopwatch"));
    return rtos_end_op(0);
}

static int64_t rtos_op_stopwatch_print(void *o, const int64_t *args)
{
    (void)args;
    sim_machine *m = rtos_m();
    int me = sim_current_actor(m);
    int64_t us = sim_now(m) - ((rtos_scripted_kernel *)o)->stopwatch[me];
    char text[80];
    snprintf(text, sizeof text, "%s: %lld.%03lld ms", sim_actor_name(m, me), (long long)(us / 1000),
             (long long)(us % 1000));
    rtos_say(text);
    return rtos_end_op(us);
}

static const script_op rtos_kernel_ops[] = {
    {.name = "stopwatch_start", .run = rtos_op_stopwatch_start},
    {.name = "stopwatch_print", .run = rtos_op_stopwatch_print},
    {.name = "delay", .n_args = 1, .arg_names = {"ms"}, .run = rtos_op_delay},
    {.name = "enter_critical", .run = rtos_op_enter_critical},
    {.name = "exit_critical", .run = rtos_op_exit_critical},
    {.name = "raise", .n_args = 1, .arg_names = {"actor"}, .run = rtos_op_raise},
    {.name = "led_on", .n_args = 1, .arg_names = {"led"}, .run = rtos_op_led_on},
    {.name = "led_off", .n_args = 1, .arg_names = {"led"}, .run = rtos_op_led_off},
};

static int64_t rtos_field_leds(const void *o) { return ((const rtos_scripted_kernel *)o)->leds.v; }
static int64_t rtos_field_cost(const void *o) { return ((const rtos_scripted_kernel *)o)->cost_us; }
static int64_t rtos_field_wake_preempts(const void *o)
{
    return ((const rtos_scripted_kernel *)o)->wake_preempts;
}

static const script_field rtos_kernel_fields[] = {
    {.name = "leds", .read = rtos_field_leds},
    {.name = "cost", .read = rtos_field_cost},
    {.name = "wake_preempts", .read = rtos_field_wake_preempts},
};

/* Every kernel takes 1024 bytes of address space, on any word size. */
#define KERNEL_FOOTPRINT 1024
_Static_assert(sizeof(rtos_scripted_kernel) <= KERNEL_FOOTPRINT, "a kernel outgrew its footprint");

const script_type type_rtos_kernel = {
    .name = "kernel",
    .engine = "rtos",
    .summary = "the RTOS itself: delay (ms), critical sections, raising interrupts, LEDs; "
               "cost: virtual microseconds per action (0: the tick is a choice); "
               "wake_preempts: a task a post or give wakes runs as soon as the waker's "
               "critical section ends (1, FreeRTOS), or at the next scheduling point "
               "(0, the default)",
    .size = sizeof(rtos_scripted_kernel),
    .footprint = KERNEL_FOOTPRINT,
    .n_params = 2,
    .param_names = {"cost", "wake_preempts"},
    .param_defaults = {0, 0},
    .param_flags = 1u << 1,
    .init = rtos_kernel_setup,
    .ops = rtos_kernel_ops,
    .n_ops = sizeof rtos_kernel_ops / sizeof rtos_kernel_ops[0],
    .fields = rtos_kernel_fields,
    .n_fields = sizeof rtos_kernel_fields / sizeof rtos_kernel_fields[0],
};

/* ---- sem ------------------------------------------------------------------------------ */

typedef struct rtos_scripted_sem {
    rtos_sem s;       /* first: the object's address is the semaphore's */
    int32_t capacity; /* -1: not declared, no conservation check */
    int32_t held_total;
    int32_t held[SIM_MAX_ACTORS];
} rtos_scripted_sem;

static int rtos_sem_setup(void *o, const int64_t *params, char *err, size_t es)
{
    rtos_scripted_sem *x = o;
    if (params[0] < INT16_MIN || params[0] > INT16_MAX) {
        snprintf(err, es, "count must fit in a signed 16-bit number (%d to %d)", INT16_MIN,
                 INT16_MAX);
        return -1;
    }
    if (params[1] < -1 || params[1] > INT16_MAX) {
        snprintf(err, es, "capacity must be from 0 to %d (or -1: not declared)", INT16_MAX);
        return -1;
    }
    rtos_sem_init(&x->s, (int16_t)params[0]);
    x->capacity = (int32_t)params[1];
    return 0;
}

/* Tasks woken by a post of this semaphore that have not run since: each
 * carries a unit (or a paid debt) that is nowhere else yet. */
static int rtos_in_flight(const void *on)
{
    const rtos_kernel *k = rtos_kernel_get();
    int n = 0;
    for (int id = 0; id < RTOS_MAX_TASKS; id++)
        if (k->task[id].used.v && k->task[id].state.v == RTOS_READY && k->task[id].waits_on == on)
            n++;
    return n;
}

static int64_t rtos_sem_units(const rtos_scripted_sem *x)
{
    int16_t count = (int16_t)x->s.count.v;
    return (count > 0 ? count : 0) + x->held_total + rtos_in_flight(&x->s);
}

static void rtos_sem_check(rtos_scripted_sem *x)
{
    if (x->capacity < 0 || sim_outcome_of(rtos_m()) != SIM_RUNNING)
        return;
    int64_t units = rtos_sem_units(x);
    if (units <= x->capacity)
        return;
    sim_machine *m = rtos_m();
    char name[48], msg[240];
    sim_object_name(m, x, name, sizeof name);
    snprintf(msg, sizeof msg,
             "units multiplied: %s was made with %d, and now %d are free, %d held and %d "
             "handed to a woken task: %lld in all",
             name, x->capacity, (int16_t)x->s.count.v > 0 ? (int16_t)x->s.count.v : 0,
             x->held_total, rtos_in_flight(&x->s), (long long)units);
    sim_violation(m, "conservation", msg, AT("permit conservation check"));
}

static int64_t rtos_op_pend(void *o, const int64_t *args)
{
    rtos_scripted_sem *x = o;
    if (!rtos_bind_tasks())
        return rtos_end_op(RTOS_ERROR);
    sim_machine *m = rtos_m();
    int me = sim_current_actor(m);
    int r = rtos_sem_pend(&x->s, rtos_ticks(args[0]));
    if (r == RTOS_OK) {
        x->held[me]++;
        x->held_total++;
    } else if (r == RTOS_TIMEOUT) {
        char name[48], text[120];
        sim_object_name(m, x, name, sizeof name);
        snprintf(text, sizeof text, "%s: pend %s timed out at %lld ms", sim_actor_name(m, me), name,
                 (long long)(sim_now(m) / RTOS_TICK_US));
        rtos_say(text);
    }
    rtos_sem_check(x);
    return rtos_end_op(r);
}

static int64_t rtos_op_post(void *o, const int64_t *args)
{
    (void)args;
    rtos_scripted_sem *x = o;
    if (!rtos_bind_tasks())
        return rtos_end_op(RTOS_ERROR);
    int me = sim_current_actor(rtos_m());
    if (x->held[me] > 0) { /* given back before the post: never counted twice */
        x->held[me]--;
        x->held_total--;
    }
    int r = rtos_sem_post(&x->s);
    rtos_sem_check(x);
    return rtos_end_op(r);
}

static int64_t rtos_field_count(const void *o)
{
    return (int16_t)((const rtos_scripted_sem *)o)->s.count.v;
}
static int64_t rtos_field_sem_mask(const void *o)
{
    return ((const rtos_scripted_sem *)o)->s.wait_mask.v;
}
static int64_t rtos_field_held(const void *o) { return ((const rtos_scripted_sem *)o)->held_total; }

static const script_op rtos_sem_ops[] = {
    {.name = "pend", .n_args = 1, .arg_names = {"timeout_ms"}, .run = rtos_op_pend},
    {.name = "post", .run = rtos_op_post},
};

static const script_field rtos_sem_fields[] = {
    {.name = "count", .read = rtos_field_count},
    {.name = "wait_mask", .read = rtos_field_sem_mask},
    {.name = "held", .read = rtos_field_held},
};

/* The waiting tasks by name, lowest bit first. */
static void rtos_mask_json(jbuf *b, sim_machine *m, uint16_t mask)
{
    const rtos_kernel *k = sim_global_peek(m, &rtos_kernel_global);
    jb_raw(b, "[");
    for (int id = 0; id < RTOS_MAX_TASKS; id++) {
        if (!(mask >> id & 1u))
            continue;
        jb_sep(b);
        if (k && k->task[id].used.v)
            jb_str(b, sim_actor_name(m, k->task[id].plat));
        else
            jb_int(b, id);
    }
    jb_raw(b, "]");
}

static void rtos_sem_describe(const void *o, sim_machine *m, jbuf *b)
{
    const rtos_scripted_sem *x = o;
    jb_key(b, "capacity");
    if (x->capacity >= 0)
        jb_int(b, x->capacity);
    else
        jb_raw(b, "null");
    jb_key(b, "pend_decrements");
    jb_raw(b, x->s.pend_decrements ? "true" : "false");
    jb_key(b, "post_increments");
    jb_raw(b, x->s.post_increments ? "true" : "false");
    jb_key(b, "waiting");
    rtos_mask_json(b, m, x->s.wait_mask.v);
}

/* The command line's English for the semaphore's two reasons. */
static void rtos_say_sem_lost(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size,
             "pends on %s, but its bit is no longer in wait_mask: a post took it out while "
             "the task was still running, and woke nobody (a lost wake-up)",
             sim_blocked_text_of(r, "object"));
}
static void rtos_say_sem_pends(const sim_blocked *r, char *buf, size_t size)
{
    size_t n = sim_say(buf, size, 0, "pends on %s (bit %lld of wait_mask 0x%04llx), count %lld%s",
                       sim_blocked_text_of(r, "object"), (long long)sim_blocked_num_of(r, "bit", 0),
                       (unsigned long long)sim_blocked_num_of(r, "mask", 0),
                       (long long)sim_blocked_num_of(r, "count", 0),
                       sim_blocked_arg_of(r, "timeout") ? ", with a timeout" : ", forever");
    if (sim_blocked_arg_of(r, "holders"))
        n = sim_say(buf, size, n, "; held by %s", sim_blocked_text_of(r, "holders"));
    if (sim_blocked_arg_of(r, "final"))
        sim_say(buf, size, n, "%s",
                sim_blocked_arg_of(r, "unheld") ? "; nobody holds it and nobody will post"
                                                : "; nobody will post");
}

static const sim_blocked_code rtos_sem_lost = {"rtos.sem.lost_wake", rtos_say_sem_lost};
static const sim_blocked_code rtos_sem_pends = {"rtos.sem.pends", rtos_say_sem_pends};

static bool rtos_sem_explain_block(const void *o, const char *name, sim_machine *m, int actor,
                                   sim_blocked *r)
{
    const rtos_scripted_sem *x = o;
    if (sim_pending(m, actor)->kind != SIM_ACT_BLOCK)
        return false;
    int rank = rtos_rank_of(m, actor);
    if (rank < 0 || rank >= RTOS_MAX_TASKS)
        return false;
    int16_t count = (int16_t)x->s.count.v;
    bool in_mask = x->s.wait_mask.v >> rank & 1u;
    const sim_action *p = sim_pending(m, actor);
    if (!in_mask) {
        /* Blocked on this semaphore but no longer in its mask: a post cleared
         * the bit while the task was still running, and woke nobody. */
        const rtos_kernel *k = sim_global_peek(m, &rtos_kernel_global);
        if (!k || k->task[rank].waits_on != &x->s)
            return false;
        sim_blocked_set(r, &rtos_sem_lost);
        sim_blocked_text(r, "object", name);
        return true;
    }
    char holders[80] = "";
    for (int i = 0, n = 0; i < sim_actor_count(m) && i < SIM_MAX_ACTORS; i++)
        if (x->held[i] > 0) {
            size_t used = strlen(holders);
            snprintf(holders + used, sizeof holders - used, "%s%s", n++ ? ", " : "",
                     sim_actor_name(m, i));
        }
    sim_blocked_set(r, &rtos_sem_pends);
    sim_blocked_text(r, "object", name);
    sim_blocked_num(r, "bit", rank);
    sim_blocked_num(r, "mask", x->s.wait_mask.v);
    sim_blocked_num(r, "count", count);
    if (p->deadline >= 0)
        sim_blocked_num(r, "timeout", 1);
    if (holders[0])
        sim_blocked_text(r, "holders", holders);
    if (sim_outcome_of(m) == SIM_STUCK) {
        sim_blocked_num(r, "final", 1); /* the run is stuck: nobody will post */
        if (x->held_total == 0)
            sim_blocked_num(r, "unheld", 1);
    }
    return true;
}

/* Every semaphore takes 256 bytes of address space, on any word size. */
#define SEM_FOOTPRINT 256
_Static_assert(sizeof(rtos_scripted_sem) <= SEM_FOOTPRINT, "a semaphore outgrew its footprint");

const script_type type_rtos_sem = {
    .name = "sem",
    .engine = "rtos",
    .summary = "the RTOS semaphore: a signed 16-bit count (negative: tasks waiting) and a "
               "16-bit wait mask; post wakes the lowest set bit",
    .size = sizeof(rtos_scripted_sem),
    .footprint = SEM_FOOTPRINT,
    .n_params = 2,
    .param_names = {"count", "capacity"},
    .param_defaults = {0, -1},
    .init = rtos_sem_setup,
    .ops = rtos_sem_ops,
    .n_ops = sizeof rtos_sem_ops / sizeof rtos_sem_ops[0],
    .fields = rtos_sem_fields,
    .n_fields = sizeof rtos_sem_fields / sizeof rtos_sem_fields[0],
    .describe = rtos_sem_describe,
    .explain_block = rtos_sem_explain_block,
};

/* ---- mutex ---------------------------------------------------------------------------- */

static int rtos_mutex_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (params[0] < 0 || params[0] > 2) {
        snprintf(err, es, "inherit must be 0 (none), 1 (FreeRTOS's rule) or 2 (transitive)");
        return -1;
    }
    rtos_mutex_init(o, (int)params[0]);
    return 0;
}

static int64_t rtos_op_take(void *o, const int64_t *args)
{
    if (!rtos_bind_tasks())
        return rtos_end_op(RTOS_ERROR);
    int r = rtos_mutex_take(o, rtos_ticks(args[0]));
    if (r == RTOS_TIMEOUT) {
        sim_machine *m = rtos_m();
        char name[48], text[120];
        sim_object_name(m, o, name, sizeof name);
        snprintf(text, sizeof text, "%s: take %s timed out at %lld ms",
                 sim_actor_name(m, sim_current_actor(m)), name,
                 (long long)(sim_now(m) / RTOS_TICK_US));
        rtos_say(text);
    }
    return rtos_end_op(r);
}

static int64_t rtos_op_give(void *o, const int64_t *args)
{
    (void)args;
    if (!rtos_bind_tasks())
        return rtos_end_op(RTOS_ERROR);
    return rtos_end_op(rtos_mutex_give(o));
}

static int64_t rtos_field_owner(const void *o)
{
    return (int64_t)((const rtos_mutex *)o)->owner.v - 1;
}
static int64_t rtos_field_mutex_mask(const void *o) { return ((const rtos_mutex *)o)->wait_mask.v; }
static int64_t rtos_field_inherit(const void *o) { return ((const rtos_mutex *)o)->inherit; }

static const script_op rtos_mutex_ops[] = {
    {.name = "take", .n_args = 1, .arg_names = {"timeout_ms"}, .run = rtos_op_take},
    {.name = "give", .run = rtos_op_give},
};

static const script_field rtos_mutex_fields[] = {
    {.name = "owner", .read = rtos_field_owner},
    {.name = "wait_mask", .read = rtos_field_mutex_mask},
    {.name = "inherit", .read = rtos_field_inherit},
};

/* "holder": name or null, "waiting": [names] */
static void rtos_mutex_describe(const void *o, sim_machine *m, jbuf *b)
{
    const rtos_mutex *x = o;
    const rtos_kernel *k = sim_global_peek(m, &rtos_kernel_global);
    jb_key(b, "holder");
    int owner = (int)x->owner.v - 1;
    if (k && owner >= 0 && k->task[owner].used.v)
        jb_str(b, sim_actor_name(m, k->task[owner].plat));
    else
        jb_raw(b, "null");
    jb_key(b, "waiting");
    rtos_mask_json(b, m, x->wait_mask.v);
}

static void rtos_say_mutex_takes(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "takes %s, held by %s (bit %lld of wait_mask 0x%04llx)",
             sim_blocked_text_of(r, "object"),
             sim_blocked_arg_of(r, "holder") ? sim_blocked_text_of(r, "holder") : "nobody",
             (long long)sim_blocked_num_of(r, "bit", 0),
             (unsigned long long)sim_blocked_num_of(r, "mask", 0));
}

static const sim_blocked_code rtos_mutex_takes = {"rtos.mutex.takes", rtos_say_mutex_takes};

static bool rtos_mutex_explain_block(const void *o, const char *name, sim_machine *m, int actor,
                                     sim_blocked *r)
{
    const rtos_mutex *x = o;
    int rank = rtos_rank_of(m, actor);
    if (sim_pending(m, actor)->kind != SIM_ACT_BLOCK || rank < 0 || rank >= RTOS_MAX_TASKS ||
        !(x->wait_mask.v >> rank & 1u))
        return false;
    int owner_id = (int)x->owner.v - 1;
    const char *owner = NULL; /* nobody */
    for (int i = 0; owner_id >= 0 && i < sim_actor_count(m); i++)
        if (rtos_rank_of(m, i) == owner_id)
            owner = sim_actor_name(m, i);
    sim_blocked_set(r, &rtos_mutex_takes);
    sim_blocked_text(r, "object", name);
    if (owner)
        sim_blocked_text(r, "holder", owner);
    sim_blocked_num(r, "bit", rank);
    sim_blocked_num(r, "mask", x->wait_mask.v);
    return true;
}

/* Every mutex takes 256 bytes of address space, on any word size. */
#define MUTEX_FOOTPRINT 256
_Static_assert(sizeof(rtos_mutex) <= MUTEX_FOOTPRINT, "a mutex outgrew its footprint");

const script_type type_rtos_mutex = {
    .name = "mutex",
    .engine = "rtos",
    .summary = "a mutex with an owner and priority inheritance: inherit 0 none (a binary "
               "semaphore), 1 FreeRTOS's rule, 2 transitive",
    .size = sizeof(rtos_mutex),
    .footprint = MUTEX_FOOTPRINT,
    .n_params = 1,
    .param_names = {"inherit"},
    .param_defaults = {1},
    .init = rtos_mutex_setup,
    .ops = rtos_mutex_ops,
    .n_ops = sizeof rtos_mutex_ops / sizeof rtos_mutex_ops[0],
    .fields = rtos_mutex_fields,
    .n_fields = sizeof rtos_mutex_fields / sizeof rtos_mutex_fields[0],
    .describe = rtos_mutex_describe,
    .explain_block = rtos_mutex_explain_block,
};

/* ---- shared_counter: the experiment's counter ------------------------------------------ */

typedef struct rtos_shared_counter {
    plat_a32 value;
} rtos_shared_counter;

static int rtos_counter_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (params[0] < 0 || params[0] > UINT32_MAX) {
        snprintf(err, es, "initial must be between 0 and %u", UINT32_MAX);
        return -1;
    }
    plat_init32(&((rtos_shared_counter *)o)->value, (uint32_t)params[0]);
    return 0;
}

/* shared_counter++: a load, an add in a register, a store. */
static int64_t rtos_op_increment(void *o, const int64_t *args)
{
    (void)args;
    rtos_shared_counter *c = o;
    uint32_t v = plat_load32(&c->value, PLAT_RELAXED, AT("load shared_counter"));
    plat_store32(&c->value, v + 1, PLAT_RELAXED, AT("store shared_counter + 1"));
    return rtos_end_op(0);
}

/* Busy polling: load until the value reaches `at_least`, then take it back to 0. */
static int64_t rtos_op_poll(void *o, const int64_t *args)
{
    rtos_shared_counter *c = o;
    int64_t polls = 0;
    while (plat_load32(&c->value, PLAT_RELAXED, AT("poll: load the counter")) < (uint64_t)args[0] &&
           sim_outcome_of(rtos_m()) == SIM_RUNNING)
        polls++;
    plat_store32(&c->value, 0, PLAT_RELAXED, AT("poll: reset the counter"));
    return rtos_end_op(polls);
}

static int64_t rtos_field_value(const void *o) { return ((const rtos_shared_counter *)o)->value.v; }

static const script_op rtos_counter_ops[] = {
    {.name = "increment", .run = rtos_op_increment},
    {.name = "poll", .n_args = 1, .arg_names = {"at_least"}, .run = rtos_op_poll},
};
static const script_field rtos_counter_fields[] = {{.name = "value", .read = rtos_field_value}};

/* Every shared counter takes 64 bytes of address space, on any word size. */
#define COUNTER_FOOTPRINT 64
_Static_assert(sizeof(rtos_shared_counter) <= COUNTER_FOOTPRINT,
               "a shared counter outgrew its footprint");

const script_type type_rtos_shared_counter = {
    .name = "shared_counter",
    .engine = "rtos",
    .summary = "a shared number; increment is a load, an add and a store (the add in a register)",
    .size = sizeof(rtos_shared_counter),
    .footprint = COUNTER_FOOTPRINT,
    .n_params = 1,
    .param_names = {"initial"},
    .init = rtos_counter_setup,
    .ops = rtos_counter_ops,
    .n_ops = sizeof rtos_counter_ops / sizeof rtos_counter_ops[0],
    .fields = rtos_counter_fields,
    .n_fields = sizeof rtos_counter_fields / sizeof rtos_counter_fields[0],
};

/* ---- the engine: its tasks for the view -------------------------------------------------- */

static const char *rtos_state_name(int s)
{
    return s == RTOS_BLOCKED ? "blocked" : s == RTOS_DELAYED ? "delayed" : "ready";
}

/* "rtos": {"tasks": [{actor, id, priority, effective, state, wake_tick, mutexes_held}]} */
static void rtos_engine_describe(sim_machine *m, jbuf *b)
{
    jb_raw(b, "{");
    jb_key(b, "tasks");
    jb_raw(b, "[");
    for (int i = 0; i < sim_actor_count(m); i++) {
        int id = rtos_rank_of(m, i);
        if (id < 0 || id >= RTOS_MAX_TASKS)
            continue;
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "actor");
        jb_str(b, sim_actor_name(m, i));
        jb_key(b, "id");
        jb_int(b, id);
        jb_key(b, "priority");
        jb_int(b, -sim_base_priority(m, i));
        jb_key(b, "effective");
        jb_int(b, -sim_priority(m, i));
        const rtos_kernel *k = sim_global_peek(m, &rtos_kernel_global);
        const rtos_tcb *t = k && k->task[id].used.v ? &k->task[id] : NULL;
        jb_key(b, "state");
        jb_str(b, rtos_state_name(t ? t->state.v : RTOS_READY));
        jb_key(b, "wake_tick");
        if (t && t->state.v == RTOS_DELAYED)
            jb_int(b, t->wake_tick.v);
        else
            jb_raw(b, "null");
        jb_key(b, "mutexes_held");
        jb_int(b, t ? t->mutexes_held.v : 0);
        jb_raw(b, "}");
    }
    jb_raw(b, "]");
    jb_raw(b, "}");
}

static const script_type *const rtos_types[] = {&type_rtos_kernel, &type_rtos_sem, &type_rtos_mutex,
                                                &type_rtos_shared_counter, NULL};

const script_engine engine_rtos = {
    .name = "rtos",
    .summary = "a small preemptive RTOS: prioritized tasks, a 1 ms tick, interrupts, the bitmap "
               "semaphore, mutexes with priority inheritance",
    .variants = rtos_variants,
    .types = rtos_types,
    .describe = rtos_engine_describe,
    .model = "rtos",
    .smaller_priority_first = true,
};
