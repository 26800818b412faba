/*
 * timer.h: Timer::after, a future that is Ready once its deadline has passed.
 *
 * Invariant: a pending timer always has its deadline armed with the executor
 * for the poll that returned Pending, so the task is polled again by then.
 * The deadline is fixed when the timer is made, not when it is first polled.
 */
#ifndef LOCKSTEP_EMBASSY_TIMER_H
#define LOCKSTEP_EMBASSY_TIMER_H

#include "task.h"

typedef struct embassy_timer {
    embassy_future future;
    int64_t deadline_us;
} embassy_timer;

/* Timer::after(us), made now. */
void embassy_timer_after(embassy_timer *t, int64_t us);

#endif
