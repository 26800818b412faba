/*
 * The `semaphore` object of engine aqs.
 *
 * Interrupts.  `interrupt s actor=N` is Thread.interrupt() of actor N (0 is
 * the first actor written in the scenario): it sets N's flag and unparks it.
 * It is an operation of the semaphore only because every operation names an
 * object; the flag belongs to the thread, whichever semaphore it waits on.
 * The operations that wait interruptibly (acquire, try_acquire_for, guarded)
 * return -1 when interrupted.
 *
 * Holders and drift.  The semaphore does not know who holds permits; this
 * binding keeps count beside it (never seen by the engine): an actor holds
 * what its acquires took (and what drain took), minus what it released.  A
 * scenario may declare `capacity`: then after every operation, and whenever
 * a guarded body starts, the binding checks that free permits plus held
 * permits do not exceed the capacity (less any reductions).  Releasing more
 * than you hold is where a pool grows; the excess is reported as a `drift`
 * violation.  (Held counts are raised after an acquire and lowered before a
 * release, so in correct code the sum can only be below the capacity while
 * operations are in flight, never above it.)
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

typedef struct aqs_scripted {
    semaphore s;          /* first: the object's address is the semaphore's */
    int32_t capacity;     /* declared by the scenario; -1: none, no drift check */
    int64_t capacity_now; /* the capacity less reductions */
    script_holders held;  /* per actor (binding only) */
} aqs_scripted;

/* Every semaphore takes 512 bytes of address space, on any word size. */
#define SEMAPHORE_FOOTPRINT 512
_Static_assert(sizeof(aqs_scripted) <= SEMAPHORE_FOOTPRINT, "a semaphore outgrew its footprint");

static int32_t aqs_permits_of(const aqs_scripted *x) { return (int32_t)x->s.sync.state.v; }

static int aqs_setup(void *o, const int64_t *params, char *err, size_t es)
{
    aqs_scripted *x = o;
    if (params[0] < INT32_MIN || params[0] > INT32_MAX) {
        snprintf(err, es, "permits must fit in a 32-bit int (%d to %d)", INT32_MIN, INT32_MAX);
        return -1;
    }
    if (params[1] != 0 && params[1] != 1) {
        snprintf(err, es, "fair must be 0 or false (nonfair), 1 or true (fair)");
        return -1;
    }
    if (params[2] < -1 || params[2] > INT32_MAX) {
        snprintf(err, es, "capacity must be from 0 to %d (or -1: not declared)", INT32_MAX);
        return -1;
    }
    semaphore_init(&x->s, (int32_t)params[0], params[1] != 0);
    x->capacity = x->capacity_now = (int32_t)params[2];
    (void)plat_global_get(&aqs_threads_global); /* the thread table exists from the start */
    return 0;
}

static void aqs_end_op(aqs_scripted *x);

/* An argument that must fit in a Java int; out of range is misuse, which
 * ends the operation (the caller returns SEMAPHORE_ERROR). */
static bool aqs_int_arg(int64_t v, const char *op, int32_t *out)
{
    if (v >= INT32_MIN && v <= INT32_MAX) {
        *out = (int32_t)v;
        return true;
    }
    char msg[160];
    snprintf(msg, sizeof msg, "%s: %lld does not fit in a 32-bit int", op, (long long)v);
    sim_violation(sim_running(), "misuse", msg, AT("argument out of range"));
    aqs_end_op(NULL);
    return false;
}

/* A duration argument: negative is 0, and nothing is longer than the
 * scenario language's longest sleep (so a deadline never overflows). */
static int64_t aqs_duration(int64_t us)
{
    return us < 0 ? 0 : us > SCRIPT_MAX_SLEEP_US ? SCRIPT_MAX_SLEEP_US : us;
}

static void aqs_hold(aqs_scripted *x, int actor, int64_t n)
{
    if (!script_hold(&x->held, actor, n))
        sim_violation(sim_running(), "misuse", "one thread may hold at most 2147483647 permits",
                      AT("count the permits this thread holds"));
}

/* Drift: permits free and held beyond the capacity (less reductions).  An
 * undeclared capacity is never exceeded. */
static int64_t aqs_drift_of(const aqs_scripted *x)
{
    return script_excess(&x->held, x->capacity < 0 ? -1 : x->capacity_now, aqs_permits_of(x), 0);
}

static void aqs_check_drift(aqs_scripted *x)
{
    int64_t drift = aqs_drift_of(x);
    if (drift <= 0)
        return;
    sim_machine *m = sim_running();
    char name[48], msg[240];
    sim_object_name(m, x, name, sizeof name);
    int32_t free_now = aqs_permits_of(x);
    snprintf(msg, sizeof msg,
             "permit drift: %s has %d permit%s free and %lld held, %lld more than its "
             "capacity of %lld",
             name, free_now, free_now == 1 || free_now == -1 ? "" : "s", (long long)x->held.total,
             (long long)drift, (long long)x->capacity_now);
    sim_violation(m, "drift", msg, AT("permit drift check"));
}

