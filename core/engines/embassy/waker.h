/*
 * waker.h: WakerRegistration, a slot for one waker.
 *
 * Invariant: the slot holds at most one task.  Registering a task other than
 * the one in the slot wakes the one it evicts, so no registered task is ever
 * silently forgotten; with two or more waiters (besides whoever holds the
 * thing they wait for) that means they keep waking each other, as upstream's
 * own documentation of WakerRegistration warns.  Waking empties the slot.
 *
 * Callers hold the primitive's raw mutex around every call.
 */
#ifndef LOCKSTEP_EMBASSY_WAKER_H
#define LOCKSTEP_EMBASSY_WAKER_H

#include "task.h"

typedef struct embassy_waker_reg {
    plat_a16 slot; /* 1 + the registered task, 0 when empty */
} embassy_waker_reg;

/* Registers the calling task (cx.waker()). */
void embassy_waker_register(embassy_waker_reg *w);
/* Wakes the registered task, if any, and empties the slot. */
void embassy_waker_wake(embassy_waker_reg *w);
/* The registered task, or -1 (no step: for views and lints). */
int embassy_waker_peek(const embassy_waker_reg *w);

#endif
