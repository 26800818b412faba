/*
 * Scenario bindings of engine `embassy`: an executor (its timer and poll
 * cost), the async Mutex, RwLock, GreedySemaphore, FairSemaphore<N>,
 * OnceLock, Watch<N>, PubSubChannel and Pipe<N>.
 *
 * Each operation that awaits builds its future on the task's stack and
 * awaits it with embassy_await; its result is what the learner asserts on:
 * the number of polls it took (or -1 for Err(WaitQueueFull), 0 for a
 * cancelled acquire).
 */
#include "../../../engines/embassy/fair_semaphore.h"
#include "../../../engines/embassy/greedy_semaphore.h"
#include "../../../engines/embassy/mutex.h"
#include "../../../engines/embassy/once_lock.h"
#include "../../../engines/embassy/pipe.h"
#include "../../../engines/embassy/pubsub.h"
#include "../../../engines/embassy/rwlock.h"
#include "../../../engines/embassy/select.h"
#include "../../../engines/embassy/signal.h"
#include "../../../engines/embassy/watch.h"
#include "../../catalog.h"

#include <stdio.h>
#include <string.h>

static int embassy_check_count(int64_t v, const char *what, int64_t max, char *err, size_t es)
{
    if (v < 0 || v > max) {
        snprintf(err, es, "%s must be between 0 and %lld", what, (long long)max);
        return -1;
    }
    return 0;
}

/* ---- executor: Timer::after and the poll cost ---------------------------------- */

typedef struct embassy_executor_obj {
    uint32_t poll_ns;
    int64_t alarm_late_us, alarm_jitter_us;
} embassy_executor_obj;

static int embassy_executor_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (params[0] < 1 || params[0] > 1000000) {
        snprintf(err, es, "poll_ns must be between 1 and 1000000");
        return -1;
    }
    if (params[1] < 0 || params[1] > 10000000) {
        snprintf(err, es, "alarm_late must be between 0 and 10 s");
        return -1;
    }
    if (params[2] < 0 || params[2] > params[1]) {
        snprintf(err, es, "alarm_jitter must be between 0 and alarm_late");
        return -1;
    }
    embassy_executor_obj *ex = o;
    ex->poll_ns = (uint32_t)params[0];
    ex->alarm_late_us = params[1];
    ex->alarm_jitter_us = params[2];
    embassy_executor_set_poll_cost(ex->poll_ns);
    /* a host whose alarm thread runs late, by a varying amount */
    plat_timer_late(ex->alarm_late_us, ex->alarm_jitter_us);
    return 0;
}

static int64_t embassy_after_op(void *o, const int64_t *args)
{
    (void)o;
    embassy_timer t;
    embassy_timer_after(&t, args[0]);
    return embassy_await(&t.future);
}

/* Instant::now().as_millis(): the virtual clock in whole milliseconds. */
static int64_t embassy_now_op(void *o, const int64_t *args)
{
    (void)o, (void)args;
    return plat_now(AT("Instant::now()")) / 1000;
}

static int64_t embassy_poll_ns_field(const void *o)
{
    return ((const embassy_executor_obj *)o)->poll_ns;
}

static const script_op embassy_executor_ops[] = {
    {.name = "after", .n_args = 1, .arg_names = {"us"}, .run = embassy_after_op},
    {.name = "now", .run = embassy_now_op},
};
static int64_t embassy_alarm_late_field(const void *o)
{
    return ((const embassy_executor_obj *)o)->alarm_late_us;
}

static int64_t embassy_alarm_jitter_field(const void *o)
{
    return ((const embassy_executor_obj *)o)->alarm_jitter_us;
}

static const script_field embassy_executor_fields[] = {
    {.name = "poll_ns", .read = embassy_poll_ns_field},
    {.name = "alarm_late", .read = embassy_alarm_late_field},
    {.name = "alarm_jitter", .read = embassy_alarm_jitter_field}};

/* Every executor takes 1024 bytes of address space, on any word size. */
#define EXECUTOR_FOOTPRINT 1024
_Static_assert(sizeof(embassy_executor_obj) <= EXECUTOR_FOOTPRINT,
               "a executor outgrew its footprint");

const script_type type_embassy_executor = {
    .name = "executor",
    .engine = "embassy",
    .summary = "the async executor: Timer::after, Instant::now (ms), what one poll costs and "
               "how late the time driver delivers a deadline",
    .size = sizeof(embassy_executor_obj),
    .footprint = EXECUTOR_FOOTPRINT,
    .n_params = 3,
    .param_names = {"poll_ns", "alarm_late", "alarm_jitter"},
    .param_defaults = {50, 0, 0},
    .init = embassy_executor_setup,
    .ops = embassy_executor_ops,
    .n_ops = 2,
    .fields = embassy_executor_fields,
    .n_fields = 3,
};

/* ---- async Mutex ------------------------------------------------------------- */

static int embassy_mutex_setup(void *o, const int64_t *params, char *err, size_t es)
{
    (void)params, (void)err, (void)es;
    embassy_mutex_init(o);
    return 0;
}

static int64_t embassy_lock_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_lock_future f;
    embassy_mutex_lock(&f, o);
    return embassy_await(&f.future);
}

/* with_timeout(us, m.lock()): 1 if locked in time, 0 on timeout.  The lock
 * future is then dropped, which does nothing: its waker stays in the slot. */
static int64_t embassy_lock_timeout_op(void *o, const int64_t *args)
{
    embassy_lock_future f;
    embassy_mutex_lock(&f, o);
    uint32_t polls;
    return embassy_with_timeout(&f.future, args[0], &polls) ? 1 : 0;
}

static int64_t embassy_try_lock_op(void *o, const int64_t *args)
{
    (void)args;
    return embassy_mutex_try_lock(o);
}

static int64_t embassy_unlock_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_mutex_unlock(o);
    return 0;
}

static int64_t embassy_mutex_locked(const void *o) { return ((const embassy_mutex *)o)->locked.v; }
static int64_t embassy_mutex_waker(const void *o)
{
    return embassy_waker_peek(&((const embassy_mutex *)o)->waker);
}

static const script_op embassy_mutex_ops[] = {
    {.name = "lock", .run = embassy_lock_op},
    {.name = "lock_timeout", .n_args = 1, .arg_names = {"us"}, .run = embassy_lock_timeout_op},
    {.name = "try_lock", .run = embassy_try_lock_op},
    {.name = "unlock", .run = embassy_unlock_op},
};
static const script_field embassy_mutex_fields[] = {
    {.name = "locked", .read = embassy_mutex_locked},
    {.name = "waker", .read = embassy_mutex_waker},
};

