/* The async Mutex (see mutex.h), as embassy-sync's mutex.rs. */
#include "mutex.h"

#include "raw_mutex.h"

void embassy_mutex_init(embassy_mutex *m) { plat_init8(&m->locked, 0); }

static embassy_poll embassy_lock_poll(embassy_future *f)
{
    embassy_mutex *m = ((embassy_lock_future *)f)->m;
    plat_irq_state cs = embassy_raw_lock();
    bool taken = false;
    if (!plat_load8(&m->locked, PLAT_RELAXED, AT("lock: is it locked?"))) {
        plat_store8(&m->locked, 1, PLAT_RELAXED, AT("lock: locked = true"));
        taken = true;
    } else {
        embassy_waker_register(&m->waker);
        embassy_set_await_point("mutex lock");
    }
    embassy_raw_unlock(cs);
    return taken ? EMBASSY_READY : EMBASSY_PENDING;
}

void embassy_mutex_lock(embassy_lock_future *f, embassy_mutex *m)
{
    /* Dropping a lock future does nothing: no drop function. */
    *f = (embassy_lock_future){.future = {embassy_lock_poll, NULL}, .m = m};
}

bool embassy_mutex_try_lock(embassy_mutex *m)
{
    plat_irq_state cs = embassy_raw_lock();
    bool taken = !plat_load8(&m->locked, PLAT_RELAXED, AT("try_lock: is it locked?"));
    if (taken)
        plat_store8(&m->locked, 1, PLAT_RELAXED, AT("try_lock: locked = true"));
    embassy_raw_unlock(cs);
    return taken;
}

void embassy_mutex_unlock(embassy_mutex *m)
{
    plat_irq_state cs = embassy_raw_lock();
    if (!plat_load8(&m->locked, PLAT_RELAXED, AT("unlock: is it locked?")))
        plat_misuse(AT("unlock of a free mutex"), "unlock of a mutex that is not locked");
    plat_store8(&m->locked, 0, PLAT_RELAXED, AT("unlock: locked = false"));
    embassy_waker_wake(&m->waker);
    embassy_raw_unlock(cs);
}
