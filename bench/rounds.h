/*
 * rounds.h: what the native benchmarks that measure in rounds share (the
 * aqs semaphore against sem_t, the spinlocks against pthread): the command
 * line "[total_pairs] [rounds]" and the median of the rounds.
 *
 * Invariant: a figure is the median of 1..BENCH_MAX_ROUNDS rounds (the mean
 * of the middle two for an even count), and a run has at least 1000 pairs;
 * anything else is refused with a usage line and exit status 2.
 */
#ifndef LOCKSTEP_BENCH_ROUNDS_H
#define LOCKSTEP_BENCH_ROUNDS_H

#include <stdio.h>
#include <stdlib.h>

#define BENCH_MAX_ROUNDS 15

/* argv[1]: pairs per run (2,000,000), argv[2]: rounds (5). */
static inline void bench_rounds_args(int argc, char **argv, const char *program, long *total,
                                     int *rounds)
{
    *total = argc > 1 ? atol(argv[1]) : 2000000;
    *rounds = argc > 2 ? atoi(argv[2]) : 5;
    if (*total < 1000 || *rounds < 1 || *rounds > BENCH_MAX_ROUNDS) {
        fprintf(stderr, "usage: %s [total_pairs >= 1000] [rounds 1..%d]\n", program,
                BENCH_MAX_ROUNDS);
        exit(2);
    }
}

static inline int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The median of v[0..n) (sorts v). */
static inline double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#endif