/* Every mutex takes 256 bytes of address space, on any word size. */
#define MUTEX_FOOTPRINT 256
_Static_assert(sizeof(embassy_mutex) <= MUTEX_FOOTPRINT, "a mutex outgrew its footprint");

const script_type type_embassy_mutex = {
    .name = "async_mutex",
    .engine = "embassy",
    .summary = "embassy-sync's Mutex: a flag and one waker slot; unlock wakes, no hand-off",
    .size = sizeof(embassy_mutex),
    .footprint = MUTEX_FOOTPRINT,
    .init = embassy_mutex_setup,
    .ops = embassy_mutex_ops,
    .n_ops = sizeof embassy_mutex_ops / sizeof embassy_mutex_ops[0],
    .fields = embassy_mutex_fields,
    .n_fields = 2,
};

/* ---- RwLock ------------------------------------------------------------------ */

static int embassy_rwlock_setup(void *o, const int64_t *params, char *err, size_t es)
{
    (void)o, (void)params, (void)err, (void)es;
    return 0;
}

static int64_t embassy_read_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_rwlock_future f;
    embassy_rwlock_read(&f, o);
    return embassy_await(&f.future);
}

static int64_t embassy_write_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_rwlock_future f;
    embassy_rwlock_write(&f, o);
    return embassy_await(&f.future);
}

static int64_t embassy_read_unlock_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_rwlock_read_unlock(o);
    return 0;
}

static int64_t embassy_write_unlock_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_rwlock_write_unlock(o);
    return 0;
}

static int64_t embassy_rwlock_readers(const void *o)
{
    return ((const embassy_rwlock *)o)->readers.v;
}
static int64_t embassy_rwlock_writer(const void *o)
{
    return ((const embassy_rwlock *)o)->writer.v;
}
static int64_t embassy_rwlock_waker(const void *o)
{
    return embassy_waker_peek(&((const embassy_rwlock *)o)->waker);
}

static const script_op embassy_rwlock_ops[] = {
    {.name = "read", .run = embassy_read_op},
    {.name = "write", .run = embassy_write_op},
    {.name = "read_unlock", .run = embassy_read_unlock_op},
    {.name = "write_unlock", .run = embassy_write_unlock_op},
};
static const script_field embassy_rwlock_fields[] = {
    {.name = "readers", .read = embassy_rwlock_readers},
    {.name = "writer", .read = embassy_rwlock_writer},
    {.name = "waker", .read = embassy_rwlock_waker},
};

/* Every rwlock takes 256 bytes of address space, on any word size. */
#define RWLOCK_FOOTPRINT 256
_Static_assert(sizeof(embassy_rwlock) <= RWLOCK_FOOTPRINT, "a rwlock outgrew its footprint");

const script_type type_embassy_rwlock = {
    .name = "async_rwlock",
    .engine = "embassy",
    .summary = "embassy-sync's RwLock: readers, a writer flag and one waker slot",
    .size = sizeof(embassy_rwlock),
    .footprint = RWLOCK_FOOTPRINT,
    .init = embassy_rwlock_setup,
    .ops = embassy_rwlock_ops,
    .n_ops = 4,
    .fields = embassy_rwlock_fields,
    .n_fields = 3,
};

/* ---- GreedySemaphore, with the releaser each task holds ----------------------- */

/* A scenario task keeps the releaser of what it acquired (the permits add
 * up over several acquires) until it drops it (`drop_releaser`: the permits
 * go back) or disarms it (`disarm`: they stay taken).  `release` is the
 * semaphore's own release(n), as after a disarm. */
typedef struct embassy_greedy_obj {
    embassy_greedy_semaphore s;
    uint32_t held[EMBASSY_MAX_TASKS]; /* the permits of each task's releaser */
} embassy_greedy_obj;

static int embassy_greedy_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (embassy_check_count(params[0], "permits", 1000000, err, es))
        return -1;
    embassy_greedy_init(&((embassy_greedy_obj *)o)->s, (uint32_t)params[0]);
    return 0;
}

/* The permits the calling task's releaser holds. */
static uint32_t *embassy_my_held(embassy_greedy_obj *g) { return &g->held[plat_task_self()]; }

/* acquire(n).await: the polls it took; the task's releaser holds n more. */
static int64_t embassy_greedy_acquire_op(void *o, const int64_t *args)
{
    embassy_greedy_obj *g = o;
    embassy_greedy_acquire f;
    embassy_greedy_acquire_init(&f, &g->s, (uint32_t)args[0]);
    uint32_t polls = embassy_await(&f.future);
    *embassy_my_held(g) += embassy_greedy_releaser_of(&f).permits;
    return polls;
}

/* acquire_all(min).await: the permits it took (every one there was). */
static int64_t embassy_greedy_acquire_all_op(void *o, const int64_t *args)
{
    embassy_greedy_obj *g = o;
    embassy_greedy_acquire f;
    embassy_greedy_acquire_all_init(&f, &g->s, (uint32_t)args[0]);
    embassy_await(&f.future);
    uint32_t took = embassy_greedy_releaser_of(&f).permits;
    *embassy_my_held(g) += took;
    return took;
}

static int64_t embassy_greedy_try_op(void *o, const int64_t *args)
{
    embassy_greedy_obj *g = o;
    bool taken = embassy_greedy_try_acquire(&g->s, (uint32_t)args[0]);
    if (taken)
        *embassy_my_held(g) += (uint32_t)args[0];
    return taken;
}

static int64_t embassy_greedy_try_all_op(void *o, const int64_t *args)
{
    embassy_greedy_obj *g = o;
    uint32_t took = embassy_greedy_try_acquire_all(&g->s, (uint32_t)args[0]);
    *embassy_my_held(g) += took;
    return took;
}

/* Dropping the task's releaser: the permits it gave back. */
static int64_t embassy_greedy_drop_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_greedy_obj *g = o;
    uint32_t n = *embassy_my_held(g);
    embassy_greedy_releaser r = {.s = &g->s, .permits = n};
    *embassy_my_held(g) = 0;
    embassy_greedy_releaser_drop(&r);
    return n;
}

/* releaser.disarm(): the permits it held, now never given back. */
static int64_t embassy_greedy_disarm_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_greedy_obj *g = o;
    embassy_greedy_releaser r = {.s = &g->s, .permits = *embassy_my_held(g)};
    *embassy_my_held(g) = 0;
    return embassy_greedy_releaser_disarm(&r);
}

