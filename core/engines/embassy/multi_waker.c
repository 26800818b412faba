/* MultiWakerRegistration (see multi_waker.h), as embassy-sync's
 * waitqueue/multi_waker.rs. */
#include "multi_waker.h"

/* Wakes every registered task and empties the list; `why` says which wake
 * it is (news for all of them, or the list was full). */
static void embassy_multi_waker_wake_all(embassy_multi_waker *w, plat_site why)
{
    uint8_t len = plat_load8(&w->len, PLAT_RELAXED, AT("multi waker: how many to wake?"));
    for (int i = 0; i < len; i++) {
        uint16_t t = plat_load16(&w->slots[i], PLAT_RELAXED, AT("multi waker: take a waker"));
        embassy_wake(t - 1, why);
    }
    plat_store8(&w->len, 0, PLAT_RELAXED, AT("multi waker: empty the list"));
}

void embassy_multi_waker_init(embassy_multi_waker *w, uint8_t n)
{
    w->cap = n < 1 ? 1 : n > EMBASSY_MULTI_MAX ? EMBASSY_MULTI_MAX : n;
}

void embassy_multi_waker_register(embassy_multi_waker *w)
{
    uint16_t me = (uint16_t)(plat_task_self() + 1);
    uint8_t len = plat_load8(&w->len, PLAT_RELAXED, AT("multi waker: how many registered?"));
    for (int i = 0; i < len; i++)
        if (plat_load16(&w->slots[i], PLAT_RELAXED, AT("multi waker: is it me?")) == me)
            return; /* will_wake: already there */
    if (len == w->cap) {
        /* full: wake them all; those still waiting register again */
        embassy_multi_waker_wake_all(w, AT("multi waker full: wake every registered task"));
        len = 0;
    }
    plat_store16(&w->slots[len], me, PLAT_RELAXED, AT("multi waker: register me"));
    plat_store8(&w->len, (uint8_t)(len + 1), PLAT_RELAXED, AT("multi waker: one more"));
}

void embassy_multi_waker_wake(embassy_multi_waker *w)
{
    embassy_multi_waker_wake_all(w, AT("multi waker: wake a registered task"));
}

int embassy_multi_waker_peek(const embassy_multi_waker *w, int i)
{
    return i < w->len.v ? (int)w->slots[i].v - 1 : -1;
}
