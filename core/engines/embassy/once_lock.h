/*
 * once_lock.h: OnceLock, a value set once, awaited without a waker.
 *
 * Invariant: once `initialized` reads true, `value` holds the value that was
 * stored before it.  get() registers no waker: while the value is missing it
 * wakes its own task and returns Pending, so the executor polls it again and
 * again (a busy loop, as upstream's documentation says).
 *
 * Variant relaxed_publication: the flag is written and read Relaxed (0.8.0)
 * instead of Release/Acquire (main).  On one core, and on this machine,
 * which runs every action in one total order, that changes nothing visible;
 * it becomes a bug only under a weak memory model, which the machine does
 * not model yet.
 */
#ifndef LOCKSTEP_EMBASSY_ONCE_LOCK_H
#define LOCKSTEP_EMBASSY_ONCE_LOCK_H

#include "task.h"

typedef struct embassy_once_lock {
    plat_a8 initialized;
    plat_a32 value;
    uint8_t relaxed; /* variant relaxed_publication */
} embassy_once_lock;

typedef struct embassy_once_get {
    embassy_future future;
    embassy_once_lock *l;
    uint32_t value; /* once Ready */
} embassy_once_get;

void embassy_once_init(embassy_once_lock *l);
/* init(v): sets the value if nobody did; returns whether this call did. */
bool embassy_once_set(embassy_once_lock *l, uint32_t v);
void embassy_once_get_init(embassy_once_get *f, embassy_once_lock *l);

#endif
