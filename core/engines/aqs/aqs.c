/*
 * The synchronizer's acquire and release (see aqs.h for the queue's rules).
 *
 * Invariant: `first` is the id of head.next's thread (0 when the queue is
 * empty) and changes only under the queue lock, together with the links.  A
 * node is in the queue from its thread's enqueue to its thread's own removal
 * (on success, or cancellation), both under the lock; other threads touch it
 * only under the lock, so while they hold it the node's thread is still
 * inside acquire.
 *
 * No signal is lost: a waiter (1) sets WAITING, (2) looks at `first` and, if
 * first, tries the state, (3) parks.  A releaser (a) changes the state, (b)
 * reads `first`, (c) clears WAITING of the first node and unparks it.  If (c)
 * sees WAITING already cleared, (2) comes after (a) and sees the release.  A
 * waiter that becomes first when the node before it leaves is signalled by
 * the leaver, under the same argument.
 */
#include "aqs.h"

void aqs_init(aqs *q, int32_t state, aqs_try_acquire_fn try_acquire, aqs_try_release_fn try_release)
{
    plat_init32(&q->state, (uint32_t)state);
    plat_init32(&q->first, 0);
    plat_lock_init(&q->lock);
    q->head.prev = q->head.next = NULL;
    q->head.waiter = NULL;
    q->head.wants = 0;
    plat_init32(&q->head.status, 0);
    q->tail = &q->head;
    q->no_propagation = plat_variant_is("no_propagation");
    q->try_acquire_shared = try_acquire;
    q->try_release_shared = try_release;
}

bool aqs_has_queued_predecessors(aqs *q, aqs_thread *me)
{
    uint32_t first = plat_load32(&q->first, PLAT_SEQ_CST, AT("anybody queued before me?"));
    return first != 0 && first != me->id;
}

void aqs_signal_locked(aqs_node *s)
{
    uint32_t status = plat_load32(&s->status, PLAT_SEQ_CST, AT("signal: read next's status"));
    if (status == 0)
        return; /* not parked, and it looks at the state again before it parks */
    plat_fetch_and32(&s->status, ~AQS_WAITING, PLAT_SEQ_CST, AT("signal: clear WAITING"));
    aqs_thread_unpark(s->waiter);
}

/* signalNext(head): wake the first waiter, if there is one that asked. */
static void aqs_signal_next(aqs *q)
{
    if (plat_load32(&q->first, PLAT_SEQ_CST, AT("anybody waiting?")) == 0)
        return;
    plat_lock_acquire(&q->lock, AT("lock the queue"));
    if (q->head.next)
        aqs_signal_locked(q->head.next);
    plat_lock_release(&q->lock, AT("unlock the queue"));
}

bool aqs_release_shared(aqs *q, int32_t arg)
{
    if (!q->try_release_shared(q, arg))
        return false;
    aqs_signal_next(q);
    return true;
}

/* Joins the tail of the queue with a fresh status of 0. */
static void aqs_enqueue(aqs *q, aqs_node *node, int32_t arg)
{
    plat_lock_acquire(&q->lock, AT("lock the queue"));
    plat_store32(&node->status, 0, PLAT_RELAXED, AT("new node: status 0"));
    node->wants = arg;
    node->next = NULL;
    node->prev = q->tail;
    q->tail->next = node;
    q->tail = node;
    if (node->prev == &q->head)
        plat_store32(&q->first, node->waiter->id, PLAT_SEQ_CST, AT("enqueue: I am first"));
    plat_note(AT("enqueued at the tail"), arg);
    plat_lock_release(&q->lock, AT("unlock the queue"));
}

/* The first waiter got in: it leaves the queue and, in shared mode, signals
 * the next waiter, who may be able to go too (propagation). */
