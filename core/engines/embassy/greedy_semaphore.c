/* GreedySemaphore (see greedy_semaphore.h), as embassy-sync's semaphore.rs. */
#include "greedy_semaphore.h"

#include "raw_mutex.h"

void embassy_greedy_init(embassy_greedy_semaphore *s, uint32_t permits)
{
    plat_init32(&s->permits, permits);
}

/* Takes n permits if there are that many (raw mutex held). */
static bool embassy_greedy_take(embassy_greedy_semaphore *s, uint32_t n)
{
    uint32_t permits = plat_load32(&s->permits, PLAT_RELAXED, AT("acquire: permits"));
    if (permits < n)
        return false;
    plat_store32(&s->permits, permits - n, PLAT_RELAXED, AT("acquire: permits -= n"));
    return true;
}

static embassy_poll embassy_greedy_poll(embassy_future *fut)
{
    embassy_greedy_acquire *f = (embassy_greedy_acquire *)fut;
    plat_irq_state cs = embassy_raw_lock();
    bool taken = embassy_greedy_take(f->s, f->n);
    if (!taken) {
        embassy_waker_register(&f->s->waker);
        embassy_set_await_point("greedy semaphore acquire");
    }
    embassy_raw_unlock(cs);
    return taken ? EMBASSY_READY : EMBASSY_PENDING;
}

void embassy_greedy_acquire_init(embassy_greedy_acquire *f, embassy_greedy_semaphore *s, uint32_t n)
{
    *f = (embassy_greedy_acquire){.future = {embassy_greedy_poll, NULL}, .s = s, .n = n};
}

bool embassy_greedy_try_acquire(embassy_greedy_semaphore *s, uint32_t n)
{
    plat_irq_state cs = embassy_raw_lock();
    bool taken = embassy_greedy_take(s, n);
    embassy_raw_unlock(cs);
    return taken;
}

void embassy_greedy_release(embassy_greedy_semaphore *s, uint32_t n)
{
    plat_irq_state cs = embassy_raw_lock();
    plat_fetch_add32(&s->permits, n, PLAT_RELAXED, AT("release: permits += n"));
    embassy_waker_wake(&s->waker);
    embassy_raw_unlock(cs);
}

void embassy_greedy_set(embassy_greedy_semaphore *s, uint32_t permits)
{
    plat_irq_state cs = embassy_raw_lock();
    plat_store32(&s->permits, permits, PLAT_RELAXED, AT("set: permits = n"));
    embassy_waker_wake(&s->waker);
    embassy_raw_unlock(cs);
}