/* The end of every operation: the drift check.  An operation that ended the
 * run (misuse, drift) may have taken no step at all; one more announced step,
 * never performed now, keeps a program that repeats it from spinning on the
 * host. */
static void aqs_end_op(aqs_scripted *x)
{
    if (x)
        aqs_check_drift(x);
    if (sim_outcome_of(sim_running()) != SIM_RUNNING)
        plat_yield(AT("the run is over"));
}

/* The end of an acquiring operation: the caller holds n more if it got
 * them; returns the semaphore's answer. */
static int64_t aqs_acquired(aqs_scripted *x, int me, int32_t n, int r)
{
    if (r == AQS_ACQUIRED)
        aqs_hold(x, me, n);
    aqs_end_op(x);
    return r;
}

static int64_t aqs_op_acquire(void *o, const int64_t *args)
{
    aqs_scripted *x = o;
    int32_t n = 0; /* set by aqs_int_arg */
    if (!aqs_int_arg(args[0], "acquire", &n))
        return SEMAPHORE_ERROR;
    int me = aqs_me();
    int r = semaphore_acquire(&x->s, n, aqs_thread_of(me));
    return aqs_acquired(x, me, n, r);
}

static int64_t aqs_op_acquire_uninterruptibly(void *o, const int64_t *args)
{
    aqs_scripted *x = o;
    int32_t n = 0; /* set by aqs_int_arg */
    if (!aqs_int_arg(args[0], "acquire_uninterruptibly", &n))
        return SEMAPHORE_ERROR;
    int me = aqs_me();
    int r = semaphore_acquire_uninterruptibly(&x->s, n, aqs_thread_of(me));
    return aqs_acquired(x, me, n, r);
}

static int64_t aqs_op_try_acquire(void *o, const int64_t *args)
{
    aqs_scripted *x = o;
    int32_t n = 0; /* set by aqs_int_arg */
    if (!aqs_int_arg(args[0], "try_acquire", &n))
        return SEMAPHORE_ERROR;
    bool got = semaphore_try_acquire(&x->s, n);
    if (got)
        aqs_hold(x, aqs_me(), n);
    aqs_end_op(x);
    return got;
}

static int64_t aqs_op_try_acquire_for(void *o, const int64_t *args)
{
    aqs_scripted *x = o;
    int32_t n = 0; /* set by aqs_int_arg */
    if (!aqs_int_arg(args[0], "try_acquire_for", &n))
        return SEMAPHORE_ERROR;
    int me = aqs_me();
    int r = semaphore_try_acquire_for(&x->s, n, aqs_duration(args[1]), aqs_thread_of(me));
    return aqs_acquired(x, me, n, r);
}

static int64_t aqs_op_release(void *o, const int64_t *args)
{
    aqs_scripted *x = o;
    int32_t n = 0; /* set by aqs_int_arg */
    if (!aqs_int_arg(args[0], "release", &n))
        return SEMAPHORE_ERROR;
    if (n > 0)
        script_unhold(&x->held, aqs_me(), n);
    semaphore_release(&x->s, n);
    aqs_end_op(x);
    return 0;
}

static int64_t aqs_op_available(void *o, const int64_t *args)
{
    (void)args;
    int32_t permits = semaphore_available_permits(&((aqs_scripted *)o)->s);
    aqs_end_op(o);
    return permits;
}

static int64_t aqs_op_drain(void *o, const int64_t *args)
{
    (void)args;
    aqs_scripted *x = o;
    int32_t drained = semaphore_drain_permits(&x->s);
    aqs_hold(x, aqs_me(), drained); /* a debt cleared counts as held below zero */
    aqs_end_op(x);
    return drained;
}

static int64_t aqs_op_reduce(void *o, const int64_t *args)
{
    aqs_scripted *x = o;
    int32_t n = 0; /* set by aqs_int_arg */
    if (!aqs_int_arg(args[0], "reduce", &n))
        return SEMAPHORE_ERROR;
    semaphore_reduce_permits(&x->s, n);
    if (x->capacity >= 0 && n > 0) /* (an error ends the run: no need to undo this) */
        x->capacity_now -= n;
    aqs_end_op(x);
    return 0;
}

/* The body of a guarded call: hold the permits for a virtual duration. */
typedef struct aqs_body {
    aqs_scripted *x;
    int actor;
    int32_t permits;
    int64_t hold_us;
} aqs_body;

static void aqs_op_body(void *arg)
{
    aqs_body *b = arg;
    aqs_hold(b->x, b->actor, b->permits);
    aqs_check_drift(b->x);
    plat_sleep_until(plat_now(AT("now")) + b->hold_us, AT("hold the permits (the call)"));
    script_unhold(&b->x->held, b->actor, b->permits);
}

