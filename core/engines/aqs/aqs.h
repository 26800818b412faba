/*
 * aqs.h: a small AbstractQueuedSynchronizer, shared mode only.
 *
 * One 32-bit `state` whose meaning belongs to the user (a semaphore keeps its
 * permits there), and a FIFO queue of the threads that could not get what
 * they asked for.  The user supplies two hooks, as a Java subclass would:
 *
 *   try_acquire_shared(q, arg, me)  take `arg` from the state if possible;
 *       returns >= 0 on success (what is left), < 0 on failure, taking nothing;
 *   try_release_shared(q, arg)      give `arg` back; returns whether waiters
 *       should be signalled.
 *
 * The queue, as in the JDK since version 14:
 *
 *   head -> n1 -> n2 -> n3 (tail)      head is a dummy; n1 is "first"
 *
 *   - Only the first waiter tries to acquire; the others sleep until a signal
 *     makes them first.  A release signals the first waiter only (signalNext):
 *     if it wants more than there is, it parks again and nobody behind it is
 *     woken (head-of-line blocking).
 *   - A first waiter that succeeds leaves the queue and signals the next one
 *     (propagation): in shared mode whoever comes next may be able to go too,
 *     so a release of 3 permits cascades through three waiters of 1.
 *   - A node's status is 0, WAITING (its thread is about to park and wants a
 *     signal) or CANCELLED.  A waiter sets WAITING, looks at the state once
 *     more and only then parks; a signaller clears WAITING and unparks.  So a
 *     signal either finds WAITING set or comes before the waiter's last look.
 *   - A waiter that gives up (interrupt, timeout) marks itself CANCELLED,
 *     unsplices its node and, if it was first, signals the new first waiter:
 *     whatever would have woken it now wakes the next one.  Permits are never
 *     held by a waiter, so there is nothing to give back.
 *
 * Where this differs from the JDK: the JDK links nodes with CAS and relies on
 * the garbage collector to keep nodes alive for threads that still look at
 * them.  C has no collector, so here the links are changed under a small
 * queue lock (`lock`), a signaller wakes a waiter while holding it (so the
 * waiter cannot have left and returned), and the dummy head is a fixed node
 * in the synchronizer.  The state, the statuses and the `first` word are
 * atomics used without the lock, exactly where the JDK uses them; a thread
 * that finds nobody queued (`first == 0`) never takes the lock.
 */
#ifndef LOCKSTEP_AQS_H
#define LOCKSTEP_AQS_H

#include "aqs_thread.h"

/* What an acquire that may wait returns. */
#define AQS_ACQUIRED 1
#define AQS_TIMED_OUT 0
#define AQS_INTERRUPTED (-1)

/* Variant flags (read by the user when it makes the synchronizer). */

typedef struct aqs aqs;

typedef int32_t (*aqs_try_acquire_fn)(aqs *q, int32_t arg, aqs_thread *me);
typedef bool (*aqs_try_release_fn)(aqs *q, int32_t arg);

struct aqs {
    plat_a32 state;      /* the user's number, as int32 bits */
    plat_a32 first;      /* the id of the first waiter's thread; 0: nobody waits */
    plat_lock lock;      /* guards head.next, tail and the nodes' links */
    aqs_node head;       /* the dummy head: head.next is the first waiter */
    aqs_node *tail;      /* the last waiter, or &head */
    bool no_propagation; /* variant: a waiter that got in does not signal the next */
    aqs_try_acquire_fn try_acquire_shared;
    aqs_try_release_fn try_release_shared;
};

void aqs_init(aqs *q, int32_t state, aqs_try_acquire_fn try_acquire,
              aqs_try_release_fn try_release);

/* acquireShared: waits, ignoring interrupts (and re-asserts one that came). */
void aqs_acquire_shared(aqs *q, int32_t arg, aqs_thread *me);
/* acquireSharedInterruptibly: AQS_ACQUIRED or AQS_INTERRUPTED (then nothing
 * was taken). */
int aqs_acquire_shared_interruptibly(aqs *q, int32_t arg, aqs_thread *me);
/* tryAcquireSharedNanos: AQS_ACQUIRED, AQS_TIMED_OUT or AQS_INTERRUPTED. */
int aqs_try_acquire_shared_for(aqs *q, int32_t arg, int64_t timeout_us, aqs_thread *me);
/* releaseShared: try_release_shared, then signal the first waiter. */
bool aqs_release_shared(aqs *q, int32_t arg);

/* hasQueuedPredecessors: somebody other than `me` is first in line. */
bool aqs_has_queued_predecessors(aqs *q, aqs_thread *me);

/* ---- inside the engine (aqs.c and aqs_cancel.c) ---------------------------- */

/* The waiting loop of a thread whose first try failed.  deadline_us < 0: no
 * deadline.  (The JDK's acquire(node, arg, shared, interruptible, timed, time).) */
int aqs_acquire_queued(aqs *q, int32_t arg, aqs_thread *me, bool interruptible,
                       int64_t deadline_us);
/* cancelAcquire: the waiter gives up; see aqs_cancel.c. */
int aqs_cancel_acquire(aqs *q, aqs_node *node, bool interrupted, bool interruptible);
/* Under q->lock: wake s if it asked for a signal (the JDK's signalNext body). */
void aqs_signal_locked(aqs_node *s);

/* ---- for views and tests: plain reads, no steps, no lock --------------------- */

/* The number of nodes in the queue. */
unsigned aqs_queue_length(const aqs *q);

#endif
