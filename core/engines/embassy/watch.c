/* Watch (see watch.h), as embassy-sync's watch.rs. */
#include "watch.h"

#include "raw_mutex.h"

void embassy_watch_init(embassy_watch *w, uint8_t n) { embassy_multi_waker_init(&w->wakers, n); }

void embassy_watch_send(embassy_watch *w, uint32_t value)
{
    plat_irq_state cs = embassy_raw_lock();
    plat_store32(&w->value, value, PLAT_RELAXED, AT("send: data = Some(value)"));
    plat_fetch_add32(&w->id, 1, PLAT_RELAXED, AT("send: current_id += 1"));
    embassy_multi_waker_wake(&w->wakers);
    embassy_raw_unlock(cs);
}

static embassy_poll embassy_watch_poll(embassy_future *fut)
{
    embassy_watch_wait *f = (embassy_watch_wait *)fut;
    plat_irq_state cs = embassy_raw_lock();
    uint32_t id = plat_load32(&f->w->id, PLAT_RELAXED, AT("watch: current_id"));
    bool ready = id > 0 && (!f->changed || id > *f->seen);
    if (ready) {
        *f->seen = id;
        f->value = plat_load32(&f->w->value, PLAT_RELAXED, AT("watch: read the value"));
    } else {
        embassy_multi_waker_register(&f->w->wakers);
        embassy_set_await_point(f->changed ? "watch changed" : "watch get");
    }
    embassy_raw_unlock(cs);
    return ready ? EMBASSY_READY : EMBASSY_PENDING;
}

void embassy_watch_changed_init(embassy_watch_wait *f, embassy_watch *w, uint32_t *seen)
{
    *f = (embassy_watch_wait){
        .future = {embassy_watch_poll, NULL}, .w = w, .seen = seen, .changed = true};
}

void embassy_watch_get_init(embassy_watch_wait *f, embassy_watch *w, uint32_t *seen)
{
    *f = (embassy_watch_wait){.future = {embassy_watch_poll, NULL}, .w = w, .seen = seen};
}
