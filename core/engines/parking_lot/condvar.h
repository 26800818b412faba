/*
 * condvar.h: a condition variable for mini_mutex, on the parking lot.
 *
 * A thread that holds the mutex calls condvar_wait: it queues on the condvar's
 * key, releases the mutex, sleeps, and holds the mutex again when the call
 * returns.  condvar_notify_one and condvar_notify_all wake waiters.  As with
 * every condition variable, a waiter may wake and find its condition still
 * false (another thread got there first), so it waits in a loop around its
 * own condition, checked under the mutex.
 *
 * notify_all does not wake every waiter to fight for the mutex (only one of
 * them could win; the rest would park again).  It wakes one and moves the
 * others, still asleep, onto the mutex's queue: each is woken by an unlock,
 * one at a time.
 */
#ifndef LOCKSTEP_CONDVAR_H
#define LOCKSTEP_CONDVAR_H

#include "../../plat/plat.h"
#include "mini_mutex.h"

#define CONDVAR_EMPTY 0u   /* nobody waits */
#define CONDVAR_WAITERS 1u /* some thread may be queued on the condvar */

typedef struct condvar {
    plat_a8 state;     /* CONDVAR_EMPTY or CONDVAR_WAITERS */
    mini_mutex *mutex; /* the mutex its waiters hold: set by the first wait, never changed */
} condvar;

void condvar_init(condvar *cv);
/* The caller holds m.  Releases m, sleeps until notified, then holds m again.
 * Waiting with a second mutex on one condvar is reported as misuse (m is
 * still held). */
void condvar_wait(condvar *cv, mini_mutex *m);
/* Wakes one waiter (or, if the mutex is locked, moves it onto the mutex's
 * queue).  Returns whether there was one. */
bool condvar_notify_one(condvar *cv);
/* Wakes one waiter and moves the rest onto the mutex's queue (or moves them
 * all, if the mutex is locked).  Returns how many were woken or moved. */
unsigned condvar_notify_all(condvar *cv);

#endif
