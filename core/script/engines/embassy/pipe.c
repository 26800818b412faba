/*
 * Pipe<N> of engine embassy: bytes numbered 1, 2, 3, ... as they are written.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

typedef struct embassy_pipe_obj {
    embassy_pipe p;
    uint32_t written, read; /* bytes so far */
    uint32_t out_of_order;  /* bytes read that were not the next one written */
} embassy_pipe_obj;

static int embassy_pipe_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (params[0] < 1 || params[0] > EMBASSY_PIPE_MAX) {
        snprintf(err, es, "n (the buffer's size) must be between 1 and %d", EMBASSY_PIPE_MAX);
        return -1;
    }
    embassy_pipe_init(&((embassy_pipe_obj *)o)->p, (uint8_t)params[0]);
    return 0;
}

#define PIPE_IO_MAX 255

static bool embassy_pipe_len_ok(int64_t len)
{
    if (len >= 0 && len <= PIPE_IO_MAX)
        return true;
    plat_misuse(AT("pipe: a buffer of len bytes"), "pipe len must be between 0 and 255");
    return false;
}

/* pipe.write(&next len bytes).await: how many went in (the rest is not sent). */
static int64_t embassy_pipe_write_op(void *o, const int64_t *args)
{
    embassy_pipe_obj *po = o;
    uint8_t buf[PIPE_IO_MAX];
    if (!embassy_pipe_len_ok(args[0]))
        return 0;
    uint32_t len = (uint32_t)args[0];
    for (uint32_t i = 0; i < len; i++)
        buf[i] = (uint8_t)(po->written + 1 + i);
    embassy_pipe_io f;
    embassy_pipe_write_init(&f, &po->p, buf, len);
    embassy_await(&f.future);
    po->written += f.done;
    return f.done;
}

/* pipe.read(&mut [0; len]).await: how many came out. */
static int64_t embassy_pipe_read_op(void *o, const int64_t *args)
{
    embassy_pipe_obj *po = o;
    uint8_t buf[PIPE_IO_MAX];
    if (!embassy_pipe_len_ok(args[0]))
        return 0;
    embassy_pipe_io f;
    embassy_pipe_read_init(&f, &po->p, buf, (uint32_t)args[0]);
    embassy_await(&f.future);
    for (uint32_t i = 0; i < f.done; i++)
        po->out_of_order += buf[i] != (uint8_t)(po->read + 1 + i);
    po->read += f.done;
    return f.done;
}

static int64_t embassy_pipe_len_field(const void *o)
{
    return embassy_pipe_len(&((const embassy_pipe_obj *)o)->p);
}
static int64_t embassy_pipe_start(const void *o)
{
    return ((const embassy_pipe_obj *)o)->p.start.v;
}
static int64_t embassy_pipe_end(const void *o) { return ((const embassy_pipe_obj *)o)->p.end.v; }
static int64_t embassy_pipe_written(const void *o)
{
    return ((const embassy_pipe_obj *)o)->written;
}
static int64_t embassy_pipe_read_field(const void *o)
{
    return ((const embassy_pipe_obj *)o)->read;
}
static int64_t embassy_pipe_out_of_order(const void *o)
{
    return ((const embassy_pipe_obj *)o)->out_of_order;
}

static void embassy_pipe_describe(const void *o, sim_machine *m, jbuf *b)
{
    (void)m;
    const embassy_pipe *p = &((const embassy_pipe_obj *)o)->p;
    jb_key(b, "size");
    jb_int(b, p->cap);
    jb_key(b, "full");
    jb_raw(b, p->full.v ? "true" : "false");
    jb_key(b, "reader");
    jb_int(b, embassy_waker_peek(&p->read_waker));
    jb_key(b, "writer");
    jb_int(b, embassy_waker_peek(&p->write_waker));
}

static const script_op embassy_pipe_ops[] = {
    {.name = "write", SCRIPT_ARGS("len"), .run = embassy_pipe_write_op},
    {.name = "read", SCRIPT_ARGS("len"), .run = embassy_pipe_read_op},
};
static const script_field embassy_pipe_fields[] = {
    {.name = "len", .read = embassy_pipe_len_field},
    {.name = "start", .read = embassy_pipe_start},
    {.name = "end", .read = embassy_pipe_end},
    {.name = "written", .read = embassy_pipe_written},
    {.name = "read", .read = embassy_pipe_read_field},
    {.name = "out_of_order", .read = embassy_pipe_out_of_order},
};

/* Every pipe takes 256 bytes of address space, on any word size. */
#define PIPE_FOOTPRINT 256
_Static_assert(sizeof(embassy_pipe_obj) <= PIPE_FOOTPRINT, "a pipe outgrew its footprint");

const script_type type_embassy_pipe = {
    .name = "pipe",
    .engine = "embassy",
    .summary = "Pipe<N>: a ring buffer of N bytes; a write fills only the contiguous free part",
    .size = sizeof(embassy_pipe_obj),
    .footprint = PIPE_FOOTPRINT,
    SCRIPT_PARAMS("n"),
    .param_defaults = {8},
    .init = embassy_pipe_setup,
    SCRIPT_OPS(embassy_pipe_ops),
    SCRIPT_FIELDS(embassy_pipe_fields),
    .describe = embassy_pipe_describe,
};
