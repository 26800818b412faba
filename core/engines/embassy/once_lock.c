/* OnceLock (see once_lock.h), as embassy-sync's once_lock.rs. */
#include "once_lock.h"

#include "raw_mutex.h"

void embassy_once_init(embassy_once_lock *l)
{
    l->relaxed = plat_variant_is("relaxed_publication");
}

bool embassy_once_set(embassy_once_lock *l, uint32_t v)
{
    plat_irq_state cs = embassy_raw_lock();
    bool set = !plat_load8(&l->initialized, PLAT_RELAXED, AT("init: already set?"));
    if (set) {
        plat_store32(&l->value, v, PLAT_RELAXED, AT("init: write the value"));
        plat_store8(&l->initialized, 1, l->relaxed ? PLAT_RELAXED : PLAT_RELEASE,
                    AT("init: publish (initialized = true)"));
    }
    embassy_raw_unlock(cs);
    return set;
}

static embassy_poll embassy_once_get_poll(embassy_future *fut)
{
    embassy_once_get *f = (embassy_once_get *)fut;
    embassy_once_lock *l = f->l;
    if (plat_load8(&l->initialized, l->relaxed ? PLAT_RELAXED : PLAT_ACQUIRE,
                   AT("get: initialized?"))) {
        f->value = plat_load32(&l->value, PLAT_RELAXED, AT("get: read the value"));
        return EMBASSY_READY;
    }
    /* No waker to register: wake ourselves and try again next batch. */
    embassy_wake(plat_task_self(), AT("get: wake myself (busy loop)"));
    embassy_set_await_point("OnceLock get (busy)");
    return EMBASSY_PENDING;
}

void embassy_once_get_init(embassy_once_get *f, embassy_once_lock *l)
{
    *f = (embassy_once_get){.future = {embassy_once_get_poll, NULL}, .l = l};
}
