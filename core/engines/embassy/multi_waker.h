/*
 * multi_waker.h: MultiWakerRegistration<N>, a list of up to N wakers.
 *
 * Invariant: the list holds each registered task at most once and never
 * more than N of them.  Registering a task already there changes nothing;
 * registering one more when the list is full first wakes every task in it
 * and empties it (upstream's deliberate small thundering herd: the woken
 * futures that still wait register again), then adds the new one.  wake()
 * wakes every task in the list and empties it.
 *
 * Upstream uses it where several tasks wait for the same news: Watch and
 * PubSubChannel (not the Mutex, RwLock, semaphores or Signal: those have
 * one slot).  Callers hold the primitive's raw mutex around every call.
 */
#ifndef LOCKSTEP_EMBASSY_MULTI_WAKER_H
#define LOCKSTEP_EMBASSY_MULTI_WAKER_H

#include "task.h"

#define EMBASSY_MULTI_MAX 8

typedef struct embassy_multi_waker {
    plat_a8 len;
    plat_a16 slots[EMBASSY_MULTI_MAX]; /* 1 + a registered task */
    uint8_t cap;                       /* N */
} embassy_multi_waker;

void embassy_multi_waker_init(embassy_multi_waker *w, uint8_t n);
/* Registers the calling task (cx.waker()). */
void embassy_multi_waker_register(embassy_multi_waker *w);
/* Wakes every registered task and empties the list. */
void embassy_multi_waker_wake(embassy_multi_waker *w);
/* The i-th registered task, or -1 (no step: for views). */
int embassy_multi_waker_peek(const embassy_multi_waker *w, int i);

#endif