static int64_t aqs_op_guarded(void *o, const int64_t *args)
{
    aqs_scripted *x = o;
    aqs_body b = {.x = x, .actor = aqs_me(), .hold_us = aqs_duration(args[1])};
    if (!aqs_int_arg(args[0], "guarded", &b.permits))
        return SEMAPHORE_ERROR;
    int r = semaphore_guarded(&x->s, b.permits, aqs_thread_of(b.actor), aqs_op_body, &b);
    aqs_end_op(x);
    return r;
}

static int64_t aqs_op_try_guarded(void *o, const int64_t *args)
{
    aqs_scripted *x = o;
    aqs_body b = {.x = x, .actor = aqs_me(), .hold_us = aqs_duration(args[1])};
    if (!aqs_int_arg(args[0], "try_guarded", &b.permits))
        return SEMAPHORE_ERROR;
    bool ran = semaphore_try_guarded(&x->s, b.permits, aqs_op_body, &b);
    aqs_end_op(x);
    return ran;
}

static int64_t aqs_op_interrupt(void *o, const int64_t *args)
{
    sim_machine *m = sim_running();
    if (args[0] < 0 || args[0] >= sim_actor_count(m)) {
        char msg[160];
        snprintf(msg, sizeof msg,
                 "interrupt: there is no actor %lld (actors are numbered from 0, in the order "
                 "the scenario lists them; it has %d)",
                 (long long)args[0], sim_actor_count(m));
        sim_violation(m, "misuse", msg, AT("interrupt whom?"));
        aqs_end_op(NULL);
        return 0;
    }
    aqs_thread_interrupt(aqs_thread_of((int)args[0]));
    aqs_end_op(o);
    return 0;
}

static int64_t aqs_op_interrupted(void *o, const int64_t *args)
{
    (void)args;
    bool was = aqs_thread_interrupted(aqs_thread_of(aqs_me()));
    aqs_end_op(o);
    return was;
}

static const script_op aqs_semaphore_ops[] = {
    {.name = "acquire", SCRIPT_ARGS("permits"), .run = aqs_op_acquire},
    {.name = "acquire_uninterruptibly",
     SCRIPT_ARGS("permits"),
     .run = aqs_op_acquire_uninterruptibly},
    {.name = "try_acquire", SCRIPT_ARGS("permits"), .run = aqs_op_try_acquire},
    {.name = "try_acquire_for", SCRIPT_ARGS("permits", "timeout"), .run = aqs_op_try_acquire_for},
    {.name = "release", SCRIPT_ARGS("permits"), .run = aqs_op_release},
    {.name = "available", .run = aqs_op_available},
    {.name = "drain", .run = aqs_op_drain},
    {.name = "reduce", SCRIPT_ARGS("reductions"), .run = aqs_op_reduce},
    {.name = "guarded", SCRIPT_ARGS("permits", "hold"), .run = aqs_op_guarded},
    {.name = "try_guarded", SCRIPT_ARGS("permits", "hold"), .run = aqs_op_try_guarded},
    {.name = "interrupt", SCRIPT_ARGS("actor"), .run = aqs_op_interrupt},
    {.name = "interrupted", .run = aqs_op_interrupted},
};

static int64_t aqs_field_permits(const void *o) { return aqs_permits_of(o); }
static int64_t aqs_field_queued(const void *o)
{
    return aqs_queue_length(&((const aqs_scripted *)o)->s.sync);
}
static int64_t aqs_field_fair(const void *o) { return ((const aqs_scripted *)o)->s.fair; }
static int64_t aqs_field_held(const void *o) { return ((const aqs_scripted *)o)->held.total; }
static int64_t aqs_field_peak_held(const void *o) { return ((const aqs_scripted *)o)->held.peak; }
static int64_t aqs_field_drift(const void *o) { return aqs_drift_of(o); }
static int64_t aqs_field_first(const void *o)
{
    return (int64_t)((const aqs_scripted *)o)->s.sync.first.v - 1;
}

static const script_field aqs_semaphore_fields[] = {
    {.name = "permits", .read = aqs_field_permits},
    {.name = "queued", .read = aqs_field_queued},
    {.name = "fair", .read = aqs_field_fair},
    {.name = "held", .read = aqs_field_held},
    {.name = "peak_held", .read = aqs_field_peak_held},
    {.name = "drift", .read = aqs_field_drift},
    {.name = "first", .read = aqs_field_first},
};

static const char *aqs_status_name(uint32_t status)
{
    return status == 0              ? "0"
           : status == AQS_WAITING  ? "WAITING"
           : status & AQS_CANCELLED ? "CANCELLED"
                                    : "?";
}