static int64_t embassy_greedy_release_op(void *o, const int64_t *args)
{
    embassy_greedy_release(&((embassy_greedy_obj *)o)->s, (uint32_t)args[0]);
    return 0;
}

static int64_t embassy_greedy_set_op(void *o, const int64_t *args)
{
    embassy_greedy_set(&((embassy_greedy_obj *)o)->s, (uint32_t)args[0]);
    return 0;
}

static int64_t embassy_greedy_permits(const void *o)
{
    return ((const embassy_greedy_obj *)o)->s.permits.v;
}
static int64_t embassy_greedy_waker(const void *o)
{
    return embassy_waker_peek(&((const embassy_greedy_obj *)o)->s.waker);
}
/* Permits the tasks' releasers hold (disarmed ones no longer count). */
static int64_t embassy_greedy_held(const void *o)
{
    const embassy_greedy_obj *g = o;
    int64_t n = 0;
    for (int i = 0; i < EMBASSY_MAX_TASKS; i++)
        n += g->held[i];
    return n;
}

/* "releasers": [{"task", "permits"}] of every task that holds some. */
static void embassy_greedy_describe(const void *o, sim_machine *m, jbuf *b)
{
    const embassy_greedy_obj *g = o;
    jb_key(b, "releasers");
    jb_raw(b, "[");
    for (int i = 0; i < EMBASSY_MAX_TASKS && i < sim_actor_count(m); i++) {
        if (!g->held[i])
            continue;
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "task");
        jb_str(b, sim_actor_name(m, i));
        jb_key(b, "permits");
        jb_int(b, g->held[i]);
        jb_raw(b, "}");
    }
    jb_raw(b, "]");
}

static const script_op embassy_greedy_ops[] = {
    {.name = "acquire", .n_args = 1, .arg_names = {"n"}, .run = embassy_greedy_acquire_op},
    {.name = "acquire_all",
     .n_args = 1,
     .arg_names = {"min"},
     .run = embassy_greedy_acquire_all_op},
    {.name = "try_acquire", .n_args = 1, .arg_names = {"n"}, .run = embassy_greedy_try_op},
    {.name = "try_acquire_all",
     .n_args = 1,
     .arg_names = {"min"},
     .run = embassy_greedy_try_all_op},
    {.name = "drop_releaser", .run = embassy_greedy_drop_op},
    {.name = "disarm", .run = embassy_greedy_disarm_op},
    {.name = "release", .n_args = 1, .arg_names = {"n"}, .run = embassy_greedy_release_op},
    {.name = "set", .n_args = 1, .arg_names = {"n"}, .run = embassy_greedy_set_op},
};
static const script_field embassy_greedy_fields[] = {
    {.name = "permits", .read = embassy_greedy_permits},
    {.name = "waker", .read = embassy_greedy_waker},
    {.name = "held", .read = embassy_greedy_held},
};

/* Every greedy semaphore takes 1024 bytes of address space, on any word size. */
#define GREEDY_FOOTPRINT 1024
_Static_assert(sizeof(embassy_greedy_obj) <= GREEDY_FOOTPRINT,
               "a greedy semaphore outgrew its footprint");

const script_type type_embassy_greedy = {
    .name = "greedy_semaphore",
    .engine = "embassy",
    .summary = "GreedySemaphore: whoever is polled with enough permits takes them",
    .size = sizeof(embassy_greedy_obj),
    .footprint = GREEDY_FOOTPRINT,
    .n_params = 1,
    .param_names = {"permits"},
    .param_defaults = {1},
    .init = embassy_greedy_setup,
    .ops = embassy_greedy_ops,
    .n_ops = 8,
    .fields = embassy_greedy_fields,
    .n_fields = 3,
    .describe = embassy_greedy_describe,
};

/* ---- FairSemaphore<N>, with the STOP signal of the cancellation example -------- */

typedef struct embassy_fair_obj {
    embassy_fair_semaphore s;
    embassy_signal stop; /* select(stop.wait(), s.acquire(n)) */
} embassy_fair_obj;

static int embassy_fair_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (embassy_check_count(params[0], "permits", 1000000, err, es))
        return -1;
    if (params[1] < 1 || params[1] > EMBASSY_FAIR_MAX) {
        snprintf(err, es, "n (the wait queue's size) must be between 1 and %d", EMBASSY_FAIR_MAX);
        return -1;
    }
    embassy_fair_init(&((embassy_fair_obj *)o)->s, (uint32_t)params[0], (uint8_t)params[1]);
    return 0;
}

/* Polls, or -1 for Err(WaitQueueFull). */
static int64_t embassy_fair_acquire_op(void *o, const int64_t *args)
{
    embassy_fair_acquire f;
    embassy_fair_acquire_init(&f, &((embassy_fair_obj *)o)->s, (uint32_t)args[0]);
    uint32_t polls = embassy_await(&f.future);
    return f.result == EMBASSY_WAIT_QUEUE_FULL ? -1 : (int64_t)polls;
}

/* `let _p = s.acquire(n).await;` and the releaser dropped at once (the
 * permits go back), at an await point the learner or the explorer may drop
 * (a drop choice): polls, -1 for WaitQueueFull, 0 if dropped. */
static int64_t embassy_fair_acquire_release_op(void *o, const int64_t *args)
{
    embassy_fair_obj *fo = o;
    embassy_fair_acquire f;
    embassy_fair_acquire_init(&f, &fo->s, (uint32_t)args[0]);
    bool dropped;
    uint32_t polls = embassy_await_cancellable(&f.future, &dropped);
    if (dropped)
        return 0;
    if (f.result == EMBASSY_WAIT_QUEUE_FULL)
        return -1;
    embassy_fair_release(&fo->s, (uint32_t)args[0]); /* the releaser's drop */
    return (int64_t)polls;
}

/* select(stop.wait(), acquire(n)): 0 if stopped (the acquire dropped), else
 * as acquire. */
static int64_t embassy_fair_acquire_or_stop_op(void *o, const int64_t *args)
{
    embassy_fair_obj *fo = o;
    embassy_signal_wait w;
    embassy_signal_wait_init(&w, &fo->stop);
    embassy_fair_acquire f;
    embassy_fair_acquire_init(&f, &fo->s, (uint32_t)args[0]);
    embassy_select sel;
    embassy_select_init(&sel, &w.future, &f.future);
    uint32_t polls = embassy_await(&sel.future);
    if (sel.winner == 1)
        return 0;
    return f.result == EMBASSY_WAIT_QUEUE_FULL ? -1 : (int64_t)polls;
}

