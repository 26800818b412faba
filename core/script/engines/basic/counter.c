/*
 * The `counter` object of engine basic: a shared number whose increment is a
 * load and a separate store (the race of the first lesson).
 */
#include "binding.h"

#include <stdio.h>

_Static_assert(sizeof(counter) <= COUNTER_FOOTPRINT, "a counter outgrew its footprint");

int basic_check_initial(int64_t initial, char *err, size_t es)
{
    if (initial < 0 || initial > UINT32_MAX) {
        snprintf(err, es, "initial must be between 0 and %u", UINT32_MAX);
        return -1;
    }
    return 0;
}

static int counter_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (basic_check_initial(params[0], err, es))
        return -1;
    counter_init(o, (uint32_t)params[0]);
    return 0;
}

static int64_t counter_increment_op(void *o, const int64_t *args)
{
    (void)args;
    counter_increment(o);
    return 0;
}

static int64_t counter_get_op(void *o, const int64_t *args)
{
    (void)args;
    return counter_get(o);
}

static int64_t counter_value(const void *o) { return ((const counter *)o)->value.v; }

static const script_op counter_ops[] = {
    {.name = "increment", .run = counter_increment_op},
    {.name = "get", .run = counter_get_op},
};
static const script_field counter_fields[] = {{.name = "value", .read = counter_value}};

const script_type type_counter = {
    .name = "counter",
    .engine = "basic",
    .summary = "a shared number; increment is a load and a separate store",
    .size = sizeof(counter),
    .footprint = COUNTER_FOOTPRINT,
    SCRIPT_PARAMS("initial"),
    .init = counter_setup,
    SCRIPT_OPS(counter_ops),
    SCRIPT_FIELDS(counter_fields),
};