static void aqs_actor_or_null(jbuf *b, sim_machine *m, int actor)
{
    if (actor >= 0)
        jb_str(b, sim_actor_name(m, actor));
    else
        jb_raw(b, "null");
}

/* "fair", "capacity", "queue": [{actor, status, wants}], "holders": [{actor, permits}] */
static void aqs_semaphore_describe(const void *o, sim_machine *m, jbuf *b)
{
    const aqs_scripted *x = o;
    jb_key(b, "fair");
    jb_raw(b, x->s.fair ? "true" : "false");
    jb_key(b, "capacity");
    if (x->capacity >= 0)
        jb_int(b, x->capacity_now);
    else
        jb_raw(b, "null");
    jb_key(b, "first");
    aqs_actor_or_null(b, m, (int)x->s.sync.first.v - 1);
    jb_key(b, "queue");
    jb_raw(b, "[");
    for (const aqs_node *n = x->s.sync.head.next; n; n = n->next) {
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "actor");
        aqs_actor_or_null(b, m, n->waiter ? (int)n->waiter->id - 1 : -1);
        jb_key(b, "status");
        jb_str(b, aqs_status_name(n->status.v));
        jb_key(b, "wants");
        jb_int(b, n->wants);
        jb_raw(b, "}");
    }
    jb_raw(b, "]");
    script_holders_json(b, m, &x->held, "holders", "actor");
}

static const char *aqs_ordinal(unsigned n)
{
    static const char *const names[] = {"1st", "2nd", "3rd", "4th", "5th",
                                        "6th", "7th", "8th", "9th", "10th"};
    return n >= 1 && n <= 10 ? names[n - 1] : "later";
}

/* "parked in the queue of s (2nd in line, wants 1, status WAITING) while s
 * has 0 permits free; nobody will unpark it": the command line's English. */
static void aqs_say_queued(const sim_blocked *r, char *buf, size_t size)
{
    const char *object = sim_blocked_text_of(r, "object");
    int64_t permits = sim_blocked_num_of(r, "permits", 0);
    snprintf(buf, size,
             "parked in the queue of %s (%s in line, wants %lld, status %s) while %s has %lld "
             "permit%s free%s",
             object, aqs_ordinal((unsigned)sim_blocked_num_of(r, "position", 0)),
             (long long)sim_blocked_num_of(r, "wants", 0), sim_blocked_text_of(r, "status"), object,
             (long long)permits, permits == 1 || permits == -1 ? "" : "s",
             sim_blocked_arg_of(r, "final") ? "; nobody will unpark it" : "");
}

static const sim_blocked_code aqs_queued = {"aqs.queued", aqs_say_queued};

static bool aqs_semaphore_explain_block(const void *o, const char *name, sim_machine *m, int actor,
                                        sim_blocked *r)
{
    const aqs_scripted *x = o;
    if (sim_pending(m, actor)->kind != SIM_ACT_PARK)
        return false;
    unsigned pos = 0;
    for (const aqs_node *n = x->s.sync.head.next; n; n = n->next) {
        pos++;
        if (!n->waiter || n->waiter->id != (uint32_t)actor + 1)
            continue;
        sim_blocked_set(r, &aqs_queued);
        sim_blocked_text(r, "object", name);
        sim_blocked_num(r, "position", pos);
        sim_blocked_num(r, "wants", n->wants);
        sim_blocked_text(r, "status", aqs_status_name(n->status.v));
        sim_blocked_num(r, "permits", aqs_permits_of(x));
        if (sim_pending(m, actor)->deadline >= 0)
            sim_blocked_num(r, "until", sim_pending(m, actor)->deadline); /* a timed park */
        if (sim_outcome_of(m) == SIM_STUCK)
            sim_blocked_num(r, "final", 1); /* the run is stuck: nobody will unpark it */
        return true;
    }
    return false;
}

const script_type type_semaphore = {
    .name = "semaphore",
    .engine = "aqs",
    .summary = "a Java-style counting semaphore: permits in one int, a FIFO queue of waiting "
               "threads; nonfair (barging) or fair",
    .size = sizeof(aqs_scripted),
    .footprint = SEMAPHORE_FOOTPRINT,
    .signed_cells = 1ull << offsetof(aqs_scripted, s.sync.state), /* a Java int: may go below 0 */
    SCRIPT_PARAMS("permits", "fair", "capacity"),
    .param_defaults = {1, 0, -1},
    .param_flags = 1u << 1, /* fair: false or true, as Java's Semaphore(int, boolean) */
    .init = aqs_setup,
    SCRIPT_OPS(aqs_semaphore_ops),
    SCRIPT_FIELDS(aqs_semaphore_fields),
    .describe = aqs_semaphore_describe,
    .explain_block = aqs_semaphore_explain_block,
};
