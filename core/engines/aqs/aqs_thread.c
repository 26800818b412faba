/*
 * The thread's park permit and interrupt flag (see aqs_thread.h).
 *
 * Invariant: the permit is the parker's flag.  unpark sets it; park sleeps
 * until it is set and then clears it.  A wake that lands before the sleep is
 * found by the sleep; one that lands between the sleep's return and the clear
 * merges with the wake being consumed, which is what a binary permit does
 * anyway.  Callers never trust a wake-up: every park sits in a loop that looks
 * at the shared state again, so an extra (stale) permit costs one more turn
 * of the loop and nothing else.
 */
#include "aqs_thread.h"

void aqs_thread_init(aqs_thread *t, plat_parker *parker, uint32_t id)
{
    t->id = id;
    t->parker = parker;
    plat_init8(&t->interrupted, 0);
    t->node.prev = t->node.next = NULL;
    t->node.waiter = t;
    t->node.wants = 0;
    plat_init32(&t->node.status, 0);
}

bool aqs_thread_park(aqs_thread *t, int64_t deadline_us)
{
    if (deadline_us < 0) {
        plat_parker_sleep(t->parker, AT("park"));
    } else if (!plat_parker_sleep_until(t->parker, deadline_us, AT("park until the deadline"))) {
        return false; /* timed out: there was no permit to consume */
    }
    plat_parker_prepare(t->parker, AT("consume the permit"));
    return true;
}

void aqs_thread_unpark(aqs_thread *t) { plat_parker_wake(t->parker, AT("unpark")); }

void aqs_thread_interrupt(aqs_thread *t)
{
    plat_store8(&t->interrupted, 1, PLAT_SEQ_CST, AT("interrupt: set the flag"));
    plat_parker_wake(t->parker, AT("interrupt: unpark"));
}

bool aqs_thread_interrupted(aqs_thread *t)
{
    if (plat_load8(&t->interrupted, PLAT_SEQ_CST, AT("interrupted?")) == 0)
        return false;
    plat_store8(&t->interrupted, 0, PLAT_RELAXED, AT("clear the interrupt"));
    return true;
}

void aqs_thread_self_interrupt(aqs_thread *t)
{
    plat_store8(&t->interrupted, 1, PLAT_RELAXED, AT("re-assert the interrupt"));
}
