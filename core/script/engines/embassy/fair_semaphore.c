/*
 * FairSemaphore<N> of engine embassy, with the STOP signal of the cancellation
 * example, and why a waiter is stuck (the lost wake's provenance).
 *
 * The provenance is the binding's, not the primitive's: the binding sees
 * every poll and drop of an acquire (it wraps the future) and every release
 * and set, and reads after each what the primitive did inside its critical
 * section, where nothing else ran: the head it woke (a wake leaves the head
 * in its slot), whether a head's acquire was dropped, whether it had been
 * woken and not polled since.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

typedef struct embassy_fair_obj {
    embassy_fair_semaphore s;
    /* The provenance (kept here, after s and before stop, where the
     * primitive once kept it, so that no cell of stop moves): the last wake
     * of a head (-1: none yet), and the last head dropped. */
    int16_t woke, woken_by; /* task woken, and by whom */
    int16_t dropped;        /* whose head acquire was dropped, or -1 */
    uint8_t dropped_woken;  /* it had been woken and not polled since */
    uint8_t dropped_passed; /* its drop woke the next head */
    embassy_signal stop;    /* select(stop.wait(), s.acquire(n)) */
} embassy_fair_obj;

/* After an operation that woke the head, if anybody is queued: the primitive
 * pops the empty slots first, so the head is slot 0. */
static void embassy_fair_saw_head_woken(embassy_fair_obj *o)
{
    if (o->s.len.v == 0)
        return;
    o->woke = (int16_t)embassy_fair_waiter(&o->s, 0);
    o->woken_by = (int16_t)plat_task_self();
}

/* An acquire as the binding awaits it: the engine's future, its poll and
 * drop seen on their way. */
typedef struct embassy_fair_seen {
    embassy_future future;
    embassy_fair_acquire acquire;
    embassy_fair_obj *o;
} embassy_fair_seen;

static embassy_poll embassy_fair_seen_poll(embassy_future *fut)
{
    embassy_fair_seen *w = (embassy_fair_seen *)fut;
    embassy_fair_obj *o = w->o;
    bool queued = w->acquire.ticket >= 0;
    embassy_poll r = w->acquire.future.poll(&w->acquire.future);
    if (!queued)
        return r; /* a first poll: it took at once, found the queue full, or queued */
    /* A queued acquire is ready only when, as the head, it took; pending,
     * it is the head when its ticket is next.  Polled as the head, the wake
     * it had reached it. */
    bool head = r == EMBASSY_READY || (uint32_t)w->acquire.ticket == o->s.next_ticket.v;
    if (head && o->woke == plat_task_self())
        o->woke = -1;
    if (r == EMBASSY_READY && o->s.permits.v > 0 && !o->s.no_chained_wake)
        embassy_fair_saw_head_woken(o); /* the chained wake: permits remain */
    return r;
}

static void embassy_fair_seen_drop(embassy_future *fut)
{
    embassy_fair_seen *w = (embassy_fair_seen *)fut;
    embassy_fair_obj *o = w->o;
    bool queued = !w->acquire.done && w->acquire.ticket >= 0;
    w->acquire.future.drop(&w->acquire.future);
    if (!queued)
        return;
    /* It was the head iff its ticket was next: the drop then either left
     * next_ticket there (fair_cancel_bug) or popped past it. */
    if ((int32_t)(o->s.next_ticket.v - (uint32_t)w->acquire.ticket) < 0)
        return;
    int me = plat_task_self();
    o->dropped = (int16_t)me;
    o->dropped_woken = o->woke == me;
    o->dropped_passed = !o->s.cancel_bug;
    if (!o->s.cancel_bug)
        embassy_fair_saw_head_woken(o); /* it handed the wake on */
}

/* s.acquire(n) on object o, seen by the binding: await &f->future. */
static void embassy_fair_seen_init(embassy_fair_seen *f, embassy_fair_obj *o, uint32_t n)
{
    embassy_fair_acquire_init(&f->acquire, &o->s, n);
    f->future = (embassy_future){embassy_fair_seen_poll, embassy_fair_seen_drop};
    f->o = o;
}

static int embassy_fair_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (embassy_check_count(params[0], "permits", 1000000, err, es))
        return -1;
    if (params[1] < 1 || params[1] > EMBASSY_FAIR_MAX) {
        snprintf(err, es, "n (the wait queue's size) must be between 1 and %d", EMBASSY_FAIR_MAX);
        return -1;
    }
    embassy_fair_obj *fo = o;
    embassy_fair_init(&fo->s, (uint32_t)params[0], (uint8_t)params[1]);
    fo->woke = fo->woken_by = fo->dropped = -1;
    return 0;
}

static int64_t embassy_fair_release_op(void *o, const int64_t *args)
{
    embassy_fair_release(&((embassy_fair_obj *)o)->s, (uint32_t)args[0]);
    if ((uint32_t)args[0] != 0)
        embassy_fair_saw_head_woken(o); /* release(0) wakes nobody */
    return 0;
}

