/*
 * The RwLock of engine embassy: read, write and their unlocks.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

static int embassy_rwlock_setup(void *o, const int64_t *params, char *err, size_t es)
{
    (void)o, (void)params, (void)err, (void)es;
    return 0;
}

static int64_t embassy_read_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_rwlock_future f;
    embassy_rwlock_read(&f, o);
    return embassy_await(&f.future);
}

static int64_t embassy_write_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_rwlock_future f;
    embassy_rwlock_write(&f, o);
    return embassy_await(&f.future);
}

static int64_t embassy_read_unlock_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_rwlock_read_unlock(o);
    return 0;
}

static int64_t embassy_write_unlock_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_rwlock_write_unlock(o);
    return 0;
}

static int64_t embassy_rwlock_readers(const void *o)
{
    return ((const embassy_rwlock *)o)->readers.v;
}
static int64_t embassy_rwlock_writer(const void *o)
{
    return ((const embassy_rwlock *)o)->writer.v;
}
static int64_t embassy_rwlock_waker(const void *o)
{
    return embassy_waker_peek(&((const embassy_rwlock *)o)->waker);
}

static const script_op embassy_rwlock_ops[] = {
    {.name = "read", .run = embassy_read_op},
    {.name = "write", .run = embassy_write_op},
    {.name = "read_unlock", .run = embassy_read_unlock_op},
    {.name = "write_unlock", .run = embassy_write_unlock_op},
};
static const script_field embassy_rwlock_fields[] = {
    {.name = "readers", .read = embassy_rwlock_readers},
    {.name = "writer", .read = embassy_rwlock_writer},
    {.name = "waker", .read = embassy_rwlock_waker},
};

/* Every rwlock takes 256 bytes of address space, on any word size. */
#define RWLOCK_FOOTPRINT 256
_Static_assert(sizeof(embassy_rwlock) <= RWLOCK_FOOTPRINT, "a rwlock outgrew its footprint");

const script_type type_embassy_rwlock = {
    .name = "async_rwlock",
    .engine = "embassy",
    .summary = "embassy-sync's RwLock: readers, a writer flag and one waker slot",
    .size = sizeof(embassy_rwlock),
    .footprint = RWLOCK_FOOTPRINT,
    .init = embassy_rwlock_setup,
    SCRIPT_OPS(embassy_rwlock_ops),
    SCRIPT_FIELDS(embassy_rwlock_fields),
};
