/*
 * The `sem` object of engine rtos.
 *
 * Units and conservation.  A `sem` may declare its `capacity` (the units it
 * was made with, when it is used as a lock or a pool).  The binding keeps,
 * beside it and never seen by the engine, how many units each task holds (a
 * pend that returned OK takes one, a post gives one back), and after every
 * operation checks that free units + held units + units handed to a woken
 * task that has not run yet never exceed the capacity.  Units multiplying is
 * a `conservation` violation; units leaking shows later, as a task that
 * waits forever while nobody holds the semaphore.
 *
 * Timeouts print a line ("B: pend sync timed out at 5000 ms"), as the
 * reference's tasks do.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

typedef struct rtos_scripted_sem {
    rtos_sem s;          /* first: the object's address is the semaphore's */
    int32_t capacity;    /* -1: not declared, no conservation check */
    script_holders held; /* the units each task holds (binding only) */
} rtos_scripted_sem;

static int rtos_sem_setup(void *o, const int64_t *params, char *err, size_t es)
{
    rtos_scripted_sem *x = o;
    if (params[0] < INT16_MIN || params[0] > INT16_MAX) {
        snprintf(err, es, "count must fit in a signed 16-bit number (%d to %d)", INT16_MIN,
                 INT16_MAX);
        return -1;
    }
    if (params[1] < -1 || params[1] > INT16_MAX) {
        snprintf(err, es, "capacity must be from 0 to %d (or -1: not declared)", INT16_MAX);
        return -1;
    }
    rtos_sem_init(&x->s, (int16_t)params[0]);
    x->capacity = (int32_t)params[1];
    return 0;
}

/* Tasks woken by a post of this semaphore that have not run since: each
 * carries a unit (or a paid debt) that is nowhere else yet. */
static int rtos_in_flight(const void *on)
{
    const rtos_kernel *k = rtos_kernel_get();
    int n = 0;
    for (int id = 0; id < RTOS_MAX_TASKS; id++)
        if (k->task[id].used.v && k->task[id].state.v == RTOS_READY && k->task[id].waits_on == on)
            n++;
    return n;
}

/* The units free (a negative count is a debt, not units). */
static int64_t rtos_sem_free(const rtos_scripted_sem *x)
{
    int16_t count = (int16_t)x->s.count.v;
    return count > 0 ? count : 0;
}

static void rtos_sem_check(rtos_scripted_sem *x)
{
    if (x->capacity < 0 || sim_outcome_of(rtos_m()) != SIM_RUNNING)
        return;
    int64_t excess = script_excess(&x->held, x->capacity, rtos_sem_free(x), rtos_in_flight(&x->s));
    if (excess <= 0)
        return;
    int64_t units = x->capacity + excess;
    sim_machine *m = rtos_m();
    char name[48], msg[240];
    sim_object_name(m, x, name, sizeof name);
    snprintf(msg, sizeof msg,
             "units multiplied: %s was made with %d, and now %d are free, %d held and %d "
             "handed to a woken task: %lld in all",
             name, x->capacity, (int16_t)x->s.count.v > 0 ? (int16_t)x->s.count.v : 0,
             (int)x->held.total, rtos_in_flight(&x->s), (long long)units);
    sim_violation(m, "conservation", msg, AT("permit conservation check"));
}

static int64_t rtos_op_pend(void *o, const int64_t *args)
{
    rtos_scripted_sem *x = o;
    if (!rtos_bind_tasks())
        return rtos_end_op(RTOS_ERROR);
    sim_machine *m = rtos_m();
    int me = sim_current_actor(m);
    int r = rtos_sem_pend(&x->s, rtos_ticks(args[0]));
    if (r == RTOS_OK) {
        script_hold(&x->held, me, 1); /* one unit: never out of range */
    } else if (r == RTOS_TIMEOUT) {
        char name[48], text[120];
        sim_object_name(m, x, name, sizeof name);
        snprintf(text, sizeof text, "%s: pend %s timed out at %lld ms", sim_actor_name(m, me), name,
                 (long long)(sim_now(m) / RTOS_TICK_US));
        rtos_say(text);
    }
    rtos_sem_check(x);
    return rtos_end_op(r);
}

static int64_t rtos_op_post(void *o, const int64_t *args)
{
    (void)args;
    rtos_scripted_sem *x = o;
    if (!rtos_bind_tasks())
        return rtos_end_op(RTOS_ERROR);
    int me = sim_current_actor(rtos_m());
    script_unhold(&x->held, me, 1); /* given back before the post: never counted twice */
    int r = rtos_sem_post(&x->s);
    rtos_sem_check(x);
    return rtos_end_op(r);
}

static int64_t rtos_field_count(const void *o)
{
    return (int16_t)((const rtos_scripted_sem *)o)->s.count.v;
}
static int64_t rtos_field_sem_mask(const void *o)
{
    return ((const rtos_scripted_sem *)o)->s.wait_mask.v;
}
static int64_t rtos_field_held(const void *o) { return ((const rtos_scripted_sem *)o)->held.total; }

static const script_op rtos_sem_ops[] = {
    {.name = "pend", SCRIPT_ARGS("timeout_ms"), .run = rtos_op_pend},
    {.name = "post", .run = rtos_op_post},
};

