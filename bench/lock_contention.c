/*
 * lock_contention: the one-byte mini_mutex against glibc's pthread_mutex_t and
 * Google's nsync_mu, on real threads (the reference's experiment E2).
 *
 * T threads (1, 2, 4, 8) share one lock-protected uint64_t: lock, increment,
 * unlock, then optionally some busy work outside the lock (none, or ~100 ns of
 * spinning).  ns/op = wall time / total operations.  Every cell is measured in
 * rounds; within a round the three locks run back to back, in an order that
 * rotates from round to round, so drift of the machine (frequency, other load)
 * hits all three alike.  A cell reports each lock's median ns/op and range,
 * and the median of the per-round ratios mini/pthread and nsync/pthread.
 *
 * Targets (from the issue): mini/pthread <= 1.10 in every cell, and < 1.00
 * where there is work outside the lock and more threads than cores.  Misses
 * are printed, not hidden; the process exits 0 either way (figures, not a
 * test).
 *
 *     lock_contention [total_ops_per_run] [rounds]      (default 2000000 3)
 *     lock_contention OPS ROUNDS LOCK THREADS WORK       one lock alone, for perf:
 *         LOCK mini_mutex|pthread|nsync, WORK 0 or 100 (ns); prints each round
 *
 * Build: -O2 -DPLAT_NATIVE, with core/plat/native/plat_native.c, the
 * parking_lot engine, -pthread -lnsync.
 */
#define _GNU_SOURCE
#include "../core/engines/parking_lot/mini_mutex.h"

#include <nsync.h>
#include <pthread.h>
#include <sched.h>
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { MINI, PTHREAD, NSYNC, N_LOCKS };
static const char *const lock_name[N_LOCKS] = {"mini_mutex", "pthread", "nsync"};

/* Each lock sits next to its counter, like Rust's Mutex<u64>: one cache line. */
static struct {
    alignas(64) mini_mutex lock;
    uint64_t value;
} mini;
static struct {
    alignas(64) pthread_mutex_t lock;
    uint64_t value;
} pt = {PTHREAD_MUTEX_INITIALIZER, 0};
static struct {
    alignas(64) nsync_mu lock;
    uint64_t value;
} ns;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- work outside the lock ------------------------------------------------------------- */

static unsigned work_iters; /* iterations of spin() that take WORK_NS */
#define WORK_NS 100

/* Not inlined: one copy of the loop serves the calibration and all three
 * locks.  An inlined copy per lock would sit at a different code alignment
 * each, and a one-cycle loop's speed depends on its alignment: the "same"
 * 100 ns of work measured 10% apart from lock to lock, with no contention. */
__attribute__((noinline)) static void spin(unsigned iters)
{
    for (unsigned i = 0; i < iters; i++)
        __asm__ __volatile__("" ::: "memory");
}

/* How many iterations of spin() take WORK_NS, measured on this machine: the
 * fastest of many short trials, so that a trial that was preempted (a busy
 * machine) does not count. */
static unsigned calibrate(void)
{
    const unsigned n = 200u * 1000;
    double best = 1e9;
    for (int i = 0; i < 200; i++) {
        double t0 = now_s();
        spin(n);
        double dt = now_s() - t0;
        if (dt < best)
            best = dt;
    }
    double per_iter_ns = best * 1e9 / n;
    unsigned iters = (unsigned)(WORK_NS / per_iter_ns + 0.5);
    return iters ? iters : 1;
}

/* ---- one run ---------------------------------------------------------------------------- */

typedef struct run {
    int kind;
    unsigned ops_per_thread;
    unsigned work; /* spin() iterations after each unlock */
    pthread_barrier_t start;
} run;

/* One thread's part of a run and when it started and ended.  The run's wall
 * time is from the first start to the last end, measured by the workers
 * themselves: a main thread that is preempted just after the start barrier
 * (a busy machine) cannot shorten or stretch it. */
typedef struct part {
    run *r;
    double start, end;
} part;

