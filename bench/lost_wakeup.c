/*
 * lost_wakeup: does the parking lot lose wake-ups on real threads?
 *
 * 4 threads each lock-increment-unlock a mini_mutex 200,000 times; 10 rounds;
 * each round runs in a forked child with a 5 s watchdog.  A round that does not
 * finish in time is hung: reported (how far it got, the mutex's state byte,
 * which threads are stuck inside lock()), killed, and the next round starts.
 *
 *     lost_wakeup [variant] [rounds] [threads] [increments] [watchdog_s]
 *                 (default: validate_outside 10 4 200000 5)
 *
 * Variants (core/engines/parking_lot/lot.c):
 *   correct           validate under the bucket lock: expect 0 hung;
 *   validate_outside  validate, then lock the bucket and queue: the unlocker
 *                     can clear PARKED in between and find nobody to wake;
 *   widen             as validate_outside, with a yield inside the window.
 *
 * "sleeps" is the round's count of voluntary context switches (getrusage):
 * mostly threads going to sleep on their parker, plus a few for the start
 * barrier and the joins.  Every park opens the window once, so the hang rate
 * depends on how often threads park at all, which depends on the machine:
 * with few cores, SpinWait's yields usually outlast the tiny critical section.
 *
 * The state and the progress live in a MAP_SHARED page, so the parent can read
 * them after the child hangs.  A hung round's signature is a waiter asleep in
 * the lot while the mutex byte has no PARKED bit: every later unlock takes the
 * fast path and nobody looks in the lot again.
 */
#define _GNU_SOURCE
#include "../core/engines/parking_lot/mini_mutex.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_THREADS 64

typedef struct shared {
    mini_mutex m;
    uint64_t count;                         /* protected by m */
    atomic_uint_fast64_t done[MAX_THREADS]; /* increments finished, per thread */
    atomic_int in_lock[MAX_THREADS];        /* 1 while the thread is inside mini_mutex_lock */
    int increments;
    pthread_barrier_t start;
} shared;

static shared *sh;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void *worker(void *arg)
{
    int id = (int)(intptr_t)arg;
    pthread_barrier_wait(&sh->start);
    for (int i = 0; i < sh->increments; i++) {
        atomic_store_explicit(&sh->in_lock[id], 1, memory_order_relaxed);
        mini_mutex_lock(&sh->m);
        atomic_store_explicit(&sh->in_lock[id], 0, memory_order_relaxed);
        sh->count++;
        mini_mutex_unlock(&sh->m);
        atomic_store_explicit(&sh->done[id], (uint64_t)i + 1, memory_order_relaxed);
    }
    return NULL;
}

/* The child: one round.  Exit 0 if the count is exact, 1 if not. */
static void round_child(const char *variant, int threads)
{
    plat_native_set_variant(variant); /* before the parking lot is first used */
    mini_mutex_init(&sh->m);
    pthread_t t[MAX_THREADS];
    for (int i = 0; i < threads; i++)
        if (pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i) != 0)
            _exit(3);
    pthread_barrier_wait(&sh->start);
    for (int i = 0; i < threads; i++)
        pthread_join(t[i], NULL);
    _exit(sh->count == (uint64_t)threads * (uint64_t)sh->increments ? 0 : 1);
}

