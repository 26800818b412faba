/* The async RwLock (see rwlock.h), as embassy-sync's rwlock.rs. */
#include "rwlock.h"

#include "raw_mutex.h"

static embassy_poll embassy_read_poll(embassy_future *f)
{
    embassy_rwlock *l = ((embassy_rwlock_future *)f)->l;
    plat_irq_state cs = embassy_raw_lock();
    bool in = !plat_load8(&l->writer, PLAT_RELAXED, AT("read: is a writer in?"));
    if (in)
        plat_fetch_add32(&l->readers, 1, PLAT_RELAXED, AT("read: readers += 1"));
    else {
        embassy_waker_register(&l->waker);
        embassy_set_await_point("rwlock read");
    }
    embassy_raw_unlock(cs);
    return in ? EMBASSY_READY : EMBASSY_PENDING;
}

static embassy_poll embassy_write_poll(embassy_future *f)
{
    embassy_rwlock *l = ((embassy_rwlock_future *)f)->l;
    plat_irq_state cs = embassy_raw_lock();
    bool in = !plat_load8(&l->writer, PLAT_RELAXED, AT("write: is a writer in?")) &&
              plat_load32(&l->readers, PLAT_RELAXED, AT("write: any readers?")) == 0;
    if (in)
        plat_store8(&l->writer, 1, PLAT_RELAXED, AT("write: writer = true"));
    else {
        embassy_waker_register(&l->waker);
        embassy_set_await_point("rwlock write");
    }
    embassy_raw_unlock(cs);
    return in ? EMBASSY_READY : EMBASSY_PENDING;
}

void embassy_rwlock_read(embassy_rwlock_future *f, embassy_rwlock *l)
{
    *f = (embassy_rwlock_future){.future = {embassy_read_poll, NULL}, .l = l};
}

void embassy_rwlock_write(embassy_rwlock_future *f, embassy_rwlock *l)
{
    *f = (embassy_rwlock_future){.future = {embassy_write_poll, NULL}, .l = l};
}

void embassy_rwlock_read_unlock(embassy_rwlock *l)
{
    plat_irq_state cs = embassy_raw_lock();
    uint32_t left =
        plat_fetch_add32(&l->readers, (uint32_t)-1, PLAT_RELAXED, AT("read unlock: readers -= 1")) -
        1;
    if (left == 0)
        embassy_waker_wake(&l->waker); /* only the last reader wakes */
    embassy_raw_unlock(cs);
}

void embassy_rwlock_write_unlock(embassy_rwlock *l)
{
    plat_irq_state cs = embassy_raw_lock();
    plat_store8(&l->writer, 0, PLAT_RELAXED, AT("write unlock: writer = false"));
    embassy_waker_wake(&l->waker);
    embassy_raw_unlock(cs);
}