static void *worker(void *arg)
{
    part *p = arg;
    run *r = p->r;
    unsigned n = r->ops_per_thread, work = r->work;
    pthread_barrier_wait(&r->start);
    p->start = now_s();
    switch (r->kind) {
    case MINI:
        for (unsigned i = 0; i < n; i++) {
            mini_mutex_lock(&mini.lock);
            mini.value++;
            mini_mutex_unlock(&mini.lock);
            spin(work);
        }
        break;
    case PTHREAD:
        for (unsigned i = 0; i < n; i++) {
            pthread_mutex_lock(&pt.lock);
            pt.value++;
            pthread_mutex_unlock(&pt.lock);
            spin(work);
        }
        break;
    case NSYNC:
        for (unsigned i = 0; i < n; i++) {
            nsync_mu_lock(&ns.lock);
            ns.value++;
            nsync_mu_unlock(&ns.lock);
            spin(work);
        }
        break;
    }
    p->end = now_s();
    return NULL;
}

/* Runs one lock with `threads` threads; returns ns per operation. */
static double measure(int kind, int threads, unsigned total_ops, unsigned work)
{
    run r = {.kind = kind, .ops_per_thread = total_ops / (unsigned)threads, .work = work};
    pthread_barrier_init(&r.start, NULL, (unsigned)threads);
    mini.value = pt.value = ns.value = 0;
    pthread_t t[64];
    part parts[64];
    for (int i = 0; i < threads; i++) {
        parts[i] = (part){.r = &r};
        if (pthread_create(&t[i], NULL, worker, &parts[i]) != 0) {
            perror("pthread_create");
            exit(1);
        }
    }
    double first = 1e300, last = 0;
    for (int i = 0; i < threads; i++) {
        pthread_join(t[i], NULL);
        first = parts[i].start < first ? parts[i].start : first;
        last = parts[i].end > last ? parts[i].end : last;
    }
    double dt = last - first;
    pthread_barrier_destroy(&r.start);

    uint64_t expect = (uint64_t)r.ops_per_thread * (uint64_t)threads;
    uint64_t got = kind == MINI ? mini.value : kind == PTHREAD ? pt.value : ns.value;
    if (got != expect) {
        fprintf(stderr, "%s: counted %llu, expected %llu\n", lock_name[kind],
                (unsigned long long)got, (unsigned long long)expect);
        exit(1);
    }
    return dt * 1e9 / (double)expect;
}

/* ---- statistics and the table -------------------------------------------------------------- */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(const double *v, int n)
{
    double s[64];
    memcpy(s, v, (size_t)n * sizeof *v);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

static double min_of(const double *v, int n)
{
    double m = v[0];
    for (int i = 1; i < n; i++)
        m = v[i] < m ? v[i] : m;
    return m;
}

static double max_of(const double *v, int n)
{
    double m = v[0];
    for (int i = 1; i < n; i++)
        m = v[i] > m ? v[i] : m;
    return m;
}

static void print_load(const char *when)
{
    double l[3];
    if (getloadavg(l, 3) == 3)
        printf("load average %s: %.2f %.2f %.2f (1/5/15 min)\n", when, l[0], l[1], l[2]);
}

static void print_cpu_model(void)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[256];
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "model name", 10) == 0) {
            char *colon = strchr(line, ':');
            printf("cpu: %s", colon ? colon + 2 : line);
            break;
        }
    if (f)
        fclose(f);
}

