/*
 * The `condvar` object of engine parking_lot: wait (with the mutex the actor
 * locked last, see held.c), notify_one and notify_all.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

typedef struct scripted_condvar {
    condvar cv; /* first: the object's address is the condvar's key */
} scripted_condvar;

/* Every condvar takes 64 bytes of address space, on any word size. */
#define CONDVAR_FOOTPRINT 64
_Static_assert(sizeof(scripted_condvar) <= CONDVAR_FOOTPRINT, "a condvar outgrew its footprint");

static int condvar_setup(void *o, const int64_t *params, char *err, size_t es)
{
    (void)params, (void)err, (void)es;
    condvar_init(&((scripted_condvar *)o)->cv);
    (void)plat_global_get(&mutex_held_global); /* from now on, locks are remembered */
    return 0;
}

static int64_t condvar_wait_op(void *o, const int64_t *args)
{
    (void)args;
    scripted_condvar *c = o;
    sim_machine *m = sim_running();
    scripted_mutex *s = mutex_held_last();
    if (!s) {
        char msg[120];
        snprintf(msg, sizeof msg, "%s waited on a condvar without holding a mutex",
                 sim_actor_name(m, mutex_me()));
        sim_violation(m, "misuse", msg, AT("wait without a mutex"));
        return 0;
    }
    /* The wait lets go of the mutex and takes it back before it returns. */
    mutex_held_drop(s);
    s->owner = 0;
    condvar_wait(&c->cv, &s->m);
    if (sim_outcome_of(m) == SIM_RUNNING) {
        s->owner = (int8_t)(mutex_me() + 1);
        mutex_held_push(s);
    }
    return 0;
}

static int64_t condvar_notify_one_op(void *o, const int64_t *args)
{
    (void)args;
    return condvar_notify_one(&((scripted_condvar *)o)->cv);
}

static int64_t condvar_notify_all_op(void *o, const int64_t *args)
{
    (void)args;
    return condvar_notify_all(&((scripted_condvar *)o)->cv);
}

static int64_t condvar_state(const void *o) { return ((const scripted_condvar *)o)->cv.state.v; }

static const script_op condvar_ops[] = {
    {.name = "wait", .run = condvar_wait_op},
    {.name = "notify_one", .run = condvar_notify_one_op},
    {.name = "notify_all", .run = condvar_notify_all_op},
};
static const script_field condvar_fields[] = {
    {.name = "state", .read = condvar_state},
};

/* "key", "bucket", "mutex" (the name of the mutex its waiters use, or null). */
static void condvar_describe(const void *o, sim_machine *m, jbuf *b)
{
    const scripted_condvar *c = o;
    lot_describe_key(m, o, b);
    jb_key(b, "mutex");
    if (c->cv.mutex) {
        char name[32];
        sim_object_name(m, c->cv.mutex, name, sizeof name);
        jb_str(b, name);
    } else {
        jb_raw(b, "null");
    }
}

/* "waiting on condvar cv (bucket 12) for a notify": the command line's English. */
static void condvar_say_waiting(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "waiting on condvar %s (bucket %lld) for a notify%s",
             sim_blocked_text_of(r, "object"), (long long)sim_blocked_num_of(r, "bucket", 0),
             sim_blocked_arg_of(r, "final") ? "; nobody will notify it" : "");
}

static const sim_blocked_code parking_lot_condvar = {"parking_lot.condvar", condvar_say_waiting};

/* Why a waiter sleeps on a condvar, as data: the condvar, its bucket, and
 * whether the run is stuck (then nobody will notify it). */
static bool condvar_explain_block(const void *o, const char *name, sim_machine *m, int actor,
                                  sim_blocked *r)
{
    const lot *l = lot_if_made(m);
    if (!l || sim_pending(m, actor)->kind != SIM_ACT_PARK)
        return false;
    uintptr_t key = (uintptr_t)sim_vaddr(m, o);
    unsigned bucket = lot_bucket_of(key);
    for (const lot_waiter *w = l->buckets[bucket].head; w; w = w->next) {
        if (w->key == key && w->parker->owner == actor) {
            sim_blocked_set(r, &parking_lot_condvar);
            sim_blocked_text(r, "object", name);
            sim_blocked_num(r, "bucket", bucket);
            if (sim_outcome_of(m) == SIM_STUCK)
                sim_blocked_num(r, "final", 1);
            return true;
        }
    }
    return false;
}

const script_type type_condvar = {
    .name = "condvar",
    .engine = "parking_lot",
    .summary = "a condition variable: wait releases the mutex the actor holds and sleeps; "
               "notify_all wakes one waiter and moves the rest onto the mutex's queue",
    .size = sizeof(scripted_condvar),
    .footprint = CONDVAR_FOOTPRINT,
    .init = condvar_setup,
    SCRIPT_OPS(condvar_ops),
    SCRIPT_FIELDS(condvar_fields),
    .describe = condvar_describe,
    .explain_block = condvar_explain_block,
};
