/*
 * ticket_lock.h: the ticket lock (OSTEP 28.11, "Fetch-and-add").
 *
 * Two counters, as at a bakery's counter: `next_ticket` is the number the
 * dispenser will hand out next, `now_serving` the number on the display.  A
 * thread takes a ticket (fetch_add on next_ticket) and waits until the
 * display shows its number; unlocking moves the display on by one.  Threads
 * get the lock in the order they took their tickets.
 */
#ifndef LOCKSTEP_TICKET_LOCK_H
#define LOCKSTEP_TICKET_LOCK_H

#include "variant.h"

typedef struct ticket_lock {
    plat_a32 next_ticket; /* the ticket the next arrival gets */
    plat_a32 now_serving; /* the ticket that may hold the lock */
    spin_variant variant; /* read once, at init */
} ticket_lock;

void ticket_lock_init(ticket_lock *l);
/* Spins until the calling thread holds the lock; returns its ticket. */
uint32_t ticket_lock_acquire(ticket_lock *l);
void ticket_lock_release(ticket_lock *l);

#endif