int main(int argc, char **argv)
{
    unsigned total_ops = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 2000000u;
    int rounds = argc > 2 ? atoi(argv[2]) : 3;
    if (rounds < 1 || rounds > 64 || total_ops < 8) {
        fprintf(stderr, "usage: lock_contention [total_ops_per_run >= 8] [rounds 1..64]\n");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);

    mini_mutex_init(&mini.lock);
    nsync_mu_init(&ns.lock);
    cpu_set_t set;
    int affinity = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : -1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int usable = affinity > 0 ? affinity : (int)cores;
    work_iters = calibrate();

    if (argc == 6) {
        /* One lock, one cell, nothing else running: for perf record/stat. */
        int kind = -1;
        for (int k = 0; k < N_LOCKS; k++)
            if (strcmp(argv[3], lock_name[k]) == 0)
                kind = k;
        int threads = atoi(argv[4]);
        if (kind < 0 || threads < 1 || threads > 64) {
            fprintf(stderr, "lock_contention OPS ROUNDS mini_mutex|pthread|nsync THREADS 0|100\n");
            return 2;
        }
        unsigned work = atoi(argv[5]) ? work_iters : 0;
        for (int r = 0; r < rounds; r++)
            printf("%s, %d threads, work %s: %.1f ns/op\n", lock_name[kind], threads,
                   work ? "100ns" : "0", measure(kind, threads, total_ops, work));
        return 0;
    }

    printf("lock_contention: T threads share one lock-protected uint64_t "
           "(lock, increment, unlock, then optional work outside the lock)\n");
    print_cpu_model();
    printf("cores online: %ld, usable by this process: %d\n", cores, affinity);
    printf("sizeof: mini_mutex %zu byte, pthread_mutex_t %zu bytes, nsync_mu %zu bytes\n",
           sizeof(mini_mutex), sizeof(pthread_mutex_t), sizeof(nsync_mu));
    printf("work outside the lock: 0 or ~%d ns (%u spin iterations, calibrated)\n", WORK_NS,
           work_iters);
    printf("%u operations per run (split over the threads), median of %d rounds; "
           "the three locks alternate within each round\n",
           total_ops, rounds);
    print_load("at start");
    printf("\n");

    static const int thread_counts[] = {1, 2, 4, 8};
    const unsigned works[] = {0, work_iters};
    printf("%-7s %-6s | %-22s | %-22s | %-22s | %-12s | %-13s | %s\n", "threads", "work",
           "mini_mutex ns/op", "pthread ns/op", "nsync ns/op", "mini/pthread", "nsync/pthread",
           "target");
    int misses = 0;
    for (size_t w = 0; w < 2; w++) {
        for (size_t ti = 0; ti < sizeof thread_counts / sizeof thread_counts[0]; ti++) {
            int threads = thread_counts[ti];
            double ns_op[N_LOCKS][64], ratio_mini[64], ratio_nsync[64];
            for (int r = 0; r < rounds; r++) {
                for (int k = 0; k < N_LOCKS; k++) {
                    int kind = (k + r) % N_LOCKS; /* rotate who goes first */
                    ns_op[kind][r] = measure(kind, threads, total_ops, works[w]);
                }
                ratio_mini[r] = ns_op[MINI][r] / ns_op[PTHREAD][r];
                ratio_nsync[r] = ns_op[NSYNC][r] / ns_op[PTHREAD][r];
            }
            char cell[N_LOCKS][64];
            for (int k = 0; k < N_LOCKS; k++)
                snprintf(cell[k], sizeof cell[k], "%7.1f (%.1f-%.1f)", median(ns_op[k], rounds),
                         min_of(ns_op[k], rounds), max_of(ns_op[k], rounds));
            double rm = median(ratio_mini, rounds), rn = median(ratio_nsync, rounds);
            bool must_win = works[w] > 0 && threads > usable;
            bool ok = rm <= 1.10 && (!must_win || rm < 1.0);
            misses += !ok;
            char target[64];
            snprintf(target, sizeof target, "%s %s", must_win ? "< 1.00" : "<= 1.10",
                     ok ? "met" : "MISSED");
            char work_label[16];
            snprintf(work_label, sizeof work_label, "%s", works[w] ? "100ns" : "0");
            printf("%-7d %-6s | %-22s | %-22s | %-22s | %12.2f | %13.2f | %s\n", threads,
                   work_label, cell[MINI], cell[PTHREAD], cell[NSYNC], rm, rn, target);
        }
    }
    printf("\n");
    print_load("at end");
    printf("targets: %d of 8 cells missed\n", misses);
    return 0;
}
