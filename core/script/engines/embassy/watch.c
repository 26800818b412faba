/*
 * Watch<N> of engine embassy, its receivers' ids kept per task.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

typedef struct embassy_watch_obj {
    embassy_watch w;
    uint32_t seen[EMBASSY_MAX_TASKS]; /* each task's receiver: the id it saw last */
} embassy_watch_obj;

static int embassy_watch_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (params[0] < 1 || params[0] > EMBASSY_MULTI_MAX) {
        snprintf(err, es, "n (the wakers it can hold) must be between 1 and %d", EMBASSY_MULTI_MAX);
        return -1;
    }
    embassy_watch_init(&((embassy_watch_obj *)o)->w, (uint8_t)params[0]);
    return 0;
}

static int64_t embassy_watch_send_op(void *o, const int64_t *args)
{
    embassy_watch_send(&((embassy_watch_obj *)o)->w, (uint32_t)args[0]);
    return 0;
}

/* receiver.changed().await (or get()): the value. */
static int64_t embassy_watch_wait_op(embassy_watch_obj *wo, bool changed)
{
    embassy_watch_wait f;
    uint32_t *seen = &wo->seen[plat_task_self()];
    if (changed)
        embassy_watch_changed_init(&f, &wo->w, seen);
    else
        embassy_watch_get_init(&f, &wo->w, seen);
    embassy_await(&f.future);
    return f.value;
}

static int64_t embassy_watch_changed_op(void *o, const int64_t *args)
{
    (void)args;
    return embassy_watch_wait_op(o, true);
}

static int64_t embassy_watch_get_op(void *o, const int64_t *args)
{
    (void)args;
    return embassy_watch_wait_op(o, false);
}

static int64_t embassy_watch_value(const void *o)
{
    return ((const embassy_watch_obj *)o)->w.value.v;
}
static int64_t embassy_watch_id(const void *o) { return ((const embassy_watch_obj *)o)->w.id.v; }
static int64_t embassy_watch_registered(const void *o)
{
    return ((const embassy_watch_obj *)o)->w.wakers.len.v;
}

/* "n" and "wakers": the room of its waker list, and the tasks registered, in order. */
static void embassy_watch_describe(const void *o, sim_machine *m, jbuf *b)
{
    (void)m;
    const embassy_multi_waker *w = &((const embassy_watch_obj *)o)->w.wakers;
    jb_key(b, "n");
    jb_int(b, w->cap);
    embassy_multi_waker_json(b, "wakers", w);
}

static const script_op embassy_watch_ops[] = {
    {.name = "send", SCRIPT_ARGS("value"), .run = embassy_watch_send_op},
    {.name = "changed", .run = embassy_watch_changed_op},
    {.name = "get", .run = embassy_watch_get_op},
};
static const script_field embassy_watch_fields[] = {
    {.name = "value", .read = embassy_watch_value},
    {.name = "id", .read = embassy_watch_id},
    {.name = "registered", .read = embassy_watch_registered},
};

/* Every watch takes 512 bytes of address space, on any word size. */
#define WATCH_FOOTPRINT 512
_Static_assert(sizeof(embassy_watch_obj) <= WATCH_FOOTPRINT, "a watch outgrew its footprint");

const script_type type_embassy_watch = {
    .name = "watch",
    .engine = "embassy",
    .summary = "Watch<N>: one value, receivers wait in a MultiWakerRegistration of N wakers",
    .size = sizeof(embassy_watch_obj),
    .footprint = WATCH_FOOTPRINT,
    SCRIPT_PARAMS("n"),
    .param_defaults = {2},
    .init = embassy_watch_setup,
    SCRIPT_OPS(embassy_watch_ops),
    SCRIPT_FIELDS(embassy_watch_fields),
    .describe = embassy_watch_describe,
};
