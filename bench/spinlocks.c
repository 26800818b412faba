/*
 * spinlocks: the spinlocks engine's four locks against glibc's
 * pthread_mutex_t and pthread_spinlock_t, on real threads.
 *
 * T threads (1, then 2, ... up to the number of cores, at most 4) each repeat
 * lock, one increment of a shared counter, unlock.  ns/op = the process's CPU
 * time / all lock-unlock pairs: the cycles the pair costs, a spinner's wasted
 * rounds included and a sleeper's sleep not.  CPU time, not wall time,
 * because this machine is shared: another process's load stretches the wall
 * clock of every lock alike but adds nothing to our CPU time.  More threads than cores are not
 * measured: a FIFO spinlock (ticket, MCS) whose next waiter has been preempted stalls everyone for
 * a time slice, which measures the kernel's scheduler, not the lock.
 *
 * Each cell is measured in rounds; within a round the six locks run back to
 * back in an order that rotates from round to round, so drift of the machine
 * hits all alike.  A cell shows each lock's median ns/op, and the median of
 * the per-round ratios against pthread_mutex_t and pthread_spinlock_t (time:
 * above 1 is slower).  The counter must end exact, or the program fails.
 *
 *     spinlocks [total_pairs_per_run] [rounds]       (default 2000000 5)
 *
 * Build: -O2 -DPLAT_NATIVE, with core/plat/native/plat_native.c and the
 * spinlocks engine, -pthread.
 */
#define _GNU_SOURCE
#include "../core/engines/spinlocks/mcs_lock.h"
#include "../core/engines/spinlocks/tas_lock.h"
#include "../core/engines/spinlocks/ticket_lock.h"
#include "../core/engines/spinlocks/ttas_lock.h"

#include "rounds.h"

#include <pthread.h>
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

enum { TAS, TTAS, TICKET, MCS, MUTEX, SPIN, N_KINDS };
static const char *const kind_name[N_KINDS] = {"tas", "ttas",  "ticket",
                                               "mcs", "mutex", "pthread_spin"};

static struct {
    alignas(64) tas_lock tas;
    alignas(64) ttas_lock ttas;
    alignas(64) ticket_lock ticket;
    alignas(64) mcs_lock mcs;
    alignas(64) pthread_mutex_t mutex;
    alignas(64) pthread_spinlock_t spin;
    alignas(64) long counter; /* touched only by the holder */
} shared;

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef struct run {
    int kind;
    unsigned id;
    long pairs;
    pthread_barrier_t *start;
} run;

static void *bench_thread(void *arg)
{
    run *r = arg;
    pthread_barrier_wait(r->start);
    for (long i = 0; i < r->pairs; i++) {
        switch (r->kind) {
        case TAS: tas_lock_acquire(&shared.tas); break;
        case TTAS: ttas_lock_acquire(&shared.ttas); break;
        case TICKET: ticket_lock_acquire(&shared.ticket); break;
        case MCS: mcs_lock_acquire(&shared.mcs, r->id); break;
        case MUTEX: pthread_mutex_lock(&shared.mutex); break;
        case SPIN: pthread_spin_lock(&shared.spin); break;
        }
        shared.counter++;
        switch (r->kind) {
        case TAS: tas_lock_release(&shared.tas); break;
        case TTAS: ttas_lock_release(&shared.ttas); break;
        case TICKET: ticket_lock_release(&shared.ticket); break;
        case MCS: mcs_lock_release(&shared.mcs, r->id); break;
        case MUTEX: pthread_mutex_unlock(&shared.mutex); break;
        case SPIN: pthread_spin_unlock(&shared.spin); break;
        }
    }
    return NULL;
}

/* One timed run: ns per lock-unlock pair. */
static double measure(int kind, int threads, long total)
{
    tas_lock_init(&shared.tas);
    ttas_lock_init(&shared.ttas);
    ticket_lock_init(&shared.ticket);
    mcs_lock_init(&shared.mcs);
    pthread_mutex_init(&shared.mutex, NULL);
    pthread_spin_init(&shared.spin, PTHREAD_PROCESS_PRIVATE);
    shared.counter = 0;
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, (unsigned)threads + 1);
    pthread_t t[4];
    run r[4];
    long each = total / threads;
    for (int i = 0; i < threads; i++) {
        r[i] = (run){kind, (unsigned)i, each, &start};
        if (pthread_create(&t[i], NULL, bench_thread, &r[i]) != 0) {
            perror("pthread_create");
            exit(1);
        }
    }
    double t0 = cpu_s();
    pthread_barrier_wait(&start);
    for (int i = 0; i < threads; i++)
        pthread_join(t[i], NULL);
    double elapsed = cpu_s() - t0;
    pthread_barrier_destroy(&start);
    pthread_mutex_destroy(&shared.mutex);
    pthread_spin_destroy(&shared.spin);
    if (shared.counter != each * threads) {
        fprintf(stderr, "%s: counter %ld, expected %ld\n", kind_name[kind], shared.counter,
                each * threads);
        exit(1);
    }
    return elapsed * 1e9 / (double)(each * threads);
}

int main(int argc, char **argv)
{
    long total;
    int rounds;
    bench_rounds_args(argc, argv, "spinlocks", &total, &rounds);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int max_threads = cores < 1 ? 1 : cores > 4 ? 4 : (int)cores;
    printf("lock + counter++ + unlock, CPU ns per pair: the spinlocks engine vs glibc\n");
    printf("%ld pairs per run, %d rounds, median of rounds; %ld cores, so 1..%d threads\n", total,
           rounds, cores, max_threads);
    printf("ratios: this lock's time / pthread_mutex_t's, / pthread_spinlock_t's\n\n");
    for (int threads = 1; threads <= max_threads; threads *= 2) {
        double ns[N_KINDS][BENCH_MAX_ROUNDS], vs_mutex[N_KINDS][BENCH_MAX_ROUNDS],
            vs_spin[N_KINDS][BENCH_MAX_ROUNDS];
        for (int k = 0; k < rounds; k++) {
            double got[N_KINDS];
            for (int j = 0; j < N_KINDS; j++) {
                int kind = (j + k) % N_KINDS;
                got[kind] = measure(kind, threads, total);
            }
            for (int kind = 0; kind < N_KINDS; kind++) {
                ns[kind][k] = got[kind];
                vs_mutex[kind][k] = got[kind] / got[MUTEX];
                vs_spin[kind][k] = got[kind] / got[SPIN];
            }
        }
        printf("%d thread%s\n", threads, threads == 1 ? "" : "s");
        printf("  %-13s %9s %9s %14s\n", "lock", "ns/op", "/mutex", "/pthread_spin");
        for (int kind = 0; kind < N_KINDS; kind++)
            printf("  %-13s %9.1f %9.2f %14.2f\n", kind_name[kind], bench_median(ns[kind], rounds),
                   bench_median(vs_mutex[kind], rounds), bench_median(vs_spin[kind], rounds));
        printf("\n");
    }
    return 0;
}
