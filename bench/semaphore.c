/*
 * semaphore: the aqs engine's semaphore against POSIX sem_t (glibc), on real
 * threads.
 *
 * T threads (1, 2, 4, 8) each repeat acquire(1), release(1) on one shared
 * semaphore.  ns/op = wall time / total acquire-release pairs.  Two pools:
 *
 *   "no waiting"  as many permits as threads: nobody ever waits; what is
 *                 measured is the CAS on the count (and, with more than one
 *                 thread, its cache line moving between cores);
 *   "pool of 2"   2 permits: from 3 threads on, acquirers queue and park, and
 *                 every release may have to wake one.
 *
 * Every cell is measured in rounds; within a round the two semaphores run back
 * to back, in an order that alternates from round to round, so drift of the
 * machine hits both alike.  A cell shows each one's median ns/op and the
 * median of the per-round ratios aqs/sem_t (time: above 1 is slower), by the
 * wall clock and by the threads' own CPU time.
 *
 * Why both clocks: the wall clock also counts the time a thread waited for a
 * core, and on a shared machine (this one runs other jobs) a preemption of a
 * few milliseconds lands on one 20 ms run and not the other, which moved the
 * uncontended ratio between 1.1 and 1.75 from one run to the next with the
 * code unchanged (issue 21: 1.58-1.68 one week, 1.02-1.11 before; the
 * engine's instructions per pair were the same both weeks, 94 against
 * sem_t's 40 by callgrind).  The CPU time of the measuring threads counts
 * only their own work: with one thread that never waits it is the cost of
 * the operations, and that is what the target is about.  With waiting
 * threads CPU time leaves out the time parked, so there the wall clock is
 * the throughput and the CPU column is the work per pair.
 *
 * Target (issue 7): aqs/sem_t <= 1.5 uncontended (1 thread, CPU time).  A
 * miss is printed, not hidden; the process exits 0 either way (figures, not a
 * test).
 *
 *     semaphore [total_pairs_per_run] [rounds]       (default 2000000 5)
 *
 * Build: -O2 -DPLAT_NATIVE, with core/plat/native/plat_native.c and the aqs
 * engine, -pthread.
 */
#define _GNU_SOURCE
#include "../core/engines/aqs/semaphore.h"

#include "rounds.h"

#include <pthread.h>
#include <semaphore.h>
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { AQS, POSIX, N_KINDS };
static const char *const kind_name[N_KINDS] = {"aqs", "sem_t"};

static struct {
    alignas(64) semaphore s;
} aqs_sem;
static struct {
    alignas(64) sem_t s;
} posix_sem;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct run {
    int kind;
    long pairs; /* per thread */
    int index;
    pthread_barrier_t *start;
    double cpu_s; /* out: this thread's CPU time for its pairs */
} run;

static double thread_cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void *bench_thread(void *arg)
{
    run *r = arg;
    pthread_barrier_wait(r->start);
    double cpu0 = thread_cpu_s();
    if (r->kind == AQS) {
        aqs_thread me;
        aqs_thread_init(&me, plat_parker_self(), (uint32_t)r->index + 1);
        for (long i = 0; i < r->pairs; i++) {
            semaphore_acquire(&aqs_sem.s, 1, &me);
            semaphore_release(&aqs_sem.s, 1);
        }
    } else {
        for (long i = 0; i < r->pairs; i++) {
            while (sem_wait(&posix_sem.s) != 0) {
            }
            sem_post(&posix_sem.s);
        }
    }
    r->cpu_s = thread_cpu_s() - cpu0;
    return NULL;
}

typedef struct timing {
    double wall_ns, cpu_ns; /* per acquire-release pair */
} timing;