/* with_timeout(us, acquire(n)): 0 on timeout (the acquire dropped). */
static int64_t embassy_fair_acquire_timeout_op(void *o, const int64_t *args)
{
    embassy_fair_acquire f;
    embassy_fair_acquire_init(&f, &((embassy_fair_obj *)o)->s, (uint32_t)args[0]);
    uint32_t polls;
    if (!embassy_with_timeout(&f.future, args[1], &polls))
        return 0;
    return f.result == EMBASSY_WAIT_QUEUE_FULL ? -1 : (int64_t)polls;
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

static int64_t embassy_fair_release_op(void *o, const int64_t *args)
{
    embassy_fair_release(&((embassy_fair_obj *)o)->s, (uint32_t)args[0]);
    return 0;
}

static int64_t embassy_fair_set_op(void *o, const int64_t *args)
{
    embassy_fair_set(&((embassy_fair_obj *)o)->s, (uint32_t)args[0]);
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
    return sim_blocked_arg_of(r, "final") ? "lost its waker" : "not woken yet";
}
static void embassy_say_dropped_head(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size,
             "%s: queued on %s with %lld permit(s) free; release by %s woke %s, "
             "the head, whose acquire was then dropped without waking the next waiter",
             embassy_wake_verdict(r), sim_blocked_text_of(r, "object"),
             (long long)sim_blocked_num_of(r, "permits", 0), sim_blocked_text_of(r, "releaser"),
             sim_blocked_text_of(r, "dropped"));
}
static void embassy_say_unwoken_head(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "%s: heads the queue of %s with %lld permit(s) free, but nobody woke it",
             embassy_wake_verdict(r), sim_blocked_text_of(r, "object"),
             (long long)sim_blocked_num_of(r, "permits", 0));
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
    const embassy_fair_semaphore *s = &((const embassy_fair_obj *)o)->s;
    int pos = -1;
    for (int i = 0; i < s->len.v; i++)
        if (embassy_fair_waiter(s, i) == actor)
            pos = i;
    if (pos < 0)
        return false;
    int head = 0;
    while (head < s->len.v && embassy_fair_waiter(s, head) < 0)
        head++; /* None slots not popped yet */
    if (pos == head && s->permits.v > 0 && s->dropped >= 0 && s->dropped_woken &&
        !s->dropped_passed) {
        sim_blocked_set(r, &embassy_dropped_head);
        sim_blocked_text(r, "object", name);
        sim_blocked_num(r, "permits", s->permits.v);
        sim_blocked_text(r, "releaser", s->woken_by >= 0 ? sim_actor_name(m, s->woken_by) : "?");
        sim_blocked_text(r, "dropped", sim_actor_name(m, s->dropped));
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
    {.name = "acquire", .n_args = 1, .arg_names = {"n"}, .run = embassy_fair_acquire_op},
    {.name = "acquire_release",
     .n_args = 1,
     .arg_names = {"n"},
     .run = embassy_fair_acquire_release_op},
    {.name = "acquire_or_stop",
     .n_args = 1,
     .arg_names = {"n"},
     .run = embassy_fair_acquire_or_stop_op},
    {.name = "acquire_timeout",
     .n_args = 2,
     .arg_names = {"n", "us"},
     .run = embassy_fair_acquire_timeout_op},
    {.name = "stop", .run = embassy_fair_stop_op},
    {.name = "try_acquire", .n_args = 1, .arg_names = {"n"}, .run = embassy_fair_try_op},
    {.name = "release", .n_args = 1, .arg_names = {"n"}, .run = embassy_fair_release_op},
    {.name = "set", .n_args = 1, .arg_names = {"n"}, .run = embassy_fair_set_op},
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
    .n_params = 2,
    .param_names = {"permits", "n"},
    .param_defaults = {1, 4},
    .init = embassy_fair_setup,
    .ops = embassy_fair_ops,
    .n_ops = 8,
    .fields = embassy_fair_fields,
    .n_fields = 4,
    .describe = embassy_fair_describe,
    .explain_block = embassy_fair_explain,
};

/* ---- OnceLock ------------------------------------------------------------------ */

static int embassy_once_setup(void *o, const int64_t *params, char *err, size_t es)
{
    (void)params, (void)err, (void)es;
    embassy_once_init(o);
    return 0;
}

static int64_t embassy_once_set_op(void *o, const int64_t *args)
{
    return embassy_once_set(o, (uint32_t)args[0]);
}

/* The value; the polls it took are in the task table. */
static int64_t embassy_once_get_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_once_get f;
    embassy_once_get_init(&f, o);
    embassy_await(&f.future);
    return f.value;
}

static int64_t embassy_once_initialized(const void *o)
{
    return ((const embassy_once_lock *)o)->initialized.v;
}
static int64_t embassy_once_value(const void *o) { return ((const embassy_once_lock *)o)->value.v; }

static const script_op embassy_once_ops[] = {
    {.name = "init", .n_args = 1, .arg_names = {"value"}, .run = embassy_once_set_op},
    {.name = "get", .run = embassy_once_get_op},
};
static const script_field embassy_once_fields[] = {
    {.name = "initialized", .read = embassy_once_initialized},
    {.name = "value", .read = embassy_once_value},
};

/* Every once lock takes 256 bytes of address space, on any word size. */
#define ONCE_FOOTPRINT 256
_Static_assert(sizeof(embassy_once_lock) <= ONCE_FOOTPRINT, "a once lock outgrew its footprint");

const script_type type_embassy_once = {
    .name = "once_lock",
    .engine = "embassy",
    .summary =
        "OnceLock: get wakes itself and returns Pending until the value is set (a busy loop)",
    .size = sizeof(embassy_once_lock),
    .footprint = ONCE_FOOTPRINT,
    .init = embassy_once_setup,
    .ops = embassy_once_ops,
    .n_ops = 2,
    .fields = embassy_once_fields,
    .n_fields = 2,
};

/* ---- Watch<N>, its receivers' ids kept per task --------------------------------- */

typedef struct embassy_watch_obj {
    embassy_watch w;
    uint32_t seen[EMBASSY_MAX_TASKS]; /* each task's receiver: the id it saw last */
} embassy_watch_obj;

static int embassy_watch_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (params[0] < 1 || params[0] > EMBASSY_MULTI_MAX) {
        snprintf(err, es, "n (the wakers it can hold) must be between 1 and %d", EMBASSY_MULTI_MAX);
        return -1;
    }
    embassy_watch_init(&((embassy_watch_obj *)o)->w, (uint8_t)params[0]);
    return 0;
}

