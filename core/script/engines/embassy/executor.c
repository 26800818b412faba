/*
 * The executor object of engine embassy: Timer::after, Instant::now and what
 * one poll costs; and how late the time driver delivers a deadline.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

typedef struct embassy_executor_obj {
    uint32_t poll_ns;
    int64_t alarm_late_us, alarm_jitter_us;
} embassy_executor_obj;

static int embassy_executor_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (params[0] < 1 || params[0] > 1000000) {
        snprintf(err, es, "poll_ns must be between 1 and 1000000");
        return -1;
    }
    if (params[1] < 0 || params[1] > 10000000) {
        snprintf(err, es, "alarm_late must be between 0 and 10 s");
        return -1;
    }
    if (params[2] < 0 || params[2] > params[1]) {
        snprintf(err, es, "alarm_jitter must be between 0 and alarm_late");
        return -1;
    }
    embassy_executor_obj *ex = o;
    ex->poll_ns = (uint32_t)params[0];
    ex->alarm_late_us = params[1];
    ex->alarm_jitter_us = params[2];
    embassy_executor_set_poll_cost(ex->poll_ns);
    /* a host whose alarm thread runs late, by a varying amount */
    plat_timer_late(ex->alarm_late_us, ex->alarm_jitter_us);
    return 0;
}

static int64_t embassy_after_op(void *o, const int64_t *args)
{
    (void)o;
    embassy_timer t;
    embassy_timer_after(&t, args[0]);
    return embassy_await(&t.future);
}

/* Instant::now().as_millis(): the virtual clock in whole milliseconds. */
static int64_t embassy_now_op(void *o, const int64_t *args)
{
    (void)o, (void)args;
    return plat_now(AT("Instant::now()")) / 1000;
}

static int64_t embassy_poll_ns_field(const void *o)
{
    return ((const embassy_executor_obj *)o)->poll_ns;
}

static const script_op embassy_executor_ops[] = {
    {.name = "after", SCRIPT_ARGS("us"), .run = embassy_after_op},
    {.name = "now", .run = embassy_now_op},
};
static int64_t embassy_alarm_late_field(const void *o)
{
    return ((const embassy_executor_obj *)o)->alarm_late_us;
}

static int64_t embassy_alarm_jitter_field(const void *o)
{
    return ((const embassy_executor_obj *)o)->alarm_jitter_us;
}

static const script_field embassy_executor_fields[] = {
    {.name = "poll_ns", .read = embassy_poll_ns_field},
    {.name = "alarm_late", .read = embassy_alarm_late_field},
    {.name = "alarm_jitter", .read = embassy_alarm_jitter_field}};

/* Every executor takes 1024 bytes of address space, on any word size. */
#define EXECUTOR_FOOTPRINT 1024
_Static_assert(sizeof(embassy_executor_obj) <= EXECUTOR_FOOTPRINT,
               "a executor outgrew its footprint");

const script_type type_embassy_executor = {
    .name = "executor",
    .engine = "embassy",
    .summary = "the async executor: Timer::after, Instant::now (ms), what one poll costs and "
               "how late the time driver delivers a deadline",
    .size = sizeof(embassy_executor_obj),
    .footprint = EXECUTOR_FOOTPRINT,
    SCRIPT_PARAMS("poll_ns", "alarm_late", "alarm_jitter"),
    .param_defaults = {50, 0, 0},
    .init = embassy_executor_setup,
    SCRIPT_OPS(embassy_executor_ops),
    SCRIPT_FIELDS(embassy_executor_fields),
};
