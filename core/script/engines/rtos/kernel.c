/*
 * The `kernel` object of engine rtos: delay, critical sections, interrupts,
 * LEDs (printed when they change) and a stopwatch.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

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
    {.name = "delay", SCRIPT_ARGS("ms"), .run = rtos_op_delay},
    {.name = "enter_critical", .run = rtos_op_enter_critical},
    {.name = "exit_critical", .run = rtos_op_exit_critical},
    {.name = "raise", SCRIPT_ARGS("actor"), .run = rtos_op_raise},
    {.name = "led_on", SCRIPT_ARGS("led"), .run = rtos_op_led_on},
    {.name = "led_off", SCRIPT_ARGS("led"), .run = rtos_op_led_off},
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
    SCRIPT_PARAMS("cost", "wake_preempts"),
    .param_defaults = {0, 0},
    .param_flags = 1u << 1,
    .init = rtos_kernel_setup,
    SCRIPT_OPS(rtos_kernel_ops),
    SCRIPT_FIELDS(rtos_kernel_fields),
};