/* One timed run. */
static timing measure(int kind, int threads, int permits, long total)
{
    if (kind == AQS)
        semaphore_init(&aqs_sem.s, permits, false);
    else
        sem_init(&posix_sem.s, 0, (unsigned)permits);
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, (unsigned)threads + 1);
    pthread_t t[8];
    run r[8];
    long each = total / threads;
    for (int i = 0; i < threads; i++) {
        r[i] = (run){kind, each, i, &start, 0};
        if (pthread_create(&t[i], NULL, bench_thread, &r[i]) != 0) {
            perror("pthread_create");
            exit(1);
        }
    }
    pthread_barrier_wait(&start);
    double t0 = now_s();
    for (int i = 0; i < threads; i++)
        pthread_join(t[i], NULL);
    double elapsed = now_s() - t0, cpu = 0;
    for (int i = 0; i < threads; i++)
        cpu += r[i].cpu_s;
    pthread_barrier_destroy(&start);
    int left;
    if (kind == AQS) {
        left = semaphore_available_permits(&aqs_sem.s);
    } else {
        sem_getvalue(&posix_sem.s, &left);
        sem_destroy(&posix_sem.s);
    }
    if (left != permits) {
        fprintf(stderr, "%s: %d permits left, expected %d\n", kind_name[kind], left, permits);
        exit(1);
    }
    double pairs = (double)(each * threads);
    return (timing){elapsed * 1e9 / pairs, cpu * 1e9 / pairs};
}

int main(int argc, char **argv)
{
    long total;
    int rounds;
    bench_rounds_args(argc, argv, "semaphore", &total, &rounds);
    static const int thread_counts[] = {1, 2, 4, 8};
    printf("acquire(1) + release(1), ns per pair: the aqs semaphore (nonfair) vs glibc sem_t\n");
    printf("%ld pairs per run, %d rounds, median of rounds; ratio = aqs time / sem_t time\n\n",
           total, rounds);
    bool missed = false;
    for (int pool = 0; pool < 2; pool++) {
        printf("%s\n", pool == 0 ? "no waiting (permits = threads)" : "pool of 2 permits");
        printf("  threads   aqs ns/op   sem_t ns/op   aqs/sem_t   aqs cpu   sem_t cpu   "
               "aqs/sem_t cpu\n");
        for (size_t c = 0; c < sizeof thread_counts / sizeof thread_counts[0]; c++) {
            int threads = thread_counts[c];
            int permits = pool == 0 ? threads : 2;
            /* Parking is slow: fewer pairs where threads wait. */
            long n = pool == 1 && threads > 2 ? total / 5 : total;
            double ns[N_KINDS][BENCH_MAX_ROUNDS], cpu[N_KINDS][BENCH_MAX_ROUNDS];
            double ratio[BENCH_MAX_ROUNDS], cpu_ratio[BENCH_MAX_ROUNDS];
            for (int k = 0; k < rounds; k++) {
                int first = k % 2;
                timing got[N_KINDS];
                got[first] = measure(first, threads, permits, n);
                got[1 - first] = measure(1 - first, threads, permits, n);
                for (int kind = 0; kind < N_KINDS; kind++) {
                    ns[kind][k] = got[kind].wall_ns;
                    cpu[kind][k] = got[kind].cpu_ns;
                }
                ratio[k] = got[AQS].wall_ns / got[POSIX].wall_ns;
                cpu_ratio[k] = got[AQS].cpu_ns / got[POSIX].cpu_ns;
            }
            double r = bench_median(cpu_ratio, rounds);
            bool miss = threads == 1 && r > 1.5;
            missed |= miss;
            printf("  %7d   %9.1f   %11.1f   %9.2f   %7.1f   %9.1f   %13.2f%s\n", threads,
                   bench_median(ns[AQS], rounds), bench_median(ns[POSIX], rounds),
                   bench_median(ratio, rounds), bench_median(cpu[AQS], rounds),
                   bench_median(cpu[POSIX], rounds), r, miss ? "   (target <= 1.5 missed)" : "");
        }
        printf("\n");
    }
    printf("target aqs/sem_t <= 1.5 uncontended (CPU time, 1 thread): %s\n",
           missed ? "MISSED" : "met");
    return 0;
}
