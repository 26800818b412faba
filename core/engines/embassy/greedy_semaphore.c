/* GreedySemaphore (see greedy_semaphore.h), as embassy-sync's semaphore.rs. */
#include "greedy_semaphore.h"

#include "raw_mutex.h"

void embassy_greedy_init(embassy_greedy_semaphore *s, uint32_t permits)
{
    plat_init32(&s->permits, permits);
}

/* SemaphoreState::take: with at least n permits, takes n (or, if `all`,
 * every one) into *took and returns true; else takes nothing (raw mutex held). */
static bool embassy_greedy_take(embassy_greedy_semaphore *s, uint32_t n, bool all, uint32_t *took)
{
    uint32_t permits = plat_load32(&s->permits, PLAT_RELAXED, AT("take: permits"));
    if (permits < n)
        return false;
    *took = all ? permits : n;
    if (*took > 0)
        plat_store32(&s->permits, permits - *took, PLAT_RELAXED,
                     all ? AT("take: permits = 0 (take them all)") : AT("take: permits -= n"));
    return true;
}

static embassy_poll embassy_greedy_poll(embassy_future *fut)
{
    embassy_greedy_acquire *f = (embassy_greedy_acquire *)fut;
    plat_irq_state cs = embassy_raw_lock();
    bool taken = embassy_greedy_take(f->s, f->n, f->all, &f->took);
    if (!taken) {
        embassy_waker_register(&f->s->waker);
        embassy_set_await_point(f->all ? "greedy semaphore acquire_all"
                                       : "greedy semaphore acquire");
    }
    embassy_raw_unlock(cs);
    return taken ? EMBASSY_READY : EMBASSY_PENDING;
}

void embassy_greedy_acquire_init(embassy_greedy_acquire *f, embassy_greedy_semaphore *s, uint32_t n)
{
    *f = (embassy_greedy_acquire){.future = {embassy_greedy_poll, NULL}, .s = s, .n = n};
}

void embassy_greedy_acquire_all_init(embassy_greedy_acquire *f, embassy_greedy_semaphore *s,
                                     uint32_t min)
{
    *f = (embassy_greedy_acquire){
        .future = {embassy_greedy_poll, NULL}, .s = s, .n = min, .all = true};
}

embassy_greedy_releaser embassy_greedy_releaser_of(const embassy_greedy_acquire *f)
{
    return (embassy_greedy_releaser){.s = f->s, .permits = f->took};
}

bool embassy_greedy_try_acquire(embassy_greedy_semaphore *s, uint32_t n)
{
    plat_irq_state cs = embassy_raw_lock();
    uint32_t took;
    bool taken = embassy_greedy_take(s, n, false, &took);
    embassy_raw_unlock(cs);
    return taken;
}

uint32_t embassy_greedy_try_acquire_all(embassy_greedy_semaphore *s, uint32_t min)
{
    plat_irq_state cs = embassy_raw_lock();
    uint32_t took = 0;
    if (!embassy_greedy_take(s, min, true, &took))
        took = 0;
    embassy_raw_unlock(cs);
    return took;
}

void embassy_greedy_release(embassy_greedy_semaphore *s, uint32_t n)
{
    if (n == 0)
        return; /* upstream: release(0) does not even take the lock */
    plat_irq_state cs = embassy_raw_lock();
    plat_fetch_add32(&s->permits, n, PLAT_RELAXED, AT("release: permits += n"));
    embassy_waker_wake(&s->waker);
    embassy_raw_unlock(cs);
}

void embassy_greedy_set(embassy_greedy_semaphore *s, uint32_t permits)
{
    plat_irq_state cs = embassy_raw_lock();
    uint32_t old = plat_load32(&s->permits, PLAT_RELAXED, AT("set: permits"));
    if (permits > old)
        embassy_waker_wake(&s->waker); /* only an increase wakes */
    plat_store32(&s->permits, permits, PLAT_RELAXED, AT("set: permits = n"));
    embassy_raw_unlock(cs);
}

void embassy_greedy_releaser_drop(embassy_greedy_releaser *r)
{
    uint32_t n = r->permits;
    r->permits = 0;
    embassy_greedy_release(r->s, n);
}

uint32_t embassy_greedy_releaser_disarm(embassy_greedy_releaser *r)
{
    uint32_t n = r->permits;
    r->permits = 0; /* mem::forget: the drop never runs */
    return n;
}
