/*
 * The condition variable (see condvar.h), shaped like Rust parking_lot 0.12's
 * Condvar.
 *
 * Invariant: while a thread is queued on the condvar's key, state is
 * CONDVAR_WAITERS.  A waiter sets it under the condvar's bucket lock, in the
 * same breath as it queues; a notifier clears it under that lock (notify_all
 * always, notify_one when it took the last waiter).  So a notify that reads
 * CONDVAR_EMPTY outside the lock is right that nobody waits, and a waiter
 * queued is always found.
 *
 * The waiter releases the mutex only after it is queued (lot_park's
 * before_sleep).  A notifier must hold the mutex, or take it after changing
 * the condition, so it cannot notify between the waiter's last look at the
 * condition and its queueing: no wakeup is lost.
 *
 * Requeueing: a waiter moved onto the mutex's queue sleeps there as if it had
 * parked in mini_mutex_lock; PARKED is set on the mutex (under its bucket
 * lock) so that the next unlock takes the slow path and wakes it.
 *
 * Variant `notify_all_wakes_all` (the same code, a flag read once): notify_all
 * wakes every waiter at once.  One gets the mutex; the rest find it locked,
 * spin, and park again on the mutex: the thundering herd.
 */
#include "condvar.h"

#include "lot.h"

void condvar_init(condvar *cv)
{
    plat_init8(&cv->state, CONDVAR_EMPTY);
    cv->mutex = NULL;
    (void)lot_get();
}

typedef struct condvar_waiting {
    condvar *cv;
    mini_mutex *m;
    bool bad_mutex;
} condvar_waiting;

/* Under the condvar's bucket lock: record that a waiter is here. */
static bool condvar_validate_wait(void *arg)
{
    condvar_waiting *w = arg;
    if (w->cv->mutex && w->cv->mutex != w->m) {
        w->bad_mutex = true;
        return false;
    }
    /* Written once, before the first CONDVAR_WAITERS is published (release):
     * a notifier reads it only after seeing that (acquire). */
    if (!w->cv->mutex)
        w->cv->mutex = w->m;
    uint8_t state = plat_load8(&w->cv->state, PLAT_ACQUIRE, AT("wait: any waiters yet?"));
    if (state == CONDVAR_EMPTY)
        plat_store8(&w->cv->state, CONDVAR_WAITERS, PLAT_RELEASE, AT("wait: mark waiters"));
    return true;
}

/* Queued, bucket lock released: now let go of the mutex. */
static void condvar_release_mutex(void *arg)
{
    condvar_waiting *w = arg;
    mini_mutex_unlock(w->m);
}

void condvar_wait(condvar *cv, mini_mutex *m)
{
    condvar_waiting w = {cv, m, false};
    lot_park_result r = lot_park(plat_key(cv), condvar_validate_wait, condvar_release_mutex, &w);
    if (w.bad_mutex) {
        plat_misuse(AT("wait"), "waited on a condvar with a second mutex");
        return;
    }
    if (r.slept && r.token == LOT_TOKEN_HANDOFF)
        return; /* requeued onto the mutex, and its unlock handed it to us */
    mini_mutex_lock(m);
}

/* Under both bucket locks: if nobody waits any more, nothing to do; else wake
 * one if the mutex is free, or move one onto its queue if it is locked. */
static lot_requeue_op condvar_validate_one(void *arg)
{
    condvar *cv = arg;
    if (plat_load8(&cv->state, PLAT_RELAXED, AT("notify_one: still waiters?")) == CONDVAR_EMPTY)
        return LOT_REQUEUE_ABORT;
    return mini_mutex_mark_parked_if_locked(cv->mutex) ? LOT_REQUEUE_ONE : LOT_UNPARK_ONE;
}

static void condvar_after_one(void *arg, lot_requeue_op op, lot_requeue_result r)
{
    condvar *cv = arg;
    if (op != LOT_REQUEUE_ABORT && !r.have_more)
        plat_store8(&cv->state, CONDVAR_EMPTY, PLAT_RELAXED, AT("notify_one: that was the last"));
}

bool condvar_notify_one(condvar *cv)
{
    if (plat_load8(&cv->state, PLAT_ACQUIRE, AT("notify_one: any waiters?")) == CONDVAR_EMPTY)
        return false;
    lot_requeue_result r = lot_unpark_requeue(plat_key(cv), plat_key(cv->mutex),
                                              condvar_validate_one, condvar_after_one, cv);
    return r.unparked + r.requeued != 0;
}

/* Under both bucket locks: every waiter is about to be woken or moved, so the
 * condvar is empty.  With the mutex locked, move them all (its unlock will
 * wake the first); free, wake one and move the rest. */
static lot_requeue_op condvar_validate_all(void *arg)
{
    condvar *cv = arg;
    if (plat_load8(&cv->state, PLAT_RELAXED, AT("notify_all: still waiters?")) == CONDVAR_EMPTY)
        return LOT_REQUEUE_ABORT;
    plat_store8(&cv->state, CONDVAR_EMPTY, PLAT_RELAXED, AT("notify_all: no more waiters"));
    return mini_mutex_mark_parked_if_locked(cv->mutex) ? LOT_REQUEUE_ALL
                                                       : LOT_UNPARK_ONE_REQUEUE_REST;
}

/* The woken one will take the mutex; the moved ones need PARKED so that its
 * unlock looks for them.  (After LOT_REQUEUE_ALL, validate has set it.) */
static void condvar_after_all(void *arg, lot_requeue_op op, lot_requeue_result r)
{
    condvar *cv = arg;
    if (op == LOT_UNPARK_ONE_REQUEUE_REST && r.requeued != 0)
        mini_mutex_mark_parked(cv->mutex);
}

/* The herd's way: empty the condvar's queue and wake everybody. */
static unsigned condvar_wake_all(condvar *cv)
{
    plat_store8(&cv->state, CONDVAR_EMPTY, PLAT_RELAXED, AT("notify_all: no more waiters"));
    return lot_unpark_all(plat_key(cv), LOT_TOKEN_NORMAL);
}

unsigned condvar_notify_all(condvar *cv)
{
    if (plat_load8(&cv->state, PLAT_ACQUIRE, AT("notify_all: any waiters?")) == CONDVAR_EMPTY)
        return 0;
    if (lot_get()->notify_all_wakes_all)
        return condvar_wake_all(cv);
    lot_requeue_result r = lot_unpark_requeue(plat_key(cv), plat_key(cv->mutex),
                                              condvar_validate_all, condvar_after_all, cv);
    return r.unparked + r.requeued;
}
