/*
 * Worker processes for the split searches (see pool.h).
 *
 * Invariant: each worker holds only its own two pipe ends (the others' are
 * closed in the child), so when the parent closes a worker's command pipe
 * that worker reads its end, and nothing else keeps it alive.
 */
#define _POSIX_C_SOURCE 200809L
#include "pool.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double pool_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* All n bytes through fd, one read or write call after another (a pipe may
 * take or give fewer at a time); false when it broke or closed. */
static bool whole_message(int fd, char *c, size_t n, bool writing)
{
    while (n) {
        ssize_t k = writing ? write(fd, c, n) : read(fd, c, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return false;
        c += k;
        n -= (size_t)k;
    }
    return true;
}

bool pool_write(int fd, const void *p, size_t n) { return whole_message(fd, (char *)p, n, true); }

bool pool_read(int fd, void *p, size_t n) { return whole_message(fd, p, n, false); }

void pool_stop(pool *p)
{
    for (int w = 0; w < p->n; w++) {
        if (p->busy[w] >= 0)
            kill(p->pid[w], SIGKILL); /* its work counts for nothing now */
        close(p->to[w]);              /* an idle one reads the end and exits */
        close(p->from[w]);
        waitpid(p->pid[w], NULL, 0);
    }
    p->n = 0;
}

bool pool_start(pool *p, int workers, pool_worker fn, void *ctx)
{
    p->n = 0;
    fflush(NULL); /* (nothing buffered is written twice by a child) */
    for (int w = 0; w < workers && w < MAX_WORKERS; w++) {
        int to[2], from[2];
        if (pipe(to) != 0)
            return false;
        if (pipe(from) != 0) {
            close(to[0]);
            close(to[1]);
            return false;
        }
        pid_t pid = fork();
        if (pid < 0) {
            close(to[0]), close(to[1]), close(from[0]), close(from[1]);
            return false;
        }
        if (pid == 0) {
            close(to[1]);
            close(from[0]);
            for (int k = 0; k < p->n; k++)
                close(p->to[k]), close(p->from[k]);
            fn(ctx, to[0], from[1]);
            _exit(0);
        }
        close(to[0]);
        close(from[1]);
        p->pid[w] = pid;
        p->to[w] = to[1];
        p->from[w] = from[0];
        p->busy[w] = -1;
        p->n++;
    }
    return true;
}

void pool_grouped(double v, char out[40])
{
    char d[32];
    int n = snprintf(d, sizeof d, "%.0f", v < 0 ? 0 : v), o = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            out[o++] = ',';
        out[o++] = d[i];
    }
    out[o] = 0;
}
