/*
 * Scenario bindings of engine `basic`: `counter` and `atomic_counter`.
 */
#include "../../../engines/basic/counter.h"
#include "../../catalog.h"

#include <stdio.h>

static int counter_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (params[0] < 0 || params[0] > UINT32_MAX) {
        snprintf(err, es, "initial must be between 0 and %u", UINT32_MAX);
        return -1;
    }
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
    .n_params = 1,
    .param_names = {"initial"},
    .init = counter_setup,
    .ops = counter_ops,
    .n_ops = 2,
    .fields = counter_fields,
    .n_fields = 1,
};

static int atomic_counter_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (params[0] < 0 || params[0] > UINT32_MAX) {
        snprintf(err, es, "initial must be between 0 and %u", UINT32_MAX);
        return -1;
    }
    atomic_counter_init(o, (uint32_t)params[0]);
    return 0;
}

static int64_t atomic_increment_op(void *o, const int64_t *args)
{
    (void)args;
    atomic_counter_increment(o);
    return 0;
}

static int64_t atomic_get_op(void *o, const int64_t *args)
{
    (void)args;
    return atomic_counter_get(o);
}

static int64_t atomic_value(const void *o) { return ((const atomic_counter *)o)->value.v; }

static const script_op atomic_ops[] = {
    {.name = "increment", .run = atomic_increment_op},
    {.name = "get", .run = atomic_get_op},
};
static const script_field atomic_fields[] = {{.name = "value", .read = atomic_value}};

const script_type type_atomic_counter = {
    .name = "atomic_counter",
    .engine = "basic",
    .summary = "a shared number; increment is one atomic fetch_add",
    .size = sizeof(atomic_counter),
    .n_params = 1,
    .param_names = {"initial"},
    .init = atomic_counter_setup,
    .ops = atomic_ops,
    .n_ops = 2,
    .fields = atomic_fields,
    .n_fields = 1,
};

static const char *const basic_variants[] = {"correct", NULL};
static const script_type *const basic_types[] = {&type_counter, &type_atomic_counter, NULL};

const script_engine engine_basic = {
    .name = "basic",
    .summary = "a shared counter, racy and atomic",
    .variants = basic_variants,
    .types = basic_types,
};
