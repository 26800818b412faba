/*
 * The `atomic_counter` object of engine basic: a shared number whose
 * increment is one atomic fetch_add.
 */
#include "binding.h"

_Static_assert(sizeof(atomic_counter) <= COUNTER_FOOTPRINT, "a counter outgrew its footprint");

static int atomic_counter_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (basic_check_initial(params[0], err, es))
        return -1;
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
    .footprint = COUNTER_FOOTPRINT,
    SCRIPT_PARAMS("initial"),
    .init = atomic_counter_setup,
    SCRIPT_OPS(atomic_ops),
    SCRIPT_FIELDS(atomic_fields),
};
