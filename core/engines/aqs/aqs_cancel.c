/*
 * Cancellation: a waiter gives up (interrupted, or its time ran out).
 *
 * Invariant: a waiter never holds anything the state gave it, so giving up
 * is only about the queue: the node is marked CANCELLED, unspliced, and if it
 * was first the new first waiter is signalled.  A release that signalled the
 * cancelled node (its signal is spent on a thread that is leaving) is thereby
 * passed on, so whatever would have gone to the canceller goes to the next
 * waiter, "as if permits had been made available by a call to release()".
 *
 * The JDK's cleanQueue walks the whole queue and unsplices every cancelled
 * node it finds, because its links are changed with CAS by many threads at
 * once.  Here the canceller holds the queue lock while it unsplices its own
 * node, so no other cancelled node is ever left behind.
 */
#include "aqs.h"

/* Unsplices node (whose thread is the caller); signals the new first waiter if
 * the node was first. */
static void aqs_unsplice(aqs *q, aqs_node *node)
{
    plat_lock_acquire(&q->lock, AT("lock the queue"));
    aqs_node *p = node->prev, *s = node->next;
    p->next = s;
    if (s)
        s->prev = p;
    else
        q->tail = p;
    node->prev = node->next = NULL;
    plat_note(AT("cancelled node unspliced"), s != NULL);
    if (p == &q->head) {
        plat_store32(&q->first, s ? s->waiter->id : 0, PLAT_SEQ_CST,
                     s ? AT("cancel: the next is first") : AT("cancel: queue empty"));
        if (s)
            aqs_signal_locked(s);
    }
    plat_lock_release(&q->lock, AT("unlock the queue"));
}

int aqs_cancel_acquire(aqs *q, aqs_node *node, bool interrupted, bool interruptible)
{
    plat_store32(&node->status, AQS_CANCELLED, PLAT_SEQ_CST, AT("status = CANCELLED"));
    aqs_unsplice(q, node);
    if (interrupted) {
        if (interruptible)
            return AQS_INTERRUPTED;
        aqs_thread_self_interrupt(node->waiter);
    }
    return AQS_TIMED_OUT;
}
