/*
 * signal.h: Signal, a flag one task sets and one task awaits.
 *
 * Invariant (under the raw mutex): once signalled, the next wait() is Ready
 * and clears the signal; until then the waiting task is in the one waker slot.
 */
#ifndef LOCKSTEP_EMBASSY_SIGNAL_H
#define LOCKSTEP_EMBASSY_SIGNAL_H

#include "waker.h"

typedef struct embassy_signal {
    plat_a8 signalled;
    embassy_waker_reg waker;
} embassy_signal;

typedef struct embassy_signal_wait {
    embassy_future future;
    embassy_signal *s;
} embassy_signal_wait;

void embassy_signal_signal(embassy_signal *s);
void embassy_signal_wait_init(embassy_signal_wait *f, embassy_signal *s);

#endif
