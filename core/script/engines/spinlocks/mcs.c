/*
 * Scenario binding of the `mcs_lock` type.  Invariant: actor i uses node i of
 * the lock, so "my node" in the engine's labels is always the stepping
 * actor's; the binding's holder sits after the nodes, where the engine never
 * looks.
 */
#include "../../../engines/spinlocks/mcs_lock.h"
#include "binding.h"

/* The lock word, then a 64-byte node per possible actor, then the holder. */
#define MCS_FOOTPRINT 4096
_Static_assert(MCS_MAX_NODES >= SIM_MAX_ACTORS, "every actor needs a node of its own");

typedef struct scripted_mcs {
    mcs_lock l;
    spin_holder h;
} scripted_mcs;
_Static_assert(sizeof(scripted_mcs) <= MCS_FOOTPRINT, "an mcs_lock outgrew its footprint");

static int mcs_setup(void *o, const int64_t *params, char *err, size_t es)
{
    (void)params, (void)err, (void)es;
    mcs_lock_init(&((scripted_mcs *)o)->l);
    return 0;
}

static int64_t mcs_lock_op(void *o, const int64_t *args)
{
    (void)args;
    scripted_mcs *s = o;
    mcs_lock_acquire(&s->l, (unsigned)spin_me());
    spin_holder_take(&s->h);
    return 0;
}

static int64_t mcs_unlock_op(void *o, const int64_t *args)
{
    (void)args;
    scripted_mcs *s = o;
    if (spin_holder_may_release(&s->h)) {
        spin_holder_drop(&s->h);
        mcs_lock_release(&s->l, (unsigned)spin_me());
    }
    return 0;
}

/* tail: 1 + the actor whose node is last in the queue, 0 when the lock is free. */
static int64_t mcs_tail(const void *o) { return ((const scripted_mcs *)o)->l.tail.v; }

/* The `locked` flag of the tail's node (0 when the lock is free): 1 means the
 * last to arrive is still waiting for somebody to hand it the lock. */
static int64_t mcs_tail_locked(const void *o)
{
    const mcs_lock *l = &((const scripted_mcs *)o)->l;
    return l->tail.v == MCS_NONE ? 0 : l->nodes[l->tail.v - 1].locked.v;
}

static const script_op mcs_ops[] = {
    {.name = "lock", .run = mcs_lock_op},
    {.name = "unlock", .run = mcs_unlock_op},
};
static const script_field mcs_fields[] = {
    {.name = "tail", .read = mcs_tail},
    {.name = "tail_locked", .read = mcs_tail_locked},
};

static void mcs_node_name(sim_machine *m, uint32_t id, jbuf *b)
{
    if (id == MCS_NONE || (int)id > sim_actor_count(m))
        jb_raw(b, "null");
    else
        jb_str(b, sim_actor_name(m, (int)id - 1));
}

/* "owner", "tail" (an actor's name or null) and "nodes": one per actor,
 * {"actor", "locked", "next"}, in actor order. */
static void mcs_describe(const void *o, sim_machine *m, jbuf *b)
{
    const scripted_mcs *s = o;
    spin_holder_json(&s->h, m, b);
    jb_key(b, "tail");
    mcs_node_name(m, s->l.tail.v, b);
    jb_key(b, "nodes");
    jb_raw(b, "[");
    for (int i = 0; i < sim_actor_count(m); i++) {
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "actor");
        jb_str(b, sim_actor_name(m, i));
        jb_key(b, "locked");
        jb_int(b, s->l.nodes[i].locked.v);
        jb_key(b, "next");
        mcs_node_name(m, s->l.nodes[i].next.v, b);
        jb_raw(b, "}");
    }
    jb_raw(b, "]");
}

const script_type type_mcs_lock = {
    .name = "mcs_lock",
    .engine = "spinlocks",
    .summary = "an MCS queue lock: join by swapping your node into tail, spin on your own node",
    .size = sizeof(scripted_mcs),
    .footprint = MCS_FOOTPRINT,
    .init = mcs_setup,
    .ops = mcs_ops,
    .n_ops = sizeof mcs_ops / sizeof mcs_ops[0],
    .fields = mcs_fields,
    .n_fields = sizeof mcs_fields / sizeof mcs_fields[0],
    .describe = mcs_describe,
};
