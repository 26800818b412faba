/*
 * Scenario binding of the `tas_lock` type: the test-and-set spinlock.
 * Invariant: the object is the lock followed by the binding's holder; the
 * engine never sees the holder.
 */
#include "../../../engines/spinlocks/tas_lock.h"
#include "binding.h"

typedef struct scripted_tas {
    tas_lock l;
    spin_holder h;
} scripted_tas;
_Static_assert(sizeof(scripted_tas) <= SPINLOCK_FOOTPRINT, "a tas_lock outgrew its footprint");

static int tas_setup(void *o, const int64_t *params, char *err, size_t es)
{
    (void)params, (void)err, (void)es;
    tas_lock_init(&((scripted_tas *)o)->l);
    return 0;
}

static int64_t tas_lock_op(void *o, const int64_t *args)
{
    (void)args;
    scripted_tas *s = o;
    tas_lock_acquire(&s->l);
    spin_holder_take(&s->h);
    return 0;
}

static int64_t tas_unlock_op(void *o, const int64_t *args)
{
    (void)args;
    scripted_tas *s = o;
    if (spin_holder_may_release(&s->h)) {
        spin_holder_drop(&s->h);
        tas_lock_release(&s->l);
    }
    return 0;
}

static int64_t tas_held(const void *o) { return ((const scripted_tas *)o)->l.held.v; }

static const script_op tas_ops[] = {
    {.name = "lock", .run = tas_lock_op},
    {.name = "unlock", .run = tas_unlock_op},
};
static const script_field tas_fields[] = {{.name = "held", .read = tas_held}};

static void tas_describe(const void *o, sim_machine *m, jbuf *b)
{
    spin_holder_json(&((const scripted_tas *)o)->h, m, b);
}

const script_type type_tas_lock = {
    .name = "tas_lock",
    .engine = "spinlocks",
    .summary = "a test-and-set spinlock: one word, taken by swapping in a 1 until a 0 comes back",
    .size = sizeof(scripted_tas),
    .footprint = SPINLOCK_FOOTPRINT,
    .init = tas_setup,
    .ops = tas_ops,
    .n_ops = sizeof tas_ops / sizeof tas_ops[0],
    .fields = tas_fields,
    .n_fields = sizeof tas_fields / sizeof tas_fields[0],
    .describe = tas_describe,
};