/* Polls, or -1 for Err(WaitQueueFull). */
static int64_t embassy_fair_acquire_op(void *o, const int64_t *args)
{
    embassy_fair_seen f;
    embassy_fair_seen_init(&f, o, (uint32_t)args[0]);
    uint32_t polls = embassy_await(&f.future);
    return f.acquire.result == EMBASSY_WAIT_QUEUE_FULL ? -1 : (int64_t)polls;
}

/* `let _p = s.acquire(n).await;` and the releaser dropped at once (the
 * permits go back), at an await point the learner or the explorer may drop
 * (a drop choice): polls, -1 for WaitQueueFull, 0 if dropped. */
static int64_t embassy_fair_acquire_release_op(void *o, const int64_t *args)
{
    embassy_fair_obj *fo = o;
    embassy_fair_seen f;
    embassy_fair_seen_init(&f, fo, (uint32_t)args[0]);
    bool dropped;
    uint32_t polls = embassy_await_cancellable(&f.future, &dropped);
    if (dropped)
        return 0;
    if (f.acquire.result == EMBASSY_WAIT_QUEUE_FULL)
        return -1;
    embassy_fair_release_op(fo, args); /* the releaser's drop */
    return (int64_t)polls;
}

/* select(stop.wait(), acquire(n)): 0 if stopped (the acquire dropped), else
 * as acquire. */
static int64_t embassy_fair_acquire_or_stop_op(void *o, const int64_t *args)
{
    embassy_fair_obj *fo = o;
    embassy_signal_wait w;
    embassy_signal_wait_init(&w, &fo->stop);
    embassy_fair_seen f;
    embassy_fair_seen_init(&f, fo, (uint32_t)args[0]);
    embassy_select sel;
    embassy_select_init(&sel, &w.future, &f.future);
    uint32_t polls = embassy_await(&sel.future);
    if (sel.winner == 1)
        return 0;
    return f.acquire.result == EMBASSY_WAIT_QUEUE_FULL ? -1 : (int64_t)polls;
}

/* with_timeout(us, acquire(n)): 0 on timeout (the acquire dropped). */
static int64_t embassy_fair_acquire_timeout_op(void *o, const int64_t *args)
{
    embassy_fair_seen f;
    embassy_fair_seen_init(&f, o, (uint32_t)args[0]);
    uint32_t polls;
    if (!embassy_with_timeout(&f.future, args[1], &polls))
        return 0;
    return f.acquire.result == EMBASSY_WAIT_QUEUE_FULL ? -1 : (int64_t)polls;
}

static int64_t embassy_fair_stop_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_signal_signal(&((embassy_fair_obj *)o)->stop);
    return 0;
}

static int64_t embassy_fair_try_op(void *o, const int64_t *args)
{
    return embassy_fair_try_acquire(&((embassy_fair_obj *)o)->s, (uint32_t)args[0]);
}

static int64_t embassy_fair_set_op(void *o, const int64_t *args)
{
    embassy_fair_obj *fo = o;
    if (embassy_fair_set(&fo->s, (uint32_t)args[0]) < (uint32_t)args[0])
        embassy_fair_saw_head_woken(fo); /* an increase wakes the head */
    return 0;
}

static int64_t embassy_fair_permits(const void *o)
{
    return ((const embassy_fair_obj *)o)->s.permits.v;
}
static int64_t embassy_fair_queued(const void *o) { return ((const embassy_fair_obj *)o)->s.len.v; }
static int64_t embassy_fair_next_ticket(const void *o)
{
    return ((const embassy_fair_obj *)o)->s.next_ticket.v;
}
static int64_t embassy_fair_head(const void *o)
{
    return embassy_fair_waiter(&((const embassy_fair_obj *)o)->s, 0);
}

static void embassy_fair_describe(const void *o, sim_machine *m, jbuf *b)
{
    (void)m;
    const embassy_fair_semaphore *s = &((const embassy_fair_obj *)o)->s;
    jb_key(b, "queue");
    jb_raw(b, "[");
    for (int i = 0; i < s->len.v; i++) {
        jb_sep(b);
        jb_int(b, embassy_fair_waiter(s, i));
    }
    jb_raw(b, "]");
}

/* The command line's English for the fair semaphore's three reasons.  Until
 * the run is stuck ("final") a head not woken may still be: a release is on
 * its way, or another release may come; only a stuck run has lost the wake. */
static const char *embassy_wake_verdict(const sim_blocked *r)
{
    return sim_blocked_arg_of(r, "final") ? "never woken" : "not woken yet";
}
/* "1 permit", "2 permits": the learner reads a count, not a "(s)". */
static const char *embassy_permits_word(long long n) { return n == 1 ? "permit" : "permits"; }
static void embassy_say_dropped_head(const sim_blocked *r, char *buf, size_t size)
{
    long long permits = sim_blocked_num_of(r, "permits", 0);
    snprintf(buf, size,
             "%s: queued on %s with %lld %s free; release by %s woke %s, "
             "the head, whose acquire was then dropped without waking the next waiter",
             embassy_wake_verdict(r), sim_blocked_text_of(r, "object"), permits,
             embassy_permits_word(permits), sim_blocked_text_of(r, "releaser"),
             sim_blocked_text_of(r, "dropped"));
}
static void embassy_say_unwoken_head(const sim_blocked *r, char *buf, size_t size)
{
    long long permits = sim_blocked_num_of(r, "permits", 0);
    snprintf(buf, size, "%s: heads the queue of %s with %lld %s free, but nobody woke it",
             embassy_wake_verdict(r), sim_blocked_text_of(r, "object"), permits,
             embassy_permits_word(permits));
}
static void embassy_say_queued(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "queued on %s at position %lld, waits for a release",
             sim_blocked_text_of(r, "object"), (long long)sim_blocked_num_of(r, "position", 0));
}

