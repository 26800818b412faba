/*
 * watch.h: Watch<N>, one value many tasks watch, with a MultiWakerRegistration.
 *
 * Invariant (under the raw mutex): `id` counts the values sent (0: none
 * yet); a receiver remembers the id it saw last.  changed() is Ready once a
 * value newer than the receiver's id is there, get() as soon as there is
 * any; otherwise the task registers in the list of N wakers and returns
 * Pending.  send() stores the value, counts it and wakes every registered
 * task.  With more waiting receivers than N, each registration that finds
 * the list full wakes the whole list: they keep waking each other.
 */
#ifndef LOCKSTEP_EMBASSY_WATCH_H
#define LOCKSTEP_EMBASSY_WATCH_H

#include "multi_waker.h"

typedef struct embassy_watch {
    plat_a32 value;
    plat_a32 id; /* values sent so far; the value is there once id > 0 */
    embassy_multi_waker wakers;
} embassy_watch;

typedef struct embassy_watch_wait {
    embassy_future future;
    embassy_watch *w;
    uint32_t *seen; /* the receiver's id, updated when Ready */
    bool changed;   /* changed() rather than get() */
    uint32_t value; /* once Ready */
} embassy_watch_wait;

void embassy_watch_init(embassy_watch *w, uint8_t n);
void embassy_watch_send(embassy_watch *w, uint32_t value);
/* receiver.changed(): a value newer than *seen. */
void embassy_watch_changed_init(embassy_watch_wait *f, embassy_watch *w, uint32_t *seen);
/* receiver.get(): the current value, once there is one. */
void embassy_watch_get_init(embassy_watch_wait *f, embassy_watch *w, uint32_t *seen);

#endif
