/*
 * once_lock.h: OnceLock, a value set once, awaited without a waker.
 *
 * Invariant: once `initialized` reads true, `value` holds the value that was
 * stored before it.  get() registers no waker: while the value is missing it
 * wakes its own task and returns Pending, so the executor polls it again and
 * again (a busy loop, as upstream's documentation says).
 *
 * Variant relaxed_publication: the flag is written and read Relaxed (0.8.0)
 * instead of Release/Acquire (main).  Under sc or tso that changes nothing
 * visible; under ra (C11's release/acquire, docs/MEMORY.md) a reader may
 * see the flag set and still read the value's initial 0 (lesson
 * relaxed-publication).
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
