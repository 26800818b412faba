/*
 * The OnceLock of engine embassy: init and get.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

static int embassy_once_setup(void *o, const int64_t *params, char *err, size_t es)
{
    (void)params, (void)err, (void)es;
    embassy_once_init(o);
    return 0;
}

static int64_t embassy_once_set_op(void *o, const int64_t *args)
{
    return embassy_once_set(o, (uint32_t)args[0]);
}

/* The value; the polls it took are in the task table. */
static int64_t embassy_once_get_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_once_get f;
    embassy_once_get_init(&f, o);
    embassy_await(&f.future);
    return f.value;
}

static int64_t embassy_once_initialized(const void *o)
{
    return ((const embassy_once_lock *)o)->initialized.v;
}
static int64_t embassy_once_value(const void *o) { return ((const embassy_once_lock *)o)->value.v; }

static const script_op embassy_once_ops[] = {
    {.name = "init", SCRIPT_ARGS("value"), .run = embassy_once_set_op},
    {.name = "get", .run = embassy_once_get_op},
};
static const script_field embassy_once_fields[] = {
    {.name = "initialized", .read = embassy_once_initialized},
    {.name = "value", .read = embassy_once_value},
};

/* Its cells by the fields that show them (the memory views name them so). */
static const sim_cell_name embassy_once_cells[] = {
    {offsetof(embassy_once_lock, initialized), "initialized"},
    {offsetof(embassy_once_lock, value), "value"},
};

/* Every once lock takes 256 bytes of address space, on any word size. */
#define ONCE_FOOTPRINT 256
_Static_assert(sizeof(embassy_once_lock) <= ONCE_FOOTPRINT, "a once lock outgrew its footprint");

const script_type type_embassy_once = {
    .name = "once_lock",
    .engine = "embassy",
    .summary =
        "OnceLock: get wakes itself and returns Pending until the value is set (a busy loop)",
    .size = sizeof(embassy_once_lock),
    .footprint = ONCE_FOOTPRINT,
    .init = embassy_once_setup,
    SCRIPT_OPS(embassy_once_ops),
    SCRIPT_FIELDS(embassy_once_fields),
    SCRIPT_CELLS(embassy_once_cells),
};
