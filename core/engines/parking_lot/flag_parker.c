/*
 * The flag and its thread parker (see flag_parker.h).
 *
 * Invariant: the waiter's prepare (woken = 0) is in memory before it checks
 * the flag, so a setter that comes after the check finds its woken = 1 after
 * the prepare, and the sleep sees it.  The sleep is a futex wait: it blocks
 * only while woken is still 0 (the platform's prepare and the re-check
 * before its sleep make that one step for a waker).
 */
#include "flag_parker.h"

void flag_parker_init(flag_parker *p)
{
    plat_init32(&p->flag, 0);
    plat_init32(&p->woken, 0);
    p->sleeper = NULL;
    p->relaxed_prepare = plat_variant_is("relaxed_prepare");
}

void flag_parker_wait(flag_parker *p)
{
    p->sleeper = plat_parker_self();
    /* Prepare: from here on a wake is recorded in woken.  seq_cst so that
     * the check below cannot read the flag before this store is in memory. */
    plat_store32(&p->woken, 0, p->relaxed_prepare ? PLAT_RELAXED : PLAT_SEQ_CST,
                 AT("prepare: woken = 0"));
    if (plat_load32(&p->flag, PLAT_ACQUIRE, AT("check: is the flag set?")))
        return;
    /* futex_wait(&woken, 0): sleep only while woken is still 0. */
    while (plat_load32(&p->woken, PLAT_ACQUIRE, AT("sleep: woken?")) == 0) {
        plat_parker_prepare(p->sleeper, AT("futex: arm"));
        if (plat_load32(&p->woken, PLAT_ACQUIRE, AT("futex: woken still 0?")) != 0)
            break;
        plat_parker_sleep(p->sleeper, AT("futex: sleep"));
    }
}

void flag_parker_set(flag_parker *p)
{
    plat_store32(&p->flag, 1, PLAT_RELEASE, AT("set: flag = 1"));
    /* unpark: woken = 1, then futex_wake (nothing to wake if the waiter has
     * not named its sleep yet: it will see the flag) */
    plat_store32(&p->woken, 1, PLAT_RELEASE, AT("unpark: woken = 1"));
    if (p->sleeper)
        plat_parker_wake(p->sleeper, AT("futex: wake"));
}
