/* Signal (see signal.h). */
#include "signal.h"

#include "raw_mutex.h"

void embassy_signal_signal(embassy_signal *s)
{
    plat_irq_state cs = embassy_raw_lock();
    plat_store8(&s->signalled, 1, PLAT_RELAXED, AT("signal: set"));
    embassy_waker_wake(&s->waker);
    embassy_raw_unlock(cs);
}

static embassy_poll embassy_signal_poll(embassy_future *fut)
{
    embassy_signal *s = ((embassy_signal_wait *)fut)->s;
    plat_irq_state cs = embassy_raw_lock();
    bool set = plat_swap8(&s->signalled, 0, PLAT_RELAXED, AT("wait: take the signal"));
    if (!set)
        embassy_waker_register(&s->waker);
    embassy_raw_unlock(cs);
    return set ? EMBASSY_READY : EMBASSY_PENDING;
}

void embassy_signal_wait_init(embassy_signal_wait *f, embassy_signal *s)
{
    *f = (embassy_signal_wait){.future = {embassy_signal_poll, NULL}, .s = s};
}