static int64_t embassy_watch_send_op(void *o, const int64_t *args)
{
    embassy_watch_send(&((embassy_watch_obj *)o)->w, (uint32_t)args[0]);
    return 0;
}

/* receiver.changed().await (or get()): the value. */
static int64_t embassy_watch_wait_op(embassy_watch_obj *wo, bool changed)
{
    embassy_watch_wait f;
    uint32_t *seen = &wo->seen[plat_task_self()];
    if (changed)
        embassy_watch_changed_init(&f, &wo->w, seen);
    else
        embassy_watch_get_init(&f, &wo->w, seen);
    embassy_await(&f.future);
    return f.value;
}

static int64_t embassy_watch_changed_op(void *o, const int64_t *args)
{
    (void)args;
    return embassy_watch_wait_op(o, true);
}

static int64_t embassy_watch_get_op(void *o, const int64_t *args)
{
    (void)args;
    return embassy_watch_wait_op(o, false);
}

static int64_t embassy_watch_value(const void *o)
{
    return ((const embassy_watch_obj *)o)->w.value.v;
}
static int64_t embassy_watch_id(const void *o) { return ((const embassy_watch_obj *)o)->w.id.v; }
static int64_t embassy_watch_registered(const void *o)
{
    return ((const embassy_watch_obj *)o)->w.wakers.len.v;
}

/* "KEY": [the tasks a MultiWakerRegistration holds, in order]. */
static void embassy_multi_waker_json(jbuf *b, const char *key, const embassy_multi_waker *w)
{
    jb_key(b, key);
    jb_raw(b, "[");
    for (int i = 0; i < w->len.v; i++) {
        jb_sep(b);
        jb_int(b, embassy_multi_waker_peek(w, i));
    }
    jb_raw(b, "]");
}

/* "n" and "wakers": the room of its waker list, and the tasks registered, in order. */
static void embassy_watch_describe(const void *o, sim_machine *m, jbuf *b)
{
    (void)m;
    const embassy_multi_waker *w = &((const embassy_watch_obj *)o)->w.wakers;
    jb_key(b, "n");
    jb_int(b, w->cap);
    embassy_multi_waker_json(b, "wakers", w);
}

static const script_op embassy_watch_ops[] = {
    {.name = "send", .n_args = 1, .arg_names = {"value"}, .run = embassy_watch_send_op},
    {.name = "changed", .run = embassy_watch_changed_op},
    {.name = "get", .run = embassy_watch_get_op},
};
static const script_field embassy_watch_fields[] = {
    {.name = "value", .read = embassy_watch_value},
    {.name = "id", .read = embassy_watch_id},
    {.name = "registered", .read = embassy_watch_registered},
};

/* Every watch takes 512 bytes of address space, on any word size. */
#define WATCH_FOOTPRINT 512
_Static_assert(sizeof(embassy_watch_obj) <= WATCH_FOOTPRINT, "a watch outgrew its footprint");

const script_type type_embassy_watch = {
    .name = "watch",
    .engine = "embassy",
    .summary = "Watch<N>: one value, receivers wait in a MultiWakerRegistration of N wakers",
    .size = sizeof(embassy_watch_obj),
    .footprint = WATCH_FOOTPRINT,
    .n_params = 1,
    .param_names = {"n"},
    .param_defaults = {2},
    .init = embassy_watch_setup,
    .ops = embassy_watch_ops,
    .n_ops = 3,
    .fields = embassy_watch_fields,
    .n_fields = 3,
    .describe = embassy_watch_describe,
};

/* ---- PubSubChannel<CAP, SUBS, PUBS>, each task's subscriber and publisher ---------- */

/* A scenario task holds at most one subscriber and one publisher of a
 * channel.  `publish` goes through the task's own publisher or, when it took
 * none, through one another task took: upstream's publish(&self) lets tasks
 * share a `&'static Publisher`, which is how more tasks than PUBS can wait
 * to publish.  try_publish and publish_immediate need no publisher (an
 * ImmediatePublisher takes no place). */
typedef struct embassy_pubsub_obj {
    embassy_pubsub ch;
    embassy_subscriber subs[EMBASSY_MAX_TASKS]; /* .ch set: the task holds a subscriber */
    uint8_t publisher[EMBASSY_MAX_TASKS];       /* the task holds a publisher */
} embassy_pubsub_obj;

static int embassy_pubsub_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (params[0] < 1 || params[0] > EMBASSY_PUBSUB_CAP_MAX) {
        snprintf(err, es, "cap (the messages it can queue) must be between 1 and %d",
                 EMBASSY_PUBSUB_CAP_MAX);
        return -1;
    }
    for (int i = 1; i <= 2; i++)
        if (params[i] < 1 || params[i] > EMBASSY_MULTI_MAX) {
            snprintf(err, es, "%s must be between 1 and %d", i == 1 ? "subs" : "pubs",
                     EMBASSY_MULTI_MAX);
            return -1;
        }
    embassy_pubsub_init(&((embassy_pubsub_obj *)o)->ch, (uint8_t)params[0], (uint8_t)params[1],
                        (uint8_t)params[2]);
    return 0;
}

/* A message is a number from 0 to 2^31 - 1, so that next_message can say
 * Lagged(n) as -n. */
static bool embassy_pubsub_value_ok(int64_t v)
{
    if (v >= 0 && v <= INT32_MAX)
        return true;
    plat_misuse(AT("pubsub: a message"), "a message must be between 0 and 2147483647");
    return false;
}

/* The calling task's subscriber, or NULL (a misuse) when it holds none. */
static embassy_subscriber *embassy_my_sub(embassy_pubsub_obj *po, const char *op)
{
    embassy_subscriber *sub = &po->subs[plat_task_self()];
    if (sub->ch)
        return sub;
    plat_misuse(AT("pubsub: this task's subscriber"), op);
    return NULL;
}

/* channel.subscriber(): the id of the first message it will read, or -1 for
 * Err(MaximumSubscribersReached). */
static int64_t embassy_pubsub_subscribe_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_pubsub_obj *po = o;
    embassy_subscriber *sub = &po->subs[plat_task_self()];
    if (sub->ch) {
        plat_misuse(AT("pubsub: this task's subscriber"), "this task holds a subscriber already");
        return -1;
    }
    return embassy_pubsub_subscribe(&po->ch, sub) ? (int64_t)sub->next_id : -1;
}

