/*
 * The shared_counter of engine rtos: the experiment's counter.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

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
    {.name = "poll", SCRIPT_ARGS("at_least"), .run = rtos_op_poll},
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
    SCRIPT_PARAMS("initial"),
    .init = rtos_counter_setup,
    SCRIPT_OPS(rtos_counter_ops),
    SCRIPT_FIELDS(rtos_counter_fields),
};
