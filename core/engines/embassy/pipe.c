/* Pipe (see pipe.h), as embassy-sync's pipe.rs and its RingBuffer<N>. */
#include "pipe.h"

#include "raw_mutex.h"

void embassy_pipe_init(embassy_pipe *p, uint8_t n)
{
    p->cap = n < 1 ? 1 : n > EMBASSY_PIPE_MAX ? EMBASSY_PIPE_MAX : n;
}

static uint8_t embassy_pipe_wrap(const embassy_pipe *p, unsigned i)
{
    return (uint8_t)(i == p->cap ? 0 : i);
}

static embassy_poll embassy_pipe_write_poll(embassy_future *fut)
{
    embassy_pipe_io *f = (embassy_pipe_io *)fut;
    embassy_pipe *p = f->p;
    plat_irq_state cs = embassy_raw_lock();
    uint8_t start = plat_load8(&p->start, PLAT_RELAXED, AT("write: start"));
    uint8_t end = plat_load8(&p->end, PLAT_RELAXED, AT("write: end"));
    uint8_t full = plat_load8(&p->full, PLAT_RELAXED, AT("write: full?"));
    if (start == end && !full)
        embassy_waker_wake(&p->read_waker); /* it was empty: the reader may wait */
    /* push_buf: the contiguous free part after `end` */
    unsigned room = full ? 0 : start <= end ? (unsigned)p->cap - end : (unsigned)start - end;
    embassy_poll r = EMBASSY_PENDING;
    if (room == 0) {
        embassy_waker_register(&p->write_waker);
        embassy_set_await_point("pipe write (full)");
    } else {
        unsigned n = room < f->len ? room : f->len;
        for (unsigned i = 0; i < n; i++)
            plat_store8(&p->bytes[end + i], f->buf[i], PLAT_RELAXED, AT("write: copy a byte in"));
        end = embassy_pipe_wrap(p, end + n);
        plat_store8(&p->end, end, PLAT_RELAXED, AT("write: end += n (wrapping)"));
        if (start == end) {
            plat_store8(&p->full, 1, PLAT_RELAXED, AT("write: full = true"));
            embassy_waker_wake(&p->read_waker); /* now full: wake the reader again */
        }
        f->done = n;
        r = EMBASSY_READY;
    }
    embassy_raw_unlock(cs);
    return r;
}

static embassy_poll embassy_pipe_read_poll(embassy_future *fut)
{
    embassy_pipe_io *f = (embassy_pipe_io *)fut;
    embassy_pipe *p = f->p;
    plat_irq_state cs = embassy_raw_lock();
    uint8_t start = plat_load8(&p->start, PLAT_RELAXED, AT("read: start"));
    uint8_t end = plat_load8(&p->end, PLAT_RELAXED, AT("read: end"));
    uint8_t full = plat_load8(&p->full, PLAT_RELAXED, AT("read: full?"));
    if (full)
        embassy_waker_wake(&p->write_waker); /* it was full: the writer may wait */
    /* pop_buf: the contiguous bytes from `start` */
    unsigned there = start == end && !full ? 0
                     : end <= start        ? (unsigned)p->cap - start
                                           : (unsigned)end - start;
    embassy_poll r = EMBASSY_PENDING;
    if (there == 0) {
        embassy_waker_register(&p->read_waker);
        embassy_set_await_point("pipe read (empty)");
    } else {
        unsigned n = there < f->len ? there : f->len;
        for (unsigned i = 0; i < n; i++)
            f->buf[i] = plat_load8(&p->bytes[start + i], PLAT_RELAXED, AT("read: copy a byte out"));
        plat_store8(&p->start, embassy_pipe_wrap(p, start + n), PLAT_RELAXED,
                    AT("read: start += n (wrapping)"));
        if (full)
            plat_store8(&p->full, 0, PLAT_RELAXED, AT("read: full = false"));
        f->done = n;
        r = EMBASSY_READY;
    }
    embassy_raw_unlock(cs);
    return r;
}

void embassy_pipe_write_init(embassy_pipe_io *f, embassy_pipe *p, uint8_t *buf, uint32_t len)
{
    *f = (embassy_pipe_io){
        .future = {embassy_pipe_write_poll, NULL}, .p = p, .buf = buf, .len = len};
}

void embassy_pipe_read_init(embassy_pipe_io *f, embassy_pipe *p, uint8_t *buf, uint32_t len)
{
    *f =
        (embassy_pipe_io){.future = {embassy_pipe_read_poll, NULL}, .p = p, .buf = buf, .len = len};
}

int embassy_pipe_len(const embassy_pipe *p)
{
    int s = p->start.v, e = p->end.v;
    if (s == e && !p->full.v)
        return 0;
    return s < e ? e - s : p->cap + e - s;
}