/* Dropping the task's subscriber: how many messages that took out of the queue. */
static int64_t embassy_pubsub_unsubscribe_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_subscriber *sub = embassy_my_sub(o, "unsubscribe: this task holds no subscriber");
    return sub ? embassy_pubsub_unsubscribe(sub) : 0;
}

/* subscriber.next_message().await: the message, or -n for Lagged(n). */
static int64_t embassy_pubsub_next_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_subscriber *sub =
        embassy_my_sub(o, "next_message needs a subscriber (subscribe first)");
    if (!sub)
        return 0;
    embassy_pubsub_next f;
    embassy_pubsub_next_init(&f, sub);
    embassy_await(&f.future);
    return f.lagged ? -(int64_t)f.lagged : (int64_t)f.value;
}

/* channel.publisher(): how many publishers there are now, or -1 for
 * Err(MaximumPublishersReached). */
static int64_t embassy_pubsub_publisher_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_pubsub_obj *po = o;
    uint8_t *mine = &po->publisher[plat_task_self()];
    if (*mine) {
        plat_misuse(AT("pubsub: this task's publisher"), "this task holds a publisher already");
        return -1;
    }
    if (!embassy_pubsub_take_publisher(&po->ch))
        return -1;
    *mine = 1;
    return po->ch.publishers.v;
}

static int64_t embassy_pubsub_drop_publisher_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_pubsub_obj *po = o;
    uint8_t *mine = &po->publisher[plat_task_self()];
    if (!*mine) {
        plat_misuse(AT("pubsub: this task's publisher"),
                    "drop_publisher: this task holds no publisher");
        return 0;
    }
    *mine = 0;
    embassy_pubsub_drop_publisher(&po->ch);
    return 0;
}

/* publisher.publish(value).await: the polls it took. */
static int64_t embassy_pubsub_publish_op(void *o, const int64_t *args)
{
    embassy_pubsub_obj *po = o;
    if (!embassy_pubsub_value_ok(args[0]))
        return 0;
    if (!po->publisher[plat_task_self()] && po->ch.publishers.v == 0) {
        plat_misuse(AT("pubsub: this task's publisher"),
                    "publish needs a publisher (publisher first, in this task or another)");
        return 0;
    }
    embassy_pubsub_publish f;
    embassy_pubsub_publish_init(&f, &po->ch, (uint32_t)args[0]);
    return embassy_await(&f.future);
}

/* try_publish(value): 1 for Ok, 0 for Err (the queue is full). */
static int64_t embassy_pubsub_try_publish_op(void *o, const int64_t *args)
{
    if (!embassy_pubsub_value_ok(args[0]))
        return 0;
    return embassy_pubsub_try_publish(&((embassy_pubsub_obj *)o)->ch, (uint32_t)args[0]);
}

static int64_t embassy_pubsub_publish_immediate_op(void *o, const int64_t *args)
{
    if (embassy_pubsub_value_ok(args[0]))
        embassy_pubsub_publish_immediate(&((embassy_pubsub_obj *)o)->ch, (uint32_t)args[0]);
    return 0;
}

static int64_t embassy_pubsub_len(const void *o)
{
    return ((const embassy_pubsub_obj *)o)->ch.len.v;
}
static int64_t embassy_pubsub_next_id(const void *o)
{
    return ((const embassy_pubsub_obj *)o)->ch.next_id.v;
}
static int64_t embassy_pubsub_subscribers(const void *o)
{
    return ((const embassy_pubsub_obj *)o)->ch.subscribers.v;
}
static int64_t embassy_pubsub_publishers(const void *o)
{
    return ((const embassy_pubsub_obj *)o)->ch.publishers.v;
}

/* "cap", "subs", "pubs", "messages": [{"id", "value", "remaining"}] oldest first,
 * "subscribers": [{"task", "next_id"}], and the two waker lists (task numbers). */
static void embassy_pubsub_describe(const void *o, sim_machine *m, jbuf *b)
{
    const embassy_pubsub_obj *po = o;
    const embassy_pubsub *ch = &po->ch;
    jb_key(b, "cap");
    jb_int(b, ch->cap);
    jb_key(b, "subs");
    jb_int(b, ch->subscriber_wakers.cap);
    jb_key(b, "pubs");
    jb_int(b, ch->publisher_wakers.cap);
    jb_key(b, "messages");
    jb_raw(b, "[");
    uint32_t first = ch->next_id.v - ch->len.v;
    for (int i = 0; i < ch->len.v; i++) {
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "id");
        jb_int(b, first + (uint32_t)i);
        jb_key(b, "value");
        jb_int(b, embassy_pubsub_peek_value(ch, i));
        jb_key(b, "remaining");
        jb_int(b, embassy_pubsub_peek_remaining(ch, i));
        jb_raw(b, "}");
    }
    jb_raw(b, "]");
    jb_key(b, "subscribers");
    jb_raw(b, "[");
    for (int i = 0; i < EMBASSY_MAX_TASKS && i < sim_actor_count(m); i++) {
        if (!po->subs[i].ch)
            continue;
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "task");
        jb_str(b, sim_actor_name(m, i));
        jb_key(b, "next_id");
        jb_int(b, po->subs[i].next_id);
        jb_raw(b, "}");
    }
    jb_raw(b, "]");
    embassy_multi_waker_json(b, "subscriber_wakers", &ch->subscriber_wakers);
    embassy_multi_waker_json(b, "publisher_wakers", &ch->publisher_wakers);
}

/* Why a task waits on a channel: to publish into a full queue (and whether
 * the oldest message's readers still exist), or for its next message. */
static void embassy_say_pubsub_full(const sim_blocked *r, char *buf, size_t size)
{
    long long left = sim_blocked_num_of(r, "remaining", 0);
    long long owing = sim_blocked_num_of(r, "owing", 0);
    int n = snprintf(buf, size,
                     "waits to publish into %s: the queue is full (%lld of %lld) and its oldest "
                     "message (id %lld) waits for %lld more reader(s)",
                     sim_blocked_text_of(r, "object"), (long long)sim_blocked_num_of(r, "len", 0),
                     (long long)sim_blocked_num_of(r, "len", 0),
                     (long long)sim_blocked_num_of(r, "oldest", 0), left);
    if (owing < left && n > 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n,
                 ", but only %lld subscriber(s) have yet to read it: it will never leave", owing);
}
static void embassy_say_pubsub_next(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "waits for message id %lld on %s (next_message)",
             (long long)sim_blocked_num_of(r, "next", 0), sim_blocked_text_of(r, "object"));
}
static const sim_blocked_code embassy_pubsub_full_code = {"embassy.pubsub.full",
                                                          embassy_say_pubsub_full};
