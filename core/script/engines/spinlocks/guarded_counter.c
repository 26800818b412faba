/*
 * Scenario binding of the `guarded_counter` type: the data a critical
 * section updates (`increment count` between `lock m` and `unlock m`).
 * Invariant: the object is the engine's counter and nothing else; which lock
 * guards it is the scenario's business, as it is the program's in C.
 */
#include "../../../engines/spinlocks/guarded_counter.h"
#include "binding.h"

_Static_assert(sizeof(guarded_counter) <= SPINLOCK_FOOTPRINT,
               "a guarded_counter outgrew its footprint");

static int guarded_setup(void *o, const int64_t *params, char *err, size_t es)
{
    (void)params, (void)err, (void)es;
    guarded_counter_init(o);
    return 0;
}

static int64_t guarded_increment_op(void *o, const int64_t *args)
{
    (void)args;
    guarded_counter_increment(o);
    return 0;
}

static int64_t guarded_value(const void *o) { return ((const guarded_counter *)o)->count.v; }

static const script_op guarded_ops[] = {{.name = "increment", .run = guarded_increment_op}};
static const script_field guarded_fields[] = {{.name = "value", .read = guarded_value}};

const script_type type_guarded_counter = {
    .name = "guarded_counter",
    .engine = "spinlocks",
    .summary = "the data a critical section updates: increment is count++ as a relaxed load and "
               "a relaxed store, ordered with other holders only by the lock",
    .size = sizeof(guarded_counter),
    .footprint = SPINLOCK_FOOTPRINT,
    .init = guarded_setup,
    SCRIPT_OPS(guarded_ops),
    SCRIPT_FIELDS(guarded_fields),
};
