/*
 * The `mini_mutex` object of engine parking_lot.
 *
 * The mutex itself is one byte and does not know who holds it.  The binding
 * remembers the owner beside it (never seen by the engine) so that a scenario
 * in which B unlocks A's mutex is reported as misuse instead of silently
 * working.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

/* Every mutex takes 64 bytes of address space, on any word size. */
#define MUTEX_FOOTPRINT 64
_Static_assert(sizeof(scripted_mutex) <= MUTEX_FOOTPRINT, "a mini_mutex outgrew its footprint");

static int mutex_setup(void *o, const int64_t *params, char *err, size_t es)
{
    (void)params, (void)err, (void)es;
    mini_mutex_init(&((scripted_mutex *)o)->m);
    return 0;
}

static int64_t mutex_lock_op(void *o, const int64_t *args)
{
    (void)args;
    scripted_mutex *s = o;
    mini_mutex_lock(&s->m);
    s->owner = (int8_t)(mutex_me() + 1);
    mutex_held_push(s);
    return 0;
}

static int64_t mutex_try_lock_op(void *o, const int64_t *args)
{
    (void)args;
    scripted_mutex *s = o;
    bool got = mini_mutex_try_lock(&s->m);
    if (got) {
        s->owner = (int8_t)(mutex_me() + 1);
        mutex_held_push(s);
    }
    return got;
}

static int64_t mutex_unlock_op(void *o, const int64_t *args)
{
    (void)args;
    scripted_mutex *s = o;
    sim_machine *m = sim_running();
    if (s->owner != 0 && s->owner != mutex_me() + 1) {
        char msg[120];
        snprintf(msg, sizeof msg, "%s unlocked a mutex that %s holds",
                 sim_actor_name(m, mutex_me()), sim_actor_name(m, s->owner - 1));
        sim_violation(m, "misuse", msg, AT("unlock by a non-owner"));
        return 0;
    }
    mutex_held_drop(s);
    mini_mutex_unlock(&s->m);
    /* Cleared only now: while unlock runs, the lock is still A's (LOCKED may
     * still be set); with handoff the woken waiter sets itself later. */
    s->owner = 0;
    return 0;
}

static int64_t mutex_state(const void *o) { return ((const scripted_mutex *)o)->m.state.v; }
static int64_t mutex_locked(const void *o) { return (mutex_state(o) & MINI_MUTEX_LOCKED) != 0; }
static int64_t mutex_parked(const void *o) { return (mutex_state(o) & MINI_MUTEX_PARKED) != 0; }

static const script_op mutex_ops[] = {
    {.name = "lock", .run = mutex_lock_op},
    {.name = "unlock", .run = mutex_unlock_op},
    {.name = "try_lock", .run = mutex_try_lock_op},
};
static const script_field mutex_fields[] = {
    {.name = "state", .read = mutex_state},
    {.name = "locked", .read = mutex_locked},
    {.name = "parked", .read = mutex_parked},
};

static void mutex_describe(const void *o, sim_machine *m, jbuf *b)
{
    const scripted_mutex *s = o;
    lot_describe_key(m, o, b);
    jb_key(b, "owner");
    if (s->owner)
        jb_str(b, sim_actor_name(m, s->owner - 1));
    else
        jb_raw(b, "null");
}

/* The parking lot as seen by the simulator (NULL until some mutex made it). */

static const char *mutex_two_bits(int64_t v)
{
    return (const char *[]){"00", "01", "10", "11"}[v & 3];
}

/* "parked on mutex m (bucket 30) since step 34; its validate passed at step
 * 30 with state 11; A's unpark_one on m at step 29 found no waiter and wrote 00
 * at step 31; nobody will unpark it": the command line's English. */
static void mutex_say_parked(const sim_blocked *r, char *buf, size_t size)
{
    const char *object = sim_blocked_text_of(r, "object");
    size_t n = 0;
    n = sim_say(buf, size, n, "parked on mutex %s (bucket %lld)", object,
                (long long)sim_blocked_num_of(r, "bucket", 0));
    if (sim_blocked_arg_of(r, "since"))
        n = sim_say(buf, size, n, " since step %lld", (long long)sim_blocked_num_of(r, "since", 0));
    if (sim_blocked_arg_of(r, "requeued_by"))
        n = sim_say(buf, size, n, "; %s's notify moved it here from a condvar at step %lld",
                    sim_blocked_text_of(r, "requeued_by"),
                    (long long)sim_blocked_num_of(r, "requeued_step", 0));
    if (sim_blocked_arg_of(r, "validate_step"))
        n = sim_say(buf, size, n, "; its validate passed at step %lld with state %s",
                    (long long)sim_blocked_num_of(r, "validate_step", 0),
                    sim_blocked_text_of(r, "validate_state"));
    if (sim_blocked_arg_of(r, "unparker"))
        n = sim_say(
            buf, size, n,
            "; %s's unpark_one on %s at step %lld found no waiter and wrote 00 at step %lld",
            sim_blocked_text_of(r, "unparker"), object,
            (long long)sim_blocked_num_of(r, "unpark_step", 0),
            (long long)sim_blocked_num_of(r, "wrote_step", 0));
    sim_say(buf, size, n, "%s",
            sim_blocked_arg_of(r, "final") ? "; nobody will unpark it" : ", waiting for an unpark");
}

