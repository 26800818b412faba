/*
 * spin_wait.h: how long to keep trying before going to sleep.
 *
 * Shaped like parking_lot_core's SpinWait: three rounds of busy-spinning that
 * double in length (2, 4, then 8 pause hints), then seven rounds of yielding
 * the CPU, then it gives up and the caller parks.  Spinning is worth it only
 * for locks held a very short time; after that, a sleeping thread costs nobody
 * anything.
 */
#ifndef LOCKSTEP_SPIN_WAIT_H
#define LOCKSTEP_SPIN_WAIT_H

#include "../../plat/plat.h"

#define SPIN_WAIT_SPIN_ROUNDS 3 /* rounds 1..3 busy-spin 2, 4, 8 times */
#define SPIN_WAIT_ROUNDS 10     /* rounds 4..10 yield; then give up */

typedef struct spin_wait {
    uint32_t counter; /* rounds done so far */
} spin_wait;

static inline void spin_wait_reset(spin_wait *s) { s->counter = 0; }

/* One more round of waiting.  False once the rounds are used up: park now. */
bool spin_wait_spin(spin_wait *s);

#endif