static const sim_blocked_code embassy_pubsub_next_code = {"embassy.pubsub.next",
                                                          embassy_say_pubsub_next};

static bool embassy_multi_waker_holds(const embassy_multi_waker *w, int actor)
{
    for (int i = 0; i < w->len.v; i++)
        if (embassy_multi_waker_peek(w, i) == actor)
            return true;
    return false;
}

static bool embassy_pubsub_explain(const void *o, const char *name, sim_machine *m, int actor,
                                   sim_blocked *r)
{
    (void)m;
    const embassy_pubsub_obj *po = o;
    const embassy_pubsub *ch = &po->ch;
    if (embassy_multi_waker_holds(&ch->publisher_wakers, actor)) {
        uint32_t oldest = ch->next_id.v - ch->len.v;
        int owing = 0; /* subscribers whose next id is at or before the oldest */
        for (int i = 0; i < EMBASSY_MAX_TASKS; i++)
            owing += po->subs[i].ch && (int32_t)(po->subs[i].next_id - oldest) <= 0;
        sim_blocked_set(r, &embassy_pubsub_full_code);
        sim_blocked_text(r, "object", name);
        sim_blocked_num(r, "len", ch->len.v);
        sim_blocked_num(r, "oldest", oldest);
        sim_blocked_num(r, "remaining", ch->len.v ? embassy_pubsub_peek_remaining(ch, 0) : 0);
        sim_blocked_num(r, "owing", owing);
        return true;
    }
    if (actor < EMBASSY_MAX_TASKS && po->subs[actor].ch &&
        embassy_multi_waker_holds(&ch->subscriber_wakers, actor)) {
        sim_blocked_set(r, &embassy_pubsub_next_code);
        sim_blocked_text(r, "object", name);
        sim_blocked_num(r, "next", po->subs[actor].next_id);
        return true;
    }
    return false;
}

static const script_op embassy_pubsub_ops[] = {
    {.name = "subscribe", .run = embassy_pubsub_subscribe_op},
    {.name = "unsubscribe", .run = embassy_pubsub_unsubscribe_op},
    {.name = "next_message", .run = embassy_pubsub_next_op},
    {.name = "publisher", .run = embassy_pubsub_publisher_op},
    {.name = "drop_publisher", .run = embassy_pubsub_drop_publisher_op},
    {.name = "publish", .n_args = 1, .arg_names = {"value"}, .run = embassy_pubsub_publish_op},
    {.name = "try_publish",
     .n_args = 1,
     .arg_names = {"value"},
     .run = embassy_pubsub_try_publish_op},
    {.name = "publish_immediate",
     .n_args = 1,
     .arg_names = {"value"},
     .run = embassy_pubsub_publish_immediate_op},
};
static const script_field embassy_pubsub_fields[] = {
    {.name = "len", .read = embassy_pubsub_len},
    {.name = "next_id", .read = embassy_pubsub_next_id},
    {.name = "subscribers", .read = embassy_pubsub_subscribers},
    {.name = "publishers", .read = embassy_pubsub_publishers},
};

/* Every pubsub channel takes 1024 bytes of address space, on any word size. */
#define PUBSUB_FOOTPRINT 1024
_Static_assert(sizeof(embassy_pubsub_obj) <= PUBSUB_FOOTPRINT,
               "a pubsub channel outgrew its footprint");

const script_type type_embassy_pubsub = {
    .name = "pubsub",
    .engine = "embassy",
    .summary = "PubSubChannel<CAP, SUBS, PUBS>: every subscriber reads every message; "
               "subscribers and publishers wait in two MultiWakerRegistrations",
    .size = sizeof(embassy_pubsub_obj),
    .footprint = PUBSUB_FOOTPRINT,
    .n_params = 3,
    .param_names = {"cap", "subs", "pubs"},
    .param_defaults = {4, 4, 4},
    .init = embassy_pubsub_setup,
    .ops = embassy_pubsub_ops,
    .n_ops = 8,
    .fields = embassy_pubsub_fields,
    .n_fields = 4,
    .describe = embassy_pubsub_describe,
    .explain_block = embassy_pubsub_explain,
};

/* ---- Pipe<N>: bytes numbered 1, 2, 3, ... as they are written ------------------- */

typedef struct embassy_pipe_obj {
    embassy_pipe p;
    uint32_t written, read; /* bytes so far */
    uint32_t out_of_order;  /* bytes read that were not the next one written */
} embassy_pipe_obj;

static int embassy_pipe_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (params[0] < 1 || params[0] > EMBASSY_PIPE_MAX) {
        snprintf(err, es, "n (the buffer's size) must be between 1 and %d", EMBASSY_PIPE_MAX);
        return -1;
    }
    embassy_pipe_init(&((embassy_pipe_obj *)o)->p, (uint8_t)params[0]);
    return 0;
}

#define PIPE_IO_MAX 255

static bool embassy_pipe_len_ok(int64_t len)
{
    if (len >= 0 && len <= PIPE_IO_MAX)
        return true;
    plat_misuse(AT("pipe: a buffer of len bytes"), "pipe len must be between 0 and 255");
    return false;
}

/* pipe.write(&next len bytes).await: how many went in (the rest is not sent). */
static int64_t embassy_pipe_write_op(void *o, const int64_t *args)
{
    embassy_pipe_obj *po = o;
    uint8_t buf[PIPE_IO_MAX];
    if (!embassy_pipe_len_ok(args[0]))
        return 0;
    uint32_t len = (uint32_t)args[0];
    for (uint32_t i = 0; i < len; i++)
        buf[i] = (uint8_t)(po->written + 1 + i);
    embassy_pipe_io f;
    embassy_pipe_write_init(&f, &po->p, buf, len);
    embassy_await(&f.future);
    po->written += f.done;
    return f.done;
}

/* pipe.read(&mut [0; len]).await: how many came out. */
static int64_t embassy_pipe_read_op(void *o, const int64_t *args)
{
    embassy_pipe_obj *po = o;
    uint8_t buf[PIPE_IO_MAX];
    if (!embassy_pipe_len_ok(args[0]))
        return 0;
    embassy_pipe_io f;
    embassy_pipe_read_init(&f, &po->p, buf, (uint32_t)args[0]);
    embassy_await(&f.future);
    for (uint32_t i = 0; i < f.done; i++)
        po->out_of_order += buf[i] != (uint8_t)(po->read + 1 + i);
    po->read += f.done;
    return f.done;
}