static const sim_blocked_code parking_lot_parked = {"parking_lot.parked", mutex_say_parked};

/* Why a waiter is parked on a mutex, as data (reason "parking_lot.parked",
 * see core/sim/blocked.h): the mutex and its bucket, the step it parked at
 * ("since"), the step its validate passed and the state it saw, and when the
 * trace shows it, whose unpark_one on the same mutex found no waiter and wrote
 * 00 after that validate.  Every step it names is a step of the trace:
 * "since" is the last step the actor took (read from the history, so it
 * holds with the trace off, in the explorer), never the step at which the run
 * ended; the rest is read back from the trace when it is on. */
static void mutex_tell_story(const void *o, const char *name, unsigned bucket, sim_machine *m,
                             int actor, sim_blocked *r)
{
    sim_blocked_set(r, &parking_lot_parked);
    sim_blocked_text(r, "object", name);
    sim_blocked_num(r, "bucket", bucket);
    sim_event_view validate = {0}, wrote, none;
    uint64_t now = sim_steps(m), asleep = sim_last_step_of(m, actor);
    int region = sim_region_of(m, o, NULL);
    if (asleep > 0)
        sim_blocked_num(r, "since", (int64_t)asleep);
    /* A waiter a condvar's notify moved here never validated on this mutex:
     * it last queued in another bucket (the enqueue note's value), and a
     * validate found now would be an older park's. */
    sim_event_view queued, moved;
    bool requeued = sim_trace_find_last(m, actor, -1, "note", "enqueue", asleep, &queued) &&
                    queued.new_value != (int64_t)bucket &&
                    sim_trace_find_last(m, -1, actor, "note", "requeued", now, &moved) &&
                    moved.step > queued.step;
    if (requeued) {
        sim_blocked_text(r, "requeued_by", sim_actor_name(m, moved.actor));
        sim_blocked_num(r, "requeued_step", (int64_t)moved.step);
    }
    if (!requeued &&
        sim_trace_find_last(m, actor, -1, "load", "validate: state == 11?", asleep, &validate)) {
        sim_blocked_num(r, "validate_step", (int64_t)validate.step);
        sim_blocked_text(r, "validate_state", mutex_two_bits(validate.new_value));
        for (uint64_t before = now;;) {
            if (!sim_trace_find_last(m, -1, actor, "store", "callback: write 00", before, &wrote))
                break;
            if (wrote.region == region && wrote.step >= validate.step &&
                sim_trace_find_last(m, wrote.actor, -1, "note", "no waiter", wrote.step, &none)) {
                sim_blocked_text(r, "unparker", sim_actor_name(m, wrote.actor));
                sim_blocked_num(r, "unpark_step", (int64_t)none.step);
                sim_blocked_num(r, "wrote_step", (int64_t)wrote.step);
                break;
            }
            if (wrote.step == 0)
                break;
            before = wrote.step - 1;
        }
    }
    if (sim_pending(m, actor)->deadline >= 0)
        sim_blocked_num(r, "until", sim_pending(m, actor)->deadline); /* a timed park */
    if (sim_outcome_of(m) == SIM_STUCK)
        sim_blocked_num(r, "final", 1); /* the run is stuck: nobody will unpark it */
}

static bool mutex_explain_block(const void *o, const char *name, sim_machine *m, int actor,
                                sim_blocked *r)
{
    const lot *l = lot_if_made(m);
    const sim_action *next = sim_pending(m, actor);
    if (!l || next->kind != SIM_ACT_PARK)
        return false;
    uintptr_t key = (uintptr_t)sim_vaddr(m, o);
    unsigned bucket = lot_bucket_of(key);
    for (const lot_waiter *w = l->buckets[bucket].head; w; w = w->next) {
        if (w->key == key && w->parker->owner == actor) {
            mutex_tell_story(o, name, bucket, m, actor, r);
            return true;
        }
    }
    return false;
}

const script_type type_mini_mutex = {
    .name = "mini_mutex",
    .engine = "parking_lot",
    .summary = "a one-byte mutex (LOCKED 0b01, PARKED 0b10) that parks waiters in the parking lot",
    .size = sizeof(scripted_mutex),
    .footprint = MUTEX_FOOTPRINT,
    .init = mutex_setup,
    SCRIPT_OPS(mutex_ops),
    SCRIPT_FIELDS(mutex_fields),
    .describe = mutex_describe,
    .explain_block = mutex_explain_block,
};

/* ---- the condition variable ------------------------------------------------------ */