static const script_field rtos_sem_fields[] = {
    {.name = "count", .read = rtos_field_count},
    {.name = "wait_mask", .read = rtos_field_sem_mask},
    {.name = "held", .read = rtos_field_held},
};

static void rtos_sem_describe(const void *o, sim_machine *m, jbuf *b)
{
    const rtos_scripted_sem *x = o;
    jb_key(b, "capacity");
    if (x->capacity >= 0)
        jb_int(b, x->capacity);
    else
        jb_raw(b, "null");
    jb_key(b, "pend_decrements");
    jb_raw(b, x->s.pend_decrements ? "true" : "false");
    jb_key(b, "post_increments");
    jb_raw(b, x->s.post_increments ? "true" : "false");
    jb_key(b, "waiting");
    rtos_mask_json(b, m, x->s.wait_mask.v);
}

/* The command line's English for the semaphore's two reasons. */
static void rtos_say_sem_lost(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size,
             "pends on %s, but its bit is no longer in wait_mask: a post took it out while "
             "the task was still running, and woke nobody (a lost wake-up)",
             sim_blocked_text_of(r, "object"));
}
static void rtos_say_sem_pends(const sim_blocked *r, char *buf, size_t size)
{
    size_t n = sim_say(buf, size, 0, "pends on %s (bit %lld of wait_mask 0x%04llx), count %lld%s",
                       sim_blocked_text_of(r, "object"), (long long)sim_blocked_num_of(r, "bit", 0),
                       (unsigned long long)sim_blocked_num_of(r, "mask", 0),
                       (long long)sim_blocked_num_of(r, "count", 0),
                       sim_blocked_arg_of(r, "timeout") ? ", with a timeout" : ", forever");
    if (sim_blocked_arg_of(r, "holders"))
        n = sim_say(buf, size, n, "; held by %s", sim_blocked_text_of(r, "holders"));
    if (sim_blocked_arg_of(r, "final"))
        sim_say(buf, size, n, "%s",
                sim_blocked_arg_of(r, "unheld") ? "; nobody holds it and nobody will post"
                                                : "; nobody will post");
}

static const sim_blocked_code rtos_sem_lost = {"rtos.sem.lost_wake", rtos_say_sem_lost};
static const sim_blocked_code rtos_sem_pends = {"rtos.sem.pends", rtos_say_sem_pends};

static bool rtos_sem_explain_block(const void *o, const char *name, sim_machine *m, int actor,
                                   sim_blocked *r)
{
    const rtos_scripted_sem *x = o;
    if (sim_pending(m, actor)->kind != SIM_ACT_BLOCK)
        return false;
    int rank = rtos_rank_of(m, actor);
    if (rank < 0 || rank >= RTOS_MAX_TASKS)
        return false;
    int16_t count = (int16_t)x->s.count.v;
    bool in_mask = x->s.wait_mask.v >> rank & 1u;
    const sim_action *p = sim_pending(m, actor);
    if (!in_mask) {
        /* Blocked on this semaphore but no longer in its mask: a post cleared
         * the bit while the task was still running, and woke nobody. */
        const rtos_kernel *k = sim_global_peek(m, &rtos_kernel_global);
        if (!k || k->task[rank].waits_on != &x->s)
            return false;
        sim_blocked_set(r, &rtos_sem_lost);
        sim_blocked_text(r, "object", name);
        return true;
    }
    char holders[80];
    script_holders_names(m, &x->held, holders, sizeof holders);
    sim_blocked_set(r, &rtos_sem_pends);
    sim_blocked_text(r, "object", name);
    sim_blocked_num(r, "bit", rank);
    sim_blocked_num(r, "mask", x->s.wait_mask.v);
    sim_blocked_num(r, "count", count);
    if (p->deadline >= 0)
        sim_blocked_num(r, "timeout", 1);
    if (holders[0])
        sim_blocked_text(r, "holders", holders);
    if (sim_outcome_of(m) == SIM_STUCK) {
        sim_blocked_num(r, "final", 1); /* the run is stuck: nobody will post */
        if (x->held.total == 0)
            sim_blocked_num(r, "unheld", 1);
    }
    return true;
}

/* Every semaphore takes 256 bytes of address space, on any word size. */
#define SEM_FOOTPRINT 256
_Static_assert(sizeof(rtos_scripted_sem) <= SEM_FOOTPRINT, "a semaphore outgrew its footprint");

const script_type type_rtos_sem = {
    .name = "sem",
    .engine = "rtos",
    .summary = "the RTOS semaphore: a signed 16-bit count (negative: tasks waiting) and a "
               "16-bit wait mask; post wakes the lowest set bit",
    .size = sizeof(rtos_scripted_sem),
    .footprint = SEM_FOOTPRINT,
    .signed_cells = 1ull << offsetof(rtos_scripted_sem, s.count), /* int16_t: below 0, tasks wait */
    SCRIPT_PARAMS("count", "capacity"),
    .param_defaults = {0, -1},
    .init = rtos_sem_setup,
    SCRIPT_OPS(rtos_sem_ops),
    SCRIPT_FIELDS(rtos_sem_fields),
    .describe = rtos_sem_describe,
    .explain_block = rtos_sem_explain_block,
};
