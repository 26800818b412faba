/*
 * aqs_thread.h: what the synchronizer needs from a thread.
 *
 * Java keeps two things in java.lang.Thread that AbstractQueuedSynchronizer
 * relies on, and C has neither, so they live here:
 *
 *   the park permit (LockSupport.park/unpark).  unpark gives the thread a
 *       permit; park waits until there is one and consumes it.  A permit given
 *       before the park is not lost, and permits do not add up: two unparks
 *       before a park are one permit.  Built on the platform's parker.
 *   the interrupt flag (Thread.interrupt/interrupted).  interrupt sets the flag
 *       and unparks the thread, so a thread asleep in an interruptible acquire
 *       wakes up, sees the flag and gives up.  interrupted() reads and clears it.
 *
 * A thread also owns one queue node.  The JDK allocates a fresh node for every
 * acquire that has to wait; a thread waits in at most one queue at a time, so
 * here it reuses its own.  Other threads touch a node only while it is in a
 * queue, under that queue's lock (see aqs.h), so reuse is safe.
 *
 * C has no Thread.currentThread(): every operation that may wait takes the
 * calling thread's aqs_thread explicitly.
 */
#ifndef LOCKSTEP_AQS_THREAD_H
#define LOCKSTEP_AQS_THREAD_H

#include "../../plat/plat.h"

/* Node statuses, as in the JDK (AbstractQueuedSynchronizer.WAITING etc.). */
#define AQS_WAITING 1u            /* the node's thread wants a signal before it parks */
#define AQS_CANCELLED 0x80000000u /* negative: it gave up (interrupt, timeout) */

typedef struct aqs_thread aqs_thread;

/* A waiter's place in a queue.  prev, next, waiter and wants are guarded by
 * the queue's lock; status is atomic because the owner announces WAITING and
 * clears it without the lock. */
typedef struct aqs_node {
    struct aqs_node *prev, *next;
    aqs_thread *waiter; /* whose node this is */
    int32_t wants;      /* the acquire's argument (permits), for views */
    plat_a32 status;    /* 0, AQS_WAITING or AQS_CANCELLED */
} aqs_node;

struct aqs_thread {
    uint32_t id;         /* unique and nonzero among threads sharing a queue */
    plat_parker *parker; /* the platform's parker of this thread */
    plat_a8 interrupted; /* Thread.interrupted: 1 after interrupt() */
    aqs_node node;       /* the thread's one queue node */
};

/* Before first use, by (or on behalf of) the thread itself. */
void aqs_thread_init(aqs_thread *t, plat_parker *parker, uint32_t id);

/* LockSupport.park: waits for the permit and consumes it.  With a deadline
 * (>= 0, plat_now() time) gives up then; returns false if it did. */
bool aqs_thread_park(aqs_thread *t, int64_t deadline_us);
/* LockSupport.unpark: gives t its permit (wakes it if it is parked). */
void aqs_thread_unpark(aqs_thread *t);

/* Thread.interrupt: sets t's flag and unparks it. */
void aqs_thread_interrupt(aqs_thread *t);
/* Thread.interrupted: whether the calling thread t was interrupted; clears it. */
bool aqs_thread_interrupted(aqs_thread *t);
/* Re-asserts the calling thread's own flag (an uninterruptible wait that was
 * interrupted hands the interrupt on to the caller). */
void aqs_thread_self_interrupt(aqs_thread *t);

#endif
