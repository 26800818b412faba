/*
 * pipe.h: Pipe<N>, a byte stream through a ring buffer of N bytes.
 *
 * Invariant (under the raw mutex): the bytes in the pipe are those from
 * `start` up to `end`, wrapping at N; start == end means empty unless
 * `full`.  A write copies only into the contiguous free part after `end`
 * (up to N, or up to `start` once wrapped), so near the wrap-around a write
 * may take fewer bytes than there is room for in all; a read likewise takes
 * only the contiguous part from `start`.  The two sides wait in one waker
 * slot each and are woken on the transitions that can unblock them: a write
 * into an empty pipe or one that fills it wakes the reader; a read from a
 * full pipe wakes the writer.
 */
#ifndef LOCKSTEP_EMBASSY_PIPE_H
#define LOCKSTEP_EMBASSY_PIPE_H

#include "waker.h"

#define EMBASSY_PIPE_MAX 32

typedef struct embassy_pipe {
    plat_a8 start, end, full;
    plat_a8 bytes[EMBASSY_PIPE_MAX];
    uint8_t cap; /* N */
    embassy_waker_reg read_waker, write_waker;
} embassy_pipe;

typedef struct embassy_pipe_io {
    embassy_future future;
    embassy_pipe *p;
    uint8_t *buf; /* write: the bytes to write; read: where they go */
    uint32_t len;
    uint32_t done; /* once Ready: the bytes written or read (>= 1) */
} embassy_pipe_io;

void embassy_pipe_init(embassy_pipe *p, uint8_t n);
/* pipe.write(buf): Ready with how many bytes went in, at least 1. */
void embassy_pipe_write_init(embassy_pipe_io *f, embassy_pipe *p, uint8_t *buf, uint32_t len);
/* pipe.read(buf): Ready with how many bytes came out, at least 1. */
void embassy_pipe_read_init(embassy_pipe_io *f, embassy_pipe *p, uint8_t *buf, uint32_t len);
/* The bytes in the pipe (no step: for views). */
int embassy_pipe_len(const embassy_pipe *p);

#endif