static const sim_blocked_code embassy_dropped_head = {"embassy.fair.dropped_head",
                                                      embassy_say_dropped_head};
static const sim_blocked_code embassy_unwoken_head = {"embassy.fair.unwoken_head",
                                                      embassy_say_unwoken_head};
static const sim_blocked_code embassy_queued = {"embassy.fair.queued", embassy_say_queued};

/* The exact lint for a stuck waiter: it is queued, so only a wake of the
 * head can reach it; if it heads the queue with permits free, the wake it
 * needed was lost, and the provenance says where. */
static bool embassy_fair_explain(const void *o, const char *name, sim_machine *m, int actor,
                                 sim_blocked *r)
{
    const embassy_fair_obj *fo = o;
    const embassy_fair_semaphore *s = &fo->s;
    int pos = -1;
    for (int i = 0; i < s->len.v; i++)
        if (embassy_fair_waiter(s, i) == actor)
            pos = i;
    if (pos < 0)
        return false;
    int head = 0;
    while (head < s->len.v && embassy_fair_waiter(s, head) < 0)
        head++; /* None slots not popped yet */
    if (pos == head && s->permits.v > 0 && fo->dropped >= 0 && fo->dropped_woken &&
        !fo->dropped_passed) {
        sim_blocked_set(r, &embassy_dropped_head);
        sim_blocked_text(r, "object", name);
        sim_blocked_num(r, "permits", s->permits.v);
        sim_blocked_text(r, "releaser", fo->woken_by >= 0 ? sim_actor_name(m, fo->woken_by) : "?");
        sim_blocked_text(r, "dropped", sim_actor_name(m, fo->dropped));
        if (sim_outcome_of(m) == SIM_STUCK)
            sim_blocked_num(r, "final", 1);
    } else if (pos == head && s->permits.v > 0) {
        sim_blocked_set(r, &embassy_unwoken_head);
        sim_blocked_text(r, "object", name);
        sim_blocked_num(r, "permits", s->permits.v);
        if (sim_outcome_of(m) == SIM_STUCK)
            sim_blocked_num(r, "final", 1);
    } else {
        sim_blocked_set(r, &embassy_queued);
        sim_blocked_text(r, "object", name);
        sim_blocked_num(r, "position", pos);
    }
    return true;
}

static const script_op embassy_fair_ops[] = {
    {.name = "acquire", SCRIPT_ARGS("n"), .run = embassy_fair_acquire_op},
    {.name = "acquire_release", SCRIPT_ARGS("n"), .run = embassy_fair_acquire_release_op},
    {.name = "acquire_or_stop", SCRIPT_ARGS("n"), .run = embassy_fair_acquire_or_stop_op},
    {.name = "acquire_timeout", SCRIPT_ARGS("n", "us"), .run = embassy_fair_acquire_timeout_op},
    {.name = "stop", .run = embassy_fair_stop_op},
    {.name = "try_acquire", SCRIPT_ARGS("n"), .run = embassy_fair_try_op},
    {.name = "release", SCRIPT_ARGS("n"), .run = embassy_fair_release_op},
    {.name = "set", SCRIPT_ARGS("n"), .run = embassy_fair_set_op},
};
static const script_field embassy_fair_fields[] = {
    {.name = "permits", .read = embassy_fair_permits},
    {.name = "queued", .read = embassy_fair_queued},
    {.name = "next_ticket", .read = embassy_fair_next_ticket},
    {.name = "head", .read = embassy_fair_head},
};

/* Every fair semaphore takes 1024 bytes of address space, on any word size. */
#define FAIR_FOOTPRINT 1024
_Static_assert(sizeof(embassy_fair_obj) <= FAIR_FOOTPRINT,
               "a fair semaphore outgrew its footprint");

const script_type type_embassy_fair = {
    .name = "fair_semaphore",
    .engine = "embassy",
    .summary = "FairSemaphore<N>: tickets and a queue of N wakers; only the head may take",
    .size = sizeof(embassy_fair_obj),
    .footprint = FAIR_FOOTPRINT,
    SCRIPT_PARAMS("permits", "n"),
    .param_defaults = {1, 4},
    .init = embassy_fair_setup,
    SCRIPT_OPS(embassy_fair_ops),
    SCRIPT_FIELDS(embassy_fair_fields),
    .describe = embassy_fair_describe,
    .explain_block = embassy_fair_explain,
};
