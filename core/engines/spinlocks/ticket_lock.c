/*
 * The ticket lock (see ticket_lock.h).
 *
 * Invariant: every ticket below next_ticket belongs to exactly one thread,
 * and the holder is the thread whose ticket equals now_serving.  So the lock
 * is held by one thread at a time, and it goes to waiters in ticket order:
 * nobody can overtake.  Under `racy_ticket` the ticket is read and written
 * back in two steps; two threads that read the same value hold the same
 * ticket, and when it is called both enter.
 */
#include "ticket_lock.h"

void ticket_lock_init(ticket_lock *l)
{
    plat_init32(&l->next_ticket, 0);
    plat_init32(&l->now_serving, 0);
    l->variant = spin_variant_now();
}

/* One ticket for the caller: the dispenser's number, which moves on by one. */
static uint32_t ticket_take(ticket_lock *l)
{
    if (l->variant == SPIN_RACY_TICKET) {
        /* Read the dispenser, then write it back plus one: another thread
         * can read the same number in between. */
        uint32_t mine = plat_load32(&l->next_ticket, PLAT_RELAXED, AT("read next_ticket"));
        plat_store32(&l->next_ticket, mine + 1, PLAT_RELAXED, AT("write next_ticket + 1"));
        return mine;
    }
    return plat_fetch_add32(&l->next_ticket, 1, PLAT_RELAXED,
                            AT("take a ticket: fetch_add next_ticket"));
}

uint32_t ticket_lock_acquire(ticket_lock *l)
{
    uint32_t mine = ticket_take(l);
    while (plat_load32(&l->now_serving, spin_acquire_order(l->variant),
                       AT("is now_serving my ticket?")) != mine)
        plat_spin_hint(AT("spin: not my turn yet"));
    return mine;
}

void ticket_lock_release(ticket_lock *l)
{
    /* Only the holder writes now_serving, so a load and a store are enough
     * here: nobody can change it in between. */
    uint32_t serving = plat_load32(&l->now_serving, PLAT_RELAXED, AT("read now_serving"));
    /* Release: the next ticket's holder sees what was written inside
     * (relaxed under relaxed_unlock: it may not). */
    plat_store32(&l->now_serving, serving + 1, spin_release_order(l->variant),
                 AT("call the next ticket"));
}
