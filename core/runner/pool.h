/*
 * pool.h: the worker processes a split search runs in (workers.c: the
 * complete search; walk_workers.c: random and PCT walks), the pipes to and
 * from them, and what their progress lines share.
 *
 * Invariant: a worker does only what its parent writes to it, one piece of
 * work at a time, and ends when that pipe closes; the parent knows which
 * piece each worker holds (busy), so stopping the pool ends the busy ones at
 * once and lets the idle ones go.
 */
#ifndef LOCKSTEP_RUNNER_POOL_H
#define LOCKSTEP_RUNNER_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define MAX_WORKERS 64

typedef struct pool {
    int n;
    pid_t pid[MAX_WORKERS];
    int to[MAX_WORKERS], from[MAX_WORKERS]; /* the parent's ends of each worker's pipes */
    int64_t busy[MAX_WORKERS];              /* the piece of work it holds, or -1 */
} pool;

/* A worker's life: reads its work from `in`, answers on `out`, returns when
 * `in` closes (the child then exits). */
typedef void (*pool_worker)(void *ctx, int in, int out);

/* Forks `workers` processes running fn(ctx, ...), all idle; false when one
 * could not start (pool_stop still ends those that did). */
bool pool_start(pool *p, int workers, pool_worker fn, void *ctx);
/* Kills the busy workers, lets the idle ones end, and waits for all. */
void pool_stop(pool *p);

/* Whole messages on a pipe (false: it broke, or closed). */
bool pool_write(int fd, const void *p, size_t n);
bool pool_read(int fd, void *p, size_t n);

/* Seconds on the monotonic clock. */
double pool_now(void);

/* 1234567 -> "1,234,567", for the progress lines */
void pool_grouped(double v, char out[40]);

#endif
