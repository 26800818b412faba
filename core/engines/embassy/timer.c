/* Timer::after (see timer.h). */
#include "timer.h"

static embassy_poll embassy_timer_poll(embassy_future *f)
{
    embassy_timer *t = (embassy_timer *)f;
    if (plat_now(AT("timer: read the clock")) >= t->deadline_us)
        return EMBASSY_READY;
    embassy_arm_timer(t->deadline_us);
    embassy_set_await_point("a timer");
    return EMBASSY_PENDING;
}

void embassy_timer_after(embassy_timer *t, int64_t us)
{
    t->future = (embassy_future){.poll = embassy_timer_poll, .drop = NULL};
    t->deadline_us = plat_now(AT("Timer::after: read the clock")) + us;
}