static void aqs_leave_as_first(aqs *q, aqs_node *node)
{
    plat_lock_acquire(&q->lock, AT("lock the queue"));
    aqs_node *s = node->next;
    q->head.next = s;
    if (s)
        s->prev = &q->head;
    else
        q->tail = &q->head;
    node->prev = node->next = NULL;
    plat_store32(&q->first, s ? s->waiter->id : 0, PLAT_SEQ_CST,
                 s ? AT("dequeue: the next is first") : AT("dequeue: queue empty"));
    if (s && q->no_propagation)
        plat_note(AT("no_propagation: the next is not signalled"), 0);
    else if (s)
        aqs_signal_locked(s); /* signalNextIfShared */
    plat_lock_release(&q->lock, AT("unlock the queue"));
}

#define AQS_MAX_SPINS 255u

int aqs_acquire_queued(aqs *q, int32_t arg, aqs_thread *me, bool interruptible, int64_t deadline_us)
{
    aqs_node *node = &me->node;
    bool enqueued = false, first = false, interrupted = false;
    unsigned spins = 0, post_spins = 0;
    for (;;) {
        if (enqueued && !first)
            first = plat_load32(&q->first, PLAT_SEQ_CST, AT("am I first?")) == me->id;
        if (first) {
            int32_t left = q->try_acquire_shared(q, arg, me);
            if (left >= 0) {
                aqs_leave_as_first(q, node);
                if (interrupted)
                    aqs_thread_self_interrupt(me);
                return AQS_ACQUIRED;
            }
        }
        if (!enqueued) {
            /* (The JDK tries once more before it allocates a node; this
             * engine goes straight to the queue.) */
            aqs_enqueue(q, node, arg);
            enqueued = true;
        } else if (first && spins != 0) {
            /* Woken but beaten to it by a newcomer: retry a few times before
             * parking again (the count doubles with every re-park). */
            --spins;
            plat_spin_hint(AT("spin, then try again"));
        } else if (plat_load32(&node->status, PLAT_SEQ_CST, AT("read my status")) == 0) {
            plat_store32(&node->status, AQS_WAITING, PLAT_SEQ_CST,
                         AT("status = WAITING, then look again"));
        } else {
            post_spins = (post_spins << 1) | 1;
            if (post_spins > AQS_MAX_SPINS)
                post_spins = AQS_MAX_SPINS;
            spins = post_spins;
            if (deadline_us >= 0 && plat_now(AT("time left?")) >= deadline_us)
                break;
            aqs_thread_park(me, deadline_us);
            plat_store32(&node->status, 0, PLAT_RELAXED, AT("clear my status"));
            if (aqs_thread_interrupted(me)) {
                interrupted = true;
                if (interruptible)
                    break;
            }
        }
    }
    return aqs_cancel_acquire(q, node, interrupted, interruptible);
}

void aqs_acquire_shared(aqs *q, int32_t arg, aqs_thread *me)
{
    if (q->try_acquire_shared(q, arg, me) < 0)
        aqs_acquire_queued(q, arg, me, false, -1);
}

int aqs_acquire_shared_interruptibly(aqs *q, int32_t arg, aqs_thread *me)
{
    if (aqs_thread_interrupted(me))
        return AQS_INTERRUPTED;
    if (q->try_acquire_shared(q, arg, me) >= 0)
        return AQS_ACQUIRED;
    return aqs_acquire_queued(q, arg, me, true, -1);
}

int aqs_try_acquire_shared_for(aqs *q, int32_t arg, int64_t timeout_us, aqs_thread *me)
{
    if (aqs_thread_interrupted(me))
        return AQS_INTERRUPTED;
    if (q->try_acquire_shared(q, arg, me) >= 0)
        return AQS_ACQUIRED;
    if (timeout_us <= 0)
        return AQS_TIMED_OUT; /* without queueing */
    int64_t now = plat_now(AT("now"));
    int64_t deadline = timeout_us < INT64_MAX - now ? now + timeout_us : INT64_MAX;
    return aqs_acquire_queued(q, arg, me, true, deadline);
}

unsigned aqs_queue_length(const aqs *q)
{
    unsigned n = 0;
    for (const aqs_node *p = q->head.next; p; p = p->next)
        n++;
    return n;
}
