/*
 * The one-byte mutex (see mini_mutex.h).
 *
 * Invariant: while the lock is held, PARKED is cleared only under the bucket
 * lock of the mutex's key (by unlock_slow's callback).  A thread about to park
 * re-checks "state == LOCKED|PARKED" under that same bucket lock, so it either
 * sees the unlock and retries, or is already queued when the unlocker looks:
 * no wakeup is lost.
 *
 * Unlocking is not fair: the woken thread competes again with any newcomer
 * (barging), which keeps the lock busy.  The `handoff` variant instead passes
 * the lock straight to the woken waiter.
 */
#include "mini_mutex.h"

#include "lot.h"
#include "spin_wait.h"

#define LOCKED MINI_MUTEX_LOCKED
#define PARKED MINI_MUTEX_PARKED

void mini_mutex_init(mini_mutex *m)
{
    plat_init8(&m->state, 0);
    (void)lot_get(); /* the parking lot exists before anybody needs it */
}

static void mini_mutex_lock_slow(mini_mutex *m);
static void mini_mutex_unlock_slow(mini_mutex *m, uint8_t state);

void mini_mutex_lock(mini_mutex *m)
{
    uint8_t expected = 0;
    if (plat_cas8(&m->state, &expected, LOCKED, PLAT_ACQUIRE, AT("fast path: CAS 00 -> 01")))
        return;
    mini_mutex_lock_slow(m);
}

bool mini_mutex_try_lock(mini_mutex *m)
{
    uint8_t state = plat_load8(&m->state, PLAT_RELAXED, AT("read state"));
    while (!(state & LOCKED)) {
        if (plat_cas8(&m->state, &state, state | LOCKED, PLAT_ACQUIRE, AT("try: set LOCKED")))
            return true;
    }
    return false;
}

void mini_mutex_unlock(mini_mutex *m)
{
    uint8_t expected = LOCKED;
    if (plat_cas8(&m->state, &expected, 0, PLAT_RELEASE, AT("fast path: CAS 01 -> 00")))
        return;
    mini_mutex_unlock_slow(m, expected); /* the CAS failed and told us the state */
}

bool mini_mutex_mark_parked_if_locked(mini_mutex *m)
{
    uint8_t state = plat_load8(&m->state, PLAT_RELAXED, AT("requeue: is the mutex locked?"));
    while (state & LOCKED) {
        if (plat_cas8(&m->state, &state, state | PARKED, PLAT_RELAXED,
                      AT("requeue: set PARKED on the locked mutex")))
            return true;
    }
    return false;
}

void mini_mutex_mark_parked(mini_mutex *m)
{
    plat_fetch_or8(&m->state, PARKED, PLAT_RELAXED, AT("requeue: set PARKED"));
}

/* park's condition: sleep only if the lock is still held and PARKED still set. */
static bool mini_mutex_should_sleep(void *arg)
{
    mini_mutex *m = arg;
    uint8_t state = plat_load8(&m->state, PLAT_RELAXED, AT("validate: state == 11?"));
    return state == (LOCKED | PARKED);
}

__attribute__((cold, noinline)) static void mini_mutex_lock_slow(mini_mutex *m)
{
    /* How the fast path failed is forgotten: we start from a fresh read. */
    plat_loop_state(AT("lock: slow path"), plat_key(m));
    spin_wait spin;
    spin_wait_reset(&spin);
    uint8_t state = plat_load8(&m->state, PLAT_RELAXED, AT("read state"));
    for (;;) {
        /* All a round carries to the next is the state it read and how long
         * it has spun (and m, what we were asked to lock): two threads that
         * come here with the same two go on alike, however they got here, so
         * the explorer may count them once. */
        plat_loop_state(AT("lock: a new round"), state, spin.counter);
        /* 1. Free?  Take it, even if others are parked (barging). */
        if (!(state & LOCKED)) {
            if (plat_cas8(&m->state, &state, state | LOCKED, PLAT_ACQUIRE, AT("grab: set LOCKED")))
                return;
            continue; /* the CAS told us the new state */
        }
        /* 2. Spin a little, but only while nobody is parked: once somebody
         * sleeps, the unlocker will wake them first and spinning is waste. */
        if (!(state & PARKED) && spin_wait_spin(&spin)) {
            state = plat_load8(&m->state, PLAT_RELAXED, AT("read state"));
            continue;
        }
        /* 3. Announce that somebody is about to sleep. */
        if (!(state & PARKED)) {
            if (!plat_cas8(&m->state, &state, state | PARKED, PLAT_RELAXED, AT("set PARKED")))
                continue;
        }
        /* 4. Sleep, if the state is still exactly LOCKED|PARKED.  What the
         * round read and how long it spun are no matter from here: once
         * back we start over with a fresh read and a fresh spin. */
        plat_loop_state(AT("lock: park"), plat_key(m));
        lot_park_result r = lot_park(plat_key(m), mini_mutex_should_sleep, NULL, m);
        if (r.slept && r.token == LOT_TOKEN_HANDOFF)
            return; /* the unlocker handed us the lock */
        /* Woken (or validate failed): start over. */
        spin_wait_reset(&spin);
        state = plat_load8(&m->state, PLAT_RELAXED, AT("read state"));
    }
}

/* Runs under the bucket lock: the new state, and the token for the waiter. */
static uintptr_t mini_mutex_unpark_callback(void *arg, bool unparked, bool have_more)
{
    mini_mutex *m = arg;
    if (unparked && lot_get()->handoff) {
        /* Hand the lock over: it stays LOCKED, now held by the woken waiter. */
        plat_store8(&m->state, have_more ? LOCKED | PARKED : LOCKED, PLAT_RELAXED,
                    have_more ? AT("callback: hand off, write 11")
                              : AT("callback: hand off, write 01"));
        return LOT_TOKEN_HANDOFF;
    }
    plat_store8(&m->state, have_more ? PARKED : 0, PLAT_RELEASE,
                have_more ? AT("callback: write 10") : AT("callback: write 00"));
    return LOT_TOKEN_NORMAL;
}

__attribute__((cold, noinline)) static void mini_mutex_unlock_slow(mini_mutex *m, uint8_t state)
{
    if (!(state & LOCKED)) {
        plat_misuse(AT("unlock"), "unlocked a mutex that is not locked");
        return;
    }
    plat_note(AT("unlock fast path failed"), state);
    lot_unpark_one(plat_key(m), mini_mutex_unpark_callback, m);
}