int main(int argc, char **argv)
{
    const char *variant = argc > 1 ? argv[1] : "validate_outside";
    int rounds = argc > 2 ? atoi(argv[2]) : 10;
    int threads = argc > 3 ? atoi(argv[3]) : 4;
    int increments = argc > 4 ? atoi(argv[4]) : 200000;
    double watchdog = argc > 5 ? atof(argv[5]) : 5.0;
    if (strcmp(variant, "correct") && strcmp(variant, "validate_outside") &&
        strcmp(variant, "widen") && strcmp(variant, "handoff")) {
        fprintf(stderr, "unknown variant %s (correct, validate_outside, widen, handoff)\n",
                variant);
        return 2;
    }
    if (rounds < 1 || threads < 1 || threads > MAX_THREADS || increments < 1 || watchdog <= 0) {
        fprintf(stderr,
                "usage: lost_wakeup [variant] [rounds] [threads<=%d] [increments] "
                "[watchdog_s]\n",
                MAX_THREADS);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (sh == MAP_FAILED) {
        perror("mmap");
        return 1;
    }
    printf("lost_wakeup, variant %s: %d threads x %d lock increments, %d rounds, "
           "%.0f s watchdog per round (cores online: %ld)\n",
           variant, threads, increments, rounds, watchdog, sysconf(_SC_NPROCESSORS_ONLN));

    int hung = 0, wrong = 0;
    long sleeps = 0;
    for (int r = 1; r <= rounds; r++) {
        memset(sh, 0, sizeof *sh);
        sh->increments = increments;
        pthread_barrierattr_t attr;
        pthread_barrierattr_init(&attr);
        pthread_barrierattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
        pthread_barrier_init(&sh->start, &attr, (unsigned)threads + 1);
        pthread_barrierattr_destroy(&attr);

        fflush(stdout);
        double t0 = now_s();
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            return 1;
        }
        if (pid == 0)
            round_child(variant, threads);

        int status = 0;
        bool timed_out = false;
        struct rusage usage;
        memset(&usage, 0, sizeof usage);
        for (;;) {
            pid_t w = wait4(pid, &status, WNOHANG, &usage);
            if (w == pid)
                break;
            if (w < 0 && errno != EINTR) {
                perror("waitpid");
                return 1;
            }
            if (now_s() - t0 > watchdog) {
                timed_out = true;
                break;
            }
            struct timespec nap = {0, 5 * 1000 * 1000};
            nanosleep(&nap, NULL);
        }
        double dt = now_s() - t0;
        if (!timed_out)
            sleeps += usage.ru_nvcsw; /* a hung round's usage is read after the kill */
        if (timed_out) {
            /* Read the evidence before killing the round. */
            uint64_t total = 0;
            int finished = 0, stuck = 0;
            char who[256] = "";
            size_t len = 0;
            for (int i = 0; i < threads; i++) {
                uint64_t d = atomic_load(&sh->done[i]);
                total += d;
                finished += d == (uint64_t)increments;
                if (atomic_load(&sh->in_lock[i])) {
                    stuck++;
                    len += (size_t)snprintf(who + len, sizeof who - len, "%s%d",
                                            stuck > 1 ? "," : "", i);
                }
            }
            uint8_t state = atomic_load(&sh->m.state.v);
            kill(pid, SIGKILL);
            wait4(pid, &status, 0, &usage);
            hung++;
            sleeps += usage.ru_nvcsw;
            printf("round %2d: HUNG after %.1f s, %ld sleeps: %llu of %llu increments, %d of %d "
                   "threads finished, thread(s) %s inside lock(), mutex state %u%u%s\n",
                   r, dt, usage.ru_nvcsw, (unsigned long long)total,
                   (unsigned long long)threads * (unsigned long long)increments, finished, threads,
                   stuck ? who : "none", (state >> 1) & 1, state & 1,
                   state & MINI_MUTEX_PARKED ? "" : " (no PARKED bit: nobody will unpark)");
        } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
            printf("round %2d: ok in %.3f s, %ld sleeps\n", r, dt, usage.ru_nvcsw);
        } else {
            wrong++;
            printf("round %2d: FAILED (status 0x%x): count %llu\n", r, status,
                   (unsigned long long)sh->count);
        }
        /* No pthread_barrier_destroy: a killed round may leave it in any
         * state; the next round zeroes the page and starts a new one. */
    }
    printf("variant %s: %d of %d rounds hung, %d wrong (%ld sleeps in all)\n", variant, hung,
           rounds, wrong, sleeps);
    return 0;
}