static int64_t embassy_pipe_len_field(const void *o)
{
    return embassy_pipe_len(&((const embassy_pipe_obj *)o)->p);
}
static int64_t embassy_pipe_start(const void *o)
{
    return ((const embassy_pipe_obj *)o)->p.start.v;
}
static int64_t embassy_pipe_end(const void *o) { return ((const embassy_pipe_obj *)o)->p.end.v; }
static int64_t embassy_pipe_written(const void *o)
{
    return ((const embassy_pipe_obj *)o)->written;
}
static int64_t embassy_pipe_read_field(const void *o)
{
    return ((const embassy_pipe_obj *)o)->read;
}
static int64_t embassy_pipe_out_of_order(const void *o)
{
    return ((const embassy_pipe_obj *)o)->out_of_order;
}

static void embassy_pipe_describe(const void *o, sim_machine *m, jbuf *b)
{
    (void)m;
    const embassy_pipe *p = &((const embassy_pipe_obj *)o)->p;
    jb_key(b, "size");
    jb_int(b, p->cap);
    jb_key(b, "full");
    jb_raw(b, p->full.v ? "true" : "false");
    jb_key(b, "reader");
    jb_int(b, embassy_waker_peek(&p->read_waker));
    jb_key(b, "writer");
    jb_int(b, embassy_waker_peek(&p->write_waker));
}

static const script_op embassy_pipe_ops[] = {
    {.name = "write", .n_args = 1, .arg_names = {"len"}, .run = embassy_pipe_write_op},
    {.name = "read", .n_args = 1, .arg_names = {"len"}, .run = embassy_pipe_read_op},
};
static const script_field embassy_pipe_fields[] = {
    {.name = "len", .read = embassy_pipe_len_field},
    {.name = "start", .read = embassy_pipe_start},
    {.name = "end", .read = embassy_pipe_end},
    {.name = "written", .read = embassy_pipe_written},
    {.name = "read", .read = embassy_pipe_read_field},
    {.name = "out_of_order", .read = embassy_pipe_out_of_order},
};

/* Every pipe takes 256 bytes of address space, on any word size. */
#define PIPE_FOOTPRINT 256
_Static_assert(sizeof(embassy_pipe_obj) <= PIPE_FOOTPRINT, "a pipe outgrew its footprint");

const script_type type_embassy_pipe = {
    .name = "pipe",
    .engine = "embassy",
    .summary = "Pipe<N>: a ring buffer of N bytes; a write fills only the contiguous free part",
    .size = sizeof(embassy_pipe_obj),
    .footprint = PIPE_FOOTPRINT,
    .n_params = 1,
    .param_names = {"n"},
    .param_defaults = {8},
    .init = embassy_pipe_setup,
    .ops = embassy_pipe_ops,
    .n_ops = 2,
    .fields = embassy_pipe_fields,
    .n_fields = 6,
    .describe = embassy_pipe_describe,
};

/* ---- the task table ------------------------------------------------------------ */

/* "embassy": {"poll_ns", "tasks": [{"task", "state", "polls", "wakes", "self_wakes",
 * "await_polls", "busy_us", "idle_us", "await", "lints"}]}: the task table an async
 * console shows. */
/* Nanoseconds as microseconds with three decimals, without floating point
 * (the same text natively and in WebAssembly). */
static void embassy_us_json(jbuf *b, uint64_t ns)
{
    jb_printf(b, "%llu.%03llu", (unsigned long long)(ns / 1000), (unsigned long long)(ns % 1000));
}

static void embassy_describe(sim_machine *m, jbuf *b)
{
    static const char *const states[] = {"idle", "running", "done"};
    const embassy_executor *ex = sim_global_peek(m, &embassy_executor_global);
    jb_raw(b, "{");
    jb_key(b, "poll_ns");
    jb_int(b, ex ? ex->poll_ns : 50);
    jb_key(b, "tasks");
    jb_raw(b, "[");
    for (int i = 0; ex && i < sim_actor_count(m) && i < EMBASSY_MAX_TASKS; i++) {
        const embassy_task *t = &ex->tasks[i];
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "task");
        jb_str(b, sim_actor_name(m, i));
        jb_key(b, "state");
        jb_str(b, sim_is_finished(m, i) ? "done" : states[t->state]);
        jb_key(b, "polls");
        jb_int(b, t->polls);
        jb_key(b, "wakes");
        jb_int(b, t->wakes);
        jb_key(b, "self_wakes");
        jb_int(b, t->self_wakes);
        jb_key(b, "await_polls");
        jb_int(b, t->await_polls);
        /* Virtual time: being polled, and waiting to be (up to now). */
        int64_t idle = t->idle_ns;
        if (t->pending_since >= 0 && !sim_is_finished(m, i))
            idle += sim_now(m) * 1000 + ex->busy_ns - t->pending_since;
        jb_key(b, "busy_us");
        embassy_us_json(b, (uint64_t)t->busy_ns);
        jb_key(b, "idle_us");
        embassy_us_json(b, idle > 0 ? (uint64_t)idle : 0);
        bool pending = t->await_point && !sim_is_finished(m, i);
        jb_key(b, "await");
        if (pending)
            jb_str(b, t->await_point);
        else
            jb_raw(b, "null");
        /* Exact counts, not heuristics: what the table's numbers say. */
        jb_key(b, "lints");
        jb_raw(b, "[");
        if (t->self_wakes > 0) {
            jb_sep(b);
            jb_printf(b, "\"woke itself %u%% of the time\"",
                      (unsigned)((uint64_t)t->self_wakes * 100 / t->wakes));
        }
        if (pending && t->await_polls >= 3) {
            jb_sep(b);
            jb_printf(b, "\"polled %u times without progress\"", t->await_polls - 1);
        }
        jb_raw(b, "]}");
    }
    jb_raw(b, "]}");
}

static const char *const embassy_variants[] = {"correct", "fair_cancel_bug", "no_chained_wake",
                                               "relaxed_publication", NULL};
static const script_type *const embassy_types[] = {&type_embassy_executor, &type_embassy_mutex,
                                                   &type_embassy_rwlock,   &type_embassy_greedy,
                                                   &type_embassy_fair,     &type_embassy_once,
                                                   &type_embassy_watch,    &type_embassy_pipe,
                                                   &type_embassy_pubsub,   NULL};

const script_engine engine_embassy = {
    .name = "embassy",
    .summary = "an async executor on one thread: futures, one-slot wakers, Mutex, semaphores",
    .variants = embassy_variants,
    .types = embassy_types,
    .describe = embassy_describe,
    .model = "executor",
};
