/*
 * Scenario binding of the `ttas_lock` type: the test-and-test-and-set
 * spinlock.  Invariant: the object is the lock followed by the binding's
 * holder; the engine never sees the holder.
 */
#include "../../../engines/spinlocks/ttas_lock.h"
#include "binding.h"

typedef struct scripted_ttas {
    ttas_lock l;
    spin_holder h;
} scripted_ttas;
_Static_assert(sizeof(scripted_ttas) <= SPINLOCK_FOOTPRINT, "a ttas_lock outgrew its footprint");

static int ttas_setup(void *o, const int64_t *params, char *err, size_t es)
{
    (void)params, (void)err, (void)es;
    ttas_lock_init(&((scripted_ttas *)o)->l);
    return 0;
}

static int64_t ttas_lock_op(void *o, const int64_t *args)
{
    (void)args;
    scripted_ttas *s = o;
    ttas_lock_acquire(&s->l);
    spin_holder_take(&s->h);
    return 0;
}

static int64_t ttas_unlock_op(void *o, const int64_t *args)
{
    (void)args;
    scripted_ttas *s = o;
    if (spin_holder_may_release(&s->h)) {
        spin_holder_drop(&s->h);
        ttas_lock_release(&s->l);
    }
    return 0;
}

static int64_t ttas_held(const void *o) { return ((const scripted_ttas *)o)->l.held.v; }

static const script_op ttas_ops[] = {
    {.name = "lock", .run = ttas_lock_op},
    {.name = "unlock", .run = ttas_unlock_op},
};
static const script_field ttas_fields[] = {{.name = "held", .read = ttas_held}};

static void ttas_describe(const void *o, sim_machine *m, jbuf *b)
{
    spin_holder_json(&((const scripted_ttas *)o)->h, m, b);
}

const script_type type_ttas_lock = {
    .name = "ttas_lock",
    .engine = "spinlocks",
    .summary = "a test-and-test-and-set spinlock: read the word until it is 0, then swap in a 1",
    .size = sizeof(scripted_ttas),
    .footprint = SPINLOCK_FOOTPRINT,
    .init = ttas_setup,
    .ops = ttas_ops,
    .n_ops = sizeof ttas_ops / sizeof ttas_ops[0],
    .fields = ttas_fields,
    .n_fields = sizeof ttas_fields / sizeof ttas_fields[0],
    .describe = ttas_describe,
};
