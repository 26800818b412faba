/*
 * The async Mutex of engine embassy: lock, try_lock, unlock.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

static int embassy_mutex_setup(void *o, const int64_t *params, char *err, size_t es)
{
    (void)params, (void)err, (void)es;
    embassy_mutex_init(o);
    return 0;
}

static int64_t embassy_lock_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_lock_future f;
    embassy_mutex_lock(&f, o);
    return embassy_await(&f.future);
}

/* with_timeout(us, m.lock()): 1 if locked in time, 0 on timeout.  The lock
 * future is then dropped, which does nothing: its waker stays in the slot. */
static int64_t embassy_lock_timeout_op(void *o, const int64_t *args)
{
    embassy_lock_future f;
    embassy_mutex_lock(&f, o);
    uint32_t polls;
    return embassy_with_timeout(&f.future, args[0], &polls) ? 1 : 0;
}

static int64_t embassy_try_lock_op(void *o, const int64_t *args)
{
    (void)args;
    return embassy_mutex_try_lock(o);
}

static int64_t embassy_unlock_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_mutex_unlock(o);
    return 0;
}

static int64_t embassy_mutex_locked(const void *o) { return ((const embassy_mutex *)o)->locked.v; }
static int64_t embassy_mutex_waker(const void *o)
{
    return embassy_waker_peek(&((const embassy_mutex *)o)->waker);
}

static const script_op embassy_mutex_ops[] = {
    {.name = "lock", .run = embassy_lock_op},
    {.name = "lock_timeout", SCRIPT_ARGS("us"), .run = embassy_lock_timeout_op},
    {.name = "try_lock", .run = embassy_try_lock_op},
    {.name = "unlock", .run = embassy_unlock_op},
};
static const script_field embassy_mutex_fields[] = {
    {.name = "locked", .read = embassy_mutex_locked},
    {.name = "waker", .read = embassy_mutex_waker},
};

/* Every mutex takes 256 bytes of address space, on any word size. */
#define MUTEX_FOOTPRINT 256
_Static_assert(sizeof(embassy_mutex) <= MUTEX_FOOTPRINT, "a mutex outgrew its footprint");

const script_type type_embassy_mutex = {
    .name = "async_mutex",
    .engine = "embassy",
    .summary = "embassy-sync's Mutex: a flag and one waker slot; unlock wakes, no hand-off",
    .size = sizeof(embassy_mutex),
    .footprint = MUTEX_FOOTPRINT,
    .init = embassy_mutex_setup,
    SCRIPT_OPS(embassy_mutex_ops),
    SCRIPT_FIELDS(embassy_mutex_fields),
};
