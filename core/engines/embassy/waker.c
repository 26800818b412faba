/*
 * WakerRegistration (see waker.h), as embassy-sync's waker_registration.rs:
 * the same waker again changes nothing; a different one replaces the old one,
 * which is woken so that its task polls again and registers anew.
 */
#include "waker.h"

void embassy_waker_register(embassy_waker_reg *w)
{
    uint16_t me = (uint16_t)(plat_task_self() + 1);
    uint16_t old = plat_load16(&w->slot, PLAT_RELAXED, AT("waker slot: who is registered?"));
    if (old == me)
        return; /* will_wake: already ours */
    plat_store16(&w->slot, me, PLAT_RELAXED, AT("waker slot: register me"));
    if (old != 0)
        embassy_wake(old - 1, AT("waker slot: wake the evicted waker"));
}

void embassy_waker_wake(embassy_waker_reg *w)
{
    uint16_t old = plat_swap16(&w->slot, 0, PLAT_RELAXED, AT("waker slot: take the waker"));
    if (old != 0)
        embassy_wake(old - 1, AT("wake the registered task"));
}

int embassy_waker_peek(const embassy_waker_reg *w) { return (int)w->slot.v - 1; }
