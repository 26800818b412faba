/*
 * Scenario binding of the `peterson_lock` type: Peterson's lock for two
 * threads.  Invariant: the scenario's first actor is thread 0 and its second
 * thread 1; a third actor that locks it is a misuse, reported as such, and
 * never reaches the engine (whose arrays have two places).
 */
#include "../../../engines/spinlocks/peterson_lock.h"
#include "binding.h"

typedef struct scripted_peterson {
    peterson_lock l;
    spin_holder h;
} scripted_peterson;
_Static_assert(sizeof(scripted_peterson) <= SPINLOCK_FOOTPRINT,
               "a peterson_lock outgrew its footprint");

static int peterson_setup(void *o, const int64_t *params, char *err, size_t es)
{
    (void)params, (void)err, (void)es;
    peterson_lock_init(&((scripted_peterson *)o)->l);
    return 0;
}

/* Thread 0 or 1, or -1 (and a misuse ends the run) for any other actor. */
static int peterson_me(void)
{
    int me = spin_me();
    if (me <= 1)
        return me;
    sim_machine *m = sim_running();
    char msg[120];
    snprintf(msg, sizeof msg, "%s is a third thread; Peterson's lock is for two",
             sim_actor_name(m, me));
    sim_violation(m, "misuse", msg, AT("a third thread"));
    return -1;
}

static int64_t peterson_lock_op(void *o, const int64_t *args)
{
    (void)args;
    scripted_peterson *s = o;
    int me = peterson_me();
    if (me < 0)
        return 0;
    peterson_lock_acquire(&s->l, me);
    spin_holder_take(&s->h);
    return 0;
}

static int64_t peterson_unlock_op(void *o, const int64_t *args)
{
    (void)args;
    scripted_peterson *s = o;
    int me = peterson_me();
    if (me >= 0 && spin_holder_may_release(&s->h)) {
        spin_holder_drop(&s->h);
        peterson_lock_release(&s->l, me);
    }
    return 0;
}

/* The values in memory (under tso a store still in a buffer is not here yet). */
static int64_t peterson_flag0(const void *o)
{
    return ((const scripted_peterson *)o)->l.interested[0].v;
}
static int64_t peterson_flag1(const void *o)
{
    return ((const scripted_peterson *)o)->l.interested[1].v;
}
static int64_t peterson_turn(const void *o) { return ((const scripted_peterson *)o)->l.turn.v; }

static const script_op peterson_ops[] = {
    {.name = "lock", .run = peterson_lock_op},
    {.name = "unlock", .run = peterson_unlock_op},
};
static const script_field peterson_fields[] = {
    {.name = "flag0", .read = peterson_flag0},
    {.name = "flag1", .read = peterson_flag1},
    {.name = "turn", .read = peterson_turn},
};

/* Its cells by the fields that show them (the memory views name them so). */
static const sim_cell_name peterson_cells[] = {
    {offsetof(scripted_peterson, l.interested[0]), "flag0"},
    {offsetof(scripted_peterson, l.interested[1]), "flag1"},
    {offsetof(scripted_peterson, l.turn), "turn"},
};

static void peterson_describe(const void *o, sim_machine *m, jbuf *b)
{
    spin_holder_json(&((const scripted_peterson *)o)->h, m, b);
}

const script_type type_peterson_lock = {
    .name = "peterson_lock",
    .engine = "spinlocks",
    .summary = "Peterson's lock for two threads: a flag each and a turn, no read-modify-write",
    .size = sizeof(scripted_peterson),
    .footprint = SPINLOCK_FOOTPRINT,
    .init = peterson_setup,
    .ops = peterson_ops,
    .n_ops = sizeof peterson_ops / sizeof peterson_ops[0],
    .fields = peterson_fields,
    .n_fields = sizeof peterson_fields / sizeof peterson_fields[0],
    SCRIPT_CELLS(peterson_cells),
    .describe = peterson_describe,
};
