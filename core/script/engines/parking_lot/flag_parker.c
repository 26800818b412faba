/*
 * Scenario binding of the `flag_parker` type: `wait p` returns once the flag
 * is set, `set p` sets it and wakes the waiter.  Invariant: the object is the
 * engine's flag_parker and nothing else.
 */
#include "../../../engines/parking_lot/flag_parker.h"
#include "binding.h"

/* Every flag parker takes 64 bytes of address space, on any word size. */
#define FLAG_PARKER_FOOTPRINT 64
_Static_assert(sizeof(flag_parker) <= FLAG_PARKER_FOOTPRINT, "a flag_parker outgrew its footprint");

static int flag_parker_setup(void *o, const int64_t *params, char *err, size_t es)
{
    (void)params, (void)err, (void)es;
    flag_parker_init(o);
    return 0;
}

static int64_t flag_parker_wait_op(void *o, const int64_t *args)
{
    (void)args;
    flag_parker_wait(o);
    return 0;
}

static int64_t flag_parker_set_op(void *o, const int64_t *args)
{
    (void)args;
    flag_parker_set(o);
    return 0;
}

static int64_t flag_parker_flag(const void *o) { return ((const flag_parker *)o)->flag.v; }
static int64_t flag_parker_woken(const void *o) { return ((const flag_parker *)o)->woken.v; }

static const script_op flag_parker_ops[] = {
    {.name = "wait", .run = flag_parker_wait_op},
    {.name = "set", .run = flag_parker_set_op},
};
static const script_field flag_parker_fields[] = {
    {.name = "flag", .read = flag_parker_flag},
    {.name = "woken", .read = flag_parker_woken},
};

const script_type type_flag_parker = {
    .name = "flag_parker",
    .engine = "parking_lot",
    .summary = "a flag a thread waits for with a parker made of one atomic word: wait prepares "
               "(woken = 0), checks the flag and sleeps while woken is 0; set sets the flag and "
               "wakes it",
    .size = sizeof(flag_parker),
    .footprint = FLAG_PARKER_FOOTPRINT,
    .init = flag_parker_setup,
    SCRIPT_OPS(flag_parker_ops),
    SCRIPT_FIELDS(flag_parker_fields),
};
