/*
 * lot.h: the parking lot, a fixed table of 64 wait queues shared by every
 * lock in the process.
 *
 * A thread that must wait parks on a key (the address of the lock it waits
 * for); an unlocking thread unparks a waiter of that key.  The key picks a
 * bucket by Fibonacci hashing (the top 6 bits of key * 0x9E3779B97F4A7C15), so
 * different keys can share a bucket; each waiter remembers its key.
 *
 * The promise that makes this work: `validate` runs under the bucket lock, and
 * so does the unparker's `callback`.  For an unparker, "check the condition"
 * and "join the queue" by a parking thread are one indivisible act: either it
 * changes the state before the parker validates (so the parker does not
 * sleep), or it finds the parker in the queue.  A wakeup cannot fall between.
 */
#ifndef LOCKSTEP_LOT_H
#define LOCKSTEP_LOT_H

#include "../../plat/plat.h"

#define LOT_BUCKET_BITS 6
#define LOT_BUCKETS (1u << LOT_BUCKET_BITS)
#define LOT_FIBONACCI 0x9E3779B97F4A7C15ull

/* Unpark tokens: what the unparker tells the woken thread. */
#define LOT_TOKEN_NORMAL 0  /* retry the lock */
#define LOT_TOKEN_HANDOFF 1 /* the lock is already yours */

typedef struct lot_waiter {
    uintptr_t key;
    plat_parker *parker;
    uintptr_t token;
    struct lot_waiter *next;
} lot_waiter;

typedef struct lot_bucket {
    plat_lock lock;
    lot_waiter *head, *tail; /* FIFO, oldest first */
} lot_bucket;

typedef struct lot {
    lot_bucket buckets[LOT_BUCKETS];
    /* The variants, read once when the lot is made (lot.c): */
    bool validate_outside;     /* validate before taking the bucket lock (the bug) */
    bool widen;                /* ... and yield between validating and queueing */
    bool handoff;              /* mini_mutex: unlock hands the lock to the woken waiter */
    bool notify_all_wakes_all; /* condvar: notify_all wakes every waiter (the herd) */
} lot;

/* The process's parking lot (one per machine in the simulator). */
lot *lot_get(void);
/* Its description for the platform (the simulator's views look it up). */
extern plat_global lot_global;

/* The bucket index of a key: the top 6 bits of key * 0x9E3779B97F4A7C15. */
unsigned lot_bucket_of(uintptr_t key);

typedef struct lot_park_result {
    bool slept;      /* false: validate failed, the thread never queued */
    uintptr_t token; /* if slept: the unparker's token */
} lot_park_result;

/* Parks the calling thread on `key` if validate(arg) holds, checked under the
 * bucket lock; sleeps until a lot_unpark_* wakes it.  before_sleep(arg), if
 * not NULL, runs once the thread is queued and the bucket lock released, just
 * before it sleeps (a condition variable unlocks its mutex there: a notifier
 * that takes the mutex afterwards is sure to find the waiter queued). */
lot_park_result lot_park(uintptr_t key, bool (*validate)(void *arg),
                         void (*before_sleep)(void *arg), void *arg);

/* Wakes the oldest waiter on `key`.  Under the bucket lock, calls
 * callback(arg, unparked, have_more) (have_more: others still wait on key) and
 * gives the waiter the token it returns.  Returns whether a thread was woken. */
bool lot_unpark_one(uintptr_t key, uintptr_t (*callback)(void *arg, bool unparked, bool have_more),
                    void *arg);

/* Wakes every waiter on `key` with `token`; returns how many. */
unsigned lot_unpark_all(uintptr_t key, uintptr_t token);

/* What lot_unpark_requeue should do, decided under both bucket locks. */
typedef enum lot_requeue_op {
    LOT_REQUEUE_ABORT,           /* nothing */
    LOT_UNPARK_ONE_REQUEUE_REST, /* wake the oldest, move the rest to `to` */
    LOT_REQUEUE_ALL,             /* move every waiter to `to` */
    LOT_UNPARK_ONE,              /* wake the oldest, leave the rest */
    LOT_REQUEUE_ONE,             /* move the oldest to `to`, leave the rest */
} lot_requeue_op;

/* What lot_unpark_requeue did, for its callback. */
typedef struct lot_requeue_result {
    unsigned unparked; /* 0 or 1 */
    unsigned requeued; /* moved to `to` */
    bool have_more;    /* after a *_ONE op: others still wait on `from` */
} lot_requeue_result;

/* Moves waiters of key `from` to key `to`, where they sleep on as if they had
 * parked there (a condition variable's notify, which moves its waiters onto
 * the mutex instead of waking them all to fight for it).  Under both bucket
 * locks, validate(arg) picks the operation; then callback(arg, op, result)
 * runs, still under the locks, before the woken thread (if any) is woken with
 * LOT_TOKEN_NORMAL.  Returns what it did. */
lot_requeue_result
lot_unpark_requeue(uintptr_t from, uintptr_t to, lot_requeue_op (*validate)(void *arg),
                   void (*callback)(void *arg, lot_requeue_op op, lot_requeue_result result),
                   void *arg);

#endif
