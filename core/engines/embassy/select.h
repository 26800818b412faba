/*
 * select.h: select of two futures, and with_timeout.
 *
 * Invariant: each poll polls the first future, then (if it is still pending)
 * the second; as soon as one is Ready the other is dropped, never polled
 * again.  So a future that lost the race is cancelled at its await point,
 * even if it had just been woken: its drop function must hand the wake on.
 */
#ifndef LOCKSTEP_EMBASSY_SELECT_H
#define LOCKSTEP_EMBASSY_SELECT_H

#include "timer.h"

typedef struct embassy_select {
    embassy_future future;
    embassy_future *first, *second;
    int winner; /* 1 or 2 once Ready, 0 before */
} embassy_select;

void embassy_select_init(embassy_select *s, embassy_future *first, embassy_future *second);

/* with_timeout(us, f): Ready with f's result, or with a timeout (f dropped).
 * Returns true if f finished in time. */
bool embassy_with_timeout(embassy_future *f, int64_t us, uint32_t *polls);

#endif
